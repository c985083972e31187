"""Lab 2: each operation is its own class with forward and backward, the way
PyTorch's autograd.Function works. Value only builds the graph."""
import math
import random


class Function:
    def __call__(self, *args):
        args = [a if isinstance(a, Value) else Value(a) for a in args]
        out = Value(self.forward(*[a.data for a in args]), tuple(args), self.label)
        out._fn, out._args = self, args
        return out


class Add(Function):
    label = '+'

    def forward(self, a, b):
        return a + b

    def backward(self, out, a, b):
        return out.grad, out.grad


class Mul(Function):
    label = '*'

    def forward(self, a, b):
        self.a, self.b = a, b
        return a * b

    def backward(self, out, a, b):
        return self.b * out.grad, self.a * out.grad


class Pow(Function):
    def __init__(self, k):
        assert isinstance(k, (int, float)), "only supporting int/float powers for now"
        self.k = k
        self.label = f'**{k}'

    def forward(self, a):
        self.a = a
        return a ** self.k

    def backward(self, out, a):
        return (self.k * self.a ** (self.k - 1) * out.grad,)


class ReLU(Function):
    label = 'ReLU'

    def forward(self, a):
        return 0 if a < 0 else a

    def backward(self, out, a):
        return ((out.data > 0) * out.grad,)


class Tanh(Function):
    label = 'tanh'

    def forward(self, a):
        return math.tanh(a)

    def backward(self, out, a):
        return ((1 - out.data ** 2) * out.grad,)


class Exp(Function):
    label = 'exp'

    def forward(self, a):
        return math.exp(a)

    def backward(self, out, a):
        return (out.data * out.grad,)


class Log(Function):
    label = 'log'

    def forward(self, a):
        self.a = a
        return math.log(a)

    def backward(self, out, a):
        return (out.grad / self.a,)


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
        self._op = _op
        self._fn = None
        self._args = ()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other): return Add()(self, other)
    def __mul__(self, other): return Mul()(self, other)
    def __pow__(self, k): return Pow(k)(self)
    def relu(self): return ReLU()(self)
    def tanh(self): return Tanh()(self)
    def exp(self): return Exp()(self)
    def log(self): return Log()(self)
    def __neg__(self): return self * -1
    def __sub__(self, other): return self + (-other)
    def __truediv__(self, other): return self * other ** -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other
    def __rsub__(self, other): return other + (-self)
    def __rtruediv__(self, other): return other * self ** -1

    def backward(self):
        topo, seen = [], set()
        stack = [(self, iter(self._prev))]
        seen.add(self)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                topo.append(node)
            elif child not in seen:
                seen.add(child)
                stack.append((child, iter(child._prev)))
        self.grad = 1.0
        for node in reversed(topo):
            if node._fn is not None:
                for arg, g in zip(node._args, node._fn.backward(node, *[a.data for a in node._args])):
                    arg.grad += g


if __name__ == '__main__':
    random.seed(42)
    xs = [Value(random.uniform(-1, 1)) for _ in range(3)]
    y = (xs[0] * xs[1] + xs[2].exp()).tanh()
    y.backward()
    print(y, [x.grad for x in xs])
    eps = 1e-5
    print('step check', eps)
