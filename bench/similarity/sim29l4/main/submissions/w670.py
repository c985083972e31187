import math


class Value:
    """Dmitri. A node stores its local derivatives; backward() collects the gradients in a dict, then stores them."""

    def __init__(self, data, _children=(), _op="", _local=()):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._local = tuple(_local)  # one local derivative per child

    @staticmethod
    def _coerce(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = self._coerce(other)
        return Value(self.data + other.data, (self, other), "+", (1.0, 1.0))

    def __mul__(self, other):
        other = self._coerce(other)
        return Value(self.data * other.data, (self, other), "*", (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "**", (k * self.data ** (k - 1),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), "exp", (e,))

    def log(self):
        return Value(math.log(self.data), (self,), "log", (1.0 / self.data,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), "tanh", (1.0 - t * t,))

    def relu(self):
        return Value(max(0.0, self.data), (self,), "relu", (1.0 if self.data > 0 else 0.0,))

    def backward(self):
        topo, seen = [], set()

        def dfs(v):
            if v in seen:
                return
            seen.add(v)
            for c in v._prev:
                dfs(c)
            topo.append(v)
        dfs(self)
        grads = {self: 1.0}
        for v in reversed(topo):
            for child, local in zip(v._prev, v._local):
                grads[child] = grads.get(child, 0.0) + local * grads.get(v, 0.0)
        for v, g in grads.items():
            v.grad += g

    def __neg__(self):
        return self * -1.0

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1.0

    def __rtruediv__(self, other):
        return self ** -1.0 * other

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
