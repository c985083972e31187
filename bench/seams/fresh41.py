"""Session 41's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh41, tests/test_seams41.py):
what sessions 38-41 changed, through every surface. A stranger correct engine (each node keeps (parent, local
derivative) pairs, backward walks the graph in reverse creation order: a serial number per node), and around it: a
notebook whose last cell raises after the engine cells (strangers41: graded as Run All leaves it), a helper named
like a standard module (random.py beside engine.py: stdlib41), a package `engine/__init__.py`, an LMS's zip of a
folder, an engine meeting each limit of the sandbox in one op (memory, processes, file size, open files: limits40's
words), a timeout with forked children still spinning (forks40's `processes`), a notebook running its engine with
`%run ./impl.py`, a case twin (engine.py beside an Engine.py that differs: redteam39); for SEAMS_EXERCISE 09-write-tests
a tests file whose fixture lives in conftest.py, for 10-neuron a neuron.py, for 07-mlp-xor an nn.py (and one beside
its own random.py).

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is}.
"""

from __future__ import annotations

import fresh30
import samples

SERIAL = '''\
"""Each node keeps (parent, local derivative) pairs; backward visits nodes newest first (a node is always made
after its parents, so its serial number orders the graph)."""
import itertools
import math

_serial = itertools.count()


def _lift(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, pairs=()):
        self.data = data
        self.grad = 0.0
        self._pairs = pairs
        self._n = next(_serial)

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"

    def __add__(self, other):
        other = _lift(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    __radd__ = __add__

    def __mul__(self, other):
        other = _lift(other)
        return Value(self.data * other.data, ((self, lambda: MUL_SELF), (other, lambda: self.data)))

    __rmul__ = __mul__

    def __pow__(self, k):
        return Value(self.data ** k, ((self, lambda: POW_SLOPE),))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_lift(other))

    def __rsub__(self, other):
        return _lift(other) + (-self)

    def __truediv__(self, other):
        return self * _lift(other) ** -1

    def __rtruediv__(self, other):
        return _lift(other) * self ** -1

    def relu(self):
        return Value(0 if self.data < 0 else self.data, ((self, 1.0 if self.data > 0 else 0.0),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, ((self, TANH_SLOPE),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, ((self, e),))

    def log(self):
        return Value(math.log(self.data), ((self, lambda: 1 / self.data),))

    def backward(self):
        found, todo = {}, [self]
        while todo:
            node = todo.pop()
            if node._n not in found:
                found[node._n] = node
                todo.extend(parent for parent, _ in node._pairs)
        self.grad = 1.0
        for n in sorted(found, reverse=True):
            node = found[n]
            for parent, local in node._pairs:
                parent.grad += (local() if callable(local) else local) * node.grad
'''
RIGHT = {"MUL_SELF": "other.data", "POW_SLOPE": "k * self.data ** (k - 1)", "TANH_SLOPE": "1 - t * t"}


def serial(**changes) -> str:
    return samples.filled(SERIAL, RIGHT, changes)


GOOD = serial()


def in_op(op: str, body: str, before: str = "") -> str:
    """GOOD whose OP first runs BODY (four spaces in), each time it is called."""
    return GOOD + "\n" + before + f"_{op} = Value.{op}\n\n\ndef _hooked(self, *args):\n" + body + \
        f"    return _{op}(self, *args)\n\n\nValue.{op} = _hooked\n"


# each limit of the sandbox met in one op (limits40): the rest of the engine is right
MEMORY = in_op("exp", "    _kept.append([None] * (1 << 36))\n", "_kept = []\n")
# (eighty children, each gone after a second: past the sandbox's 64; the portable worker, which sets no process limit,
# starts them all)
PROCESSES = in_op("log", "    for _ in range(80):\n        if os.fork() == 0:\n            time.sleep(1)\n"
                         "            os._exit(0)\n", "import os\nimport time\n")
