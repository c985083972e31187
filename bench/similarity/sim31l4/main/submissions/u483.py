import math


class Value:
    """Ingrid L., engine.py for the more-ops exercise"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        if not isinstance(other, Value):
            if type(other) is bool or not isinstance(other, (int, float)):
                raise TypeError(f"a Value can not be combined with {other!r}")
            other = Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        if not isinstance(other, Value):
            if type(other) is bool or not isinstance(other, (int, float)):
                raise TypeError(f"a Value can not be combined with {other!r}")
            other = Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-1 * other)

    def __rsub__(self, other):
        return other + (-1 * self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __pow__(self, k):
        if type(k) is bool or not isinstance(k, (int, float)):
            raise TypeError("exponent has to be numeric")
        if float(k).is_integer():
            k = int(k)
        else:
            k = float(k)
        out = Value(self.data ** k, (self,), f'**{k}')

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data >= 0 else 0.0, (self,), 'relu')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - out.data * out.data) * out.grad
        out._backward = _backward
        return out

    def log(self):
        if self.data > 0:
            y = math.log(self.data)
        else:
            y = float('-inf')
        out = Value(y, (self,), 'log')

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def exp(self):
        if self.data >= 709:
            y = float('inf')
        else:
            y = math.exp(self.data)
        out = Value(y, (self,), 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    # backward in three steps
    def _topological_order(self):
        order, seen = [], set()

        def dfs(node):
            if node not in seen:
                seen.add(node)
                for child in node._prev:
                    dfs(child)
                order.append(node)
        dfs(self)
        return order

    def _clear_grads(self, nodes):
        for node in nodes:
            node.grad = 0.0

    def _propagate(self, nodes):
        self.grad = 1.0
        for node in reversed(nodes):
            node._backward()

    def backward(self):
        nodes = self._topological_order()
        self._clear_grads(nodes)
        self._propagate(nodes)
