import math
'唐杰：Value 连接 py 的运算。'

class Value:

    def backward(self):
        order = self._order()
        self.grad = 1.0
        for v in reversed(order):
            for src, d in zip(v.parents, v.partials):
                src.grad += d * v.grad

    def _order(self):
        topo, color = ([], {})
        stack = [self]
        while stack:
            v = stack[-1]
            if color.get(v) is None:
                color[v] = 'grey'
                stack.extend((s for s in v.parents if s not in color))
            else:
                stack.pop()
                if color[v] == 'grey':
                    color[v] = 'black'
                    topo.append(v)
        return topo

    def __rtruediv__(self, other):
        return self ** (-1) * other

    def __truediv__(self, other):
        return self * (other ** (-1) if isinstance(other, Value) else 1.0 / other)

    def __rsub__(self, other):
        return self * -1 + other

    def __sub__(self, other):
        return self + other * -1

    def __neg__(self):
        return self * -1

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def log(self):
        return Value._op(log, self)

    def exp(self):
        return Value._op(exp, self)

    def tanh(self):
        return Value._op(tanh, self)

    def relu(self):
        return Value._op(relu, self)

    def __pow__(self, n):
        return Value._op(power, self, more=(n,))

    def __mul__(self, other):
        return Value._op(mul, self, other)

    def __add__(self, other):
        return Value._op(add, self, other)

    @staticmethod
    def _op(fn, *args, more=()):
        nodes = [a if isinstance(a, Value) else Value(a) for a in args]
        data, local = fn(*(n.data for n in nodes), *more)
        return Value(data, tuple(nodes), local)

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def __init__(self, data, parents=(), partials=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.partials = partials

def log(x):
    return (math.log(x), (1.0 / x,))

def exp(x):
    e = math.exp(x)
    return (e, (e,))

def tanh(x):
    t = math.tanh(x)
    return (t, (1.0 - t * t,))

def relu(x):
    return (x, (1.0,)) if x > 0 else (0.0, (0.0,))

def power(x, n):
    return (x ** n, (n * x ** (n - 1),))

def mul(x, y):
    return (x * y, (y, x))

def add(x, y):
    return (x + y, (1.0, 1.0))
