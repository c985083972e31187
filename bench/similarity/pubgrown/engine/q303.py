import math


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward

        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward

        return out

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        out = Value(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad += (other * self.data**(other-1)) * out.grad
        out._backward = _backward

        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward

        return out

    def tanh(self):
        # tanh written out with exponentials, as in the lecture video
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        out = Value(t, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * out.grad
        out._backward = _backward

        return out

    def sigmoid(self):
        # logistic function; derivative is s * (1 - s)
        s = 1.0 / (1.0 + math.exp(-self.data))
        out = Value(s, (self,), 'sigmoid')

        def _backward():
            self.grad += s * (1.0 - s) * out.grad
        out._backward = _backward

        return out

    def exp(self):
        x = self.data
        out = Value(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad += out.data * out.grad # d/dx e^x = e^x
        out._backward = _backward

        return out

    def log(self):
        # natural log, only defined for positive inputs
        assert self.data > 0, "log is only defined for positive values"
        out = Value(math.log(self.data), (self, ), 'log')

        def _backward():
            self.grad += (1.0 / self.data) * out.grad
        out._backward = _backward

        return out

    def __abs__(self):
        sign = 1.0 if self.data >= 0 else -1.0
        out = Value(abs(self.data), (self,), 'abs')

        def _backward():
            self.grad += sign * out.grad
        out._backward = _backward

        return out

    def clamp(self, lo, hi):
        # gradient passes only where the value was not clipped
        inside = lo <= self.data <= hi
        out = Value(min(max(self.data, lo), hi), (self,), f'clamp[{lo},{hi}]')

        def _backward():
            self.grad += (1.0 if inside else 0.0) * out.grad
        out._backward = _backward

        return out

    def backward(self):

        # topological order all of the children in the graph
        topo = []
        visited = set()
        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, other): # other + self
        return self + other

    def __sub__(self, other): # self - other
        return self + (-other)

    def __rsub__(self, other): # other - self
        return other + (-self)

    def __rmul__(self, other): # other * self
        return self * other

    def __truediv__(self, other): # self / other
        return self * other**-1

    def __rtruediv__(self, other): # other / self
        return other * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def graph_nodes(self):
        # every node reachable from this one, the node itself included
        seen, stack, nodes = set(), [self], []
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            nodes.append(node)
            stack.extend(node._prev)
        return nodes

    def zero_grad(self):
        # reset the grads of the whole graph before the next backward pass
        for node in self.graph_nodes():
            node.grad = 0

    def item(self):
        return self.data

    def describe(self):
        # one line per node: op, value and grad, handy when debugging a graph
        lines = []
        for node in self.graph_nodes():
            label = node._op if node._op else 'leaf'
            lines.append(f"{label:>8} data={node.data:.4f} grad={node.grad:.4f}")
        return "\n".join(lines)
