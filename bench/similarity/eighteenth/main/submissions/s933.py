import math

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # bookkeeping for the graph
        self._grad_fn = lambda: None
        self._parents = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        result = Value(self.data + rhs.data, (self, rhs), '+')

        def _grad_fn():
            self.grad += result.grad
            rhs.grad += result.grad
        result._grad_fn = _grad_fn

        return result

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        result = Value(self.data * rhs.data, (self, rhs), '*')

        def _grad_fn():
            self.grad += rhs.data * result.grad
            rhs.grad += self.data * result.grad
        result._grad_fn = _grad_fn

        return result

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**rhs, (self,), f'**{rhs}')

        def _grad_fn():
            self.grad += (rhs * self.data**(rhs-1)) * result.grad
        result._grad_fn = _grad_fn

        return result

    def exp(self):
        e = math.exp(self.data)
        result = Value(e, (self,), 'exp')

        def _grad_fn():
            self.grad += e * result.grad
        result._grad_fn = _grad_fn

        return result

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')

        def _grad_fn():
            self.grad += result.grad / self.data
        result._grad_fn = _grad_fn

        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, (self,), 'tanh')

        def _grad_fn():
            self.grad += (1 - t * t) * result.grad
        result._grad_fn = _grad_fn

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _grad_fn():
            self.grad += (result.data > 0) * result.grad
        result._grad_fn = _grad_fn

        return result

    def backward(self):

        # topological order all of the children in the graph
        order = []
        seen = set()
        def visit(node):
            if node not in seen:
                seen.add(node)
                for child in node._parents:
                    visit(child)
                order.append(node)
        visit(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for node in reversed(order):
            node._grad_fn()

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
