import math


class Value:
    # edge-list autograd: every node stores (parent, local derivative) pairs
    # computed in the forward pass; backward() zeroes the graph's gradients,
    # then pushes gradient along the edges in reverse topological order.
    __slots__ = ("data", "grad", "edges", "tag")

    def __init__(self, data, edges=(), tag=None):
        self.data = data
        self.grad = 0.0
        self.edges = edges
        self.tag = tag

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)

    @classmethod
    def of(cls, x):
        if isinstance(x, cls):
            return x
        return cls(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)), "add")

    def __radd__(self, other):
        return self.__add__(other)

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)), "mul")

    def __rmul__(self, other):
        return self.__mul__(other)

    def __pow__(self, p):
        return Value(self.data ** p, ((self, p * self.data ** (p - 1)),), "pow")

    def __neg__(self):
        return Value(-self.data, ((self, -1.0),), "neg")

    def __sub__(self, other):
        other = Value.of(other)
        return Value(self.data - other.data, ((self, 1.0), (other, -1.0)), "sub")

    def __rsub__(self, other):
        return Value.of(other).__sub__(self)

    def __truediv__(self, other):
        other = Value.of(other)
        return Value(self.data / other.data,
                     ((self, 1.0 / other.data), (other, -self.data / other.data ** 2)), "div")

    def __rtruediv__(self, other):
        return Value.of(other).__truediv__(self)

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, ((self, 1.0 if self.data > 0 else 0.0),), "relu")

    def tanh(self):
        th = math.tanh(self.data)
        return Value(th, ((self, 1.0 - th * th),), "tanh")

    def exp(self):
        ex = math.exp(self.data)
        return Value(ex, ((self, ex),), "exp")

    def log(self):
        return Value(math.log(self.data), ((self, 1.0 / self.data),), "log")

    def _nodes(self):
        """Every node reachable from self, each after its parents (post-order, no recursion)."""
        post, state = [], {}
        todo = [self]
        while todo:
            n = todo[-1]
            s = state.get(id(n), 0)
            if s == 0:
                state[id(n)] = 1
                todo.extend(p for p, _ in n.edges if state.get(id(p), 0) == 0)
            else:
                todo.pop()
                if s == 1:
                    state[id(n)] = 2
                    post.append(n)
        return post

    def backward(self):
        nodes = self._nodes()
        for n in nodes:
            n.grad = 0.0
        self.grad = 1.0
        for n in reversed(nodes):
            for parent, local in n.edges:
                parent.grad += local * n.grad
