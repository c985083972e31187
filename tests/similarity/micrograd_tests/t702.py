import math


class Value:
    """A scalar that remembers how it was made, so backward() can hand out gradients (Tomasz's engine)."""

    def __init__(self, data, _children=(), _op=""):
        self.data = float(data)
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"

    @staticmethod
    def _wrap(other):
        return other if isinstance(other, Value) else Value(other)

    def __add__(self, other):
        other = Value._wrap(other)
        result = Value(self.data + other.data, (self, other), "+")

        def push():
            self.grad += result.grad
            other.grad += result.grad
        result._backward = push
        return result

    def __mul__(self, other):
        other = Value._wrap(other)
        result = Value(self.data * other.data, (self, other), "*")

        def push():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad
        result._backward = push
        return result

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant powers"
        result = Value(self.data ** k, (self,), f"**{k}")

        def push():
            self.grad += k * self.data ** (k - 1) * result.grad
        result._backward = push
        return result

    def relu(self):
        result = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def push():
            self.grad += (result.data > 0) * result.grad
        result._backward = push
        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, (self,), "tanh")

        def push():
            self.grad += (1 - t * t) * result.grad
        result._backward = push
        return result

    def backward(self):
        order, done = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
            elif node not in done:
                done.add(node)
                stack.append((node, True))
                stack.extend((child, False) for child in node._prev)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1


if __name__ == "__main__":
    # a demo: micrograd's README example, which should print 24.7041, 138.8338 and 645.5773
    a = Value(-4.0)
    b = Value(2.0)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    print(f"{g.data:.4f}")
    g.backward()
    print(f"{a.grad:.4f}")
    print(f"{b.grad:.4f}")
    # and micrograd's sanity check: -20.0 and 46.0
    x = Value(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    print(y.data, x.grad)
