# Project 1 -- Jonas Keller
# One small class per operation (like torch.autograd.Function): forward computes the value,
# backward turns the output's gradient into one gradient per input.
import math


class Op:
    @staticmethod
    def forward(*xs):
        raise NotImplementedError

    @staticmethod
    def backward(g, out, *xs):
        raise NotImplementedError


class Add(Op):
    forward = staticmethod(lambda x, y: x + y)
    backward = staticmethod(lambda g, out, x, y: (g, g))


class Mul(Op):
    forward = staticmethod(lambda x, y: x * y)
    backward = staticmethod(lambda g, out, x, y: (g * y, g * x))


class Relu(Op):
    forward = staticmethod(lambda x: max(x, 0.0))
    backward = staticmethod(lambda g, out, x: (g if x > 0 else 0.0,))


class Tanh(Op):
    forward = staticmethod(math.tanh)
    backward = staticmethod(lambda g, out, x: (g * (1 - out * out),))


class Exp(Op):
    forward = staticmethod(math.exp)
    backward = staticmethod(lambda g, out, x: (g * out,))


class Log(Op):
    forward = staticmethod(math.log)
    backward = staticmethod(lambda g, out, x: (g / x,))


class Value:
    def __init__(self, data, fn=None, inputs=()):
        self.data = data
        self.grad = 0
        self.fn = fn
        self.inputs = inputs

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def _run(self, fn, *others):
        ins = (self,) + tuple(Value.wrap(o) for o in others)
        return Value(fn.forward(*[v.data for v in ins]), fn, ins)

    def __add__(self, other):
        return self._run(Add, other)

    def __mul__(self, other):
        return self._run(Mul, other)

    def relu(self):
        return self._run(Relu)

    def tanh(self):
        return self._run(Tanh)

    def exp(self):
        return self._run(Exp)

    def log(self):
        return self._run(Log)

    def __pow__(self, n):
        out = Value(self.data ** n, None, (self,))
        out.pow_n = n
        return out

    def _input_grads(self):
        if self.fn is not None:
            return self.fn.backward(self.grad, self.data, *[v.data for v in self.inputs])
        (x,) = self.inputs
        return (self.grad * self.pow_n * x.data ** (self.pow_n - 1),)

    def backward(self):
        # Kahn: count how many times each node is used, then go from the output down
        users = {}
        stack, seen = [self], {id(self)}
        while stack:
            v = stack.pop()
            for u in v.inputs:
                users[id(u)] = users.get(id(u), 0) + 1
                if id(u) not in seen:
                    seen.add(id(u))
                    stack.append(u)
        self.grad = 1
        ready = [self]
        while ready:
            v = ready.pop()
            if not v.inputs:
                continue
            for u, g in zip(v.inputs, v._input_grads()):
                u.grad += g
                users[id(u)] -= 1
                if users[id(u)] == 0:
                    ready.append(u)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -Value.wrap(other)

    def __rsub__(self, other):
        return Value.wrap(other) + -self

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g})"
