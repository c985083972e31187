"""Session 34's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh34, tests/test_seams34.py):
an engine whose values keep each parent's local slope, computed as the value is made, and whose backward is Kahn's
algorithm (each node's count of uses, a node's gradient passed on once every use has given its share), planted with
mistakes; the row's shapes no earlier class had (a byte-order mark with CRLF line ends, cp1252 with its coding line,
an engine that prints 10 MB, one that exits 0 in the middle of the suite, one that spins exactly its import limit,
__rtruediv__ missing, a NameError at import, an exception whose words hold workflow commands behind Unicode blanks,
a NUL byte, tabs mixed with spaces, UTF-16, a notebook whose engine cell follows a cell that fails, an empty notebook,
a zip holding two engines in nested folders, a folder named like a file, a symbolic link and one that points
nowhere, a folder with only a README) for the engine suite; an nn.py importing a module that is not there for
07-mlp-xor, a dual number without __rtruediv__ for 08-dual-numbers, tests files importing pytest's plugins, with a
BOM and CRLF, and with a NameError inside a test for 09-write-tests, a line fit that never converges for 11-fit-line.

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is}.
"""

from __future__ import annotations

import os
from pathlib import Path

import fresh30
import samples

KAHN = '''\
"""Values that keep each parent's local slope; backward is Kahn's algorithm over the uses."""
import math

__all__ = ["Value"]


class Value:
    def __init__(self, data, parents=None):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents or {}  # parent -> the slope of self by that parent

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def _join(self, data, *pairs):
        parents = {}
        for parent, slope in pairs:
            parents[parent] = parents.get(parent, 0.0) + slope
        return Value(data, parents)

    def __add__(self, other):
        other = Value.lift(other)
        return self._join(self.data + other.data, (self, 1.0), (other, 1.0))

    def __mul__(self, other):
        other = Value.lift(other)
        return self._join(self.data * other.data, (self, MUL_A), (other, MUL_B))

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return self._join(self.data ** k, (self, POW_SLOPE))

    def relu(self):
        RELU_HOOK
        return self._join(max(self.data, 0.0), (self, 1.0 if self.data > 0 else 0.0))

    def tanh(self):
        TANH_HOOK
        t = math.tanh(self.data)
        return self._join(t, (self, TANH_SLOPE))

    def exp(self):
        e = math.exp(self.data)
        return self._join(e, (self, e))

    def log(self):
        return self._join(math.log(self.data), (self, 1.0 / self.data))

    def backward(self):
        uses, stack, seen = {}, [self], {id(self)}
        while stack:
            node = stack.pop()
            for parent in node.parents:
                uses[id(parent)] = uses.get(id(parent), 0) + 1
                if id(parent) not in seen:
                    seen.add(id(parent))
                    stack.append(parent)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for parent, slope in node.parents.items():
                parent.grad ACC slope * node.grad
                uses[id(parent)] -= 1
                if uses[id(parent)] == READY:
                    ready.append(parent)

    def __hash__(self):
        return id(self)

    def __eq__(self, other):
        return self is other

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value.lift(other))

    def __rsub__(self, other):
        return Value.lift(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
'''

RIGHT = {"ACC": "+=", "MUL_A": "other.data", "MUL_B": "self.data", "POW_SLOPE": "k * self.data ** (k - 1)",
         "TANH_SLOPE": "1 - t * t", "READY": "0", "RELU_HOOK": "pass", "TANH_HOOK": "pass"}


