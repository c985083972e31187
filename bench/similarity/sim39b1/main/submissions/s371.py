# PS1 engine.py  (Sven A.)
# Nodes only store the op name and their inputs. The calculus lives in one table,
# RULES: op -> function(node) giving the local derivative for each input.
import math


RULES = {
    "add": lambda n: (1.0, 1.0),
    "mul": lambda n: (n.ins[1].data, n.ins[0].data),
    "pow": lambda n: (n.arg * n.ins[0].data ** (n.arg - 1),),
    "relu": lambda n: (1.0 if n.ins[0].data > 0 else 0.0,),
    "tanh": lambda n: (1.0 - n.data ** 2,),
    "exp": lambda n: (n.data,),
    "log": lambda n: (1.0 / n.ins[0].data,),
}


class Node:
    def __init__(self, data, op="leaf", ins=(), arg=None):
        self.data = data
        self.grad = 0.0
        self.op = op
        self.ins = ins
        self.arg = arg

    @staticmethod
    def make(x):
        return x if isinstance(x, Node) else Node(x)

    def __add__(self, other):
        other = Node.make(other)
        return Node(self.data + other.data, "add", (self, other))

    def __mul__(self, other):
        other = Node.make(other)
        return Node(self.data * other.data, "mul", (self, other))

    def __pow__(self, k):
        return Node(self.data ** k, "pow", (self,), k)

    def relu(self):
        return Node(max(0.0, self.data), "relu", (self,))

    def tanh(self):
        return Node(math.tanh(self.data), "tanh", (self,))

    def exp(self):
        return Node(math.exp(self.data), "exp", (self,))

    def log(self):
        return Node(math.log(self.data), "log", (self,))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Node.make(other))

    def __rsub__(self, other):
        return Node.make(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Node.make(other) ** -1

    def __rtruediv__(self, other):
        return Node.make(other) * self ** -1

    def order(self):
        out, seen, todo = [], set(), [(self, 0)]
        while todo:
            n, i = todo.pop()
            if i == 0:
                if n in seen:
                    continue
                seen.add(n)
            if i < len(n.ins):
                todo.append((n, i + 1))
                todo.append((n.ins[i], 0))
            else:
                out.append(n)
        return out

    def backward(self):
        self.grad = 1.0
        for n in reversed(self.order()):
            if n.op == "leaf":
                continue
            for inp, local in zip(n.ins, RULES[n.op](n)):
                inp.grad += local * n.grad

    def __repr__(self):
        return f"Node({self.data}, grad={self.grad}, {self.op})"


Value = Node
