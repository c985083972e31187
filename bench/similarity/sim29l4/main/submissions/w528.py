import math


class Op:
    """Like torch.autograd.Function: forward computes, backward returns the input gradients."""

    def __call__(self, *args):
        args = [a if isinstance(a, Value) else Value(a) for a in args]
        self.inputs = args
        out = Value(self.forward(*[a.data for a in args]), tuple(args), type(self).__name__.lower())
        out._creator = self
        return out


class Add(Op):
    def forward(self, x, y):
        return x + y

    def backward(self, grad):
        return [grad, grad]


class Mul(Op):
    def forward(self, x, y):
        self.x, self.y = x, y
        return x * y

    def backward(self, grad):
        return [grad * self.y, grad * self.x]


class Pow(Op):
    def __init__(self, k):
        self.k = k

    def forward(self, x):
        self.x = x
        return x ** self.k

    def backward(self, grad):
        return [grad * self.k * self.x ** (self.k - 1)]


class Exp(Op):
    def forward(self, x):
        self.y = math.exp(x)
        return self.y

    def backward(self, grad):
        return [grad * self.y]


class Log(Op):
    def forward(self, x):
        self.x = x
        return math.log(x)

    def backward(self, grad):
        return [grad / self.x]


class Tanh(Op):
    def forward(self, x):
        self.y = math.tanh(x)
        return self.y

    def backward(self, grad):
        return [grad * (1 - self.y ** 2)]


class ReLU(Op):
    def forward(self, x):
        self.x = x
        return x if x > 0 else 0.0

    def backward(self, grad):
        return [grad if self.x > 0 else 0.0]


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = _children
        self._op = _op
        self._creator = None

    def __add__(self, other):
        return Add()(self, other)

    def __mul__(self, other):
        return Mul()(self, other)

    def __pow__(self, k):
        return Pow(k)(self)

    def exp(self):
        return Exp()(self)

    def log(self):
        return Log()(self)

    def tanh(self):
        return Tanh()(self)

    def relu(self):
        return ReLU()(self)

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
        topo, seen = [], set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for c in v._prev:
                    visit(c)
                topo.append(v)
        visit(self)
        self.grad = 1.0
        for v in reversed(topo):
            if v._creator:
                for inp, g in zip(v._creator.inputs, v._creator.backward(v.grad)):
                    inp.grad += g

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
