import math
from collections import deque


def _d_add(node):
    return [1.0, 1.0]


def _d_mul(node):
    a, b = node._prev
    return [b.data, a.data]


def _d_pow(node):
    (a,) = node._prev
    k = node._arg
    return [k * a.data ** (k - 1)]


def _d_tanh(node):
    return [1 - node.data * node.data]


def _d_exp(node):
    return [node.data]


def _d_relu(node):
    return [1.0 if node.data > 0 else 0.0]


# op name -> local derivatives of the node w.r.t. each input, in _prev order
LOCAL_GRADS = {
    '+': _d_add,
    '*': _d_mul,
    'pow': _d_pow,
    'tanh': _d_tanh,
    'exp': _d_exp,
    'relu': _d_relu,
}


class Value:
    def __init__(self, data, _children=(), _op='', _arg=None):
        self.data = data
        self.grad = 0
        self._prev = list(_children)
        self._op = _op
        self._arg = _arg

    def _backward(self):
        if not self._op:
            return
        for parent, local in zip(self._prev, LOCAL_GRADS[self._op](self)):
            parent.grad += local * self.grad

    @classmethod
    def wrap(cls, x):
        if isinstance(x, cls):
            return x
        return cls(x)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, (self, other), '+')

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, (self, other), '*')

    def __pow__(self, k):
        return Value(self.data ** k, (self,), 'pow', _arg=k)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), 'relu')

    def backward(self):
        # Kahn: count how many consumers each node has, then release a node
        # once all of its consumers have pushed their gradient into it
        pending = {}
        queue = deque([self])
        seen = {id(self)}
        while queue:
            v = queue.popleft()
            for p in v._prev:
                pending[id(p)] = pending.get(id(p), 0) + 1
                if id(p) not in seen:
                    seen.add(id(p))
                    queue.append(p)
        self.grad = 1
        ready = deque([self])
        while ready:
            v = ready.popleft()
            v._backward()
            for p in v._prev:
                pending[id(p)] -= 1
                if pending[id(p)] == 0:
                    ready.append(p)

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return (-self) + other
    def __truediv__(self, other): return self * Value.wrap(other) ** -1
    def __rtruediv__(self, other): return Value.wrap(other) * self ** -1

    def __repr__(self):
        return 'Value(%r, grad=%r)' % (self.data, self.grad)
