# %% [markdown]
# # micrograd in one notebook
#
# A tiny autograd engine in one notebook, after Andrej Karpathy's micrograd. Companion to the post *Backprop you can read in one sitting*. CC0: copy freely.

# %%
import math

# %% [markdown]
# ## The node
#
# Each node stores its value, its gradient, its parents and how to push the gradient back to them.

# %%
class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        out = Value(self.data + other.data, (self, other), "+")
        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = Value._v(other)
        out = Value(self.data * other.data, (self, other), "*")
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, n):
        out = Value(self.data ** n, (self,), f"^{n}")
        def _backward():
            self.grad += n * self.data ** (n - 1) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(max(0.0, self.data), (self,), "relu")
        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")
        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")
        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")
        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return other + (-self)
    def __rmul__(self, other): return self * other
    def __truediv__(self, other): return self * other ** -1
    def __rtruediv__(self, other): return other * self ** -1

# %% [markdown]
# ## backward without recursion
#
# A recursive topological sort is the textbook version, but Python stops at about a thousand frames. Here is the same post-order with an explicit stack of iterators.

# %%
def backward(self):
    order, seen = [], {self}
    stack = [(self, iter(self._prev))]
    while stack:
        node, parents = stack[-1]
        nxt = next(parents, None)
        if nxt is None:
            stack.pop()
            order.append(node)
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(nxt._prev)))
    self.grad = 1.0
    for node in reversed(order):
        node._backward()


Value.backward = backward

# %% [markdown]
# ## Check it against a finite difference

# %%
if __name__ == "__main__":
    x = Value(0.5)
    f = lambda v: (v * v + 1).log() * v.tanh()
    y = f(x)
    y.backward()
    h = 1e-6
    print(x.grad, (f(Value(0.5 + h)).data - f(Value(0.5 - h)).data) / (2 * h))
