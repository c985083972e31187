"""engine.py -- exercise 05, a version with op codes."""


def _grad_add(node, g):
    for o in node.operands:
        o.grad += g


def _grad_mul(node, g):
    left, right = node.operands
    left.grad += right.data * g
    right.grad += left.data * g


def _grad_relu(node, g):
    if node.data > 0:
        node.operands[0].grad += g


_RULES = {"add": _grad_add, "mul": _grad_mul, "relu": _grad_relu}


class Value:
    def __init__(self, data, operands=(), code=None):
        self.data = data
        self.grad = 0
        self.operands = operands
        self.code = code

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _binary(self, other, code, f):
        other = other if isinstance(other, Value) else Value(other)
        return Value(f(self.data, other.data), (self, other), code)

    def __add__(self, other):
        return self._binary(other, "add", lambda a, b: a + b)

    def __mul__(self, other):
        return self._binary(other, "mul", lambda a, b: a * b)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "relu")

    def backward(self):
        # post-order with an iterator per open node
        order = []
        visited = {self}
        open_nodes = [(self, iter(self.operands))]
        while open_nodes:
            node, rest = open_nodes[-1]
            for o in rest:
                if o not in visited:
                    visited.add(o)
                    open_nodes.append((o, iter(o.operands)))
                    break
            else:
                open_nodes.pop()
                order.append(node)
        self.grad = 1
        for node in reversed(order):
            if node.code:
                _RULES[node.code](node, node.grad)
