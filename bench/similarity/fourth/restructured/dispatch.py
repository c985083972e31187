import math


class Value:
    def __init__(self, data, _children=(), _op='', _arg=None):
        self.data = data
        self.grad = 0
        self._prev = list(_children)
        self._op = _op
        self._arg = _arg
        self._backward = lambda: None

    def __repr__(self):
        return 'Value(%r, grad=%r)' % (self.data, self.grad)

    @classmethod
    def wrap(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def __add__(self, other):
        other = Value.wrap(other)
        node = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += 1.0 * node.grad
            other.grad += 1.0 * node.grad
        node._backward = _backward
        return node

    def __mul__(self, other):
        other = Value.wrap(other)
        node = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * node.grad
            other.grad += self.data * node.grad
        node._backward = _backward
        return node

    def __pow__(self, k):
        node = Value(self.data ** k, (self,), 'pow', _arg=k)

        def _backward():
            self.grad += k * self.data ** (k - 1) * node.grad
        node._backward = _backward
        return node

    def relu(self):
        node = Value(self.data if self.data > 0 else 0, (self,), 'relu')

        def _backward():
            self.grad += (1.0 if node.data > 0 else 0.0) * node.grad
        node._backward = _backward
        return node

    def exp(self):
        node = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += node.data * node.grad
        node._backward = _backward
        return node

    def tanh(self):
        node = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - node.data * node.data) * node.grad
        node._backward = _backward
        return node

    def backward(self):
        # Kahn: count how many consumers each node has, then release a node
        # once all of its consumers have pushed their gradient into it
        consumers = {}
        frontier = [self]
        found = {id(self)}
        i = 0
        while i < len(frontier):
            v = frontier[i]
            i += 1
            for p in v._prev:
                consumers[id(p)] = consumers.get(id(p), 0) + 1
                if id(p) not in found:
                    found.add(id(p))
                    frontier.append(p)
        self.grad = 1
        ready = [self]
        while ready:
            v = ready.pop(0)
            v._backward()
            for p in v._prev:
                consumers[id(p)] -= 1
                if not consumers[id(p)]:
                    ready.append(p)

    def __neg__(self): return self * -1
    def __sub__(self, other): return self + (-other)
    def __truediv__(self, other): return self * Value.wrap(other) ** -1
    def __radd__(self, other): return self + other
    def __rsub__(self, other): return (-self) + other
    def __rmul__(self, other): return self * other
    def __rtruediv__(self, other): return Value.wrap(other) * self ** -1
