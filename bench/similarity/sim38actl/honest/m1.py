"""Workshop engine (closures). Each node keeps how it was made, written the way
the slides write it: a+b, a*b, tanh(a)."""
import math


class Value:
    def __init__(self, data, parents=(), label=""):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents
        self.label = label
        self.pull = lambda: None

    def __repr__(self):
        return f"<{self.label or 'leaf'} = {self.data:.4g}, d = {self.grad:.4g}>"

    @staticmethod
    def to_node(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.to_node(other)
        out = Value(self.data + other.data, (self, other), "a+b")

        def pull():
            self.grad += out.grad
            other.grad += out.grad
        out.pull = pull
        return out

    def __mul__(self, other):
        other = Value.to_node(other)
        out = Value(self.data * other.data, (self, other), "a*b")

        def pull():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out.pull = pull
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), f"a**{k}")

        def pull():
            self.grad += k * self.data ** (k - 1) * out.grad
        out.pull = pull
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu(a)")

        def pull():
            if self.data > 0:
                self.grad += out.grad
        out.pull = pull
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh(a)")

        def pull():
            self.grad += (1 - t * t) * out.grad
        out.pull = pull
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp(a)")

        def pull():
            self.grad += out.data * out.grad
        out.pull = pull
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log(a)")

        def pull():
            self.grad += out.grad / self.data
        out.pull = pull
        return out

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value.to_node(other))

    def __rsub__(self, other):
        return Value.to_node(other) + (-self)

    def __truediv__(self, other):
        return self * Value.to_node(other) ** -1

    def __rtruediv__(self, other):
        return Value.to_node(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        # depth-first with a stack of (node, children already pushed?)
        order, done, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
            elif node not in done:
                done.add(node)
                stack.append((node, True))
                stack.extend((p, False) for p in node.parents)
        self.grad = 1.0
        for node in reversed(order):
            node.pull()


if __name__ == "__main__":
    p, q = Value(1.5), Value(-0.25)
    r = (p * q + p ** 2).tanh()
    r.backward()
    print(r, p, q)
