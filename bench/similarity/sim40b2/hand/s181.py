# %% [markdown]
# # Notebook 1 — Dmitri Volkov
#
# I wrote the engine in one cell instead of filling the template: every node stores its
# local derivatives (numbers) in the forward pass, so backward is one loop.

# %%
import math


class Value:
    def __init__(self, data, parents=(), local=()):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents
        self.local = local

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, o):
        o = Value.lift(o)
        return Value(self.data + o.data, (self, o), (1.0, 1.0))

    def __mul__(self, o):
        o = Value.lift(o)
        return Value(self.data * o.data, (self, o), (o.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self):
        return Value(max(self.data, 0.0), (self,), (float(self.data > 0),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + -Value.lift(o)

    def __rsub__(self, o):
        return Value.lift(o) + -self

    def __truediv__(self, o):
        return self * Value.lift(o) ** -1

    def __rtruediv__(self, o):
        return Value.lift(o) * self ** -1

    def backward(self):
        order, mark = [], set()
        stack = [(self, False)]
        while stack:
            v, out = stack.pop()
            if out:
                order.append(v)
            elif id(v) not in mark:
                mark.add(id(v))
                stack.append((v, True))
                stack.extend((p, False) for p in v.parents)
        self.grad = 1.0
        for v in reversed(order):
            for p, d in zip(v.parents, v.local):
                p.grad += d * v.grad

# %%
if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    c.backward()
    print(a.grad, a.data)

# %% [markdown]
# **Q1** reuse: `x*x`. **Q2** 0. **Q3** the output is the function.
