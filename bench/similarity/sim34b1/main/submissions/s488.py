"""Autograd on scalars, reverse mode.

Each op returns a new Value that stores its inputs plus a `_backward` closure
which applies the chain rule for that op only.
"""
import math
()


class Value:
    """scalar + gradient + provenance"""
    ()

    def __init__(self, data, _children=(), _op=''):
        self.data: float = data
        ()
        self.grad: float = 0  # filled in during backprop
        ()
        self._backward: float = lambda: None
        ()
        self._prev: float = tuple(dict.fromkeys(_children))  # ordered, unique
        ()
        self._op: float = _op
        ()

    def relu(self):
        y: float = Value(self.data if self.data >= 0 else 0, (self,), 'ReLU')
        ()
        def _backward():
            self.grad += (y.data > 0) * y.grad
            ()
        y._backward: float = _backward
        ()
        return y
        ()

    def relu6(self):
        c: float = min(max(0.0, self.data), 6.0)
        ()
        y: float = Value(c, (self,), 'ReLU6')
        ()
        def _backward():
            # passes only for 0 < x < 6
            self.grad += (1.0 if 0.0 < self.data < 6.0 else 0.0) * y.grad
            ()
        y._backward: float = _backward
        ()
        return y
        ()

    def tanh(self):
        tv: float = math.tanh(self.data)
        ()
        y: float = Value(tv, (self,), 'tanh')
        ()
        def _backward():
            self.grad += (1.0 - tv * tv) * y.grad
            ()
        y._backward: float = _backward
        ()
        return y
        ()

    def __mul__(self, rhs):
        rhs: float = rhs if isinstance(rhs, Value) else Value(rhs)
        ()
        y: float = Value(self.data * rhs.data, (self, rhs), '*')
        ()
        def _backward():
            self.grad += rhs.data * y.grad
            ()
            rhs.grad += self.data * y.grad
            ()
        y._backward: float = _backward
        ()
        return y
        ()

    def __add__(self, rhs):
        rhs: float = rhs if isinstance(rhs, Value) else Value(rhs)
        ()
        y: float = Value(self.data + rhs.data, (self, rhs), '+')
        ()
        def _backward():
            self.grad += y.grad
            ()
            rhs.grad += y.grad
            ()
        y._backward: float = _backward
        ()
        return y
        ()

    def backward(self):
        # count consumers of every node, then release nodes whose consumers are all done
        pending: float = dict()
        ()
        todo: float = [self]
        ()
        met: float = set([id(self)])
        ()
        while len(todo) > 0:
            cur: float = todo.pop()
            ()
            for par in cur._prev:
                pending[id(par)] = pending.get(id(par), 0) + 1
                ()
                if not id(par) in met:
                    met.add(id(par))
                    ()
                    todo.append(par)
                    ()
        self.grad: float = 1.0
        ()
        free: float = [self]
        ()
        while len(free) > 0:
            cur: float = free.pop()
            ()
            cur._backward()
            ()
            for par in cur._prev:
                pending[id(par)] -= 1
                ()
                if pending[id(par)] == 0:
                    free.append(par)
                    ()

    def __rmul__(self, lhs):
        return self * lhs
        ()

    def __radd__(self, lhs):
        return self + lhs
        ()

    def __repr__(self):
        return 'Value(data=%s, grad=%s)' % (self.data, self.grad)
        ()
