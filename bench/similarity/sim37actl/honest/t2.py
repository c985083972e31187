# lab 2 -- reverse mode with a global list of records instead of closures
# every op writes (result, [(input, d result / d input), ...]) when it runs,
# so the list is in topological order already
import math

RECORDS = []


def lift(x):
    if isinstance(x, Value):
        return x
    return Value(x)


def emit(result, pairs):
    RECORDS.append((result, pairs))
    result._prev = set(inp for inp, _ in pairs)
    return result


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return 'Value(%r, grad=%r)' % (self.data, self.grad)

    def __add__(self, other):
        other = lift(other)
        return emit(Value(self.data + other.data, _op='+'), [(self, 1), (other, 1)])

    def __mul__(self, other):
        other = lift(other)
        return emit(Value(self.data * other.data, _op='*'), [(self, other.data), (other, self.data)])

    def __pow__(self, n):
        if not isinstance(n, (int, float)):
            raise TypeError('exponent must be a number')
        return emit(Value(self.data ** n, _op=f'**{n}'), [(self, n * self.data ** (n - 1))])

    def relu(self):
        positive = self.data > 0
        return emit(Value(self.data if positive else 0, _op='ReLU'), [(self, 1 if positive else 0)])

    def tanh(self):
        out = Value(math.tanh(self.data), _op='tanh')
        return emit(out, [(self, 1 - out.data ** 2)])

    def exp(self):
        out = Value(math.exp(self.data), _op='exp')
        return emit(out, [(self, out.data)])

    def log(self):
        return emit(Value(math.log(self.data), _op='log'), [(self, 1 / self.data)])

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

    def backward(self):
        wanted = set()
        todo = [self]
        while todo:
            v = todo.pop()
            if v not in wanted:
                wanted.add(v)
                todo.extend(v._prev)
        self.grad = 1
        for result, pairs in reversed(RECORDS):
            if result in wanted:
                for inp, local in pairs:
                    inp.grad += local * result.grad


if __name__ == '__main__':
    # compare with central differences
    h = 1e-6
    a = Value(1.7)
    out = (a ** 3 - a).log()
    out.backward()
    g = lambda t: math.log(t ** 3 - t)
    est = (g(1.7 + h) - g(1.7 - h)) / (2 * h)
    assert abs(a.grad - est) < 1e-4, (a.grad, est)
    print('ok', a.grad)
