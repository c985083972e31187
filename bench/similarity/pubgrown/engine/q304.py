import math


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += res.grad
            rhs.grad += res.grad
        res._backward = _backward

        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad
        res._backward = _backward

        return res

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def tanh(self):
        # tanh written res with exponentials, as in the lecture video
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        res = Value(t, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * res.grad
        res._backward = _backward

        return res

    def sigmoid(self):
        # sigmoid, derivative s(1-s)
        s = 1.0 / (1.0 + math.exp(-self.data))
        res = Value(s, (self,), 'sigmoid')

        def _backward():
            self.grad += s * (1.0 - s) * res.grad
        res._backward = _backward

        return res

    def exp(self):
        x = self.data
        res = Value(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad += res.data * res.grad # d/dx e^x = e^x
        res._backward = _backward

        return res

    def log(self):
        # ln, positive inputs only
        assert self.data > 0, "log is only defined for positive values"
        res = Value(math.log(self.data), (self, ), 'log')

        def _backward():
            self.grad += (1.0 / self.data) * res.grad
        res._backward = _backward

        return res

    def __abs__(self):
        sgn = 1.0 if self.data >= 0 else -1.0
        res = Value(abs(self.data), (self,), 'abs')

        def _backward():
            self.grad += sgn * res.grad
        res._backward = _backward

        return res

    def clamp(self, lo, hi):
        # no gradient where we clipped
        in_range = lo <= self.data <= hi
        res = Value(min(max(self.data, lo), hi), (self,), f'clamp[{lo},{hi}]')

        def _backward():
            self.grad += (1.0 if in_range else 0.0) * res.grad
        res._backward = _backward

        return res

    def backward(self):

        # build a topological ordering
        order = []
        seen_nodes = set()
        def visit(v):
            if v not in seen_nodes:
                seen_nodes.add(v)
                for child in v._prev:
                    visit(child)
                order.append(v)
        visit(self)

        # apply the chain rule node by node
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, rhs): # rhs + self
        return self + rhs

    def __sub__(self, rhs): # self - rhs
        return self + (-rhs)

    def __rsub__(self, rhs): # rhs - self
        return rhs + (-self)

    def __rmul__(self, rhs): # rhs * self
        return self * rhs

    def __truediv__(self, rhs): # self / rhs
        return self * rhs**-1

    def __rtruediv__(self, rhs): # rhs / self
        return rhs * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def graph_nodes(self):
        # all nodes reachable from here
        marked, todo, found = set(), [self], []
        while todo:
            node = todo.pop()
            if node in marked:
                continue
            marked.add(node)
            found.append(node)
            todo.extend(node._prev)
        return found

    def zero_grad(self):
        # zero every grad in the graph
        for node in self.graph_nodes():
            node.grad = 0

    def item(self):
        return self.data

    def describe(self):
        # debugging: one line per node
        rows = []
        for node in self.graph_nodes():
            tag = node._op if node._op else 'leaf'
            rows.append(f"{tag:>8} data={node.data:.4f} grad={node.grad:.4f}")
        return "\n".join(rows)
