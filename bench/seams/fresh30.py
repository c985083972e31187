"""Session 30's fresh submissions for the seams matrix (bench/seams/matrix.py --class fresh30, tests/test_seams30.py):
honest students of six exercises (03, 04, 05, 07, 08, 11), written for this check (nothing from the reference or
micrograd): a right answer in a style no earlier fixture has, one classic mistake, and the shapes a class arrives
in (a crash at import, an import that never ends, a syntax error, a notebook, a folder of two files, a zip from an
LMS, a file with another name).

`fresh_class(folder, exercise)` writes the class of EXERCISE and returns {entry name: what it is};
`CLASSES` is {exercise: {entry name: (what it is, {file: text})}} (one file: the entry is that file).
"""

from __future__ import annotations

from pathlib import Path

import samples

RIGHT = samples.engine()

# tanh without math.tanh: from exp(-2|x|), which never overflows
TANH_BY_EXP = RIGHT.replace(
    "        t = math.tanh(self.data)\n",
    "        e = math.exp(-2 * abs(self.data))\n        t = math.copysign((1 - e) / (1 + e), self.data)\n")

# 04's slopes in a second file, looked up by the op's name
SLOPES = '''\
import math

SLOPES = {
    "exp": lambda x, out: out,
    "log": lambda x, out: 1 / x,
    "pow": lambda x, out, k: k * x ** (k - 1),
}
'''
TWO_FILES = (RIGHT.replace("import math\n", "import math\n\nfrom slopes import SLOPES\n", 1)
             .replace("[(self, e)]", '[(self, SLOPES["exp"](self.data, e))]')
             .replace("[(self, 1 / self.data)]", '[(self, SLOPES["log"](self.data, out))]')
             .replace("[(self, k * self.data ** (k - 1))]", '[(self, SLOPES["pow"](self.data, None, k))]'))

# backward by a recursive post-order, written as a nested function that yields
RECURSIVE = RIGHT.replace(RIGHT[RIGHT.index("    def backward(self):"):RIGHT.index("    def __repr__")], '''\
    def backward(self):
        seen = set()

        def post(node):
            if id(node) in seen:
                return
            seen.add(id(node))
            for parent, _ in node.edges:
                yield from post(parent)
            yield node

        self.grad = 1.0
        for node in reversed(list(post(self))):
            for parent, slope in node.edges:
                parent.grad += slope * node.grad

''')

NN = '''\
"""Neurons as folds: each output a reduce over (weight, input) pairs."""

import functools
import operator
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
        rng = rng if rng is not None else random.Random(0)
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        total = functools.reduce(operator.add, map(operator.mul, self.w, x), self.b)
        return total.tanh() if self.nonlin else total

    def parameters(self):
        return [*self.w, self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        kwargs.setdefault("rng", None)
        if kwargs["rng"] is None:
            kwargs["rng"] = random.Random(0)
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = rng if rng is not None else random.Random(0)
        sizes = [nin, *nouts]
        self.layers = [Layer(a, b, nonlin=i < len(nouts) - 1, rng=rng)
                       for i, (a, b) in enumerate(zip(sizes, sizes[1:]))]

    def __call__(self, x):
        return functools.reduce(lambda h, layer: layer(h), self.layers, x)

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        loss = sum(((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)), Value(0.0))
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    return losses
'''
# the classic mistake of 07: zero_grad that leaves a parameter's gradient (the last: the output's bias)
NN_BIAS_KEPT = NN.replace("    def zero_grad(self):\n        for p in self.parameters():\n",
                          "    def zero_grad(self):\n        for p in self.parameters()[:-1]:\n")

DUAL = '''\
"""Dual numbers, each function given by its value and its slope in one table."""

import math

RULES = {
    "sin": (math.sin, math.cos),
    "cos": (math.cos, lambda a: -math.sin(a)),
    "exp": (math.exp, math.exp),
    "log": (math.log, lambda a: 1 / a),
    "tanh": (math.tanh, lambda a: 1 - math.tanh(a) ** 2),
    "relu": (lambda a: max(a, 0.0), lambda a: 1.0 if a > 0 else 0.0),
}


def lift(x):
    return x if isinstance(x, Dual) else Dual(x)


class Dual:
    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def __add__(self, other):
        other = lift(other)
        return Dual(self.value + other.value, self.deriv + other.deriv)

    def __mul__(self, other):
        other = lift(other)
        return Dual(self.value * other.value, MUL_DERIV)

    def __truediv__(self, other):
        other = lift(other)
        return Dual(self.value / other.value,
                    (self.deriv * other.value - self.value * other.deriv) / other.value ** 2)

    def __pow__(self, k):
        if isinstance(k, Dual):
            return (k * self.log()).exp()
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):
        return Dual(c ** self.value, c ** self.value * math.log(c) * self.deriv)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        return self + (-other)

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Dual(other) / self

    def _apply(self, name):
        f, slope = RULES[name]
        return Dual(f(self.value), slope(self.value) * self.deriv)

    def sin(self):
        return self._apply("sin")

    def cos(self):
        return self._apply("cos")

    def exp(self):
        return self._apply("exp")

    def log(self):
        return self._apply("log")

    def tanh(self):
        return self._apply("tanh")

    def relu(self):
        return self._apply("relu")

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    out = f(Dual(x, 1.0))
    return out.deriv if isinstance(out, Dual) else 0.0
'''
DUAL_RIGHT = DUAL.replace("MUL_DERIV", "self.deriv * other.value + self.value * other.deriv")
DUAL_PRODUCT_OF_SLOPES = DUAL.replace("MUL_DERIV", "self.deriv * other.deriv")  # the ε² term kept, the rest lost

