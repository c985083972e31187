import math

class Value:

    def __init__(self, data, children=(), op=''):
        self.data = data
        self.grad = 0
        self.children = list(children)
        self.op = op
        self.backward_fn = None

    def __repr__(self):
        return 'Value(' + str(self.data) + ', grad=' + str(self.grad) + ')'

    # ---------- helpers
    def _unary(self, value, slope, name):
        out = Value(value, [self], name)
        def fn():
            self.grad = self.grad + slope * out.grad
        out.backward_fn = fn
        return out

    # ---------- ops
    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data + other.data, [self, other], '+')
        def fn():
            self.grad = self.grad + out.grad
            other.grad = other.grad + out.grad
        out.backward_fn = fn
        return out

    def __radd__(self, other):
        return self.__add__(other)

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data * other.data, [self, other], '*')
        def fn():
            self.grad = self.grad + other.data * out.grad
            other.grad = other.grad + self.data * out.grad
        out.backward_fn = fn
        return out

    def __rmul__(self, other):
        return self.__mul__(other)

    def __pow__(self, n):
        return self._unary(self.data ** n, n * self.data ** (n - 1), 'pow')

    def exp(self):
        return self._unary(math.exp(self.data), math.exp(self.data), 'exp')

    def log(self):
        return self._unary(math.log(self.data), 1 / self.data, 'log')

    def tanh(self):
        t = math.tanh(self.data)
        return self._unary(t, 1 - t * t, 'tanh')

    def relu(self):
        return self._unary(max(0, self.data), 1 if self.data > 0 else 0, 'relu')

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-1 * other)

    def __rsub__(self, other):
        return -1 * self + other

    def __truediv__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    # ---------- backprop
    def backward(self):
        order = []
        seen = set()
        def dfs(v):
            if v in seen:
                return
            seen.add(v)
            for c in v.children:
                dfs(c)
            order.append(v)
        dfs(self)
        self.grad = 1
        for v in order[::-1]:
            if v.backward_fn is not None:
                v.backward_fn()
