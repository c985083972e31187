# Ana P. -- engine.py
# Each op's gradient rule is its own method (_grad_add, _grad_mul, ...) instead of a closure, and backward
# orders the nodes with Kahn's algorithm (count how many nodes use each node, start from the output).
import math
from collections import deque


class Value:

    def __init__(self, data, parents=(), op=''):
        self.data = data
        self.grad = 0.0
        self.parents = tuple(parents)
        self.op = op
        self.rule = None
        self.extra = None  # whatever the rule needs besides the parents

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _grad_add(self):
        a, b = self.parents
        a.grad += self.grad
        b.grad += self.grad

    def _grad_mul(self):
        a, b = self.parents
        a.grad += b.data * self.grad
        b.grad += a.data * self.grad

    def _grad_neg(self):
        self.parents[0].grad += -self.grad

    def _grad_pow(self):
        (a,), k = self.parents, self.extra
        a.grad += k * a.data ** (k - 1) * self.grad

    def _grad_exp(self):
        self.parents[0].grad += self.data * self.grad

    def _grad_log(self):
        a = self.parents[0]
        a.grad += 1.0 / a.data * self.grad

    def _grad_tanh(self):
        self.parents[0].grad += (1 - self.data ** 2) * self.grad

    def _grad_relu(self):
        a = self.parents[0]
        a.grad += (a.data > 0) * self.grad

    def _node(self, data, parents, op, rule, extra=None):
        out = Value(data, parents, op)
        out.rule = rule
        out.extra = extra
        return out

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __mul__(self, other):
        other = Value._v(other)
        return self._node(self.data * other.data, (self, other), '*', Value._grad_mul)

    def __add__(self, other):
        other = Value._v(other)
        return self._node(self.data + other.data, (self, other), '+', Value._grad_add)

    def __neg__(self):
        return self._node(-self.data, (self,), 'neg', Value._grad_neg)

    def __pow__(self, k):
        if isinstance(k, Value):
            return (k * self.log()).exp()
        return self._node(self.data ** k, (self,), '**', Value._grad_pow, k)

    def tanh(self):
        p, q = math.exp(self.data), math.exp(-self.data)
        return self._node((p - q) / (p + q), (self,), 'tanh', Value._grad_tanh)

    def relu(self):
        return self._node(0.0 if self.data < 0 else self.data, (self,), 'relu', Value._grad_relu)

    def exp(self):
        return self._node(math.exp(self.data), (self,), 'exp', Value._grad_exp)

    def log(self):
        return self._node(math.log(self.data), (self,), 'log', Value._grad_log)

    def sqrt(self):
        return self ** 0.5

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # count the users of every node reachable from self
        users = {id(self): 0}
        nodes = [self]
        i = 0
        while i < len(nodes):
            for p in nodes[i].parents:
                if id(p) not in users:
                    users[id(p)] = 0
                    nodes.append(p)
                users[id(p)] += 1
            i += 1
        self.grad = 1.0
        ready = deque([self])
        while ready:
            v = ready.popleft()
            if v.rule is not None:
                v.rule(v)
            for p in v.parents:
                users[id(p)] -= 1
                if users[id(p)] == 0:
                    ready.append(p)


def total(values):
    out = Value(0.0)
    for v in values:
        out = out + v
    return out
