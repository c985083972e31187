# Homework 2: reverse-mode autodiff.
# I keep the op's name on the node and do the chain rule in backward with one if/elif per op.
# Names as in the slides: "(+)", "(*)", "(**)", "relu()", "tanh()", "exp()", "log()".
# Slide 14: floor log's argument at 1e-12 so that log never sees 0.
import math


class Value:
    def __init__(self, data, prev=(), op="", arg=None):
        self.data = data
        self.grad = 0.0
        self.prev = tuple(prev)
        self.op = op
        self.arg = arg

    def __repr__(self):
        return "<Value %s data=%g grad=%g>" % (self.op or "const", self.data, self.grad)

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data + o.data, (self, o), "(+)")

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data * o.data, (self, o), "(*)")

    def __pow__(self, n):
        return Value(self.data ** n, (self,), "(**)", n)

    def relu(self):
        return Value(0.0 if self.data < 0 else self.data, (self,), "relu()")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh()")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp()")

    def log(self):
        return Value(math.log(max(self.data, 1e-12)), (self,), "log()")

    def __neg__(self):
        return self * -1

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o

    def __sub__(self, o):
        return self + (-o if isinstance(o, Value) else Value(-o))

    def __rsub__(self, o):
        return Value(o) + (-self)

    def __truediv__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return self * o ** -1

    def __rtruediv__(self, o):
        return Value(o) * self ** -1

    def _push(self):
        g = self.grad
        if self.op == "(+)":
            a, b = self.prev
            a.grad += g
            b.grad += g
        elif self.op == "(*)":
            a, b = self.prev
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == "(**)":
            (a,) = self.prev
            a.grad += self.arg * a.data ** (self.arg - 1) * g
        elif self.op == "relu()":
            (a,) = self.prev
            if a.data > 0:
                a.grad += g
        elif self.op == "tanh()":
            (a,) = self.prev
            a.grad += (1 - self.data ** 2) * g
        elif self.op == "exp()":
            (a,) = self.prev
            a.grad += self.data * g
        elif self.op == "log()":
            (a,) = self.prev
            a.grad += g / max(a.data, 1e-12)

    def backward(self):
        post, done = [], set()
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if i < len(node.prev):
                stack.append((node, i + 1))
                child = node.prev[i]
                if child not in done:
                    done.add(child)
                    stack.append((child, 0))
            else:
                post.append(node)
        self.grad = 1.0
        for node in reversed(post):
            node._push()
