"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

import math

from engine import Value as CourseValue

# reference engine

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _label=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _label # the op that produced this node, for graphviz / debugging / etc

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

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        result = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad += result.grad
            that.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        result = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad += that.data * result.grad
            that.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad += (that * self.data**(that-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1) / (math.exp(2*x) + 1)
        result = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * result.grad
        result._backward = _backward

        return result

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):

        nodes_sorted = []
        done = set()
        def dfs(v):
            if v not in done:
                done.add(v)
                for child in v._prev:
                    dfs(child)
                nodes_sorted.append(v)
        dfs(self)

        self.grad = 1.0
        for v in reversed(nodes_sorted):
            v._backward()


NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


def check_against_micrograd(point, activation="relu"):
    """Largest relative difference between the course engine and micrograd on one neuron."""
    leaves = [Value(v) for v in point]
    y = leaves[2] * leaves[0] + leaves[3] * leaves[1] + leaves[4]
    y = y.relu() if activation == "relu" else y.tanh()
    y.backward()
    theirs = dict(zip(NAMES, (leaf.grad for leaf in leaves)))
    return largest_relative_difference(neuron_gradients(*point, activation=activation), theirs)


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    hojas = {}
    for nombre, valor in zip(NAMES, (x1, x2, w1, w2, b)):
        hojas[nombre] = CourseValue(valor)
    z = hojas["b"] + hojas["w1"] * hojas["x1"] + hojas["w2"] * hojas["x2"]
    if activation == "tanh":
        return z.tanh(), hojas
    return z.relu(), hojas


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, hojas = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    return {nombre: hoja.grad for nombre, hoja in hojas.items()}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    peor = 0.0
    for nombre, r in reference_grads.items():
        g = grads[nombre]
        escala = max(abs(g), abs(r))
        if escala != 0:
            peor = max(peor, abs(g - r) / escala)
    return peor


if __name__ == "__main__":
    for act in ("relu", "tanh"):
        print(act, check_against_micrograd((2.0, -1.0, 0.5, -1.5, 0.25), act))
