import math


class Value:
    def __init__(self, data, parents=(), slopes=(), op=""):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.slopes = slopes
        self.op = op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), (1.0, 1.0), "add")
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), (other.data, self.data), "mul")
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), (k * self.data ** (k - 1),), "pow")
        return out

    def relu(self):
        out = Value(max(self.data, 0.0), (self,), (float(self.data > 0),), "relu")
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), (1.0 - math.tanh(self.data) ** 2,), "tanh")
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), (math.exp(self.data),), "exp")
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), (1.0 / self.data,), "log")
        return out

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

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
            for parent, slope in zip(node.parents, node.slopes):
                parent.grad += slope * node.grad
