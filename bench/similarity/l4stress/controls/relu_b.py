"""Tiny reverse-mode autodiff, written from the lecture's description (Ingrid, group B)."""
from math import exp as e_to, tanh as th


class Value:
    def __init__(self, x, deps=()):
        self.data = x
        self.grad = 0
        self.deps = deps
        self.propagate = None

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)

    @staticmethod
    def lift(v):
        return v if isinstance(v, Value) else Value(v)

    def __add__(self, o):
        o = Value.lift(o)
        r = Value(self.data + o.data, (self, o))

        def propagate():
            self.grad += r.grad
            o.grad += r.grad
        r.propagate = propagate
        return r

    __radd__ = __add__

    def __mul__(self, o):
        o = Value.lift(o)
        r = Value(self.data * o.data, (self, o))

        def propagate():
            self.grad += r.grad * o.data
            o.grad += r.grad * self.data
        r.propagate = propagate
        return r

    __rmul__ = __mul__

    def __pow__(self, p):
        r = Value(self.data ** p, (self,))

        def propagate():
            self.grad += r.grad * p * self.data ** (p - 1)
        r.propagate = propagate
        return r

    def __neg__(self):
        return -1 * self

    def __sub__(self, o):
        return self + -Value.lift(o)

    def __rsub__(self, o):
        return Value.lift(o) - self

    def __truediv__(self, o):
        return self * Value.lift(o) ** -1

    def exp(self):
        r = Value(e_to(self.data), (self,))

        def propagate():
            self.grad += r.grad * r.data
        r.propagate = propagate
        return r

    def tanh(self):
        r = Value(th(self.data), (self,))

        def propagate():
            self.grad += r.grad * (1 - r.data * r.data)
        r.propagate = propagate
        return r

    def relu(self):
        r = Value(self.data if self.data > 0 else 0, (self,))

        def propagate():
            self.grad += r.grad if self.data > 0 else 0
        r.propagate = propagate
        return r

    def backward(self):
        topo, seen, todo = [], set(), [(self, 0)]
        while todo:
            node, state = todo.pop()
            if state:
                topo.append(node)
            elif node not in seen:
                seen.add(node)
                todo.append((node, 1))
                for d in node.deps:
                    todo.append((d, 0))
        self.grad = 1
        for node in topo[::-1]:
            if node.propagate:
                node.propagate()
