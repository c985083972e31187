"""Scalar autodiff (Kai). Each op's local derivatives live in one table next to the class."""
import math


def _num(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    # local derivatives of each op, from the inputs' data and the output's data
    LOCAL = {
        "+": lambda a, b, y: (1.0, 1.0),
        "*": lambda a, b, y: (b, a),
        "relu": lambda a, y: (1.0 if y > 0 else 0.0,),
        "tanh": lambda a, y: (1.0 - y * y,),  # with the output: 1 - t^2
    }

    def __init__(self, data, ins=(), op=""):
        self.data = data
        self.grad = 0.0
        self.ins = ins
        self.op = op

    def __add__(self, other):
        other = _num(other)
        return Value(self.data + other.data, (self, other), "+")

    def __radd__(self, other):
        return _num(other) + self

    def __mul__(self, other):
        other = _num(other)
        return Value(self.data * other.data, (self, other), "*")

    def __rmul__(self, other):
        return _num(other) * self

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def backward(self):
        # topological order without recursion: a stack of (node, inputs pushed yet?)
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, pushed = stack.pop()
            if pushed:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                stack += [(e, False) for e in v.ins]
        self.grad = 1.0
        for v in reversed(order):
            if v.op:
                local = Value.LOCAL[v.op](*[e.data for e in v.ins], v.data)
                for e, d in zip(v.ins, local):
                    e.grad += d * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
