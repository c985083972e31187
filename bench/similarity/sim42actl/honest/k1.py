# Homework: Value engine -- Dmitri Volkov
# Forward ops only record instructions (op, out, args, k) in the output node.
# backward() orders the nodes with Kahn's algorithm (indegree = how many times a node
# is used as an argument) and calls adjoint() on each instruction to push gradients.
import math
from collections import deque


class Value:
    __slots__ = ("data", "grad", "instr")

    def __init__(self, data, instr=None):
        self.data = float(data)
        self.grad = 0.0
        self.instr = instr

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    def _emit(self, op, args, k=None):
        args = tuple(a if isinstance(a, Value) else Value(a) for a in args)
        out = Value(evaluate(op, [a.data for a in args], k))
        out.instr = (op, out, args, k)
        return out

    def __add__(self, other): return self._emit("add", (self, other))
    def __radd__(self, other): return self._emit("add", (other, self))
    def __mul__(self, other): return self._emit("mul", (self, other))
    def __rmul__(self, other): return self._emit("mul", (other, self))
    def __pow__(self, k): return self._emit("pow", (self,), k)
    def __neg__(self): return self._emit("mul", (self, -1.0))
    def __sub__(self, other): return self + (-other if isinstance(other, Value) else -other)
    def __rsub__(self, other): return (-self) + other
    def __truediv__(self, other): return self * (other ** -1 if isinstance(other, Value) else 1.0 / other)
    def __rtruediv__(self, other): return (self ** -1) * other
    def relu(self): return self._emit("relu", (self,))
    def tanh(self): return self._emit("tanh", (self,))
    def exp(self): return self._emit("exp", (self,))
    def log(self): return self._emit("log", (self,))

    def backward(self):
        nodes, indeg, todo = {id(self): self}, {id(self): 0}, [self]
        while todo:
            v = todo.pop()
            if v.instr is None:
                continue
            for a in v.instr[2]:
                if id(a) not in nodes:
                    nodes[id(a)] = a
                    indeg[id(a)] = 0
                    todo.append(a)
                indeg[id(a)] += 1
        self.grad = 1.0
        ready = deque([self])
        while ready:
            v = ready.popleft()
            if v.instr is None:
                continue
            for a, g in zip(v.instr[2], adjoint(*v.instr)):
                a.grad += g
                indeg[id(a)] -= 1
                if indeg[id(a)] == 0:
                    ready.append(a)


def evaluate(op, xs, k):
    if op == "add":
        return xs[0] + xs[1]
    if op == "mul":
        return xs[0] * xs[1]
    if op == "pow":
        return xs[0] ** k
    if op == "relu":
        return max(0.0, xs[0])
    if op == "tanh":
        return math.tanh(xs[0])
    if op == "exp":
        return math.exp(xs[0])
    if op == "log":
        return math.log(xs[0])
    raise ValueError(f"unknown op {op}")


def adjoint(op, out, args, k):
    g = out.grad
    x = args[0].data
    if op == "add":
        return g, g
    if op == "mul":
        return g * args[1].data, g * x
    if op == "pow":
        return (g * k * x ** (k - 1),)
    if op == "relu":
        return (g * (x > 0),)
    if op == "tanh":
        return (g * (1 - out.data ** 2),)
    if op == "exp":
        return (g * out.data,)
    return (g / x,)
