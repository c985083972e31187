import math


class Context:
    def __init__(self):
        self.saved = ()

    def save(self, *values):
        self.saved = values


class Function:
    """One differentiable operation: forward on floats, backward gives one gradient per input."""

    @classmethod
    def apply(cls, *inputs, **consts):
        inputs = tuple(i if isinstance(i, Value) else Value(i) for i in inputs)
        ctx = Context()
        result = Value(cls.forward(ctx, *(i.data for i in inputs), **consts), inputs, cls.__name__)
        result._fn = (cls, ctx)
        return result


class Add(Function):
    @staticmethod
    def forward(ctx, a, b):
        return a + b

    @staticmethod
    def backward(ctx, g):
        return g, g


class Sub(Function):
    @staticmethod
    def forward(ctx, a, b):
        return a - b

    @staticmethod
    def backward(ctx, g):
        return g, -g


class Mul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save(a, b)
        return a * b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved
        return b * g, a * g


class Div(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save(a, b)
        return a / b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved
        return g / b, -g * a / b ** 2


class Pow(Function):
    @staticmethod
    def forward(ctx, a, k=1):
        ctx.save(a, k)
        return a ** k

    @staticmethod
    def backward(ctx, g):
        a, k = ctx.saved
        return (k * a ** (k - 1) * g,)


class Tanh(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save(math.tanh(a))
        return ctx.saved[0]

    @staticmethod
    def backward(ctx, g):
        (t,) = ctx.saved
        return ((1 - t ** 2) * g,)


class Exp(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save(a)
        return math.exp(a)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved
        return (math.exp(a) * g,)


class Log(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save(a)
        return math.log(a)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved
        return (a ** -1 * g,)


class Relu(Function):
    @staticmethod
    def forward(ctx, a):
        ctx.save(a)
        return max(0.0, a)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved
        return (g if a > 0 else 0.0,)


class Value:
    def __init__(self, data, parents=(), name=""):
        self.data = float(data)
        self.grad = 0.0
        self._prev = parents
        self._op = name
        self._fn = None

    def __add__(self, other): return Add.apply(self, other)
    def __radd__(self, other): return Add.apply(other, self)
    def __sub__(self, other): return Sub.apply(self, other)
    def __rsub__(self, other): return Sub.apply(other, self)
    def __mul__(self, other): return Mul.apply(self, other)
    def __rmul__(self, other): return Mul.apply(other, self)
    def __truediv__(self, other): return Div.apply(self, other)
    def __rtruediv__(self, other): return Div.apply(other, self)
    def __neg__(self): return Mul.apply(-1.0, self)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "power: the exponent is a constant"
        return Pow.apply(self, k=k)

    def tanh(self): return Tanh.apply(self)
    def exp(self): return Exp.apply(self)
    def log(self): return Log.apply(self)
    def relu(self): return Relu.apply(self)

    def backward(self):
        order, done = [], set()
        pending = [(self, False)]
        while pending:
            v, expanded = pending.pop()
            if expanded:
                order.append(v)
            elif v not in done:
                done.add(v)
                pending.append((v, True))
                pending.extend((p, False) for p in v._prev)
        self.grad = 1.0
        for v in reversed(order):
            if v._fn is not None:
                fn, ctx = v._fn
                for p, g in zip(v._prev, fn.backward(ctx, v.grad)):
                    p.grad += g

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self._op!r})"
