# PS1 engine - Ananya S.
# हर नोड को बनते समय एक क्रमांक मिलता है; माता-पिता हमेशा पहले बनते हैं,
# इसलिए क्रमांक से उल्टा चलना ही सही क्रम है।  (numbered on creation)
import itertools
import math

_counter = itertools.count()


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0.0
        self.parents = parents  # (माता/पिता, स्थानीय अवकलज)
        self.op = op
        self.number = next(_counter)

    def _wrap(other):
        return other if isinstance(other, Value) else Value(other)

    def __add__(self, other):
        other = Value._wrap(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)), "+")

    def __mul__(self, other):
        other = Value._wrap(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)), "*")

    def __pow__(self, power):
        return Value(self.data ** power, ((self, power * self.data ** (power - 1)),), "^")

    def relu(self):
        slope = 1.0 if self.data > 0 else 0.0
        return Value(self.data * slope, ((self, slope),), "relu")

    def tanh(self):
        th = math.tanh(self.data)
        return Value(th, ((self, 1.0 - th * th),), "tanh")

    def exp(self):
        ex = math.exp(self.data)
        return Value(ex, ((self, ex),), "exp")

    def log(self):
        return Value(math.log(self.data), ((self, 1.0 / self.data),), "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value._wrap(other))

    def __rsub__(self, other):
        return Value._wrap(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value._wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value._wrap(other) * self ** -1

    def backward(self):
        # सारे नोड इकट्ठा करो
        nodes = {id(self): self}
        todo = [self]
        while todo:
            v = todo.pop()
            for p, _ in v.parents:
                if id(p) not in nodes:
                    nodes[id(p)] = p
                    todo.append(p)
        # बड़ा क्रमांक पहले
        self.grad = 1.0
        for v in sorted(nodes.values(), key=lambda n: n.number, reverse=True):
            for p, local in v.parents:
                p.grad += local * v.grad  # श्रृंखला नियम

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
