"""Elif S. - HW4 engine. Nodes only remember their op; the rules are in RULES, keyed by op,
each a function of the node that returns what each input gets."""
import math


def _rule_add(n):
    return [n.grad, n.grad]


def _rule_mul(n):
    a, b = n.inputs
    return [b.data * n.grad, a.data * n.grad]


def _rule_pow(n):
    (a,) = n.inputs
    return [n.exponent * a.data ** (n.exponent - 1) * n.grad]


def _rule_exp(n):
    return [n.data * n.grad]


def _rule_log(n):
    return [n.grad / n.inputs[0].data]


def _rule_tanh(n):
    return [(1 - n.data ** 2) * n.grad]


def _rule_relu(n):
    return [n.grad * (n.inputs[0].data > 0)]


RULES = {'+': _rule_add, '*': _rule_mul, 'pow': _rule_pow, 'exp': _rule_exp,
         'log': _rule_log, 'tanh': _rule_tanh, 'relu': _rule_relu}


class Value:
    def __init__(self, data, inputs=(), op=None, exponent=None):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.op = op
        self.exponent = exponent

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    def nodes(self, seen=None):
        """every node of the graph, inputs before the nodes made from them"""
        seen = set() if seen is None else seen
        if self in seen:
            return
        seen.add(self)
        for i in self.inputs:
            yield from i.nodes(seen)
        yield self

    def backward(self):
        order = list(self.nodes())
        self.grad = 1.0
        for n in reversed(order):
            if n.op is not None:
                for i, g in zip(n.inputs, RULES[n.op](n)):
                    i.grad += g

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), '+')

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), '*')

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "exponent must be a number"
        return Value(self.data ** k, (self,), 'pow', exponent=k)

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def log(self):
        return Value(math.log(self.data), (self,), 'log')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(max(0.0, self.data), (self,), 'relu')

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + (-1 * other)

    def __rsub__(self, other):
        return other + (-1 * self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other
