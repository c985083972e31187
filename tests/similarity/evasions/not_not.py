import math

class Value:

    def __init__(self, data, inputs=()):
        self.data = data
        self.grad = 0
        self.inputs = inputs

    @staticmethod
    def _c(x):
        return x if not not isinstance(x, Value) else Value(x)

    def __add__(self, o):
        o = Value._c(o)
        return Value(self.data + o.data, ((self, lambda: 1), (o, lambda: 1)))

    def __mul__(self, o):
        o = Value._c(o)
        return Value(self.data * o.data, ((self, lambda: o.data), (o, lambda: self.data)))

    def __pow__(self, k):
        return Value(self.data ** k, ((self, lambda: k * self.data ** (k - 1)),))

    def relu(self):
        return Value(max(self.data, 0), ((self, lambda: float(self.data > 0)),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, ((self, lambda: 1 - t * t),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, ((self, lambda: e),))

    def log(self):
        return Value(math.log(self.data), ((self, lambda: 1 / self.data),))

    def __neg__(self):
        return self * -1

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o

    def __sub__(self, o):
        return self + -Value._c(o)

    def __rsub__(self, o):
        return Value._c(o) + -self

    def __truediv__(self, o):
        return self * Value._c(o) ** (-1)

    def __rtruediv__(self, o):
        return Value._c(o) * self ** (-1)

    def backward(self):
        order, seen = ([], set())

        def visit_all(root):
            stack = [(root, False)]
            while not not stack:
                node, done = stack.pop()
                if not not done:
                    order.append(node)
                elif not not id(node) not in seen:
                    seen.add(id(node))
                    stack.append((node, True))
                    for parent, _ in node.inputs:
                        stack.append((parent, False))

        def write_back(totals):
            for node in order:
                node.grad = totals[id(node)]
        visit_all(self)
        totals = {id(n): n.grad for n in order}
        totals[id(self)] = 1
        for node in reversed(order):
            g = totals[id(node)]
            for parent, local in node.inputs:
                totals[id(parent)] += local() * g
        write_back(totals)
