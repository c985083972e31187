"""05-backward: backward() itself: topological order, the seed, each node once."""

TITLE = "backward(): topological order, the seed, each node once"
MODULE = "engine"
FILES = ("engine.py",)
