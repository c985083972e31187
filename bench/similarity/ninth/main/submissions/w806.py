import math

class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._back = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __mul__(self, q):
        q = q if isinstance(q, Value) else Value(q)
        y = Value(self.data * q.data, (self, q), '*')

        def _back():
            self.grad = self.grad + q.data * y.grad
            q.grad = q.grad + self.data * y.grad
        y._back = _back

        return y

    def __rmul__(self, q):
        return self * q

    def __add__(self, q):
        q = q if isinstance(q, Value) else Value(q)
        y = Value(self.data + q.data, (self, q), '+')

        def _back():
            self.grad = self.grad + y.grad
            q.grad = q.grad + y.grad
        y._back = _back

        return y

    def __radd__(self, q):
        return self + q

    def __neg__(self):
        return self * -1

    def __sub__(self, q):
        return self + (-q)

    def __rsub__(self, q):
        return q + (-self)

    def __pow__(self, q):
        assert isinstance(q, (int, float)), "only supporting int/float powers for now"
        y = Value(self.data**q, (self,), f'**{q}')

        def _back():
            self.grad = self.grad + (q * self.data**(q-1)) * y.grad
        y._back = _back

        return y

    def __truediv__(self, q):
        return self * q**-1

    def __rtruediv__(self, q):
        return q * self**-1

    def exp(self):
        y = Value(math.exp(self.data), (self,), 'exp')

        def _back():
            self.grad = self.grad + y.data * y.grad
        y._back = _back

        return y

    def log(self):
        y = Value(math.log(self.data), (self,), 'log')

        def _back():
            self.grad = self.grad + (1 / self.data) * y.grad
        y._back = _back

        return y

    def tanh(self):
        y = Value(math.tanh(self.data), (self,), 'tanh')

        def _back():
            self.grad = self.grad + (1 - y.data**2) * y.grad
        y._back = _back

        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _back():
            self.grad = self.grad + (y.data > 0) * y.grad
        y._back = _back

        return y

    def backward(self):

        seq = []
        marks = set()
        def walk(n):
            if n not in marks:
                marks.add(n)
                for child in n._prev:
                    walk(child)
                seq.append(n)
        walk(self)

        self.grad = 1
        for n in reversed(seq):
            n._back()
