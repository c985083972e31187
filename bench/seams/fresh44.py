"""Session 44's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh44, tests/test_seams44.py):
the same set through every surface the README names, each row compared field by field. An engine written for this
(each result keeps a closure that pushes its gradient to its inputs; backward orders the graph by an explicit stack
of visit states, no recursion), a correct one and one per classic mistake of shared/course.md that the diagnosis
names (each the one change it makes), and the shapes a hand-in takes, each carrying one mistake: a notebook (the
engine split over cells), a package `engine/__init__.py` whose helper module holds the bug, a zip, a cp1252 file
declared by its coding line; and the ends a row can meet: a crash at import, a backward that never ends, a forbidden
import (numpy, in a method never called), a Latin-1 file with no declaration, an empty folder.

`fresh_class(folder, exercise)` writes the class (engine only) into FOLDER and returns {entry name: what it is}.
"""

from __future__ import annotations

from pathlib import Path

import fresh30
import samples

PUSHER = '''\
import math


class Value:
    """A scalar with a gradient; each result keeps a closure that pushes its gradient to its inputs."""

    def __init__(self, data, inputs=()):
        self.data = data
        self.grad = GRAD_START
        self._inputs = inputs
        self._push = lambda: None

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    def __add__(self, other):
        other = Value.lift(other)
        out = Value(self.data + other.data, (self, other))

        def push():
            self.grad ACCUMULATE out.grad
            other.grad ACCUMULATE out.grad
        out._push = push
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = Value.lift(other)
        out = Value(self.data * other.data, (self, other))

        def push():
            self.grad ACCUMULATE MUL_SELF * out.grad
            other.grad ACCUMULATE MUL_OTHER * out.grad
        out._push = push
        return out

    def __rmul__(self, other):
        return self * other

    def __pow__(self, k):
        out = Value(self.data ** k, (self,))

        def push():
            self.grad ACCUMULATE POW_SLOPE * out.grad
        out._push = push
        return out

    # the ops made of others, one line each
    def __neg__(self): return NEG_BODY
    def __sub__(self, other): return SUB_BODY
    def __rsub__(self, other): return RSUB_BODY
    def __truediv__(self, other): return self * Value.lift(other) ** -1
    def __rtruediv__(self, other): return Value.lift(other) * self ** -1

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,))

        def push():
            self.grad ACCUMULATE (1.0 if self.data > 0 else 0.0) * out.grad
        out._push = push
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,))

        def push():
            self.grad ACCUMULATE (TANH_SLOPE) * out.grad
        out._push = push
        return out

    def exp(self):
        e = math.exp(self.data)
        out = Value(e, (self,))

        def push():
            self.grad ACCUMULATE EXP_SLOPE * out.grad
        out._push = push
        return out

    def log(self):
        out = Value(math.log(self.data), (self,))

        def push():
            self.grad ACCUMULATE (LOG_SLOPE) * out.grad
        out._push = push
        return out

    def backward(self):
        state, order, stack = {}, [], [self]
        while stack:
            node = stack[-1]
            if id(node) not in state:
                state[id(node)] = "open"
                stack.extend(p for p in node._inputs if id(p) not in state)
            else:
                stack.pop()
                if state[id(node)] == "open":
                    state[id(node)] = "done"
                    order.append(node)
        SEED
        for node in WALK:
            node._push()
'''

# samples.py's placeholders, and where a value starts
RIGHT = {**samples.RIGHT, "GRAD_START": "0.0"}

# each classic mistake of shared/course.md that the diagnosis names, as the one change it makes: samples.py's, log's
# over this engine's output Value, and two more
MISTAKES = {**samples.MISTAKES, "log-over-output": {"LOG_SLOPE": "1 / out.data"},
            "direct-only": {"WALK": "[self, *self._inputs]"}, "grad-starts-one": {"GRAD_START": "1.0"}}


def pusher(**changes) -> str:
    return samples.filled(PUSHER, RIGHT, changes)


GOOD = pusher()
# the bugs the shapes carry: a notebook's tanh from the input, the package's helper's exp, the zip's forward walk,
# the cp1252 file's log over its output
SHAPED = {"notebook": "tanh-from-input", "package": "exp-from-input", "zip": "walk-forwards",
          "cp1252": "log-over-output"}

# the package: engine/__init__.py imports its slopes from a helper module beside it, which holds exp's bug
HELPER = '''\
"""The local slopes the engine's exp and tanh use."""
import math


def exp_slope(x, e):
    return x


def tanh_slope(t):
    return 1 - t * t
'''
PACKAGE_INIT = pusher(EXP_SLOPE="exp_slope(self.data, e)", TANH_SLOPE="tanh_slope(t)").replace(
    "import math\n", "import math\n\nfrom .slopes import exp_slope, tanh_slope\n", 1)

# cp1252 text, declared: a comment and a docstring with its own letters (é, – and ’ are one byte each there)
CP1252 = ("# -*- coding: cp1252 -*-\n# Moteur d\u2019autodiff \u2013 r\u00e9sum\u00e9 du cours\n"
          + pusher(**MISTAKES["log-over-output"])).encode("cp1252")
# Latin-1 with no declaration: not UTF-8, refused
LATIN1_BARE = ("# r\u00e9sum\u00e9 na\u00eff\n" + GOOD).encode("latin-1")

CRASH_AT_IMPORT = GOOD + "\nraise RuntimeError('half-finished: relu comes next')\n"
LOOPS = pusher(WALK="iter(lambda: order[0], None)")
FORBIDDEN = GOOD + "\n    def as_array(self):\n        import numpy\n        return numpy.array([self.data])\n"


def fresh_class(folder, exercise: str = "engine") -> dict[str, str]:
    """Write the class into FOLDER (the engine suite's: EXERCISE must be `engine`)."""
    if exercise != "engine":
        raise SystemExit("fresh44 is a class of the engine suite (SEAMS_EXERCISE=engine)")
    entries = {"correct.py": ("a correct engine: closures that push, an explicit stack of visit states", GOOD)}
    for name, change in MISTAKES.items():
        if name not in SHAPED.values():
            entries[f"{name}.py"] = (f"classic mistake: {name}", pusher(**change))
    entries.update({
        "nb-tanh-input.ipynb": ("a notebook, the engine split over cells, tanh's slope from its input",
                                samples.split_notebook(pusher(**MISTAKES["tanh-from-input"]))),
        "pkg-helper": ("a package engine/__init__.py whose helper module engine/slopes.py takes exp's slope "
                       "from the input", {"engine/__init__.py": PACKAGE_INIT, "engine/slopes.py": HELPER}),
        "zip-forwards.zip": ("a zip of a folder, its engine walking the order forwards", samples._zip(
            {"hw1/": b"", "hw1/engine.py": pusher(**MISTAKES["walk-forwards"]).encode()})),
        "cp1252-log.py": ("cp1252 declared by its coding line, log's slope over the output", CP1252),
        "latin1-bare.py": ("Latin-1 with no coding line: refused as not UTF-8", LATIN1_BARE),
        "crash-import.py": ("raises RuntimeError at import", CRASH_AT_IMPORT),
        "loops.py": ("backward never ends", LOOPS),
        "forbidden.py": ("a correct engine that imports numpy in a method never called", FORBIDDEN),
    })
    made = fresh30.write_class(folder, entries)
    (Path(folder) / "empty").mkdir()
    made["empty"] = "an empty folder"
    return made
