"""11-fit-line: the first training loop, a line fitted to four points by gradient descent."""

TITLE = "Fitting a line: the first training loop"
MODULE = "engine"  # the worker imports engine.py; probes reach fit_line.py through the modules
FILES = ("engine.py", "fit_line.py")
# The engine is given complete here: its bug variants cannot explain mistakes in fit_line.py. This
# exercise's own mistakes are named by its tests (mistakes.py), in the feedback of the tests they fail.
DIAGNOSE = False
