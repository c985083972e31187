"""Session 35's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh35, tests/test_seams35.py):
three correct engines written three ways (an op table read by one backward, closures over a post-order walk, values
with __slots__ whose local slopes live in a helper module of the student's folder), the classic mistakes planted in
the op table, and the shapes a row can end in: an exit at import, a segfault in the middle of the probes, a probe
that never ends, memory grabs (at once, and a MiB at a time), an import that never ends, a recursive sort on a deep
chain, a notebook that calls the course's check() in its cells, a zip, a non-UTF-8 file
without its coding line, a NUL byte, an empty file; 07-mlp-xor's nn.py on the op-table engine; a 09 test file.

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is}.
"""

from __future__ import annotations

import fresh30
import samples

TABLE = '''\
"""Each value names its op; one table says each op's local slopes."""
import math

SLOPES = {
    "add": lambda out, a, b: (1.0, 1.0),
    "mul": lambda out, a, b: (MUL_A, MUL_B),
    "pow": lambda out, a, k: (POW_SLOPE,),
    "relu": lambda out, a: (1.0 if out.data > 0 else 0.0,),
    "tanh": lambda out, a: (TANH_SLOPE,),
    "exp": lambda out, a: (EXP_SLOPE,),
    "log": lambda out, a: (LOG_SLOPE,),
}


class Value:
    def __init__(self, data, op=None, args=()):
        self.data = float(data)
        self.grad = 0.0
        self.op = op
        self.args = args

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, "add", (self, other))

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, "mul", (self, other))

    def __pow__(self, k):
        return Value(self.data ** k, "pow", (self, k))

    def relu(self):
        RELU_HOOK
        return Value(max(self.data, 0.0), "relu", (self,))

    def tanh(self):
        TANH_HOOK
        return Value(math.tanh(self.data), "tanh", (self,))

    def exp(self):
        EXP_HOOK
        return Value(math.exp(self.data), "exp", (self,))

    def log(self):
        LOG_HOOK
        return Value(math.log(self.data), "log", (self,))

    def __neg__(self):
        return NEG_BODY

    def __sub__(self, other):
        return SUB_BODY

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value.of(other) + (-self)

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if VISITED:
                continue
            seen.add(node)
            stack.append((node, True))
            for arg in node.args:
                if isinstance(arg, Value):
                    stack.append((arg, False))
        SEED
        for node in WALK:
            if node.op is None:
                continue
            slopes = SLOPES[node.op](node, *node.args)
            for arg, slope in zip(node.args, slopes):
                arg.grad ACC slope * node.grad

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"
'''

RIGHT = {"ACC": "+=", "MUL_A": "b.data", "MUL_B": "a.data", "POW_SLOPE": "k * a.data ** (k - 1)",
         "TANH_SLOPE": "1 - out.data ** 2", "EXP_SLOPE": "out.data", "LOG_SLOPE": "1 / a.data",
         "NEG_BODY": "self * -1", "SUB_BODY": "self + (-Value.of(other))", "VISITED": "node in seen",
         "SEED": "self.grad = 1.0", "WALK": "reversed(order)", "RELU_HOOK": "pass", "TANH_HOOK": "pass",
         "EXP_HOOK": "pass", "LOG_HOOK": "pass"}


