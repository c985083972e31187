import math


# Olga S.  engine.py
# The graph is made of Value nodes; a BackwardPass object "visits" them in reverse topological order
# (visitor pattern from our software design course).

class Value:
    def __init__(self, data, args=(), kind='const'):
        self.data = data
        self.grad = 0
        self.args = args
        self.kind = kind

    def accept(self, visitor):
        getattr(visitor, 'visit_' + self.kind)(self)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), 'Add')

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), 'Mul')

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data / other.data, (self, other), 'Div')

    def __rtruediv__(self, other):
        return Value(other) / self

    def __pow__(self, n):
        p = Value(self.data ** n, (self,), 'Pow')
        p.n = n
        return p

    def exp(self):
        return Value(math.exp(self.data), (self,), 'Exp')

    def log(self):
        return Value(math.log(self.data), (self,), 'Log')

    def tanh(self):
        e = math.exp(2 * self.data)
        return Value((e - 1) / (e + 1), (self,), 'Tanh')

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), 'Relu')

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        nodes, marked = [], set()

        def dfs(n):
            if n in marked:
                return
            marked.add(n)
            for a in n.args:
                dfs(a)
            nodes.append(n)
        dfs(self)
        self.grad = 1
        bp = BackwardPass()
        for n in nodes[::-1]:
            n.accept(bp)


class BackwardPass:
    def visit_const(self, n):
        pass

    def visit_Add(self, n):
        for a in n.args:
            a.grad += n.grad

    def visit_Mul(self, n):
        x, y = n.args
        x.grad += y.data * n.grad
        y.grad += x.data * n.grad

    def visit_Div(self, n):
        x, y = n.args
        x.grad += n.grad / y.data
        y.grad -= n.grad * x.data / y.data ** 2

    def visit_Pow(self, n):
        x = n.args[0]
        x.grad += n.n * x.data ** (n.n - 1) * n.grad

    def visit_Exp(self, n):
        n.args[0].grad += n.data * n.grad

    def visit_Log(self, n):
        n.args[0].grad += n.grad / n.args[0].data

    def visit_Tanh(self, n):
        n.args[0].grad += (1 - n.data * n.data) * n.grad

    def visit_Relu(self, n):
        n.args[0].grad += (n.data > 0) * n.grad
