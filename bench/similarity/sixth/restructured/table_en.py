"""Tiny autodiff. Every op makes a node whose _push closure sends its grad back."""
import math


class Value:
    def __init__(self, data, op=None, args=()):
        self.data = data
        self.grad = 0
        self.op = op
        self.args = args
        self._push = lambda: None

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def _node(self, data, name, args, *derivatives):
        """A new node; DERIVATIVES are its local derivatives, one per argument."""
        out = Value(data, name, args)

        def _push():
            for arg, d in zip(args, derivatives):
                arg.grad += d * out.grad

        out._push = _push
        return out

    def __add__(self, other):
        other = Value.wrap(other)
        return self._node(self.data + other.data, "add", (self, other), 1.0, 1.0)

    __radd__ = __add__

    def __mul__(self, other):
        other = Value.wrap(other)
        return self._node(self.data * other.data, "mul", (self, other), other.data, self.data)

    __rmul__ = __mul__

    def __truediv__(self, other):
        other = Value.wrap(other)
        return self._node(self.data / other.data, "div", (self, other), 1 / other.data,
                          -self.data / other.data ** 2)

    def __rtruediv__(self, other):
        return Value.wrap(other) / self

    def relu(self):
        return self._node(self.data if self.data > 0 else 0.0, "relu", (self,), 1.0 if self.data > 0 else 0.0)

    def tanh(self):
        t = math.tanh(self.data)
        return self._node(t, "tanh", (self,), 1 - t ** 2)

    def log(self):
        return self._node(math.log(self.data), "log", (self,), 1 / self.data)

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                order.append(v)
            elif id(v) not in seen:
                seen.add(id(v))
                stack.append((v, True))
                stack.extend((a, False) for a in v.args)
        self.grad = 1
        for v in reversed(order):
            v._push()

    def __repr__(self):
        return "Value(%s, grad=%s)" % (self.data, self.grad)
