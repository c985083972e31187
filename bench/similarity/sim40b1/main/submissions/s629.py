import math
import sys

sys.setrecursionlimit(100000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._bw = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        r = Value(self.data + o.data, (self, o), '+')

        def _bw():
            self.grad = self.grad + r.grad
            o.grad = o.grad + r.grad
        r._bw = _bw

        return r

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        r = Value(self.data * o.data, (self, o), '*')

        def _bw():
            self.grad = self.grad + o.data * r.grad
            o.grad = o.grad + self.data * r.grad
        r._bw = _bw

        return r

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        r = Value(self.data**o, (self,), f'**{o}')

        def _bw():
            self.grad = self.grad + (o * self.data**(o-1)) * r.grad
        r._bw = _bw

        return r

    def __neg__(self):
        return self * -1

    def relu(self):
        r = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _bw():
            self.grad = self.grad + (r.data > 0) * r.grad
        r._bw = _bw

        return r

    def tanh(self):
        t = math.tanh(self.data)
        r = Value(t, (self,), 'tanh')

        def _bw():
            self.grad = self.grad + (1 - t**2) * r.grad
        r._bw = _bw

        return r

    def exp(self):
        r = Value(math.exp(self.data), (self,), 'exp')

        def _bw():
            self.grad = self.grad + r.data * r.grad
        r._bw = _bw

        return r

    def log(self):
        r = Value(math.log(self.data), (self,), 'log')

        def _bw():
            self.grad = self.grad + (1 / self.data) * r.grad
        r._bw = _bw

        return r

    def backward(self):

        nodes = []
        done = set()
        def dfs(v):
            if v not in done:
                done.add(v)
                for child in v._prev:
                    dfs(child)
                nodes.append(v)
        dfs(self)

        self.grad = 1
        for v in reversed(nodes):
            v._bw()


    def __radd__(self, o): # o + self
        return self + o

    def __sub__(self, o): # self - o
        return self + (-o)

    def __rsub__(self, o): # o - self
        return o + (-self)

    def __rmul__(self, o): # o * self
        return self * o

    def __truediv__(self, o): # self / o
        return self * o**-1

    def __rtruediv__(self, o): # o / self
        return o * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
