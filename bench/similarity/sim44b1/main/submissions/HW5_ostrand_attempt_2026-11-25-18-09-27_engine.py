# Olav Strand -- HW5
# __slots__ because I read it makes objects smaller. Recursive backward that
# passes the gradient down only once a node has heard from all of its users.

import math


class Value:
    __slots__ = ("data", "grad", "kids", "rule", "users")

    def __init__(self, data, kids=(), rule=None):
        self.data = float(data)
        self.grad = 0.0
        self.kids = kids
        self.rule = rule      # function: upstream grad -> tuple of grads for kids
        self.users = 0

    def _make(self, data, kids, rule):
        return Value(data, kids, rule)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._make(self.data + other.data, (self, other), lambda g: (g, g))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        a, b = self.data, other.data
        return self._make(a * b, (self, other), lambda g: (b * g, a * g))

    def relu(self):
        on = self.data > 0
        return self._make(self.data if on else 0.0, (self,), lambda g: (g if on else 0.0,))

    __radd__ = __add__

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # count users of each node reachable from here
        stack, seen = [self], {id(self)}
        while stack:
            v = stack.pop()
            for k in v.kids:
                k.users += 1
                if id(k) not in seen:
                    seen.add(id(k))
                    stack.append(k)
        self.grad = 1.0
        ready = [self]
        while ready:
            v = ready.pop()
            if v.rule is None:
                continue
            for k, g in zip(v.kids, v.rule(v.grad)):
                k.grad += g
                k.users -= 1
                if k.users == 0:
                    ready.append(k)

    def __repr__(self):
        return "Value(data=%.4f, grad=%.4f)" % (self.data, self.grad)
