# engine.py (exported from my notebook)
# %% [markdown]
# Noah Fischer

# %% [markdown]
# # Autodiff Bootcamp — Notebook 1: a scalar autograd engine
#
# In this notebook you build `Value`, a number that remembers how it was computed, and
# `backward()`, which walks that computation backwards and fills in every gradient.
#
# **Hand in** this notebook, `engine.ipynb`, with every cell run (Kernel → Restart & Run All).
# The autograder imports your code cells as one module and tests `Value`: the `if __name__`
# cells are skipped there, so keep your experiments inside them.

# %% [markdown]
# ## 1. The `Value` class
#
# Every operation returns a new `Value` whose `_prev` holds the inputs and whose `_backward`
# is a small closure: it knows the *local* derivative of the output with respect to each
# input and adds `local * out.grad` to that input's `grad`.
#
# Fill in the four `_backward` closures marked `# TODO(nb1)`. Remember: **`+=`, never `=`**.

# %%
import math


class Value:
    """A scalar with a gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += out.grad * other.data
            other.grad += out.grad * self.data

        out._backward = _backward
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only numbers as exponents"
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            self.grad += out.grad * k * self.data ** (k - 1)

        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            self.grad += out.grad if out.data > 0 else 0.0

        out._backward = _backward
        return out

    # derived operations: given
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

# %% [markdown]
# ## 2. More functions: `tanh`, `exp`, `log`
#
# In a notebook it is handy to add a method to a class after the fact: define a function
# whose first argument is `self`, then attach it with `Value.tanh = tanh`.
#
# * $\tanh'(x) = 1 - \tanh^2(x)$
# * $(e^x)' = e^x$
# * $(\ln x)' = 1/x$

# %%
def tanh(self):
    t = math.tanh(self.data)
    out = Value(t, (self,), "tanh")

    def _backward():
        self.grad += out.grad * (1 - out.data ** 2)

    out._backward = _backward
    return out


def exp(self):
    out = Value(math.exp(self.data), (self,), "exp")

    def _backward():
        self.grad += out.grad * out.data

    out._backward = _backward
    return out


def log(self):
    out = Value(math.log(self.data), (self,), "log")

    def _backward():
        self.grad += out.grad / self.data

    out._backward = _backward
    return out


Value.tanh = tanh
Value.exp = exp
Value.log = log

# %% [markdown]
# ## 3. `backward()`
#
# 1. Put every node of the graph in **topological order** (a node after all its inputs).
# 2. Set `self.grad = 1.0`.
# 3. Call every node's `_backward()` in **reverse** order.
#
# The autograder builds a chain of 10,000 nodes: a recursive topological sort overflows
# Python's stack. Use an explicit stack (or Kahn's algorithm).

# %%
def backward(self):
    # Kahn's algorithm on the number of consumers of each node
    consumers = {}
    reached = [self]
    seen = {id(self)}
    while reached:
        node = reached.pop()
        for prev in node._prev:
            consumers[id(prev)] = consumers.get(id(prev), 0) + 1
            if id(prev) not in seen:
                seen.add(id(prev))
                reached.append(prev)
    self.grad = 1.0
    frontier = [self]
    while frontier:
        node = frontier.pop()
        node._backward()
        for prev in node._prev:
            consumers[id(prev)] -= 1
            if not consumers[id(prev)]:
                frontier.append(prev)


Value.backward = backward

# %% [markdown]
# ## 4. Try it
#
# After your changes this cell prints `-3.0 2.0` then `1.0` (and `2.0` for `x * x` at 1).

# %%
if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    c.backward()
    print(a.grad, a.data)
    x = Value(1.0)
    y = x * x
    y.backward()
    print(x.grad)

# %% [markdown]
# Extra: a neuron by hand

# %%
w1, w2, b = Value(0.5), Value(-1.5), Value(0.1)
neuron = (w1 * 2.0 + w2 * -1.0 + b).tanh()
neuron.backward()
[w1.grad, w2.grad, b.grad]

# %% [markdown]
# ## 5. Questions
#
# **Q1.** Why must `_backward` *add* to `grad` instead of assigning it? Give a graph where `=` is wrong.
#
# **Q2.** What is `relu`'s derivative at exactly 0 in your code, and why does it hardly matter in training?
#
# **Q3.** Why is `backward()` called on the output and not on the inputs?

# %% [markdown]
# **1.** fan-out: `x * x`, both terms must be summed.
#
# **2.** zero; never exactly hit.
#
# **3.** we differentiate the output.
