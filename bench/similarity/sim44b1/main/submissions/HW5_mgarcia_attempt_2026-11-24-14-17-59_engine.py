"""Homework 5 -- Marta Garcia

My engine does not use closures. Each node keeps the name of the operation
that made it, and backward() looks at that name to know how to pass the
gradient to the inputs (like a big switch statement).
"""


class Value:

    def __init__(self, data, inputs=(), op=None):
        self.data = data
        self.grad = 0
        self.inputs = list(inputs)
        self.op = op

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, [self, other], "add")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, [self, other], "mul")

    def relu(self):
        return Value(max(self.data, 0), [self], "relu")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _pass_back(self):
        g = self.grad
        if self.op == "add":
            self.inputs[0].grad += g
            self.inputs[1].grad += g
        elif self.op == "mul":
            a, b = self.inputs
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == "relu":
            if self.data > 0:
                self.inputs[0].grad += g
        elif self.op is None:
            pass  # leaf
        else:
            raise ValueError("unknown op " + str(self.op))

    def backward(self):
        # number of times each node is used as an input (inside this graph)
        count = {}
        todo, found = [self], {id(self)}
        while todo:
            node = todo.pop()
            for i in node.inputs:
                count[id(i)] = count.get(id(i), 0) + 1
                if id(i) not in found:
                    found.add(id(i))
                    todo.append(i)
        self.grad = 1
        ready = [self]
        while ready:
            node = ready.pop()
            node._pass_back()
            for i in node.inputs:
                count[id(i)] -= 1
                if count[id(i)] == 0:
                    ready.append(i)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.op})"
