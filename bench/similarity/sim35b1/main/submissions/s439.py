# Engine by Farid Aliyev. From scratch: I wanted the derivative formulas in one
# table at the top instead of scattered over closures.
import math

# name -> (forward, local derivatives given the inputs and the output)
UNARY = {
    "relu": (lambda x: x if x > 0 else 0.0, lambda x, y: 1.0 if y > 0 else 0.0),
    "tanh": (math.tanh, lambda x, y: 1.0 - y * y),
    "exp": (math.exp, lambda x, y: y),
    "log": (math.log, lambda x, y: 1.0 / x),
}


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g})"

    @classmethod
    def _wrap(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def _unary(self, name):
        forward, local = UNARY[name]
        out = Value(forward(self.data), (self,), name)

        def _backward():
            self.grad += local(self.data, out.data) * out.grad

        out._backward = _backward
        return out

    def relu(self):
        return self._unary("relu")

    def tanh(self):
        return self._unary("tanh")

    def exp(self):
        return self._unary("exp")

    def log(self):
        return self._unary("log")

    def __add__(self, other):
        other = Value._wrap(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = Value._wrap(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "pow")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value._wrap(other))

    def __rsub__(self, other):
        return Value._wrap(other) + (-self)

    def __truediv__(self, other):
        return self * Value._wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value._wrap(other) * self ** -1

    def backward(self):
        order = []
        visited = set()

        def dfs(v):
            visited.add(v)
            for c in v._prev:
                if c not in visited:
                    dfs(c)
            order.append(v)

        dfs(self)
        self.grad = 1.0
        for v in order[::-1]:
            v._backward()


def leaves(root):
    """The inputs of the graph under ROOT (nodes with no children)."""
    found, seen, todo = [], set(), [root]
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        if not v._prev:
            found.append(v)
        todo.extend(v._prev)
    return found
