import math


class _Rule:
    """How one kind of node sends its gradient to its inputs."""

    name = "?"

    def grads(self, node):
        """d node / d input, one number per input."""
        return ()


class _Leaf(_Rule):
    name = "leaf"


class _Sum(_Rule):
    name = "+"

    def grads(self, node):
        return (1.0, 1.0)


class _Product(_Rule):
    name = "*"

    def grads(self, node):
        a, b = node.ins
        return (b.data, a.data)


class _Power(_Rule):
    name = "pow"

    def __init__(self, n):
        self.n = n

    def grads(self, node):
        (a,) = node.ins
        return (self.n * a.data ** (self.n - 1),)


class _Exp(_Rule):
    name = "exp"

    def grads(self, node):
        return (node.data,)


class _Log(_Rule):
    name = "log"

    def grads(self, node):
        return (1.0 / node.ins[0].data,)


class _Tanh(_Rule):
    name = "tanh"

    def grads(self, node):
        return (1.0 - node.data ** 2,)


class _Relu(_Rule):
    name = "relu"

    def grads(self, node):
        return (float(node.ins[0].data > 0),)


LEAF = _Leaf()


class Value:
    def __init__(self, data, ins=(), rule=LEAF):
        self.data = data
        self.grad = 0.0
        self.ins = ins
        self.rule = rule

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"

    @staticmethod
    def _as(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        o = Value._as(other)
        return Value(self.data + o.data, (self, o), _Sum())

    def __mul__(self, other):
        o = Value._as(other)
        return Value(self.data * o.data, (self, o), _Product())

    def __pow__(self, n):
        return Value(self.data ** n, (self,), _Power(n))

    def exp(self):
        return Value(math.exp(self.data), (self,), _Exp())

    def log(self):
        return Value(math.log(self.data), (self,), _Log())

    def tanh(self):
        return Value(math.tanh(self.data), (self,), _Tanh())

    def relu(self):
        return Value(self.data * (self.data > 0), (self,), _Relu())

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value._as(other))

    def __rsub__(self, other):
        return Value._as(other) - self

    def __truediv__(self, other):
        return self * Value._as(other) ** -1

    def __rtruediv__(self, other):
        return Value._as(other) * self ** -1

    def backward(self):
        # post-order with an explicit stack of (node, next input index)
        topo, seen = [], {self}
        stack = [(self, 0)]
        while stack:
            v, i = stack.pop()
            if i < len(v.ins):
                stack.append((v, i + 1))
                p = v.ins[i]
                if p not in seen:
                    seen.add(p)
                    stack.append((p, 0))
            else:
                topo.append(v)
        self.grad = 1.0
        for v in reversed(topo):
            for p, d in zip(v.ins, v.rule.grads(v)):
                p.grad += d * v.grad
