# Scalar autodiff homework: a reverse-mode engine.
# Each op keeps its inputs plus a function that pushes the gradient back.
import math


def _acc(node, g):
    node.grad += g


class Value:

    def __init__(self, data, children=(), op=''):
        self._grad_fn = None   # called during backprop
        self._op = op
        self._prev = list(children)
        self.grad = 0.0        # starts at zero
        self.data = data

    def __repr__(self):
        return f'Value({self.data}, grad={self.grad})'

    # ---------- backprop ----------
    def backward(self):
        # topological order, iterative
        nodes, seen = [], set()
        work = [(self, iter(self._prev))]
        seen.add(self)
        while work:
            v, children = work[-1]
            nxt = next(children, None)
            if nxt is None:
                work.pop()
                nodes.append(v)
            elif nxt not in seen:
                seen.add(nxt)
                work.append((nxt, iter(nxt._prev)))
        self.grad = 1.0
        for v in nodes[::-1]:
            if v._grad_fn:
                v._grad_fn()

    # ---------- activations ----------
    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, [self], 'tanh')
        res._grad_fn = lambda: _acc(self, res.grad * (1 - t ** 2))   # d tanh = 1 - tanh^2
        return res

    def relu(self):
        res = Value(max(self.data, 0), [self], 'relu')
        res._grad_fn = lambda: _acc(self, res.grad if res.data > 0 else 0)
        return res

    def log(self):
        res = Value(math.log(self.data), [self], 'log')
        res._grad_fn = lambda: _acc(self, res.grad * self.data ** -1)
        return res

    def exp(self):
        res = Value(math.exp(self.data), [self], 'exp')
        res._grad_fn = lambda: _acc(self, res.grad * res.data)   # exp is its own derivative
        return res

    # ---------- basic arithmetic ----------
    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(other.data * self.data, [self, other], '*')

        def fn():
            _acc(self, res.grad * other.data)
            _acc(other, res.grad * self.data)
        res._grad_fn = fn
        return res

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(other.data + self.data, [self, other], '+')

        def fn():
            for v in (self, other):
                _acc(v, res.grad)
        res._grad_fn = fn
        return res

    def __pow__(self, n):
        res = Value(self.data ** n, [self], 'pow')
        res._grad_fn = lambda: _acc(self, res.grad * n * self.data ** (n - 1))
        return res

    # ---------- everything else is built from the above ----------
    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return other + -1 * self

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
