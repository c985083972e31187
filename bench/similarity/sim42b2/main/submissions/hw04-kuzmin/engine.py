import math

# Кузьмин, ДЗ 4. Локальные производные -- отдельная таблица функций, узел хранит только имя операции.
DERIV = {
    "+": lambda xs, y, c: (1.0, 1.0),
    "*": lambda xs, y, c: (xs[1], xs[0]),
    "pow": lambda xs, y, c: (c * xs[0] ** (c - 1),),
    "relu": lambda xs, y, c: (1.0 if xs[0] > 0 else 0.0,),
    "tanh": lambda xs, y, c: (1 - y * y,),
    "exp": lambda xs, y, c: (y,),
    "log": lambda xs, y, c: (1 / xs[0],),
}


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


def node(data, inputs, op, const=None):
    v = Value(data, tuple(inputs), op)
    v._const = const
    return v


def consumers(root):
    """Для каждого узла под root: сколько раз он вход у других узлов."""
    count, todo = {root: 0}, [root]
    while todo:
        v = todo.pop()
        for u in v._inputs:
            if u not in count:
                count[u] = 0
                todo.append(u)
            count[u] += 1
    return count


class Value:
    def __init__(self, data, _inputs=(), _op=""):
        self.data = data
        self.grad = 0
        self._inputs = _inputs
        self._op = _op
        self._const = None

    _prev = property(lambda self: tuple(dict.fromkeys(self._inputs)))

    def __add__(self, other):
        other = as_value(other)
        return node(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = as_value(other)
        return node(self.data * other.data, (self, other), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "только числовые степени"
        return node(self.data ** k, (self,), "pow", k)

    def relu(self):
        return node(max(self.data, 0.0), (self,), "relu")

    def tanh(self):
        return node(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return node(math.exp(self.data), (self,), "exp")

    def log(self):
        return node(math.log(self.data), (self,), "log")

    __radd__ = __add__
    __rmul__ = __mul__
    __neg__ = lambda self: self * -1
    __sub__ = lambda self, other: self + (-as_value(other))
    __rsub__ = lambda self, other: as_value(other) + (-self)
    __truediv__ = lambda self, other: self * as_value(other) ** -1
    __rtruediv__ = lambda self, other: as_value(other) * self ** -1

    def backward(self):
        left = consumers(self)
        self.grad = 1
        queue = [self]
        while queue:
            v = queue.pop()
            if not v._inputs:
                continue
            xs = [u.data for u in v._inputs]
            for u, d in zip(v._inputs, DERIV[v._op](xs, v.data, v._const)):
                u.grad += d * v.grad
                left[u] -= 1
                if left[u] == 0:
                    queue.append(u)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
