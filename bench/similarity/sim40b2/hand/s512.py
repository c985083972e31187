# %% [markdown]
# # Notebook 1 — Zoe Clarke
#
# Every operation is an entry of one table; `Value.__getattr__` turns `v.tanh` into a call
# through the table, and the arithmetic operators go through the same `_apply`.

# %%
import math

# forward function and local derivatives (from the inputs' data and the output's data)
OPS = {
    "add": (lambda a, b: a + b, lambda a, b, out: (1.0, 1.0)),
    "mul": (lambda a, b: a * b, lambda a, b, out: (b, a)),
    "relu": (lambda a: a if a > 0 else 0.0, lambda a, out: (float(out > 0),)),
    "tanh": (math.tanh, lambda a, out: (1 - out ** 2,)),
    "exp": (math.exp, lambda a, out: (out,)),
    "log": (math.log, lambda a, out: (1 / a,)),
}


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._local = ()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _apply(self, name, *others):
        args = (self,) + tuple(o if isinstance(o, Value) else Value(o) for o in others)
        forward, local = OPS[name]
        out = Value(forward(*(a.data for a in args)), args, name)
        out._local = local(*(a.data for a in args), out.data)
        return out

    def __getattr__(self, name):
        if name in OPS:
            return lambda *others: self._apply(name, *others)
        raise AttributeError(name)

    def __add__(self, other):
        return self._apply("add", other)

    def __mul__(self, other):
        return self._apply("mul", other)

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "pow")
        out._local = (k * self.data ** (k - 1),)
        return out

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

# %%
def backward(self):
    # post-order with (node, next input index) frames
    ordering, visited = [], {self}
    stack = [(self, 0)]
    while stack:
        node, i = stack.pop()
        if i == len(node._prev):
            ordering.append(node)
            continue
        stack.append((node, i + 1))
        kid = node._prev[i]
        if kid not in visited:
            visited.add(kid)
            stack.append((kid, 0))
    self.grad = 1.0
    for node in reversed(ordering):
        for kid, d in zip(node._prev, node._local):
            kid.grad += d * node.grad


Value.backward = backward

# %%
def numeric(f, x0, h=1e-6):
    return (f(Value(x0 + h)).data - f(Value(x0 - h)).data) / (2 * h)


f = lambda x: (x * x + 1).log() * x.exp()
x = Value(0.3)
f(x).backward()
print(x.grad, numeric(f, 0.3))

# %% [markdown]
# **Q1.** A node used twice gets a gradient from each use; `y = x * x` at 3 must give 6, with `=` it gives 3.
#
# **Q2.** 0 here; exact zeros are rare.
#
# **Q3.** We want the output's gradient with respect to everything below it.
