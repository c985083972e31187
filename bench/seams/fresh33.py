"""Session 33's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh33, tests/test_seams33.py):
every status a row can have, in a style no earlier class used: an engine of closures stamped with their birth (each
result keeps its sources and its own backward step; backward gathers the nodes with a stack and replays their steps
youngest first, a sort by birth for a topological order), planted with mistakes; the row's shapes (a notebook whose
third cell raises, a folder with two engines, a Blackboard export still zipped, an empty file, a file of blank lines,
a huge file, Latin-1 with and without its coding line, a byte-order mark, an engine that never finishes importing)
for the engine suite, an nn.py that trains badly for 07-mlp-xor and tests files for 09-write-tests (SEAMS_EXERCISE).

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is}.
"""

from __future__ import annotations

import fresh30
import samples

TAPE = '''\
"""Values stamped with their birth: backward replays each node's own step, the youngest first."""
from itertools import count as _count
from math import exp as _exp, log as _log, tanh as _tanh

__all__ = ["Value"]
_births = _count()


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    __slots__ = ("data", "grad", "born", "sources", "step")

    def __init__(self, data, sources=(), step=None):
        self.data = float(data)
        self.grad = 0.0
        self.born = next(_births)
        self.sources = sources
        self.step = step

    def _make(self, data, others, step):
        out = Value(data, (self, *others))
        out.step = lambda: step(out)
        return out

    def __add__(self, other):
        other = _as_value(other)

        def step(out):
            self.grad ACC out.grad
            other.grad ACC out.grad
        return self._make(self.data + other.data, (other,), step)

    def __mul__(self, other):
        other = _as_value(other)

        def step(out):
            self.grad ACC MUL_A * out.grad
            other.grad ACC MUL_B * out.grad
        return self._make(self.data * other.data, (other,), step)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "powers by numbers only"

        def step(out):
            self.grad ACC POW_SLOPE * out.grad
        return self._make(self.data ** k, (), step)

    def relu(self):
        def step(out):
            self.grad ACC (out.data > 0) * out.grad
        return self._make(max(self.data, 0.0), (), step)

    def tanh(self):
        t = _tanh(self.data)

        def step(out):
            self.grad ACC TANH_SLOPE * out.grad
        return self._make(t, (), step)

    def exp(self):
        e = _exp(self.data)

        def step(out):
            self.grad ACC EXP_SLOPE * out.grad
        return self._make(e, (), step)

    def log(self):
        def step(out):
            self.grad ACC out.grad / self.data
        return self._make(_log(self.data), (), step)

    def backward(self):
        seen, stack = {}, [self]
        while stack:
            node = stack.pop()
            if id(node) not in seen:
                seen[id(node)] = node
                stack.extend(node.sources)
        SEED
        for node in sorted(seen.values(), key=lambda n: n.born, REPLAY):
            if node.step is not None:
                node.step()

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_as_value(other))

    def __rsub__(self, other):
        return _as_value(other) - self

    def __truediv__(self, other):
        return self * _as_value(other) ** -1

    def __rtruediv__(self, other):
        return _as_value(other) * self ** -1

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"
'''

RIGHT = {"ACC": "+=", "MUL_A": "other.data", "MUL_B": "self.data", "POW_SLOPE": "k * self.data ** (k - 1)",
         "TANH_SLOPE": "(1 - t ** 2)", "EXP_SLOPE": "e", "SEED": "self.grad = 1.0",
         "REPLAY": "reverse=True"}


