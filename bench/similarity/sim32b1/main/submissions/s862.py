# exercise 4 -- engine
import math

_made = [0]  # how many nodes exist so far; a node's number orders it after its inputs


def _stamp():
    _made[0] += 1
    return _made[0]


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0
        self.stamp = _stamp()
        # edges: (input, function giving d(self)/d(input)), evaluated when grads flow back
        self.edges = list(edges)
        self.op = op

    def __repr__(self):
        return "Value(#%d, data=%s, grad=%s)" % (self.stamp, self.data, self.grad)

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data,
                     [(self, lambda: other.data), (other, lambda: self.data)], "*")

    def __rmul__(self, other):
        return self * other

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, [(self, lambda: 1), (other, lambda: 1)], "+")

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only int/float powers"
        return Value(self.data ** k, [(self, lambda: k * self.data ** (k - 1))], "**")

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def relu(self):
        return Value(max(0, self.data), [(self, lambda: 1 if self.data > 0 else 0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, lambda: 1 - t * t)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, lambda: e)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, lambda: 1 / self.data)], "log")

    def _reachable(self):
        found, todo = {}, [self]
        while todo:
            n = todo.pop()
            if n.stamp in found:
                continue
            found[n.stamp] = n
            todo += [src for src, _ in n.edges]
        return found

    def zero_grad(self):
        for n in self._reachable().values():
            n.grad = 0

    def backward(self):
        nodes = self._reachable()
        self.grad = 1
        for stamp in sorted(nodes)[::-1]:  # the newest node first
            n = nodes[stamp]
            for src, local in n.edges:
                src.grad += local() * n.grad
