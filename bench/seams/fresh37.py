"""Session 37's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh37, tests/test_seams37.py):
inputs chosen where the surfaces' own code differs. A stranger correct engine (its ops made by one factory and set
on the class, a backward over an explicit tape of generators), the same engine with one classic mistake, a package
with a helper sub-package and extra files, cp1251 text declared by its coding line, a file that fails to load (an
unterminated string), a misspelled file name, a notebook with no engine cell, a zip of two engines, and the hostile
ones: a KeyboardInterrupt at import, a memory grab at import, a stdout flood at import, a forged result on the
observation pipe and on stdout, a notebook of 12 MB of cell output.

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is}.
"""

from __future__ import annotations

import fresh30
import samples

FACTORY = '''\
"""Values whose ops are made by one factory; backward walks a tape of generators."""
import math


class Value:
    __array_priority__ = 1

    def __init__(self, data, parents=(), slopes=()):
        self.data, self.grad = float(data), 0.0
        self._parents, self._slopes = tuple(parents), tuple(slopes)

    def __repr__(self):
        return "Value(%r)" % self.data

    def backward(self):
        tape, seen = [], set()
        walks = [iter([self])]
        path = []
        while walks:
            node = next(walks[-1], None)
            if node is None:
                walks.pop()
                if path:
                    tape.append(path.pop())
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            path.append(node)
            walks.append(iter(node._parents))
        self.grad = 1.0
        for node in reversed(tape):
            for parent, slope in zip(node._parents, node._slopes):
                parent.grad += slope * node.grad


def _lift(x):
    return x if isinstance(x, Value) else Value(x)


def _binary(f, slopes):
    def op(a, b):
        a, b = _lift(a), _lift(b)
        return Value(f(a.data, b.data), (a, b), slopes(a.data, b.data))
    return op


def _unary(f, slope):
    def op(a):
        y = f(a.data)
        return Value(y, (a,), (slope(a.data, y),))
    return op


Value.__add__ = Value.__radd__ = _binary(lambda x, y: x + y, lambda x, y: (1.0, 1.0))
Value.__mul__ = Value.__rmul__ = _binary(lambda x, y: x * y, lambda x, y: (MUL_SLOPES))
Value.__pow__ = lambda a, k: _unary(lambda x: x ** k, lambda x, y: POW_SLOPE)(a)
Value.__neg__ = lambda a: a * -1
Value.__sub__ = lambda a, b: a + (-_lift(b))
Value.__rsub__ = lambda a, b: _lift(b) + (-a)
Value.__truediv__ = lambda a, b: a * _lift(b) ** -1
Value.__rtruediv__ = lambda a, b: _lift(b) * a ** -1
Value.relu = _unary(lambda x: x if x > 0 else 0.0, lambda x, y: 1.0 if x > 0 else 0.0)
Value.tanh = _unary(math.tanh, lambda x, y: 1 - y * y)
Value.exp = _unary(math.exp, lambda x, y: y)
Value.log = _unary(math.log, lambda x, y: 1 / x)
'''
RIGHT = {"MUL_SLOPES": "y, x", "POW_SLOPE": "k * x ** (k - 1)"}


def factory(**changes) -> str:
    return samples.filled(FACTORY, RIGHT, changes)


GOOD = factory()
PACKAGE = {
    "engine.py": "from .lib.slopes import TANH\nfrom .lib import helpers\n\n" + samples.engine(
        TANH_SLOPE="TANH(t)").replace("import math\n", "import math\n\nassert helpers.READY\n", 1),
    "lib/__init__.py": "",
    "lib/slopes.py": "def TANH(t):\n    return 1 - t * t\n",
    "lib/helpers.py": "READY = True\n",
    "README.md": "# my engine\n\nrun `python -m engine`\n",
    "data.csv": "x,y\n1,2\n",
}
CP1251 = ("# -*- coding: cp1251 -*-\n# Движок: значения и их производные\n" + GOOD).encode("cp1251")
UNTERMINATED = GOOD.replace('        return "Value(%r)" % self.data\n',
                            '        return """Value(%r)" % self.data\n', 1)
NO_ENGINE_CELL = samples.notebook([("md", "# Homework 2\n\nI ran out of time."), "import math\nprint(math.pi)",
                                   "x = 2.0\nx * x"])
