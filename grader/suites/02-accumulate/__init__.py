"""02-accumulate: repair backward rules that assign with `=` instead of adding with `+=`."""

TITLE = "Gradients add up: `+=` in every backward rule"
MODULE = "engine"
FILES = ("engine.py",)
