# engine.py -- exercise 4
import math

# each rule takes the output node and returns the local derivative for every parent
RULES = {
    "+": lambda out: (1.0, 1.0),
    "*": lambda out: (out.parents[1].data, out.parents[0].data),
    "**": lambda out: (out.k * out.parents[0].data ** (out.k - 1),),
    "exp": lambda out: (out.data,),
    "log": lambda out: (1 / out.parents[0].data,),
    "tanh": lambda out: (1 - out.data ** 2,),
    "relu": lambda out: (1.0 if out.data > 0 else 0.0,),
}


class Value:
    def __init__(self, data, parents=(), op="", k=None):
        self.data = data
        self.parents = parents
        self.op = op
        self.k = k
        self.grad = 0.0

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "+")

    def __radd__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(other.data + self.data, (other, self), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "*")

    def __rmul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(other.data * self.data, (other, self), "*")

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise AssertionError("constant powers only")
        return Value(self.data ** k, (self,), "**", k)

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def relu(self):
        return Value(0 if self.data < 0 else self.data, (self,), "relu")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self + (-other)

    def __rsub__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return other + (-self)

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self * other ** -1

    def __rtruediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return other * self ** -1

    def backward(self):
        # iterative post-order: a node is emitted once all its parents are
        order, done, stack = [], set(), [(self, 0)]
        while stack:
            v, i = stack.pop()
            if id(v) in done and i == 0:
                continue
            if i < len(v.parents):
                stack.append((v, i + 1))
                if id(v.parents[i]) not in done:
                    stack.append((v.parents[i], 0))
            else:
                done.add(id(v))
                order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            if v.op:
                for p, d in zip(v.parents, RULES[v.op](v)):
                    p.grad += d * v.grad
