"""03-tanh: tanh and its backward rule."""

TITLE = "tanh and its backward rule"
MODULE = "engine"
FILES = ("engine.py",)
