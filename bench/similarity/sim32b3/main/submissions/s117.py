import math

# local derivative(s) of each op: f(node) -> one number per input
_D = {
    "+": lambda n: (1, 1),
    "*": lambda n: (n._prev[1].data, n._prev[0].data),
    "relu": lambda n: ((n.data > 0) * 1,),
    "tanh": lambda n: (1 - n.data * n.data,),
    "exp": lambda n: (n.data,),
    "sigmoid": lambda n: (n.data * (1 - n.data),),
}


class Node:
    """The graph half: inputs, the walk, zeroing, backprop."""

    def __init__(self, inputs=(), op=""):
        self._prev = tuple(inputs)
        self._op = op

    def topo(self):
        result, marked = [], set()
        stack = [(self, 0)]
        while stack:
            n, i = stack.pop()
            if i == 0:
                if n in marked:
                    continue
                marked.add(n)
            if i < len(n._prev):
                stack.append((n, i + 1))
                if n._prev[i] not in marked:
                    stack.append((n._prev[i], 0))
            else:
                result.append(n)
        return result

    def zero_grad(self):
        for n in self.topo():
            n.grad = 0

    def backward(self):
        self.grad = 1
        for n in self.topo()[::-1]:
            if n._op:
                for x, d in zip(n._prev, _D[n._op](n)):
                    x.grad += d * n.grad


class Value(Node):
    """The number half: data, grad and the ops."""

    def __init__(self, data, _children=(), _op=""):
        super().__init__(_children, _op)
        self.data = data
        self.grad = 0

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "*")

    def relu(self):
        return Value(max(self.data, 0), (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def sigmoid(self):
        return Value(0.5 * (1 + math.tanh(self.data / 2)), (self,), "sigmoid")

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


for _r, _f in (("__radd__", "__add__"), ("__rmul__", "__mul__")):
    setattr(Value, _r, lambda self, other, _f=_f: getattr(self, _f)(other))
