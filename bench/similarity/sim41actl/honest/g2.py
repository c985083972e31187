# Homework 2 -- Tomasz Wrobel
# My engine is a little tape machine: every operation records an instruction
# [opcode, result, operands, extra] on the result node, and backward() replays
# the instructions in reverse topological order (Kahn, counting how often each
# node is used) through one big vjp() function.
import math
from collections import deque

ADD, MUL, POW, RELU, TANH, EXP, LOG = range(7)


def run(opcode, xs, extra):
    if opcode == ADD:
        return xs[0] + xs[1]
    if opcode == MUL:
        return xs[0] * xs[1]
    if opcode == POW:
        return xs[0] ** extra
    if opcode == RELU:
        return xs[0] if xs[0] > 0 else 0.0
    if opcode == TANH:
        return math.tanh(xs[0])
    if opcode == EXP:
        return math.exp(xs[0])
    return math.log(xs[0])


def vjp(ins, upstream):
    """Vector-Jacobian product of one instruction: what each operand receives."""
    opcode, result, operands, extra = ins
    u = operands[0].data
    if opcode == ADD:
        return [upstream, upstream]
    if opcode == MUL:
        return [upstream * operands[1].data, upstream * u]
    if opcode == POW:
        return [upstream * extra * u ** (extra - 1)]
    if opcode == RELU:
        return [upstream * (1.0 if u > 0 else 0.0)]
    if opcode == TANH:
        return [upstream * (1 - result.data ** 2)]
    if opcode == EXP:
        return [upstream * result.data]
    return [upstream / u]


class Value:
    def __init__(self, data, ins=None):
        self.data = data
        self.grad = 0.0
        self.ins = ins

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)


def record(opcode, operands, extra=None):
    operands = [x if isinstance(x, Value) else Value(x) for x in operands]
    out = Value(run(opcode, [x.data for x in operands], extra))
    out.ins = [opcode, out, operands, extra]
    return out


Value.__add__ = lambda self, other: record(ADD, [self, other])
Value.__radd__ = lambda self, other: record(ADD, [other, self])
Value.__mul__ = lambda self, other: record(MUL, [self, other])
Value.__rmul__ = lambda self, other: record(MUL, [other, self])
Value.__pow__ = lambda self, k: record(POW, [self], k)
Value.relu = lambda self: record(RELU, [self])
Value.tanh = lambda self: record(TANH, [self])
Value.exp = lambda self: record(EXP, [self])
Value.log = lambda self: record(LOG, [self])
Value.__neg__ = lambda self: self * -1
Value.__sub__ = lambda self, other: self + (-1) * other
Value.__rsub__ = lambda self, other: other + (-1) * self
Value.__truediv__ = lambda self, other: self * record(POW, [other], -1)
Value.__rtruediv__ = lambda self, other: other * self ** -1


def backward(self):
    users = {id(self): 0}
    seen = {id(self): self}
    todo = deque([self])
    while todo:
        v = todo.pop()
        for w in (v.ins[2] if v.ins else []):
            if id(w) not in seen:
                seen[id(w)] = w
                users[id(w)] = 0
                todo.append(w)
            users[id(w)] += 1
    self.grad = 1.0
    ready = deque([self])
    while ready:
        v = ready.popleft()
        if v.ins is None:
            continue
        for w, g in zip(v.ins[2], vjp(v.ins, v.grad)):
            w.grad += g
            users[id(w)] -= 1
            if users[id(w)] == 0:
                ready.append(w)


Value.backward = backward