# (a byte written 96 MiB into the file: past RLIMIT_FSIZE at once, EFBIG whatever /tmp holds. 96 MiB written out
# met ENOSPC first once in eighteen surfaces: the sandbox's /tmp is capped at the file-size limit, so a file filling it
# is refused by whichever comes first, and ENOSPC is not one of limits40's limits; left, see tests/test_seams41.py)
FILE_SIZE = in_op("tanh", "    with open(os.path.join(tempfile.gettempdir(), 'trace.bin'), 'wb') as f:\n"
                          "        f.seek(96 << 20)\n        f.write(b'end')\n", "import os\nimport tempfile\n")
OPEN_FILES = in_op("relu", "    while True:\n        _open.append(open(os.devnull))\n", "import os\n_open = []\n")
# a timeout with two forked children spinning, the parent waiting for them (forks40: `processes`)
FORK_SPIN = in_op("backward", "    for _ in range(2):\n        if os.fork() == 0:\n            while True:\n"
                              "                pass\n    os.wait()\n", "import os\n")

# a notebook: the engine in two cells, a use of it, then a last cell that raises (the graph drawn by a helper the
# student never defined): Jupyter's Run All stops there, the engine already made
LAST_RAISES = samples.notebook([("md", "# Homework 2: my engine"), GOOD, "a = Value(2.0)\nb = a * a + a\nb.backward()\n"
                                "print(a.grad)", "draw_dot(b)"])
RUN_IMPL = samples.notebook([("md", "engine in impl.py"), "%run ./impl.py", "x = Value(3.0)\n(x ** 2).backward()\n"
                             "x.grad"])
# an LMS's download of one student's folder: Moodle's folder name, the folder inside, a compiled file and .DS_Store
LMS_ZIP = samples._zip({"Ann Lee_4411_assignsubmission_file_/hw2/engine.py": GOOD.encode(),
                        "Ann Lee_4411_assignsubmission_file_/hw2/__pycache__/engine.cpython-311.pyc": b"\xa7\r\r\n" + b"\0" * 12,
                        "Ann Lee_4411_assignsubmission_file_/hw2/.DS_Store": b"\0\0\0\1Bud1" + b"\0" * 20})
SCRATCH = "from engine import Value\n\nprint(Value(2.0) * 3)\n"  # a student's scratch file, never imported

TESTS = '''\
from engine import Value


def test_add(close):
    a, b = Value(2.0), Value(-3.0)
    c = a + b
    c.backward()
    assert close(c.data, -1.0) and close(a.grad, 1.0) and close(b.grad, 1.0)


def test_mul(close):
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    c.backward()
    assert close(a.grad, -3.0) and close(b.grad, 2.0)


def test_tanh(close):
    a = Value(0.5)
    t = a.tanh()
    t.backward()
    assert close(a.grad, 1 - t.data ** 2)


def test_pow(close):
    a = Value(3.0)
    (a ** 3).backward()
    assert close(a.grad, 27.0)


def test_shared_node(close):
    a = Value(3.0)
    b = a * a + a
    b.backward()
    assert close(a.grad, 7.0)
'''
CONFTEST = '''\
import math

import pytest


@pytest.fixture
def close():
    return lambda x, y: math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
'''
NEURON = '''\
from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def neuron(x1, x2, w1, w2, b, activation="relu"):
    assert activation in ("relu", "tanh")
    v = dict(zip(NAMES, map(Value, (x1, x2, w1, w2, b))))
    z = v["x1"] * v["w1"] + v["x2"] * v["w2"] + v["b"]
    return getattr(z, activation)(), v


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    y, v = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaf.grad for name, leaf in v.items()}


def largest_relative_difference(grads, reference_grads):
    worst = 0.0
    for name, r in reference_grads.items():
        scale = max(abs(grads[name]), abs(r))
        worst = max(worst, abs(grads[name] - r) / scale if scale else 0.0)
    return worst
'''
NN = '''\
import random

from engine import Value


class Module:
    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng or random.Random(0)
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        act = sum((w * xi for w, xi in zip(self.w, x)), self.b)
        return act.tanh() if self.nonlin else act

    def parameters(self):
        return [*self.w, self.b]


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        kwargs["rng"] = kwargs.get("rng") or random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng or random.Random(0)
        sizes = [nin, *nouts]
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i < len(nouts) - 1, rng=rng) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]


def train_xor(seed=0, steps=1000, lr=0.05):
    xs, ys = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], [-1.0, 1.0, 1.0, -1.0]
    model = MLP(2, [4, 1], rng=random.Random(seed))
    history = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(xs, ys))
        history.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    return history
'''
# the student's own random.py beside nn.py, holding only a uniform of their own: nn.py's `import random` is that file
# (a helper named like a standard module is the student's for their own imports, stdlib41), so `random.Random` is
# missing and every test that builds a model raises AttributeError; the grader's own imports keep the standard one
OWN_RANDOM = "def uniform(a, b):\n    return (a + b) / 2\n"

