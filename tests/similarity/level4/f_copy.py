"""PS2: reverse-mode differentiation of scalar expressions. Each node knows the name of its operation only."""

import math


class Value:
    def __init__(self, data, args=(), op="leaf", k=None):
        self.data, self.grad, self.args, self.op, self.k = data, 0.0, args, op, k

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, op={self.op})"

    # -- derivative rules, looked up by the node's operation: d_<op>(g) adds into the arguments --
    def d_leaf(self, g):
        pass

    def d_add(self, g):
        for a in self.args:
            a.grad += g

    def d_mul(self, g):
        left, right = self.args
        left.grad += right.data * g
        right.grad += left.data * g

    def d_pow(self, g):
        self.args[0].grad += self.k * self.args[0].data ** (self.k - 1) * g

    def d_tanh(self, g):
        self.args[0].grad += (1 - self.data ** 2) * g

    def d_exp(self, g):
        self.args[0].grad += self.data * g

    def d_log(self, g):
        self.args[0].grad += g / self.args[0].data

    def d_relu(self, g):
        self.args[0].grad += g if self.data > 0 else 0.0

    def backward(self):
        order, marked, stack = [], set(), [self]
        while stack:
            top = stack[-1]
            fresh = [a for a in dict.fromkeys(top.args) if a not in marked]
            if not fresh:
                order.append(stack.pop())
                continue
            marked.update(fresh)
            stack += fresh
        self.grad = 1.0
        for node in order[::-1]:
            rule = getattr(node, "d_" + node.op, None)
            if rule is None:
                raise RuntimeError(f"no derivative rule for {node.op!r}")
            rule(node.grad)

    # -- the operations --
    def _v(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = self._v(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = self._v(other)
        return Value(self.data * other.data, (self, other), "mul")

    __radd__, __rmul__ = __add__, __mul__

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "pow", k)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def relu(self):
        return Value(max(0.0, self.data), (self,), "relu")

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * self._v(other)

    def __rsub__(self, other):
        return other + -1 * self

    def __truediv__(self, other):
        return self * self._v(other) ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
