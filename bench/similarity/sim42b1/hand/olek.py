# Olek's engine (written over the break, more ops than needed)
import math


class Value:
    def __init__(self, data, parents=(), grad_fns=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        self.parents = list(parents)      # inputs
        self.grad_fns = list(grad_fns)    # for each input: upstream grad -> contribution
        self.op = op

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), (lambda g: g, lambda g: g), "add")

    def __mul__(self, other):
        other = Value.lift(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), (lambda g: g * b, lambda g: g * a), "mul")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value.lift(other))

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, (self,), (lambda g: g if on else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (lambda g: g * (1 - t * t),), "tanh")

    def backward(self):
        # in-degree = number of consumers inside the graph below self
        consumers = {}
        todo = [self]
        consumers[id(self)] = 0
        nodes = {id(self): self}
        while todo:
            n = todo.pop()
            for p in n.parents:
                if id(p) not in consumers:
                    consumers[id(p)] = 0
                    nodes[id(p)] = p
                    todo.append(p)
                consumers[id(p)] += 1
        self.grad = 1.0
        queue = [self]
        while queue:
            n = queue.pop()
            for p, fn in zip(n.parents, n.grad_fns):
                p.grad += fn(n.grad)
                consumers[id(p)] -= 1
                if consumers[id(p)] == 0:
                    queue.append(p)

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"