CLASSES = {
    "engine": {
        "serial-good.py": ("a correct engine: (parent, local derivative) pairs, newest node first", GOOD),
        "serial-tanh.py": ("the serial engine, tanh's slope without the square", serial(TANH_SLOPE="1 - t")),
        "last-raises.ipynb": ("a notebook whose last cell raises NameError after the engine cells", LAST_RAISES),
        "own-random": ("engine.py beside a random.py of the student's (a scratch file)",
                       {"engine.py": GOOD, "random.py": SCRATCH}),
        "own-random-used": ("engine.py importing its own random.py's helper", {
            "engine.py": "import random\n\nassert random.READY\n" + GOOD, "random.py": "READY = True\n"}),
        "pkg-engine": ("a package engine/__init__.py holding the engine", {"engine/__init__.py": GOOD}),
        "lms.zip": ("an LMS's zip of a student's folder, a .pyc and .DS_Store beside the engine", LMS_ZIP),
        "limit-memory.py": ("exp asks for 512 GiB: MemoryError at the memory limit", MEMORY),
        "limit-processes.py": ("log forks until the system refuses", PROCESSES),
        "limit-file-size.py": ("tanh writes a byte 96 MiB into a file", FILE_SIZE),
        "limit-open-files.py": ("relu opens files until none is left", OPEN_FILES),
        "fork-spin.py": ("backward forks two children that spin and waits for them: a timeout", FORK_SPIN),
        "run-impl": ("a notebook whose cell is `%run ./impl.py`, the engine in impl.py",
                     {"hw.ipynb": RUN_IMPL, "impl.py": GOOD}),
        "twin": ("engine.py beside an Engine.py whose tanh is wrong", {"engine.py": GOOD,
                                                                       "Engine.py": serial(TANH_SLOPE="1 - t")}),
    },
    "09-write-tests": {
        "tests-conftest": ("tests whose fixture is in conftest.py", {
            "engine.py": GOOD, "test_engine.py": TESTS, "conftest.py": CONFTEST}),
    },
    "10-neuron": {
        "neuron-good": ("a right neuron.py on the serial engine", {"engine.py": GOOD, "neuron.py": NEURON}),
        "neuron-tanh": ("the same neuron on an engine whose tanh is wrong", {
            "engine.py": serial(TANH_SLOPE="1 - t"), "neuron.py": NEURON}),
    },
    "07-mlp-xor": {
        "nn-good": ("a right nn.py on the serial engine", {"engine.py": GOOD, "nn.py": NN}),
        "nn-own-random": ("the same nn.py beside the student's own random.py", {
            "engine.py": GOOD, "nn.py": NN, "random.py": OWN_RANDOM}),
    },
}


def fresh_class(folder, exercise: str) -> dict[str, str]:
    """Write the class of EXERCISE into FOLDER."""
    return fresh30.write_class(folder, CLASSES[exercise])
