"""Bruno's engine: the nodes only hold what made them; a visitor class does the backward pass.

Each node has a kind ('add', 'mul', 'pow', ...) and the BackwardVisitor has one visit_<kind> method for it.
"""
import math


class BackwardVisitor:
    """Sends a node's gradient to its inputs, one method per kind of node."""

    def visit(self, node):
        handler = getattr(self, 'visit_' + node.kind, None)
        if handler is not None:
            handler(node)

    def visit_add(self, node):
        left, right = node.inputs
        left.grad += node.grad
        right.grad += node.grad

    def visit_mul(self, node):
        left, right = node.inputs
        left.grad += right.data * node.grad
        right.grad += left.data * node.grad

    def visit_pow(self, node):
        (base,) = node.inputs
        n = node.extra
        base.grad += n * base.data ** (n - 1) * node.grad

    def visit_log(self, node):
        (arg,) = node.inputs
        arg.grad += node.grad / arg.data

    def visit_exp(self, node):
        node.inputs[0].grad += node.data * node.grad

    def visit_tanh(self, node):
        th = node.data
        node.inputs[0].grad += (1 - th * th) * node.grad

    def visit_relu(self, node):
        node.inputs[0].grad += (1.0 if node.data > 0 else 0.0) * node.grad


class Value:

    def __init__(self, data, inputs=(), kind='leaf', extra=None):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.kind = kind
        self.extra = extra

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _as_value(x):
        return x if isinstance(x, Value) else Value(x)

    # ---- building the graph ----
    def log(self):
        x = self.data
        if not x > 0:
            raise ValueError(f"cannot take the log of {x}")
        return Value(math.log(x), (self,), 'log')

    def exp(self):
        x = self.data
        if x > 700.0:
            x = 700.0
        return Value(math.exp(x), (self,), 'exp')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), 'relu')

    def __pow__(self, n):
        if type(n) not in (int, float):
            raise TypeError("the power has to be a plain number")
        return Value(self.data ** n, (self,), 'pow', n)

    def __mul__(self, other):
        other = Value._as_value(other)
        return Value(self.data * other.data, (self, other), 'mul')

    def __add__(self, other):
        other = Value._as_value(other)
        return Value(self.data + other.data, (self, other), 'add')

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    # ---- the backward pass ----
    def _order(self):
        seen, order = set(), []

        def visit_node(node):
            if node in seen:
                return
            seen.add(node)
            for parent in node.inputs:
                visit_node(parent)
            order.append(node)
        visit_node(self)
        return order

    def backward(self, grad=1.0):
        visitor = BackwardVisitor()
        self.grad = grad
        for node in reversed(self._order()):
            visitor.visit(node)
