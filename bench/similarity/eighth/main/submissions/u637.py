import math

# Each op is described by a function giving (value, local derivatives).
# Value objects only hold numbers and links; the rules live in this table.

RULES = {
    "+": lambda a, b: (a + b, (1, 1)),
    "*": lambda a, b: (a * b, (b, a)),
    "relu": lambda a: (max(0, a), (1 if a > 0 else 0,)),
    "tanh": lambda a: (math.tanh(a), (1 - math.tanh(a) ** 2,)),
    "exp": lambda a: (math.exp(a), (math.exp(a),)),
    "log": lambda a: (math.log(a), (1 / a,)),
}


def power_rule(n):
    return lambda a: (a ** n, (n * a ** (n - 1),))


class Value:
    def __init__(self, data, inputs=(), local=()):
        self.data, self.grad = data, 0
        self.inputs, self.local = inputs, local

    @classmethod
    def apply(cls, rule, *args):
        args = tuple(a if isinstance(a, Value) else Value(a) for a in args)
        data, local = rule(*(a.data for a in args))
        return cls(data, args, local)

    def __add__(self, o): return Value.apply(RULES["+"], self, o)
    def __radd__(self, o): return Value.apply(RULES["+"], o, self)
    def __mul__(self, o): return Value.apply(RULES["*"], self, o)
    def __rmul__(self, o): return Value.apply(RULES["*"], o, self)
    def __pow__(self, n): return Value.apply(power_rule(n), self)
    def relu(self): return Value.apply(RULES["relu"], self)
    def tanh(self): return Value.apply(RULES["tanh"], self)
    def exp(self): return Value.apply(RULES["exp"], self)
    def log(self): return Value.apply(RULES["log"], self)
    def __neg__(self): return self * -1
    def __sub__(self, o): return self + (-1) * o
    def __rsub__(self, o): return o + (-1) * self
    def __truediv__(self, o): return self * Value.apply(power_rule(-1), o)
    def __rtruediv__(self, o): return o * self ** -1

    def backward(self):
        # post-order without recursion: (node, expanded?) pairs on a stack
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, expanded = stack.pop()
            if expanded:
                order.append(v)
                continue
            if id(v) in seen:
                continue
            seen.add(id(v))
            stack.append((v, True))
            stack.extend((u, False) for u in v.inputs)
        self.grad = 1
        for v in reversed(order):
            for u, d in zip(v.inputs, v.local):
                u.grad += d * v.grad

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
