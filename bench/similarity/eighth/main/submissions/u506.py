# Nora B. -- micro autograd, written from my lecture notes (not from the starter)
#
# Idea: every Value remembers which Values it was computed from and a function
# that, given its own gradient, distributes it to those inputs.  backward() orders
# the graph so that a node is handled only after everything that depends on it.

import math


def as_value(x):
    """Numbers become constant leaves; Values pass through unchanged."""
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, sources=(), name=""):
        self.data = data
        self.grad = 0.0
        self.sources = sources
        self.name = name
        self.send = None  # set by the op that created this node

    # ---- primitives ------------------------------------------------------------

    def __add__(self, other):
        other = as_value(other)
        res = Value(self.data + other.data, (self, other), "+")

        def send():
            self.grad += res.grad
            other.grad += res.grad

        res.send = send
        return res

    def __mul__(self, other):
        other = as_value(other)
        res = Value(self.data * other.data, (self, other), "*")

        def send():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res.send = send
        return res

    def __pow__(self, n):
        res = Value(self.data ** n, (self,), "pow")

        def send():
            self.grad += n * self.data ** (n - 1) * res.grad

        res.send = send
        return res

    def _elementwise(self, f, df, name):
        """One-input op: value f(x) and derivative df(x, f(x))."""
        y = f(self.data)
        res = Value(y, (self,), name)

        def send():
            self.grad += df(self.data, y) * res.grad

        res.send = send
        return res

    def relu(self):
        return self._elementwise(lambda x: x if x > 0 else 0.0, lambda x, y: 1.0 if x > 0 else 0.0, "relu")

    def tanh(self):
        return self._elementwise(math.tanh, lambda x, y: 1.0 - y * y, "tanh")

    def exp(self):
        return self._elementwise(math.exp, lambda x, y: y, "exp")

    def log(self):
        return self._elementwise(math.log, lambda x, y: 1.0 / x, "log")

    # ---- everything else is built from the primitives --------------------------

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-as_value(other))

    def __rsub__(self, other):
        return as_value(other) + (-self)

    def __truediv__(self, other):
        return self * as_value(other) ** -1

    def __rtruediv__(self, other):
        return as_value(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # ---- reverse pass ----------------------------------------------------------

    def backward(self):
        ordered, marked = [], set()
        # iterative depth-first search; each entry is (node, index of next source)
        path = [(self, 0)]
        marked.add(self)
        while path:
            node, i = path[-1]
            if i < len(node.sources):
                path[-1] = (node, i + 1)
                nxt = node.sources[i]
                if nxt not in marked:
                    marked.add(nxt)
                    path.append((nxt, 0))
            else:
                path.pop()
                ordered.append(node)
        self.grad = 1.0
        for node in reversed(ordered):
            if node.send is not None:
                node.send()

    def __repr__(self):
        return "Value(data=%r, grad=%r)" % (self.data, self.grad)