FIT = '''\
"""The line fitted with the parameters in one list, updated together."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)
W_START, B_START = -1.0, 0.0


def mse(w, b):
    errors = [(w * x + b - y) ** 2 for x, y in zip(XS, YS)]
    return sum(errors[1:], errors[0]) * (1 / len(errors))


def train_line_history(steps, learning_rate):
    params = [Value(W_START), Value(B_START)]
    losses = [mse(*params).data]
    for _ in range(steps):
        loss = mse(*params)
        for p in params:
            p.grad = 0.0
        loss.backward()
        UPDATE
        losses.append(mse(*params).data)
    return params[0].data, params[1].data, losses


def train_line(steps, learning_rate):
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
'''
FIT_RIGHT = FIT.replace("UPDATE", "for p, g in [(p, p.grad) for p in params]:\n            p.data -= learning_rate * g")
# the update walks w then b with a second forward pass in between: b moves by the gradient at the new w
FIT_STALE = FIT.replace("UPDATE", "params[0].data -= learning_rate * params[0].grad\n"
                                  "        again = mse(*params)\n        params[1].grad = 0.0\n"
                                  "        again.backward()\n"
                                  "        params[1].data -= learning_rate * params[1].grad")

CLASSES = {
    "03-tanh": {
        "nb-tanh-by-exp.ipynb": ("a notebook, its methods added cell by cell; tanh from exp(-2|x|)",
                                 samples.split_notebook(TANH_BY_EXP)),
        "doejane_4242_1234567_hw3.zip": ("Canvas' name of a zip holding hw3/engine.py; tanh's 1 - t",
                                         samples._zip({"hw3/engine.py": samples.engine(TANH_SLOPE="1 - t").encode()})),
        "syntax.py": ("a colon missing after `def tanh(self)`", samples.SYNTAX),
    },
    "04-more-ops": {
        "two-files": ("a folder: engine.py and slopes.py, a table of the slopes", {"engine.py": TWO_FILES,
                                                                                    "slopes.py": SLOPES}),
        "my_engine_v2.py": ("a file of another name; pow's k * x ** k", samples.engine(POW_SLOPE="k * self.data ** k")),
        "crash.py": ("an import that raises at its last line", samples.CRASH_AT_IMPORT),
    },
    "05-backward": {
        "recursive.py": ("backward by a recursive generator's post-order", RECURSIVE),
        "forwards.py": ("the topological order walked forwards", samples.engine(WALK="order")),
        "spins.py": ("backward that never ends", samples.LOOPS),
    },
    "07-mlp-xor": {
        "mlp-folder": ("a folder: the engine and nn.py of folds", {"engine.py": RIGHT, "nn.py": NN}),
        "bias-kept": ("zero_grad that leaves each neuron's bias", {"engine.py": RIGHT, "nn.py": NN_BIAS_KEPT}),
    },
    "08-dual-numbers": {
        "dual-table": ("one table of (value, slope) for the functions", {"engine.py": RIGHT, "dual.py": DUAL_RIGHT}),
        "dual-eps2.zip": ("a zip of hw8/; the product's derivative a'b'",
                          samples._zip({"hw8/engine.py": RIGHT.encode(), "hw8/dual.py": DUAL_PRODUCT_OF_SLOPES.encode()})),
    },
    "11-fit-line": {
        "fit-together": ("both parameters updated from one pass", {"engine.py": RIGHT, "fit_line.py": FIT_RIGHT}),
        "fit-stale": ("b updated from a second forward pass after w moved", {"engine.py": RIGHT,
                                                                             "fit_line.py": FIT_STALE}),
    },
}


def fresh_class(folder: Path, exercise: str) -> dict[str, str]:
    return write_class(folder, CLASSES[exercise])


def write_class(folder: Path, entries: dict) -> dict[str, str]:
    """Write {entry name: (what it is, {file: text} or the one file's text)} into FOLDER: {entry: what it is}."""
    put, made = samples.writer(folder)
    for entry, (what, files) in entries.items():
        if isinstance(files, dict):
            for n, (name, text) in enumerate(files.items()):
                put(f"{entry}/{name}", text, what if n == 0 else "")
        else:
            put(entry, files, what)
    return made
