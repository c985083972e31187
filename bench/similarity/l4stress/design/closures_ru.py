# Reverse-mode autodiff engine (my version).
# Each operation stores a little function that hands the gradient to its inputs.
import math
from functools import partial


def _to_value(x):
    # numbers become Value, a Value stays as it is
    if isinstance(x, Value):
        return x
    return Value(x)


def _add_rule(a, b, res):
    a.grad += res.grad
    b.grad += res.grad


def _mul_rule(a, b, res):
    a.grad += res.grad * b.data
    b.grad += res.grad * a.data


def _pow_rule(a, p, res):
    a.grad += res.grad * p * a.data ** (p - 1)


def _unary_rule(a, res, local):
    a.grad += local * res.grad


class Value:
    def __init__(self, data, kids=(), op=''):
        self.data = float(data)
        self.grad = 0.0
        self._op = op
        self._prev = set(kids)
        self._backward = lambda: None

    def __repr__(self):
        return "Value({:.4f}, grad={:.4f})".format(self.data, self.grad)

    def __mul__(self, rhs):
        rhs = _to_value(rhs)
        res = Value(rhs.data * self.data, (self, rhs), '*')
        res._backward = partial(_mul_rule, self, rhs, res)
        return res

    def __add__(self, rhs):
        rhs = _to_value(rhs)
        res = Value(rhs.data + self.data, (self, rhs), '+')
        res._backward = partial(_add_rule, self, rhs, res)
        return res

    def __pow__(self, p):
        if not isinstance(p, (int, float)):
            raise AssertionError("powers must be numbers")
        res = Value(self.data ** p, (self,), '**{}'.format(p))
        res._backward = partial(_pow_rule, self, p, res)
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), 'tanh')
        res._backward = lambda: _unary_rule(self, res, 1 - th ** 2)
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')
        res._backward = lambda: _unary_rule(self, res, res.data)
        return res

    def relu(self):
        res = Value(self.data if self.data > 0 else 0.0, (self,), 'relu')
        res._backward = lambda: _unary_rule(self, res, float(res.data > 0))
        return res

    def __rmul__(self, rhs):
        return self * rhs

    def __radd__(self, rhs):
        return self + rhs

    def __sub__(self, rhs):
        return self + rhs * -1

    def __neg__(self):
        return -1 * self

    def backward(self):
        # topological sort, recursive this time
        order, visited = [], set()

        def visit(node):
            if node not in visited:
                visited.add(node)
                for child in node._prev:
                    visit(child)
                order.append(node)

        visit(self)
        self.grad = 1.0
        for node in order[::-1]:
            node._backward()