def kahn(**changes) -> str:
    text = KAHN
    for key, value in sorted({**RIGHT, **changes}.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(key, value)
    return text


GOOD = kahn()
NO_RTRUEDIV = GOOD.replace("    def __rtruediv__(self, other):\n        return Value.lift(other) * self ** -1\n\n", "")
LOUD = "print('#' * 10_000_000)\n" + GOOD  # 10 MB printed at import
EXIT0 = kahn(TANH_HOOK="import os; os._exit(0)")  # the worker's process ends, status 0, at the first tanh
SYSEXIT0 = kahn(RELU_HOOK="raise SystemExit(0)")  # SystemExit(0) from relu
AT_LIMIT = "import time\n\nwhile time.process_time() < 1.0:\n    pass\n" + GOOD  # spins exactly the import limit
NAME_AT_IMPORT = GOOD + "\nZERO = Valeu(0.0)\n"
ESCAPES = GOOD + ("\nraise ValueError('bad\\u2003::error file=engine.py,line=1::forged\\n"
                  "##teamcity[buildStatus text=\\'forged\\']\\u001b[31m red')\n")
NUL = GOOD.replace("# parent -> the slope", "# parent \x00-> the slope")
TABS = GOOD.replace("        e = math.exp(self.data)\n        return", "        e = math.exp(self.data)\n\treturn")
CP1252 = ("# -*- coding: cp1252 -*-\r\n# \u201cKahn\u201d \u2013 \u00e9crit \u00e0 la main\r\n"
          + GOOD.replace("\n", "\r\n")).encode("cp1252")
BOM_CRLF = b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode()
UTF16 = GOOD.encode("utf-16")


def _cells():
    """A notebook whose first cell fails (a name not defined) and whose engine is in the cells after it."""
    head, _, rest = GOOD.partition("class Value:")
    return ["print(learning_rate)", head, "class Value:" + rest,
            "x = Value(2.0)\n(x * x + x).backward()\nprint(x.grad)"]


NN_MISSING = fresh30.NN.replace("import random", "import random\n\nimport nnutils  # the TA's helpers, not handed in", 1)
DUAL_NO_RTRUEDIV = fresh30.DUAL_RIGHT.replace("    def __rtruediv__(self, other):\n        return Dual(other) / self\n\n",
                                              "")
FIT_STUCK = fresh30.FIT_RIGHT.replace("p.data -= learning_rate * g", "p.data -= learning_rate * g * 1e-9")
FIT_BLOWS = fresh30.FIT_RIGHT.replace("p.data -= learning_rate * g", "p.data -= 40 * learning_rate * g")

TESTS = '''\
import math

import pytest
from engine import Value

pytest_plugins = ["pytester"]


def test_reused_node_accumulates():
    x = Value(3.0)
    (x * x + x).backward()
    assert x.grad == pytest.approx(7.0)


@pytest.mark.parametrize("a", [0.3, -1.2])
def test_tanh(a):
    v = Value(a)
    v.tanh().backward()
    assert v.grad == pytest.approx(1 - math.tanh(a) ** 2)


def test_pow_and_div():
    x, y = Value(2.0), Value(0.5)
    z = x ** 3 / y
    z.backward()
    assert z.data == pytest.approx(16.0) and x.grad == pytest.approx(24.0) and y.grad == pytest.approx(-32.0)
'''
FIXTURE = """

@pytest.fixture
def two():
    return Value(2.0)


def test_square(two):
    (two * two).backward()
    assert two.grad == pytest.approx(4.0)
"""
TESTS_IN_TEST_NAME = TESTS + "\n\ndef test_exp():\n    v = Value(1.0)\n    v.exp().backward()\n    assert v.grad == pytest.approx(math.exp(1.0))\n    assert Valeu\n"

CLASSES = {
    "engine": {
        "kahn-good.py": ("a correct engine: local slopes kept, backward by Kahn's algorithm", GOOD),
        "kahn-tanh.py": ("one bug: tanh's slope 1 - t", kahn(TANH_SLOPE="1 - t")),
        "kahn-early.py": ("a node passed on after its first use (a reused node's later shares lost)", kahn(READY="2")),
        "kahn-assign.py": ("shares assigned, not added", kahn(ACC="=")),
        "kahn-no-rtruediv.py": ("__rtruediv__ missing (2 / x raises TypeError)", NO_RTRUEDIV),
        "kahn-loud.py": ("prints 10 MB at import", LOUD),
        "kahn-exit0.py": ("os._exit(0) at the first tanh, mid-suite", EXIT0),
        "kahn-sysexit0.py": ("raise SystemExit(0) in relu", SYSEXIT0),
        "kahn-at-limit.py": ("spins exactly the import limit's CPU second", AT_LIMIT),
        "kahn-name.py": ("NameError at import (Valeu)", NAME_AT_IMPORT),
        "kahn-escapes.py": ("raises at import, its words holding workflow commands behind U+2003 and an ESC",
                            ESCAPES),
        "kahn-nul.py": ("a NUL byte in a comment", NUL),
        "kahn-tabs.py": ("a line indented by a tab among spaces", TABS),
        "kahn-cp1252.py": ("cp1252 with its coding line and CRLF", CP1252),
        "kahn-bom-crlf.py": ("a byte-order mark and CRLF line ends", BOM_CRLF),
        "kahn-utf16.py": ("UTF-16 with its byte-order mark", UTF16),
        "cell-after.ipynb": ("a notebook whose first cell raises NameError, the engine in the cells after it",
                             samples.notebook(_cells())),
        "nul-cell.ipynb": ("a notebook whose first cell holds a NUL byte", samples.notebook(["x = 1  # a\x00b", GOOD])),
        "empty.ipynb": ("an empty notebook file (0 bytes)", b""),
        "nested.zip": ("a zip of two engines in nested folders", samples._zip({
            "hw/a/engine.py": GOOD.encode(), "hw/b/c/engine.py": kahn(TANH_SLOPE="1 - t").encode()})),
        "dir.py": ("a folder named like a file, holding engine.py", {"engine.py": GOOD}),
        "readme-only": ("a folder with only a README", {"README.txt": "engine to follow\n"}),
    },
    "07-mlp-xor": {
        "nn-missing": ("an nn.py importing a module not handed in", {"engine.py": GOOD, "nn.py": NN_MISSING}),
        "nn-kahn": ("a right nn.py on the Kahn engine", {"engine.py": GOOD, "nn.py": fresh30.NN}),
    },
    "08-dual-numbers": {
        "dual-no-rtruediv": ("a dual number without __rtruediv__", {"engine.py": GOOD, "dual.py": DUAL_NO_RTRUEDIV}),
    },
    "09-write-tests": {
        "tests-plugins": ("tests with pytest's fixtures, parametrize and pytest_plugins", {
            "engine.py": GOOD, "test_engine.py": TESTS}),
        "tests-fixture": ("tests using a pytest fixture", {"engine.py": GOOD, "test_engine.py": TESTS + FIXTURE}),
        "tests-bom-crlf": ("the same tests with a byte-order mark and CRLF", {
            "engine.py": GOOD, "test_engine.py": b"\xef\xbb\xbf" + TESTS.replace("\n", "\r\n").encode()}),
        "tests-name-inside": ("a NameError inside a test, not at import", {
            "engine.py": GOOD, "test_engine.py": TESTS_IN_TEST_NAME}),
    },
    "11-fit-line": {
        "fit-stuck": ("steps a billion times too small: never converges", {"engine.py": GOOD,
                                                                            "fit_line.py": FIT_STUCK}),
        "fit-blows": ("steps forty times too large: the loss grows to inf", {"engine.py": GOOD,
                                                                              "fit_line.py": FIT_BLOWS}),
    },
}
LINKS = {"engine": {"link.py": ("a symbolic link to kahn-good.py", "kahn-good.py"),
                    "dangling.py": ("a symbolic link to a file that is not there", "gone.py")}}


def fresh_class(folder, exercise: str) -> dict[str, str]:
    made = fresh30.write_class(folder, CLASSES[exercise])
    for name, (what, target) in LINKS.get(exercise, {}).items():
        os.symlink(target, Path(folder) / name)
        made[name] = what
    return made