def tape(**changes) -> str:
    text = TAPE
    for key, value in sorted({**RIGHT, **changes}.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(key, value)
    return text


GOOD = tape()
ONE_BUG = tape(TANH_SLOPE="(1 - t)")
TWO_BUGS = tape(EXP_SLOPE="self.data", POW_SLOPE="k * self.data ** k")
IMPORT_CRASH = GOOD + "\nVALUE_ZERO = Value(0)\nVALUE_ZERO.log()\n"  # ValueError: math domain error, at import
SLEEPS = "import time\n\nwhile True:\n    time.sleep(0.01)\n" + GOOD  # never finishes importing
SYNTAX = GOOD.replace("    def relu(self):", "    def relu(self) -> Value\n")
HUGE = GOOD + "".join(f"\n# padding line {n}: {'x' * 90}" for n in range(25000))  # ~2.5 MB of comments
LATIN1 = ("# -*- coding: latin-1 -*-\n# Moteur écrit à la main\n" + GOOD).encode("latin-1")
LATIN1_UNDECLARED = ("# Moteur écrit à la main, sans déclaration\n" + GOOD).encode("latin-1")


def _cells():
    """Jupyter's cells of the engine: its imports, the class, a third cell that raises, then a use of it."""
    head, _, rest = GOOD.partition("class Value:")
    return [head, "class Value:" + rest, "v = Value(3.0)\nprint(v.missing_attribute)",  # AttributeError: slots
            "x = Value(2.0)\n(x * x + x).backward()\nprint(x.grad)"]


NN_SLOW = fresh30.NN.replace("def train_xor(seed=0, steps=1000, lr=0.05):",
                             "def train_xor(seed=0, steps=1000, lr=0.0001):")  # learns nothing in time
NN_SIGN = fresh30.NN.replace("p.data -= lr * p.grad", "p.data += lr * p.grad")  # climbs the loss

TESTS_GOOD = '''\
import math

from engine import Value


def near(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))


def test_product_and_sum():
    x, y = Value(1.5), Value(-2.0)
    z = x * y + x
    z.backward()
    assert near(z.data, -1.5) and near(x.grad, -1.0) and near(y.grad, 1.5)


def test_reused_node_accumulates():
    x = Value(3.0)
    (x * x + x).backward()
    assert near(x.grad, 7.0)


def test_tanh_exp_log_pow():
    for f, d in ((lambda v: v.tanh(), lambda a: 1 - math.tanh(a) ** 2), (lambda v: v.exp(), math.exp),
                 (lambda v: v.log(), lambda a: 1 / a), (lambda v: v ** 3, lambda a: 3 * a * a)):
        x = Value(0.7)
        f(x).backward()
        assert near(x.grad, d(0.7))


def test_sub_div_neg_relu():
    x, y = Value(2.0), Value(0.5)
    z = (x - y) / y + (-x).relu() + (x).relu()
    z.backward()
    assert near(z.data, 5.0) and near(x.grad, 3.0) and near(y.grad, -1 / 0.5 - 1.5 / 0.25)


def test_deep_chain():
    x = Value(1.0)
    y = x
    for _ in range(3000):
        y = y + 0
    y.backward()
    assert near(x.grad, 1.0)
'''
TESTS_WEAK = '''\
from engine import Value


def test_it_adds():
    assert (Value(2.0) + Value(3.0)).data == 5.0
'''

CLASSES = {
    "engine": {
        "tape-good.py": ("a correct engine of closures on a tape", GOOD),
        "tape-tanh.py": ("one bug: tanh's slope 1 - t", ONE_BUG),
        "tape-two.py": ("two bugs: exp's slope from the input, pow without the minus one", TWO_BUGS),
        "tape-crash.py": ("raises ValueError at import (log of 0)", IMPORT_CRASH),
        "tape-sleeps.py": ("never finishes importing", SLEEPS),
        "tape-syntax.py": ("a syntax error (a def without its colon)", SYNTAX),
        "tape-cell3.ipynb": ("a notebook whose third cell raises AttributeError", samples.notebook(_cells())),
        "two-engines": ("a folder holding engine.py twice, at two depths", {
            "engine.py": GOOD, "old/engine.py": ONE_BUG}),
        "blackboard.zip": ("a Blackboard zip of two students", samples._zip({
            "Homework 1_u1234567_attempt_2026-10-01-10-00-00_engine.py": ONE_BUG.encode(),
            "Homework 1_u1234567_attempt_2026-10-01-10-00-00.txt": b"Name: Ann Lee (u1234567)\n",
            "Homework 1_u7654321_attempt_2026-10-02-11-00-00_engine.py": GOOD.encode(),
            "Homework 1_u7654321_attempt_2026-10-02-11-00-00.txt": b"Name: Bo Chen (u7654321)\n"})),
        "empty.py": ("an empty file", b""),
        "blank-lines.py": ("a file of blank lines and a comment", "\n\n# todo\n\n"),
        "huge.py": ("a correct engine and 2.5 MB of comments", HUGE),
        "latin1.py": ("a Latin-1 file that declares its coding", LATIN1),
        "latin1-bare.py": ("a Latin-1 file without a coding line", LATIN1_UNDECLARED),
        "bom.py": ("a UTF-8 file with a byte-order mark", b"\xef\xbb\xbf" + GOOD.encode()),
        "no-seed.py": ("backward without the seed", tape(SEED="pass")),
        "forwards.py": ("the steps replayed oldest first", tape(REPLAY="reverse=False")),
        "mul-self.py": ("mul's slopes swapped", tape(MUL_A="self.data", MUL_B="other.data")),
    },
    "07-mlp-xor": {
        "nn-slow": ("an nn.py whose rate is so small it learns nothing", {"engine.py": GOOD, "nn.py": NN_SLOW}),
        "nn-climbs": ("an nn.py that steps up the gradient", {"engine.py": GOOD, "nn.py": NN_SIGN}),
        "nn-good": ("a right nn.py on the tape engine", {"engine.py": GOOD, "nn.py": fresh30.NN}),
    },
    "09-write-tests": {
        "tests-good": ("tests that catch most bugs", {"engine.py": GOOD, "test_engine.py": TESTS_GOOD}),
        "tests-weak": ("one test of addition", {"engine.py": GOOD, "test_engine.py": TESTS_WEAK}),
        "tests-syntax": ("a tests file that does not compile", {"engine.py": GOOD,
                                                              "test_engine.py": TESTS_WEAK.replace("):", ")")}),
    },
}


def fresh_class(folder, exercise: str) -> dict[str, str]:
    return fresh30.write_class(folder, CLASSES[exercise])
