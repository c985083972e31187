import math


class Value:
    def __init__(self, data, args=(), op="leaf", aux=None):
        self.data = data
        self.grad = 0
        self.args = args
        self.op = op
        self.aux = aux  # whatever the op needs again in backward (the exponent)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, n):
        return Value(self.data ** n, (self,), "pow", n)

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _push(self):
        """Give this node's gradient to its args, by the rule of its op."""
        g = self.grad
        if self.op == "add":
            a, b = self.args
            a.grad += g
            b.grad += g
        elif self.op == "mul":
            a, b = self.args
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == "pow":
            (a,) = self.args
            a.grad += self.aux * a.data ** (self.aux - 1) * g
        elif self.op == "relu":
            (a,) = self.args
            a.grad += (self.data > 0) * g
        elif self.op == "tanh":
            (a,) = self.args
            a.grad += (1 - self.data ** 2) * g
        elif self.op == "exp":
            (a,) = self.args
            a.grad += self.data * g

    def backward(self):
        order, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            stack.append((node, True))
            for a in node.args:
                stack.append((a, False))
        self.grad = 1
        for node in reversed(order):
            node._push()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.op})"
