import math
import operator

# Forward operations and their partial derivatives, looked up by name.
# d/da and d/db of each binary operation, as functions of (a, b)
BINARY = {
    "add": (operator.add, lambda a, b: 1.0, lambda a, b: 1.0),
    "mul": (operator.mul, lambda a, b: b, lambda a, b: a),
}
# d/dx of each unary operation, as a function of (x, y) where y is the output
UNARY = {
    "relu": (lambda x: x if x > 0 else 0.0, lambda x, y: 1.0 if x > 0 else 0.0),
    "tanh": (math.tanh, lambda x, y: 1.0 - y * y),
    "exp": (math.exp, lambda x, y: y),
    "log": (math.log, lambda x, y: 1.0 / x),
}


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.op = op
        self.backward_fn = None

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)

    def _binary(self, other, name):
        other = other if isinstance(other, Value) else Value(other)
        forward, da, db = BINARY[name]
        out = Value(forward(self.data, other.data), (self, other), name)

        def backward_fn():
            self.grad += da(self.data, other.data) * out.grad
            other.grad += db(self.data, other.data) * out.grad

        out.backward_fn = backward_fn
        return out

    def _unary(self, name):
        forward, dx = UNARY[name]
        out = Value(forward(self.data), (self,), name)

        def backward_fn():
            self.grad += dx(self.data, out.data) * out.grad

        out.backward_fn = backward_fn
        return out

    def __add__(self, other):
        return self._binary(other, "add")

    def __mul__(self, other):
        return self._binary(other, "mul")

    def relu(self):
        return self._unary("relu")

    def tanh(self):
        return self._unary("tanh")

    def exp(self):
        return self._unary("exp")

    def log(self):
        return self._unary("log")

    def __pow__(self, k):
        out = Value(operator.pow(self.data, k), (self,), "pow")

        def backward_fn():
            self.grad += k * operator.pow(self.data, k - 1) * out.grad

        out.backward_fn = backward_fn
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other if isinstance(other, Value) else -other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * (other ** -1 if isinstance(other, Value) else 1.0 / other)

    def __rtruediv__(self, other):
        return self ** -1 * other

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
            elif node not in seen:
                seen.add(node)
                stack.append((node, True))
                stack.extend((p, False) for p in node.parents)
        self.grad = 1.0
        for node in reversed(order):
            if node.backward_fn is not None:
                node.backward_fn()
