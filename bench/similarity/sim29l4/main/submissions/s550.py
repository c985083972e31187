import math

# Таблица одноместных операций: имя -> (функция, производная через вход x и выход y)
UNARY = {
    "exp": (math.exp, lambda x, y: y),
    "log": (math.log, lambda x, y: 1.0 / x),
    "tanh": (math.tanh, lambda x, y: 1.0 - y * y),
    "ReLU": (lambda x: x if x > 0 else 0, lambda x, y: 1.0 if x > 0 else 0.0),
}


class Value:
    """Скаляр и его градиент."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def _unary(self, name):
        f, df = UNARY[name]
        out = Value(f(self.data), (self,), name)

        def _backward():
            self.grad += df(self.data, out.data) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        return self._unary("exp")

    def log(self):
        return self._unary("log")

    def tanh(self):
        return self._unary("tanh")

    def relu(self):
        return self._unary("ReLU")

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        # степень только постоянная
        assert isinstance(k, (int, float))
        out = Value(self.data ** k, (self,), "**%s" % k)

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        # топологический порядок, итеративно
        topo, seen, stack = [], set(), [(self, 0)]
        while stack:
            v, done = stack.pop()
            if done:
                topo.append(v)
                continue
            if v in seen:
                continue
            seen.add(v)
            stack.append((v, 1))
            for c in v._prev:
                stack.append((c, 0))
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
