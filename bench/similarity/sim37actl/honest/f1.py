"""Lab 2 engine written as plain functions over nodes; the Value class at the
bottom only forwards Python's operators to them."""
import math


def node(data, parents=(), grads=(), op=''):
    v = Value(data, parents, op)
    v._local = list(grads)
    return v


def as_node(x):
    return x if isinstance(x, Value) else Value(x)


def add(a, b):
    return node(a.data + b.data, (a, b), (1.0, 1.0), '+')


def mul(a, b):
    return node(a.data * b.data, (a, b), (b.data, a.data), '*')


def power(a, k):
    return node(a.data ** k, (a,), (k * a.data ** (k - 1),), f'**{k}')


def unary(a, value, slope, op):
    return node(value, (a,), (slope,), op)


def topo_order(root):
    out, seen, stack = [], set(), [(root, 0)]
    while stack:
        v, i = stack.pop()
        if i == 0:
            if v in seen:
                continue
            seen.add(v)
        if i < len(v._parents):
            stack.append((v, i + 1))
            stack.append((v._parents[i], 0))
        else:
            out.append(v)
    return out


def backprop(root):
    root.grad = 1.0
    for v in reversed(topo_order(root)):
        for p, g in zip(v._parents, v._local):
            p.grad += g * v.grad


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._parents = list(_children)
        self._prev = set(_children)
        self._op = _op
        self._local = []

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        return add(self, as_node(other))

    def __mul__(self, other):
        return mul(self, as_node(other))

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only supporting int/float powers for now"
        return power(self, k)

    def relu(self):
        return unary(self, max(0.0, self.data), 1.0 if self.data > 0 else 0.0, 'ReLU')

    def tanh(self):
        t = math.tanh(self.data)
        return unary(self, t, 1 - t ** 2, 'tanh')

    def exp(self):
        e = math.exp(self.data)
        return unary(self, e, e, 'exp')

    def log(self):
        return unary(self, math.log(self.data), 1 / self.data, 'log')

    def backward(self):
        backprop(self)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1


if __name__ == '__main__':
    x, w = Value(0.7), Value(2.5)
    y = (x * w).tanh() - (x / w).exp()
    y.backward()
    print(y, x.grad, w.grad)
