import math


class Value:
    """Scalar node; `ins` are the inputs and `fns` the matching gradient
    maps (my grad -> what that input gets)."""

    def __init__(self, x, ins=(), fns=(), tag=""):
        self.data = x
        self.grad = 0
        self.ins = list(ins)
        self.fns = list(fns)
        self.tag = tag

    # derived ops first
    def __rtruediv__(self, num):
        return self ** -1 * num

    def __truediv__(self, den):
        return den ** -1 * self

    def __sub__(self, b):
        return self + b * -1

    def __neg__(self):
        return -1 * self

    def __rmul__(self, a):
        return self * a

    def __radd__(self, a):
        return self + a

    def log(self):
        v = self.data

        def f(g):
            return g / v

        return Value(math.log(v), [self], [f], "log")

    def tanh(self):
        y = math.tanh(self.data)

        def f(g):
            return (1 - y * y) * g

        return Value(y, [self], [f], "tanh")

    def relu(self):
        positive = self.data > 0

        def f(g):
            return g if positive else 0

        return Value(self.data if positive else 0, [self], [f], "relu")

    def __pow__(self, p):
        v = self.data

        def f(g):
            return p * v ** (p - 1) * g

        return Value(v ** p, [self], [f], "**%s" % p)

    def __mul__(self, b):
        if not isinstance(b, Value):
            b = Value(b)
        u, w = self.data, b.data
        return Value(u * w, [self, b], [lambda g: w * g, lambda g: u * g], "*")

    def __add__(self, b):
        if not isinstance(b, Value):
            b = Value(b)
        same = lambda g: g
        return Value(self.data + b.data, [self, b], [same, same], "+")

    def backward(self):
        # iterative depth-first post-order instead of a recursive helper
        order, marked, stack = [], set(), [(self, False)]
        while stack:
            node, finished = stack.pop()
            if finished:
                order.append(node)
            elif node not in marked:
                marked.add(node)
                stack.append((node, True))
                stack.extend((i, False) for i in node.ins)
        self.grad = 1
        for node in order[::-1]:
            for i, f in zip(node.ins, node.fns):
                i.grad += f(node.grad)

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
