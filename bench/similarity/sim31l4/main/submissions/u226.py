# Goran P. / engine.py
# No closures here: every new node writes a record (node, rule) on the TAPE, and backward() plays the
# records of the nodes it reaches from last to first. A rule is a plain function rule(node, grad).
import math

TAPE = []


def _rule_add(node, g):
    a, b = node.parents
    a.grad += g
    b.grad += g


def _rule_mul(node, g):
    a, b = node.parents
    a.grad = a.grad + b.data * g
    b.grad = b.grad + a.data * g


def _rule_div(node, g):
    num, den = node.parents
    num.grad += g / den.data
    den.grad += -num.data / (den.data * den.data) * g


def _rule_pow(node, g):
    (base,) = node.parents
    base.grad += node.power * base.data ** (node.power - 1) * g


def _rule_tanh(node, g):
    node.parents[0].grad += (1 - node.data ** 2) * g


def _rule_relu(node, g):
    x = node.parents[0]
    x.grad += (x.data > 0) * g


def _rule_exp(node, g):
    node.parents[0].grad += node.data * g


def _rule_log(node, g):
    x = node.parents[0]
    x.grad += g / x.data


def _record(value, parents, rule, power=None):
    node = Value(value, parents)
    node.power = power
    node.tape_index = len(TAPE)
    TAPE.append((node, rule))
    return node


class Value:

    def __init__(self, data, parents=()):
        self.data = data
        self.grad = 0.0
        self.parents = list(parents)
        self.tape_index = None
        self.power = None

    def __repr__(self):
        return 'Value(data={}, grad={})'.format(self.data, self.grad)

    def backward(self):
        reached, todo = {}, [self]
        while todo:
            node = todo.pop()
            if id(node) not in reached:
                reached[id(node)] = node
                todo.extend(node.parents)
        recorded = sorted((n for n in reached.values() if n.tape_index is not None),
                          key=lambda n: n.tape_index, reverse=True)
        self.grad = 1.0
        for node in recorded:
            _, rule = TAPE[node.tape_index]
            rule(node, node.grad)

    def tanh(self):
        x = self.data
        x = min(20.0, max(-20.0, x))
        e2 = math.exp(2 * x)
        return _record((e2 - 1) / (e2 + 1), [self], _rule_tanh)

    def log(self):
        assert self.data > 0, 'log of a non-positive number'
        return _record(math.log(self.data), [self], _rule_log)

    def exp(self):
        return _record(math.exp(self.data), [self], _rule_exp)

    def relu(self):
        return _record(self.data * (self.data > 0), [self], _rule_relu)

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return _record(self.data ** k, [self], _rule_pow, k)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return _record(self.data + other.data, [self, other], _rule_add)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return _record(self.data * other.data, [self, other], _rule_mul)

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        if other.data == 0:
            raise ZeroDivisionError('cannot divide by a Value that is 0')
        return _record(self.data / other.data, [self, other], _rule_div)

    def __rtruediv__(self, other):
        return Value(other).__truediv__(self)

    def __radd__(self, other):
        return self.__add__(other)

    def __rmul__(self, other):
        return self.__mul__(other)

    def __neg__(self):
        return self.__mul__(-1)

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other
