import math


def to_node(x):
    """Wrap plain numbers into Value."""
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    """Autograd scalar."""

    def __init__(self, data, inputs=(), _kind=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._inputs = list(inputs)
        self._kind = _kind

    def __add__(self, rhs):
        rhs = to_node(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad += 1.0 * res.grad
            rhs.grad += 1.0 * res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = to_node(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad

        res._backward = _backward
        return res

    def __pow__(self, power):
        if not isinstance(power, (int, float)):
            raise TypeError("power has to be int or float")
        res = Value(self.data ** power, (self,), "pow")

        def _backward():
            self.grad += power * self.data ** (power - 1) * res.grad

        res._backward = _backward
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += res.data * res.grad

        res._backward = _backward
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += res.grad / self.data

        res._backward = _backward
        return res

    def tanh(self):
        res = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1.0 - res.data ** 2) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            self.grad += (1.0 if self.data > 0 else 0.0) * res.grad

        res._backward = _backward
        return res

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-to_node(rhs))

    def __rsub__(self, rhs):
        return to_node(rhs) + (-self)

    def __truediv__(self, rhs):
        return self * to_node(rhs) ** -1

    def __rtruediv__(self, rhs):
        return to_node(rhs) * self ** -1

    def __radd__(self, rhs):
        return self + rhs

    def __rmul__(self, rhs):
        return self * rhs

    def _sorted_nodes(self):
        ordering = []
        already = []  # identity check below

        def dfs(node):
            for old in already:
                if old is node:
                    return
            already.append(node)
            for src in node._inputs:
                dfs(src)
            ordering.append(node)

        dfs(self)
        return ordering

    def backward(self):
        ordering = self._sorted_nodes()
        self.grad = 1.0
        for node in reversed(ordering):
            node._backward()

    def __repr__(self):
        return "Value(data={}, grad={})".format(self.data, self.grad)
