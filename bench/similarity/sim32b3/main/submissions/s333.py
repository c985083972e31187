# Ravi - exercise 03. I did it with a tape (Wengert list) like the autodiff chapter:
# every op appends its output node to the tape, so the tape is already in a valid
# forward order and backward only has to walk it backwards.
import math

_TAPE = []


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.op = op
        self.push_back = None
        if parents:
            _TAPE.append(self)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def push_back():
            self.grad += out.grad
            other.grad += out.grad
        out.push_back = push_back
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def push_back():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out.push_back = push_back
        return out

    def relu(self):
        out = Value(max(self.data, 0), (self,), "relu")

        def push_back():
            self.grad += (out.data > 0) * out.grad
        out.push_back = push_back
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def push_back():
            self.grad += (1 - t ** 2) * out.grad
        out.push_back = push_back
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # only the nodes self depends on take part (the tape also holds other graphs)
        needed = {id(self)}
        todo = [self]
        while todo:
            for p in todo.pop().parents:
                if id(p) not in needed:
                    needed.add(id(p))
                    todo.append(p)
        self.grad = 1
        for node in reversed(_TAPE):
            if id(node) in needed:
                node.push_back()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
