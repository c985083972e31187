import math
from collections import defaultdict


def as_node(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, _children=(), _op='', _arg=None):
        self.data = data
        self.grad = 0
        self._op = _op
        self._arg = _arg
        self._prev = list(_children)

    def __repr__(self):
        return f'Value({self.data!r}, grad={self.grad!r})'

    def local_grads(self):
        # derivative of this node with respect to each input, same order as _prev
        op = self._op
        if op == '+':
            return [1.0, 1.0]
        if op == '*':
            left, right = self._prev
            return [right.data, left.data]
        if op == 'pow':
            (base,) = self._prev
            return [self._arg * base.data ** (self._arg - 1)]
        if op == 'tanh':
            return [1 - self.data ** 2]
        if op == 'exp':
            return [self.data]
        if op == 'relu':
            return [float(self.data > 0)]
        return []

    def _backward(self):
        if self._op:
            grads = self.local_grads()
            for i in range(len(self._prev)):
                self._prev[i].grad += self.grad * grads[i]

    def __add__(self, other):
        other = as_node(other)
        return Value(other.data + self.data, (self, other), '+')

    def __mul__(self, other):
        other = as_node(other)
        return Value(other.data * self.data, (self, other), '*')

    def __pow__(self, k):
        return Value(self.data ** k, (self,), 'pow', _arg=k)

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(0 if self.data <= 0 else self.data, (self,), 'relu')

    __radd__ = lambda self, other: self + other
    __rmul__ = lambda self, other: self * other
    __neg__ = lambda self: self * -1
    __sub__ = lambda self, other: self + -other
    __rsub__ = lambda self, other: other + -self
    __truediv__ = lambda self, other: self * as_node(other) ** -1
    __rtruediv__ = lambda self, other: as_node(other) * self ** -1

    def backward(self):
        # count the consumers of every node first (Kahn), then hand each node
        # its gradient only when every consumer is done with it
        consumers = defaultdict(int)
        found = {id(self)}
        todo = [self]
        head = 0
        while head < len(todo):
            node = todo[head]
            head += 1
            for parent in node._prev:
                consumers[id(parent)] += 1
                if id(parent) in found:
                    continue
                found.add(id(parent))
                todo.append(parent)
        self.grad = 1
        ready = [self]
        head = 0
        while head < len(ready):
            node = ready[head]
            head += 1
            node._backward()
            for parent in node._prev:
                consumers[id(parent)] -= 1
                if not consumers[id(parent)]:
                    ready.append(parent)
