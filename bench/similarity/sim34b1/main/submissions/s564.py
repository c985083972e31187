import math


class Value:
    # every node stores a function giving its local derivatives; one method applies them (accumulating)

    def __init__(self, data, _children=(), _op='', _derivs=None):
        self.data = data
        self.grad = 0.0
        self._op = _op
        self._args = tuple(_children)
        self._prev = tuple(dict.fromkeys(_children))
        self._derivs = _derivs
        if _derivs:
            self._backward = self._run
        else:
            self._backward = lambda: None

    def _run(self):
        for arg, slope in zip(self._args, self._derivs()):
            arg.grad = arg.grad + slope * self.grad

    @classmethod
    def lift(cls, v):
        if isinstance(v, cls):
            return v
        return cls(v)

    def __repr__(self):
        return 'Value(data=%.4g, grad=%.4g)' % (self.data, self.grad)

    def __pow__(self, e):
        return Value(self.data ** e, (self,), '**' + str(e), lambda: (e * self.data ** (e - 1),))

    def exp(self):
        ex = math.exp(self.data)
        return Value(ex, (self,), 'exp', lambda: (ex,))

    def relu(self):
        return Value(max(self.data, 0), (self,), 'ReLU', lambda: (float(self.data > 0),))

    def __mul__(self, rhs):
        rhs = Value.lift(rhs)
        return Value(self.data * rhs.data, (self, rhs), '*', lambda: (rhs.data, self.data))

    def __add__(self, rhs):
        rhs = Value.lift(rhs)
        return Value(self.data + rhs.data, (self, rhs), '+', lambda: (1.0, 1.0))

    def __sub__(self, rhs):
        return self + (-rhs)

    def __neg__(self):
        return -1 * self

    def __rmul__(self, lhs):
        return self * lhs

    def __radd__(self, lhs):
        return self + lhs
