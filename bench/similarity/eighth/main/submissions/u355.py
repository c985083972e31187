import math

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, parents=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._parents = set(parents)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        o = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += o.grad
            other.grad += o.grad
        o._backward = _backward

        return o

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        o = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * o.grad
            other.grad += self.data * o.grad
        o._backward = _backward

        return o

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        o = Value(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad += (other * self.data**(other-1)) * o.grad
        o._backward = _backward

        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (o.data > 0) * o.grad
        o._backward = _backward

        return o

    def tanh(self):
        v0 = self.data
        th = (math.exp(2*v0) - 1)/(math.exp(2*v0) + 1)
        o = Value(th, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - th**2) * o.grad
        o._backward = _backward

        return o

    def exp(self):
        v0 = self.data
        o = Value(math.exp(v0), (self, ), 'exp')

        def _backward():
            self.grad += o.data * o.grad
        o._backward = _backward

        return o

    def log(self):
        v0 = self.data
        o = Value(math.log(v0), (self, ), 'log')

        def _backward():
            self.grad += (1 / v0) * o.grad
        o._backward = _backward

        return o

    def backward(self):

        # topological order all of the children in the graph
        topo = []
        visited = set()
        def walk(v):
            if v not in visited:
                visited.add(v)
                for child in v._parents:
                    walk(child)
                topo.append(v)
        walk(self)

        # chain rule, node by node
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
