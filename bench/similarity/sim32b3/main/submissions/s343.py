# Pablo - ej. 03
import math


class Value:
    def __init__(self, data, inputs=(), kind="leaf"):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.kind = kind
        self.send = lambda: None  # pushes this node's grad to its inputs

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        r = Value(self.data + o.data, (self, o), "add")

        def send():
            self.grad += r.grad
            o.grad += r.grad
        r.send = send
        return r

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        r = Value(self.data * o.data, (self, o), "mul")

        def send():
            self.grad += o.data * r.grad
            o.grad += self.data * r.grad
        r.send = send
        return r

    def __pow__(self, k):
        r = Value(self.data ** k, (self,), "pow")

        def send():
            self.grad += k * self.data ** (k - 1) * r.grad
        r.send = send
        return r

    def exp(self):
        r = Value(math.exp(self.data), (self,), "exp")

        def send():
            self.grad += r.data * r.grad
        r.send = send
        return r

    def tanh(self):
        r = Value(math.tanh(self.data), (self,), "tanh")

        def send():
            self.grad += (1 - r.data ** 2) * r.grad
        r.send = send
        return r

    def relu(self):
        r = Value(self.data if self.data > 0 else 0, (self,), "relu")

        def send():
            self.grad += (r.data > 0) * r.grad
        r.send = send
        return r

    def backward(self):
        done, seq = set(), []

        def go(n):
            if n in done:
                return
            done.add(n)
            for i in n.inputs:
                go(i)
            seq.append(n)

        go(self)
        self.grad = 1
        for n in seq[::-1]:
            n.send()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.kind})"


for name in ("add", "mul"):
    setattr(Value, f"__r{name}__", getattr(Value, f"__{name}__"))
