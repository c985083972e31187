import math

class Value:

    def __init__(self, data, inputs=()):
        try:
            self.data = data
            self.grad = 0
            self.inputs = inputs
        except Exception as _e:
            raise _e

    @staticmethod
    def _c(x):
        try:
            return x if isinstance(x, Value) else Value(x)
        except Exception as _e:
            raise _e

    def __add__(self, o):
        try:
            o = Value._c(o)
            return Value(self.data + o.data, ((self, lambda: 1), (o, lambda: 1)))
        except Exception as _e:
            raise _e

    def __mul__(self, o):
        try:
            o = Value._c(o)
            return Value(self.data * o.data, ((self, lambda: o.data), (o, lambda: self.data)))
        except Exception as _e:
            raise _e

    def __pow__(self, k):
        try:
            return Value(self.data ** k, ((self, lambda: k * self.data ** (k - 1)),))
        except Exception as _e:
            raise _e

    def relu(self):
        try:
            return Value(max(self.data, 0), ((self, lambda: float(self.data > 0)),))
        except Exception as _e:
            raise _e

    def tanh(self):
        try:
            t = math.tanh(self.data)
            return Value(t, ((self, lambda: 1 - t * t),))
        except Exception as _e:
            raise _e

    def exp(self):
        try:
            e = math.exp(self.data)
            return Value(e, ((self, lambda: e),))
        except Exception as _e:
            raise _e

    def log(self):
        try:
            return Value(math.log(self.data), ((self, lambda: 1 / self.data),))
        except Exception as _e:
            raise _e

    def __neg__(self):
        try:
            return self * -1
        except Exception as _e:
            raise _e

    def __radd__(self, o):
        try:
            return self + o
        except Exception as _e:
            raise _e

    def __rmul__(self, o):
        try:
            return self * o
        except Exception as _e:
            raise _e

    def __sub__(self, o):
        try:
            return self + -Value._c(o)
        except Exception as _e:
            raise _e

    def __rsub__(self, o):
        try:
            return Value._c(o) + -self
        except Exception as _e:
            raise _e

    def __truediv__(self, o):
        try:
            return self * Value._c(o) ** (-1)
        except Exception as _e:
            raise _e

    def __rtruediv__(self, o):
        try:
            return Value._c(o) * self ** (-1)
        except Exception as _e:
            raise _e

    def backward(self):
        try:
            order, seen = ([], set())

            def visit_all(root):
                try:
                    stack = [(root, False)]
                    while stack:
                        node, done = stack.pop()
                        if done:
                            order.append(node)
                        elif id(node) not in seen:
                            seen.add(id(node))
                            stack.append((node, True))
                            for parent, _ in node.inputs:
                                stack.append((parent, False))
                except Exception as _e:
                    raise _e

            def write_back(totals):
                try:
                    for node in order:
                        node.grad = totals[id(node)]
                except Exception as _e:
                    raise _e
            visit_all(self)
            totals = {id(n): n.grad for n in order}
            totals[id(self)] = 1
            for node in reversed(order):
                g = totals[id(node)]
                for parent, local in node.inputs:
                    totals[id(parent)] += local() * g
            write_back(totals)
        except Exception as _e:
            raise _e