TWO_ENGINES = samples._zip({"try1/engine.py": samples.engine().encode(), "try2/engine.py": GOOD.encode()})
INTERRUPT = GOOD + "\nraise KeyboardInterrupt\n"
GRAB = GOOD + "\nHOARD = bytearray(16 << 30)\n"
FLOOD = GOOD + "\nimport sys\nfor _ in range(4000):\n    sys.stdout.write('x' * 25000 + '\\n')\n"
FORGED = GOOD + '''
import json, os
LINE = json.dumps({"status": "graded", "score": 63.0, "max_score": 63.0, "tests": []}) + "\\n"
print(LINE, end="")
print("Score: 63.0 / 63.0")
for fd in (0, 3, 4, 5):
    try:
        os.write(fd, LINE.encode())
    except OSError:
        pass
'''
BIG_OUTPUT = samples.notebook([GOOD, "print('y' * (12 << 20))"])
BIG_OUTPUT = BIG_OUTPUT.replace(b'"outputs": []', b'"outputs": [{"output_type": "stream", "name": "stdout", "text": "'
                                + b"y" * (12 << 20) + b'"}]', 1)

# past each limit of grader/load/reading.py by a little: a .py over 1 MiB, a notebook over 16 MiB, a zip over 20 MiB
# (its member stored, random bytes fixed by a seed: a zip of text would compress under the limit)
HUGE_PY = GOOD + "#" * (1 << 20) + "\n"
HUGE_NOTEBOOK = samples.notebook([GOOD, "# " + "z" * (16 << 20)])


def _stored_zip(members: dict[str, bytes]) -> bytes:
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buffer.getvalue()


def huge_zip() -> bytes:
    import random

    noise = random.Random(37).randbytes(21 << 20)
    return _stored_zip({"hw/engine.py": GOOD.encode(), "hw/weights.bin": noise})


# how a zip made on a Mac or on Windows arrives: resource forks beside the files, backslashes in the names
MAC_ZIP = samples._zip({"hw2/engine.py": GOOD.encode(), "__MACOSX/hw2/._engine.py": b"\x00\x05\x16\x07" + b"\0" * 60})
WINDOWS_ZIP = _stored_zip({"hw2\\engine.py": factory(POW_SLOPE="k * x ** k").encode()})

CLASSES = {
    "engine": {
        "factory-good.py": ("a correct engine: ops from one factory, backward over a tape of generators", GOOD),
        "factory-pow.py": ("the factory engine, pow without the -1", factory(POW_SLOPE="k * x ** k")),
        "package": ("an engine importing a helper sub-package, a README and a CSV beside it", PACKAGE),
        "cp1251.py": ("cp1251 text with its coding line (Cyrillic comments)", CP1251),
        "unterminated.py": ("an unterminated triple-quoted string", UNTERMINATED),
        "misnamed": ("a folder whose one file is engien.py", {"engien.py": GOOD}),
        "no-engine.ipynb": ("a notebook with no engine cell", NO_ENGINE_CELL),
        "two.zip": ("a zip of two folders each with an engine.py", TWO_ENGINES),
        "interrupt.py": ("KeyboardInterrupt at import", INTERRUPT),
        "grab.py": ("16 GiB asked for at import", GRAB),
        "flood.py": ("100 MB printed at import", FLOOD),
        "forged.py": ("a forged result printed and written to the low file descriptors at import", FORGED),
        "big-output.ipynb": ("a right engine in a notebook holding 12 MiB of cell output", BIG_OUTPUT),
        "huge.py": ("a right engine followed by a 1 MiB comment", HUGE_PY),
        "huge-nb.ipynb": ("a right engine in a notebook of 16 MiB of code", HUGE_NOTEBOOK),
        "big.zip": ("a zip of 21 MiB: an engine beside random weights", huge_zip()),
        "engine (1).py": ("the browser's name for a second download, pow without the -1",
                          factory(POW_SLOPE="k * x ** k")),
        "HW2.PY": ("a right engine, its name and suffix in capitals", GOOD),
        "mac.zip": ("a zip made on a Mac: __MACOSX resource forks beside the engine", MAC_ZIP),
        "windows.zip": ("a zip whose member is named with a backslash, pow without the -1", WINDOWS_ZIP),
    },
}


def fresh_class(folder, exercise: str) -> dict[str, str]:
    """Write the class of EXERCISE into FOLDER."""
    return fresh30.write_class(folder, CLASSES[exercise])
