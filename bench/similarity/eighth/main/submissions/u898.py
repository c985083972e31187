# autograd engine - assignment 4
# I keep the op name in each node and do all derivatives in ONE place (backward),
# so the forward methods stay tiny.
import math


class Value:

    def __init__(self, data, kids=(), op=None, arg=None):
        self.data = data
        self.grad = 0
        self.kids = kids
        self.op = op
        self.arg = arg  # the exponent for 'pow'

    def _wrap(self, x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def __add__(self, other): return Value(self.data + self._wrap(other).data, (self, self._wrap(other)), 'add')
    def __mul__(self, other):
        other = self._wrap(other)
        return Value(self.data * other.data, (self, other), 'mul')
    def __pow__(self, n): return Value(self.data ** n, (self,), 'pow', n)
    def relu(self): return Value(self.data if self.data > 0 else 0, (self,), 'relu')
    def tanh(self): return Value(math.tanh(self.data), (self,), 'tanh')
    def exp(self): return Value(math.exp(self.data), (self,), 'exp')
    def log(self): return Value(math.log(self.data), (self,), 'log')
    def __neg__(self): return self * -1
    def __sub__(self, other): return self + (-self._wrap(other))
    def __rsub__(self, other): return self._wrap(other) + (-self)
    def __truediv__(self, other): return self * self._wrap(other) ** -1
    def __rtruediv__(self, other): return self._wrap(other) * self ** -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other

    def _push(self):
        """send my grad to my kids, according to the op that made me"""
        g = self.grad
        if self.op == 'add':
            a, b = self.kids
            a.grad += g
            b.grad += g
        elif self.op == 'mul':
            a, b = self.kids
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == 'pow':
            (a,) = self.kids
            a.grad += self.arg * a.data ** (self.arg - 1) * g
        elif self.op == 'relu':
            (a,) = self.kids
            a.grad += (self.data > 0) * g
        elif self.op == 'tanh':
            (a,) = self.kids
            a.grad += (1 - self.data ** 2) * g
        elif self.op == 'exp':
            (a,) = self.kids
            a.grad += self.data * g
        elif self.op == 'log':
            (a,) = self.kids
            a.grad += g / a.data

    def backward(self):
        order = []
        done = set()

        def visit(v):
            if v in done:
                return
            done.add(v)
            for k in v.kids:
                visit(k)
            order.append(v)

        import sys
        sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
        visit(self)
        self.grad = 1
        for v in order[::-1]:
            v._push()

    def __repr__(self):
        return 'Value(data=%s, grad=%s)' % (self.data, self.grad)
