# %% [markdown]
# # Liam O'Connor — notebook 1
#
# Own implementation: each node keeps a list of `(input, gradient function)` pairs; the
# gradient functions take the upstream gradient and return the contribution.

# %%
import math

# %%
class Value:
    def __init__(self, data, edges=()):
        self.data = float(data)
        self.grad = 0.0
        self.edges = list(edges)  # (input, fn: upstream -> contribution)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def wrap(x):
    return x if isinstance(x, Value) else Value(x)

# %% [markdown]
# ### Operations

# %%
def add(a, b):
    a, b = wrap(a), wrap(b)
    return Value(a.data + b.data, [(a, lambda g: g), (b, lambda g: g)])


def mul(a, b):
    a, b = wrap(a), wrap(b)
    return Value(a.data * b.data, [(a, lambda g: g * b.data), (b, lambda g: g * a.data)])


def power(a, k):
    return Value(a.data ** k, [(a, lambda g: g * k * a.data ** (k - 1))])


def relu(a):
    return Value(a.data if a.data > 0 else 0.0, [(a, lambda g: g if a.data > 0 else 0.0)])


def tanh(a):
    t = math.tanh(a.data)
    return Value(t, [(a, lambda g: g * (1 - t * t))])


def exp(a):
    e = math.exp(a.data)
    return Value(e, [(a, lambda g: g * e)])


def log(a):
    return Value(math.log(a.data), [(a, lambda g: g / a.data)])


Value.__add__ = add
Value.__radd__ = lambda self, o: add(o, self)
Value.__mul__ = mul
Value.__rmul__ = lambda self, o: mul(o, self)
Value.__pow__ = power
Value.relu, Value.tanh, Value.exp, Value.log = relu, tanh, exp, log
Value.__neg__ = lambda self: mul(self, -1)
Value.__sub__ = lambda self, o: add(self, mul(o, -1))
Value.__rsub__ = lambda self, o: add(o, mul(self, -1))
Value.__truediv__ = lambda self, o: mul(self, power(wrap(o), -1))
Value.__rtruediv__ = lambda self, o: mul(o, power(self, -1))

# %% [markdown]
# ### Backward

# %%
def backward(self):
    topo, done = [], set()
    todo = [self]
    while todo:
        v = todo[-1]
        if v in done:
            todo.pop()
            continue
        fresh = [i for i, _ in v.edges if i not in done]
        if fresh:
            todo.extend(fresh)
        else:
            todo.pop()
            done.add(v)
            topo.append(v)
    self.grad = 1.0
    for v in reversed(topo):
        for inp, fn in v.edges:
            inp.grad += fn(v.grad)


Value.backward = backward

# %%
if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    (a * b).backward()
    print(a.grad, b.grad)

# %% [markdown]
# **Q1.** Inputs used twice. **Q2.** 0. **Q3.** Output first.
