import math

# The core of the class is micrograd's; sub, div, pow and the rest I wrote myself.


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

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---------- mine from here ----------
    def __pow__(self, k):
        if isinstance(k, Value):
            raise TypeError("exponent must be a plain number")
        result = Value(self.data ** k, (self,), "pow")

        def grad_fn():
            self.grad += k * (self.data ** (k - 1)) * result.grad
        result._backward = grad_fn
        return result

    def __sub__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data - other.data, (self, other), "-")

        def grad_fn():
            self.grad += result.grad
            other.grad -= result.grad
        result._backward = grad_fn
        return result

    def __rsub__(self, other):
        return Value(other) - self

    def __neg__(self):
        return 0 - self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data / other.data, (self, other), "/")

        def grad_fn():
            self.grad += result.grad / other.data
            other.grad -= result.grad * self.data / other.data ** 2
        result._backward = grad_fn
        return result

    def __rtruediv__(self, other):
        return Value(other) / self

    def relu(self):
        result = Value(max(0.0, self.data), (self,), "relu")

        def grad_fn():
            if self.data > 0:
                self.grad += result.grad
        result._backward = grad_fn
        return result

    def tanh(self):
        th = math.tanh(self.data)
        result = Value(th, (self,), "tanh")

        def grad_fn():
            self.grad += (1.0 - th * th) * result.grad
        result._backward = grad_fn
        return result

    def exp(self):
        ex = math.exp(self.data)
        result = Value(ex, (self,), "exp")

        def grad_fn():
            self.grad += ex * result.grad
        result._backward = grad_fn
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def grad_fn():
            self.grad += result.grad / self.data
        result._backward = grad_fn
        return result
