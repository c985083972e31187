"""01-mul-backward: the backward rule of multiplication; + and relu are given, backward() is not yet (05)."""

TITLE = "The backward rule of multiplication"
MODULE = "engine"
FILES = ("engine.py",)
