"""HW2 -- Ilya Kuznetsov. The engine is a tiny interpreter: every operation appends an instruction
(op, out, args, extra) to the program of its result, and backward() runs the program's adjoint."""

import math
from collections import deque

FORWARD = {
    "add": lambda a, b, _: a + b,
    "mul": lambda a, b, _: a * b,
    "pow": lambda a, _b, k: a ** k,
    "relu": lambda a, _b, _k: a if a > 0.0 else 0.0,
    "tanh": lambda a, _b, _k: math.tanh(a),
    "exp": lambda a, _b, _k: math.exp(a),
    "log": lambda a, _b, _k: math.log(a),
}


def adjoint(instr, g):
    """The gradients an instruction (op, out, args, k) sends to its args, given g = d/d out."""
    op, out, args, k = instr
    x = args[0].data
    if op == "add":
        return g, g
    if op == "mul":
        return g * args[1].data, g * x
    if op == "pow":
        return (g * k * x ** (k - 1),)
    if op == "relu":
        return (g * (x > 0.0),)
    if op == "tanh":
        return (g * (1.0 - out.data ** 2),)
    if op == "exp":
        return (g * math.exp(x),)
    return (g / x,)  # log


class Value:
    def __init__(self, data, instr=None):
        self.data = float(data)
        self.grad = 0.0
        self.instr = instr  # (op, self, args, k) or None for a leaf

    @staticmethod
    def _emit(op, args, k=None):
        args = tuple(a if isinstance(a, Value) else Value(a) for a in args)
        out = Value(FORWARD[op](args[0].data, args[1].data if len(args) > 1 else None, k))
        out.instr = (op, out, args, k)
        return out

    def __add__(self, other):
        return Value._emit("add", (self, other))

    def __mul__(self, other):
        return Value._emit("mul", (self, other))

    def __pow__(self, k):
        return Value._emit("pow", (self,), k)

    def relu(self):
        return Value._emit("relu", (self,))

    def tanh(self):
        return Value._emit("tanh", (self,))

    def exp(self):
        return Value._emit("exp", (self,))

    def log(self):
        return Value._emit("log", (self,))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other if isinstance(other, Value) else -float(other))

    def __rsub__(self, other):
        return Value._emit("add", (other, -self))

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value._emit("mul", (other, self ** -1))

    def program(self):
        """The instructions that made self, in execution order (Kahn's algorithm over uses)."""
        uses, nodes = {id(self): 0}, {id(self): self}
        queue = deque([self])
        while queue:
            v = queue.popleft()
            for a in (v.instr[2] if v.instr else ()):
                if id(a) not in nodes:
                    nodes[id(a)] = a
                    uses[id(a)] = 0
                    queue.append(a)
                uses[id(a)] += 1
        prog, queue = [], deque([self])
        while queue:
            v = queue.popleft()
            if v.instr:
                prog.append(v.instr)
                for a in v.instr[2]:
                    uses[id(a)] -= 1
                    if uses[id(a)] == 0:
                        queue.append(a)
        prog.reverse()
        return prog

    def backward(self):
        self.grad = 1.0
        for instr in reversed(self.program()):
            for a, d in zip(instr[2], adjoint(instr, instr[1].grad)):
                a.grad += d

    def __repr__(self):
        op = self.instr[0] if self.instr else "leaf"
        return f"Value({self.data:.4g}, grad={self.grad:.4g}, {op})"
