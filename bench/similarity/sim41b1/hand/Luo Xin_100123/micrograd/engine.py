# 罗欣：把每个运算写成一个类方法 + 一个“求导器”，反向时用 dict 记录每个节点还差几个使用者
import math
from collections import defaultdict


class Value:
    def __init__(self, data, parents=(), grad_fn=None, label=""):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.grad_fn = grad_fn  # g -> tuple of gradients for the parents
        self.label = label

    def __repr__(self):
        return f"<{self.label or 'v'} {self.data:.3g} ∂{self.grad:.3g}>"

    @classmethod
    def of(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g), "add")

    def __mul__(self, other):
        other = Value.of(other)
        x, y = self.data, other.data
        return Value(x * y, (self, other), lambda g: (g * y, g * x), "mul")

    def __pow__(self, e):
        x = self.data
        return Value(x ** e, (self,), lambda g: (g * e * x ** (e - 1),), f"pow{e}")

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0, (self,), lambda g: (g if on else 0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: (g * (1 - t * t),), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: (g * e,), "exp")

    def log(self):
        x = self.data
        return Value(math.log(x), (self,), lambda g: (g / x,), "log")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -Value.of(other)

    def __rsub__(self, other):
        return Value.of(other) + -self

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        waiting = defaultdict(int)
        seen, todo = {id(self)}, [self]
        while todo:
            v = todo.pop()
            for p in v.parents:
                waiting[id(p)] += 1
                if id(p) not in seen:
                    seen.add(id(p))
                    todo.append(p)
        self.grad = 1
        ready = [self]
        while ready:
            v = ready.pop()
            if v.grad_fn is None:
                continue
            for p, g in zip(v.parents, v.grad_fn(v.grad)):
                p.grad += g
                waiting[id(p)] -= 1
                if waiting[id(p)] == 0:
                    ready.append(p)
