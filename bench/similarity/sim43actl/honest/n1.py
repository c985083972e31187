# Backprop engine (HW2) -- Lucas Moreau
# Each node remembers its op name and its inputs; the local derivatives are
# worked out in backward() from the op name. The walk is Kahn's algorithm on
# how many consumers each node still waits for.
import math
from collections import deque

BIG = 20.0      # past this tanh is 1 to double precision
MAX_EXP = 700.0  # math.exp overflows a little above 709
TINY = 1e-12


class Value:
    __slots__ = ("data", "grad", "op", "ins", "arg", "label")

    def __init__(self, data, op="", ins=(), arg=None, label=""):
        self.data = float(data)
        self.grad = 0.0
        self.op = op
        self.ins = tuple(ins)
        self.arg = arg
        self.label = label

    def __repr__(self):
        return f"Value({self.data}, op={self.op!r})"

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, "add", (self, other))

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, "mul", (self, other))

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "power must be a constant"
        return Value(self.data ** p, "pow", (self,), p)

    def relu(self):
        return Value(max(0.0, self.data), "relu", (self,))

    def tanh(self):
        x = self.data
        t = 1.0 if x > BIG else (-1.0 if x < -BIG else math.tanh(x))
        return Value(t, "tanh", (self,))

    def exp(self):
        return Value(math.exp(min(self.data, MAX_EXP)), "exp", (self,))

    def log(self):
        return Value(math.log(max(self.data, TINY)), "log", (self,))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __rtruediv__(self, other):
        return Value.wrap(other) / self

    def _locals(self):
        a = self.ins
        if self.op == "add":
            return (1.0, 1.0)
        if self.op == "mul":
            return (a[1].data, a[0].data)
        if self.op == "pow":
            return (self.arg * a[0].data ** (self.arg - 1),)
        if self.op == "relu":
            return (1.0 if a[0].data > 0 else 0.0,)
        if self.op == "tanh":
            return (1.0 - self.data ** 2,)
        if self.op == "exp":
            return (self.data,)
        if self.op == "log":
            return (1.0 / max(a[0].data, TINY),)
        return ()

    def backward(self):
        waiting, seen, todo = {}, {id(self)}, [self]
        while todo:
            node = todo.pop()
            for parent in node.ins:
                waiting[id(parent)] = waiting.get(id(parent), 0) + 1
                if id(parent) not in seen:
                    seen.add(id(parent))
                    todo.append(parent)
        self.grad = 1.0
        ready = deque([self])
        while ready:
            node = ready.popleft()
            for parent, local in zip(node.ins, node._locals()):
                parent.grad += local * node.grad
                waiting[id(parent)] -= 1
                if waiting[id(parent)] == 0:
                    ready.append(parent)
