import math

# d out / d input for each op, from the input node(s) and the output node
DERIVS = {
    "+": lambda ins, o: [1] * len(ins),
    "*": lambda ins, o: [ins[1].data, ins[0].data],
    "ReLU": lambda ins, o: [1 if o.data > 0 else 0],
    "tanh": lambda ins, o: [1 - o.data * o.data],
    "exp": lambda ins, o: [o.data],
    "log": lambda ins, o: [1 / ins[0].data],
}


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = list(_children)
        self._op = _op

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, [self, other], "+")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, [self, other], "*")

    def __radd__(self, other):
        return self.__add__(other)

    def __rmul__(self, other):
        return self.__mul__(other)

    def relu(self):
        return Value(self.data if self.data > 0 else 0, [self], "ReLU")

    def tanh(self):
        return Value(math.tanh(self.data), [self], "tanh")

    def exp(self):
        return Value(math.exp(self.data), [self], "exp")

    def log(self):
        return Value(math.log(self.data), [self], "log")

    def backward(self):
        order = []
        seen = set()

        def rec(v):
            if v not in seen:
                seen.add(v)
                [rec(c) for c in v._prev]
                order.append(v)

        rec(self)
        self.grad = 1
        for v in reversed(order):
            if v._op in DERIVS:
                for c, d in zip(v._prev, DERIVS[v._op](v._prev, v)):
                    c.grad += d * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
