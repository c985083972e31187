import math
import sys

sys.setrecursionlimit(100000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self.back = lambda: None
        self.src = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        z = Value(self.data + y.data, (self, y), '+')

        def back():
            self.grad += z.grad
            y.grad += z.grad
        z.back = back

        return z

    def __mul__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        z = Value(self.data * y.data, (self, y), '*')

        def back():
            self.grad += y.data * z.grad
            y.grad += self.data * z.grad
        z.back = back

        return z

    def __pow__(self, y):
        assert isinstance(y, (int, float)), "only supporting int/float powers for now"
        z = Value(self.data**y, (self,), f'**{y}')

        def back():
            self.grad += y * self.data**(y-1) * z.grad
        z.back = back

        return z

    def relu(self):
        z = Value(max(0, self.data), (self,), 'ReLU')

        def back():
            self.grad += (z.data > 0) * z.grad
        z.back = back

        return z

    def tanh(self):
        t = math.tanh(self.data)
        z = Value(t, (self,), 'tanh')

        def back():
            self.grad += (1 - t**2) * z.grad
        z.back = back

        return z

    def exp(self):
        z = Value(math.exp(self.data), (self,), 'exp')

        def back():
            self.grad += z.data * z.grad
        z.back = back

        return z

    def log(self):
        z = Value(math.log(self.data), (self,), 'log')

        def back():
            self.grad += (1 / self.data) * z.grad
        z.back = back

        return z

    def backward(self):

        seq = []
        mark = set()
        def walk(v):
            if v not in mark:
                mark.add(v)
                for child in v.src:
                    walk(child)
                seq.append(v)
        walk(self)

        self.grad = 1
        for v in seq[::-1]:
            v.back()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, y): # y + self
        return self + y

    def __sub__(self, y): # self - y
        return self + (-y)

    def __rsub__(self, y): # y - self
        return y + (-self)

    def __rmul__(self, y): # y * self
        return self * y

    def __truediv__(self, y): # self / y
        return self * y**-1

    def __rtruediv__(self, y): # y / self
        return y * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
