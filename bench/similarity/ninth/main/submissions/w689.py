import math


class Value:
    """ノード：値、勾配、どの演算で作られたか"""

    def __init__(self, data, kids=(), op=None):
        self.data = data
        self.grad = 0
        self.kids = kids
        self.op = op

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data + o.data, (self, o), "add")

    def __radd__(self, o):
        return self + o

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data * o.data, (self, o), "mul")

    def __rmul__(self, o):
        return self * o

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + (-o)

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    # 逆伝播：演算の名前で分岐する
    def _push(self):
        g = self.grad
        if self.op == "add":
            a, b = self.kids
            a.grad += g
            b.grad += g
        elif self.op == "mul":
            a, b = self.kids
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == "relu":
            self.kids[0].grad += g * (self.data > 0)
        elif self.op == "tanh":
            self.kids[0].grad += g * (1 - self.data ** 2)

    def backward(self):
        seen = set()
        order = []

        def walk(v):
            if v in seen:
                return
            seen.add(v)
            for k in v.kids:
                walk(k)
            order.append(v)

        walk(self)
        self.grad = 1
        for v in reversed(order):
            v._push()

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)
