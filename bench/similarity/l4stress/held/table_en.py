"""Small autodiff: each op is one entry of a registry, forward plus local derivatives."""
import math


class _Op:
    def __init__(self, forward, dx, dy=None):
        self.forward = forward
        self.dx = dx
        self.dy = dy


def _tanh_grad(x, _):
    t = math.tanh(x)
    return 1 - t * t


REGISTRY = {}
REGISTRY["add"] = _Op(lambda x, y: y + x, lambda x, y: 1.0, lambda x, y: 1.0)
REGISTRY["mul"] = _Op(lambda x, y: y * x, lambda x, y: y, lambda x, y: x)
REGISTRY["div"] = _Op(lambda x, y: x / y, lambda x, y: y ** -1, lambda x, y: -x / (y * y))
REGISTRY["relu"] = _Op(lambda x, _: max(x, 0.0), lambda x, _: float(x > 0))
REGISTRY["tanh"] = _Op(lambda x, _: math.tanh(x), _tanh_grad)
REGISTRY["log"] = _Op(lambda x, _: math.log(x), lambda x, _: x ** -1)


def _wrap(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    def __init__(self, data, op=None, args=()):
        self.args = args
        self.op = op
        self.grad = 0
        self.data = data

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    def _make(self, name, other=None):
        if other is None:
            args, x, y = (self,), self.data, None
        else:
            other = _wrap(other)
            args, x, y = (self, other), self.data, other.data
        return Value(REGISTRY[name].forward(x, y), name, args)

    def backward(self):
        # iterative post-order
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, ready = stack.pop()
            if ready:
                order.append(v)
            elif id(v) not in seen:
                seen.add(id(v))
                stack.append((v, True))
                stack.extend((a, False) for a in v.args)
        self.grad = 1
        for v in order[::-1]:
            if v.op is not None:
                entry = REGISTRY[v.op]
                x = v.args[0].data
                y = v.args[1].data if len(v.args) > 1 else None
                v.args[0].grad += v.grad * entry.dx(x, y)
                if len(v.args) > 1:
                    v.args[1].grad += v.grad * entry.dy(x, y)

    def log(self):
        return self._make("log")

    def tanh(self):
        return self._make("tanh")

    def relu(self):
        return self._make("relu")

    def __rtruediv__(self, other):
        return _wrap(other)._make("div", self)

    def __truediv__(self, other):
        return self._make("div", other)

    def __rmul__(self, other):
        return self._make("mul", other)

    def __mul__(self, other):
        return self._make("mul", other)

    def __radd__(self, other):
        return self._make("add", other)

    def __add__(self, other):
        return self._make("add", other)