def table(**changes) -> str:
    text = TABLE
    for key, value in sorted({**RIGHT, **changes}.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(key, value)
    return text


GOOD = table()

CLOSURES = '''\
import math


class Value:
    def __init__(self, data, children=()):
        self.data = data
        self.grad = 0
        self._children = children
        self._back = lambda: None

    def _wrap(self, other):
        return other if isinstance(other, Value) else Value(other)

    def __add__(self, other):
        other = self._wrap(other)
        out = Value(self.data + other.data, (self, other))

        def back():
            self.grad += out.grad
            other.grad += out.grad
        out._back = back
        return out

    __radd__ = __add__

    def __mul__(self, other):
        other = self._wrap(other)
        out = Value(self.data * other.data, (self, other))

        def back():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._back = back
        return out

    __rmul__ = __mul__

    def __pow__(self, k):
        out = Value(self.data ** k, (self,))

        def back():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._back = back
        return out

    def _unary(self, data, slope):
        out = Value(data, (self,))

        def back():
            self.grad += slope(out) * out.grad
        out._back = back
        return out

    def relu(self):
        return self._unary(self.data if self.data > 0 else 0.0, lambda o: float(o.data > 0))

    def tanh(self):
        return self._unary(math.tanh(self.data), lambda o: 1 - o.data * o.data)

    def exp(self):
        return self._unary(math.exp(self.data), lambda o: o.data)

    def log(self):
        return self._unary(math.log(self.data), lambda o: 1 / self.data)

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -self._wrap(other)

    def __rsub__(self, other):
        return self._wrap(other) - self

    def __truediv__(self, other):
        return self * self._wrap(other) ** -1

    def __rtruediv__(self, other):
        return self._wrap(other) * self ** -1

    def backward(self):
        post, done, stack = [], set(), [self]
        # iterative: a node is kept once every child of it is kept
        while stack:
            v = stack[-1]
            if id(v) in done:
                stack.pop()
                continue
            pending = [c for c in v._children if id(c) not in done]
            if pending:
                stack.extend(pending)
            else:
                stack.pop()
                done.add(id(v))
                post.append(v)
        self.grad = 1
        for v in reversed(post):
            v._back()
'''

SLOTS_OPS = '''\
"""Local slopes, one function per op: (output, inputs) -> the slope of the output by each input."""
import math


def add(out, a, b):
    return 1.0, 1.0


def mul(out, a, b):
    return b.data, a.data


def power(k):
    return lambda out, a: (k * a.data ** (k - 1),)


def relu(out, a):
    return (1.0 if a.data > 0 else 0.0,)


def tanh(out, a):
    return (1.0 - out.data * out.data,)


def exp(out, a):
    return (out.data,)


def log(out, a):
    return (1.0 / a.data,)


FORWARD = {"relu": lambda x: max(x, 0.0), "tanh": math.tanh, "exp": math.exp, "log": math.log}
'''

SLOTS = '''\
from collections import deque

import ops


class Value:
    __slots__ = ("data", "grad", "ins", "rule")

    def __init__(self, data, ins=(), rule=None):
        self.data, self.grad, self.ins, self.rule = float(data), 0.0, tuple(ins), rule

    def _lift(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, x):
        x = self._lift(x)
        return Value(self.data + x.data, (self, x), ops.add)

    def __mul__(self, x):
        x = self._lift(x)
        return Value(self.data * x.data, (self, x), ops.mul)

    def __pow__(self, k):
        return Value(self.data ** k, (self,), ops.power(k))

    def _apply(self, name):
        return Value(ops.FORWARD[name](self.data), (self,), getattr(ops, name))

    def relu(self):
        return self._apply("relu")

    def tanh(self):
        return self._apply("tanh")

    def exp(self):
        return self._apply("exp")

    def log(self):
        return self._apply("log")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, x):
        return self + -self._lift(x)

    def __rsub__(self, x):
        return self._lift(x) + -self

    def __truediv__(self, x):
        return self * self._lift(x) ** -1

    def __rtruediv__(self, x):
        return self._lift(x) * self ** -1

    def backward(self):
        # Kahn's algorithm on the reversed graph: a node goes once every node that uses it has gone
        users, queue, seen = {}, deque([self]), {id(self)}
        while queue:
            node = queue.popleft()
            for i in node.ins:
                users[id(i)] = users.get(id(i), 0) + 1
                if id(i) not in seen:
                    seen.add(id(i))
                    queue.append(i)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            if node.rule is None:
                continue
            for i, slope in zip(node.ins, node.rule(node, *node.ins)):
                i.grad += slope * node.grad
                users[id(i)] -= 1
                if users[id(i)] == 0:
                    ready.append(i)
'''

MISTAKES = {
    "table-assign": ("`=` instead of `+=` in the one backward", {"ACC": "="}),
    "table-mul-self": ("mul's slopes both self.data", {"MUL_A": "a.data", "MUL_B": "a.data"}),
    "table-no-seed": ("backward never sets self.grad = 1", {"SEED": "pass"}),
    "table-forwards": ("the topological order walked forwards", {"WALK": "order"}),
    "table-tanh": ("tanh's slope 1 - t", {"TANH_SLOPE": "1 - out.data"}),
    "table-exp-input": ("exp's slope from the input", {"EXP_SLOPE": "a.data"}),
    "table-log-out": ("log's slope 1 / output", {"LOG_SLOPE": "1 / out.data"}),
    "table-pow": ("pow without the -1", {"POW_SLOPE": "k * a.data ** k"}),
    "table-sub-add": ("subtraction as addition", {"SUB_BODY": "self + Value.of(other)"}),
    "table-neg-self": ("negation returns self", {"NEG_BODY": "self"}),
}

EXIT_IMPORT = GOOD + "\nimport os\nos._exit(1)\n"
SEGFAULT = table(LOG_HOOK="import ctypes; ctypes.string_at(0)")  # a segfault at the first log, mid-suite
LOOPS = table(TANH_HOOK="while self.data == self.data: pass")  # every tanh probe runs until its timeout
GREEDY = table(EXP_HOOK="hoard = bytearray(4 << 30)")  # asks for 4 GiB at each exp
HOG = table(EXP_HOOK="hoard = [bytearray(1 << 20) for _ in iter(int, 1)]")  # takes memory a MiB at a time, unbounded
SLEEPS = "import time\n\ntime.sleep(3600)\n" + GOOD  # an import that never ends: the whole run's time limit
RECURSIVE = CLOSURES[:CLOSURES.index("    def backward(self):")] + '''    def backward(self):
        order, seen = [], set()

        def visit(v):  # recursive: Python's recursion limit on a long chain
            if id(v) not in seen:
                seen.add(id(v))
                for c in v._children:
                    visit(c)
                order.append(v)
        visit(self)
        self.grad = 1
        for v in reversed(order):
            v._back()
'''
CHECK_CELLS = samples.notebook([
    ("md", "# Exercise: the engine"), GOOD,
    "from grader import check\ncheck(\"engine\")",
    "x = Value(3.0)\n(x * x + x).backward()\nassert x.grad == 7.0"])
LATIN1 = ("# \u00e9crit par Ren\u00e9e, \u00e0 rendre\n" + GOOD).encode("latin-1")
NUL = GOOD.replace("# iterative", "# iter\x00ative").replace("import math\n", "import math  # \x00\n", 1)

TESTS = '''\
import math

from engine import Value


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))


def test_shared_node_adds_both_paths():
    a = Value(3.0)
    (a * a + a).backward()
    assert close(a.grad, 7.0)


def test_tanh_slope_uses_the_output():
    x = Value(0.5)
    x.tanh().backward()
    assert close(x.grad, 1 - math.tanh(0.5) ** 2)


def test_exp_log_pow():
    x = Value(1.5)
    (x.exp() + x.log() + x ** 3).backward()
    assert close(x.grad, math.exp(1.5) + 1 / 1.5 + 3 * 1.5 ** 2)


def test_seed_and_order():
    a, b = Value(2.0), Value(-1.0)
    c = a * b
    d = c + a
    d.backward()
    assert close(a.grad, 0.0) and close(b.grad, 2.0) and close(d.grad, 1.0)
'''

CLASSES = {
    "engine": {
        "table-good.py": ("a correct engine: an op table read by one backward", GOOD),
        "closure-good.py": ("a correct engine: closures over an iterative post-order walk", CLOSURES),
        "slots-good": ("a correct engine with __slots__, its slopes in a helper module (ops.py)",
                       {"engine.py": SLOTS, "ops.py": SLOTS_OPS}),
        "slots-tanh": ("the __slots__ engine, tanh's slope 1 - t in its helper module", {
            "engine.py": SLOTS, "ops.py": SLOTS_OPS.replace("(1.0 - out.data * out.data,)", "(1.0 - out.data,)")}),
        **{f"{name}.py": (what, table(**change)) for name, (what, change) in MISTAKES.items()},
        "exit-import.py": ("os._exit(1) at import", EXIT_IMPORT),
        "segfault.py": ("a segfault at the first log, mid-suite", SEGFAULT),
        "loops.py": ("tanh never returns", LOOPS),
        "greedy.py": ("exp asks for 4 GiB", GREEDY),
        "recursive.py": ("the closures engine with a recursive topological sort", RECURSIVE),
        "check-cells.ipynb": ("a notebook calling check() in its cells", CHECK_CELLS),
        "closure.zip": ("a zip of a folder holding the closures engine", samples._zip({
            "hw2/engine.py": CLOSURES.encode(), "hw2/notes.txt": b"done\n"})),
        "latin1.py": ("Latin-1 without a coding line", LATIN1),
        "nul.py": ("a NUL byte in a comment", NUL),
        "empty.py": ("an empty file", b""),
    },
    "07-mlp-xor": {
        "nn-table": ("07's nn.py on the op-table engine", {"engine.py": GOOD, "nn.py": fresh30.NN}),
        "nn-table-assign": ("07's nn.py on the op table with `=`", {"engine.py": table(ACC="="), "nn.py": fresh30.NN}),
    },
    "09-write-tests": {
        "tests-table": ("09's test file beside the op-table engine", {"engine.py": GOOD, "test_engine.py": TESTS}),
        "tests-weak": ("09's test file that checks only values", {
            "engine.py": GOOD, "test_engine.py": "from engine import Value\n\n\ndef test_add():\n"
                                                 "    assert (Value(1.0) + 2).data == 3.0\n"}),
    },
}


# rows whose cost is the wall clock's (each surface waits out their limits) or whose ending depends on the machine's
# speed (a MiB at a time reaches the memory limit within the probe's second, or not): the bench's, not CI's
SLOW = {"engine": {"hog.py": ("exp takes memory a MiB at a time until it is stopped", HOG),
                   "sleeps.py": ("an import that sleeps an hour", SLEEPS)}}


def fresh_class(folder, exercise: str, slow: bool = True) -> dict[str, str]:
    """Write the class of EXERCISE into FOLDER (with the SLOW rows unless `slow` is false)."""
    return fresh30.write_class(folder, {**CLASSES[exercise], **(SLOW.get(exercise, {}) if slow else {})})
