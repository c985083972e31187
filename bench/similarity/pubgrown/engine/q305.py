import math


class Value:
    """ stores a single scalar value and its gradient """

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def describe(self):
        text_rows = []
        for node in self.graph_nodes():
            name = node._op if node._op else 'leaf'
            text_rows.append(f"{name:>8} data={node.data:.4f} grad={node.grad:.4f}")
        return "\n".join(text_rows)

    def item(self):
        return self.data

    def zero_grad(self):
        for node in self.graph_nodes():
            node.grad = 0

    def graph_nodes(self):
        visited_set, pending, result = set(), [self], []
        while pending:
            node = pending.pop()
            if node in visited_set:
                continue
            visited_set.add(node)
            result.append(node)
            pending.extend(node._prev)
        return result

    def backward(self):

        topological = []
        marked = set()
        def collect(v):
            if v not in marked:
                marked.add(v)
                for child in v._prev:
                    collect(child)
                topological.append(v)
        collect(self)

        self.grad = 1
        for v in reversed(topological):
            v._backward()

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def sigmoid(self):
        sv = 1.0 / (1.0 + math.exp(-self.data))
        node_out = Value(sv, (self,), 'sigmoid')

        def _backward():
            self.grad = self.grad + (sv * (1.0 - sv) * node_out.grad)
        node_out._backward = _backward

        return node_out

    def tanh(self):
        x = self.data
        tv = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        node_out = Value(tv, (self, ), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - tv**2) * node_out.grad
        node_out._backward = _backward

        return node_out

    def clamp(self, lo, hi):
        ok = lo <= self.data <= hi
        node_out = Value(min(max(self.data, lo), hi), (self,), f'clamp[{lo},{hi}]')

        def _backward():
            self.grad = self.grad + (1.0 if ok else 0.0) * node_out.grad
        node_out._backward = _backward

        return node_out

    def __abs__(self):
        direction = 1.0 if self.data >= 0 else -1.0
        node_out = Value(abs(self.data), (self,), 'abs')

        def _backward():
            self.grad = self.grad + (direction * node_out.grad)
        node_out._backward = _backward

        return node_out

    def exp(self):
        x = self.data
        node_out = Value(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad = self.grad + (node_out.data * node_out.grad)
        node_out._backward = _backward

        return node_out

    def log(self):
        assert self.data > 0, "log is only defined for positive values"
        node_out = Value(math.log(self.data), (self, ), 'log')

        def _backward():
            self.grad = self.grad + (1.0 / self.data) * node_out.grad
        node_out._backward = _backward

        return node_out

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        node_out = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad = self.grad + node_out.grad
            that.grad = that.grad + node_out.grad
        node_out._backward = _backward

        return node_out

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        node_out = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad = self.grad + (that.data * node_out.grad)
            that.grad = that.grad + (self.data * node_out.grad)
        node_out._backward = _backward

        return node_out

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        node_out = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad = self.grad + (that * self.data**(that-1)) * node_out.grad
        node_out._backward = _backward

        return node_out

    def relu(self):
        node_out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (node_out.data > 0) * node_out.grad
        node_out._backward = _backward

        return node_out

    def __neg__(self):
        return self * -1

    def __radd__(self, that):
        return self + that

    def __sub__(self, that):
        return self + (-that)

    def __rsub__(self, that):
        return that + (-self)

    def __rmul__(self, that):
        return self * that

    def __truediv__(self, that):
        return self * that**-1

    def __rtruediv__(self, that):
        return that * self**-1
