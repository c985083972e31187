import math


class Value:
    """A scalar with a gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # TODO(nb1) add
            pass

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # TODO(nb1) mul
            pass

        out._backward = _backward
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only numbers as exponents"
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            # TODO(nb1) pow
            pass

        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            # TODO(nb1) relu
            pass

        out._backward = _backward
        return out

    # derived operations: given
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


def tanh(self):
    t = math.tanh(self.data)
    out = Value(t, (self,), "tanh")

    def _backward():
        # TODO(nb1) tanh
        pass

    out._backward = _backward
    return out


def exp(self):
    out = Value(math.exp(self.data), (self,), "exp")

    def _backward():
        # TODO(nb1) exp
        pass

    out._backward = _backward
    return out


def log(self):
    out = Value(math.log(self.data), (self,), "log")

    def _backward():
        # TODO(nb1) log
        pass

    out._backward = _backward
    return out


Value.tanh = tanh
Value.exp = exp
Value.log = log


def backward(self):
    # TODO(nb1) backward
    pass


Value.backward = backward


if __name__ == "__main__":
    a, b = Value(2.0), Value(-3.0)
    c = a * b
    c.backward()
    print(a.grad, a.data)
    x = Value(1.0)
    y = x * x
    y.backward()
    print(x.grad)
