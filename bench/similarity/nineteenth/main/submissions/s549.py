"""Noah's tiny autograd engine for 03-tanh: +, *, relu, tanh and backprop."""
import math


class Value:
    __slots__ = ("data", "grad", "_backward", "_prev", "_op")

    def __init__(self, data, _children=(), _op=""):
        self.data, self.grad = data, 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))  # keep order, drop duplicates
        self._op = _op

    @staticmethod
    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._wrap(other)
        out = Value(self.data + other.data, (self, other), "+")
        def bw():
            self.grad += out.grad; other.grad += out.grad
        out._backward = bw
        return out

    def __mul__(self, other):
        other = Value._wrap(other)
        out = Value(self.data * other.data, (self, other), "*")
        def bw():
            self.grad += other.data * out.grad; other.grad += self.data * out.grad
        out._backward = bw
        return out

    __radd__ = __add__
    __rmul__ = __mul__

    def relu(self):
        out = Value(max(self.data, 0), (self,), "ReLU")
        def bw(): self.grad += (out.data > 0) * out.grad  # relu'(0) = 0
        out._backward = bw
        return out

    def tanh(self):
        t = math.tanh(self.data)  # math.tanh: no overflow at 400
        out = Value(t, (self,), "tanh")
        def bw(): self.grad += (1 - t * t) * out.grad
        out._backward = bw
        return out

    def backward(self):
        # iterative post-order DFS
        order, seen, todo = [], set(), [(self, False)]
        while todo:
            v, done = todo.pop()
            if done:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                todo.append((v, True))
                todo.extend((c, False) for c in v._prev if c not in seen)
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"
