# %% [markdown]
# # Notebook 1 — Ethan Walsh
#
# Class hierarchy: an abstract `Value`, a `Leaf` for numbers and an `Op` for results.
# Calling `Value(3.0)` makes a `Leaf`.

# %%
import abc
import math

# %%
class Value(abc.ABC):
    def __new__(cls, *args, **kwargs):
        return super().__new__(Leaf if cls is Value else cls)

    def __init__(self, data):
        self.data = float(data)
        self.grad = 0.0

    @abc.abstractmethod
    def inputs(self):
        """(input, contribution function) pairs"""

    def __repr__(self):
        return f"{type(self).__name__}(data={self.data}, grad={self.grad})"

    # operators build Op nodes
    def __add__(self, o):
        o = lift(o)
        return Op(self.data + o.data, [(self, lambda g: g), (o, lambda g: g)])

    def __mul__(self, o):
        o = lift(o)
        return Op(self.data * o.data, [(self, lambda g: g * o.data), (o, lambda g: g * self.data)])

    def __pow__(self, k):
        return Op(self.data ** k, [(self, lambda g: g * k * self.data ** (k - 1))])

    def relu(self):
        return Op(max(self.data, 0.0), [(self, lambda g: g * (self.data > 0))])

    def tanh(self):
        t = math.tanh(self.data)
        return Op(t, [(self, lambda g: g * (1 - t * t))])

    def exp(self):
        e = math.exp(self.data)
        return Op(e, [(self, lambda g: g * e)])

    def log(self):
        return Op(math.log(self.data), [(self, lambda g: g / self.data)])

    def __radd__(self, o):
        return lift(o) + self

    def __rmul__(self, o):
        return lift(o) * self

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + lift(o) * -1

    def __rsub__(self, o):
        return lift(o) + self * -1

    def __truediv__(self, o):
        return self * lift(o) ** -1

    def __rtruediv__(self, o):
        return lift(o) * self ** -1

    def backward(self):
        topo, done, todo = [], set(), [self]
        while todo:
            v = todo[-1]
            if v in done:
                todo.pop()
                continue
            fresh = [i for i, _ in v.inputs() if i not in done]
            if fresh:
                todo.extend(fresh)
            else:
                todo.pop()
                done.add(v)
                topo.append(v)
        self.grad = 1.0
        for v in reversed(topo):
            for i, fn in v.inputs():
                i.grad += fn(v.grad)


class Leaf(Value):
    def inputs(self):
        return ()


class Op(Value):
    def __init__(self, data, edges):
        super().__init__(data)
        self.edges = edges

    def inputs(self):
        return self.edges


def lift(x):
    return x if isinstance(x, Value) else Leaf(x)

# %%
if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    (a * b).backward()
    print(a.grad, b.grad)

# %% [markdown]
# **Q1.** Inputs used twice. **Q2.** Zero. **Q3.** From the output.
