"""06-gradcheck: a central-difference gradient check, written by the student."""

TITLE = "Checking gradients by nudging the input"
MODULE = "engine"  # the worker imports engine.py; probes reach gradcheck.py through the modules
FILES = ("engine.py", "gradcheck.py")
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False
