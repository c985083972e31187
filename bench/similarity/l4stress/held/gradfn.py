"""Small autograd shaped like PyTorch: a result keeps the object that knows how to send its gradient back."""
import math


class Node:
    """Backward object: holds the inputs; backprop(grad) gives one gradient per input."""

    def __init__(self, inputs, backprop):
        self.inputs = inputs
        self.backprop = backprop


def _add_node(a, b):
    return Node((a, b), lambda g: (g, g))


def _mul_node(a, b):
    return Node((a, b), lambda g: (b.data * g, a.data * g))


def _pow_node(base, n):
    return Node((base,), lambda g: (n * base.data ** (n - 1) * g,))


def _local_node(x, d):
    # derivative already known in the forward pass
    return Node((x,), lambda g: (d * g,))


class Value:
    def __init__(self, data, grad_fn=None, name=""):
        self.name = name
        self.grad_fn = grad_fn
        self.grad = 0
        self.data = data

    @property
    def _prev(self):
        if self.grad_fn is None:
            return ()
        return self.grad_fn.inputs

    def __repr__(self):
        extra = ""
        if self.grad_fn is not None:
            extra = ", " + type(self.grad_fn).__name__
        return "Value(data={}, grad={}{})".format(self.data, self.grad, extra)

    def backward(self):
        order, marked = [], set()

        def dfs(node):
            if id(node) in marked:
                return
            marked.add(id(node))
            for x in node._prev:
                dfs(x)
            order.append(node)

        dfs(self)
        self.grad = 1
        for node in order[::-1]:
            fn = node.grad_fn
            if fn is not None:
                grads = fn.backprop(node.grad)
                for i, x in enumerate(fn.inputs):
                    x.grad += grads[i]

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(other.data * self.data, _mul_node(self, other))

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(other.data + self.data, _add_node(self, other))

    def __pow__(self, n):
        return Value(self.data ** n, _pow_node(self, n))

    def log(self):
        return Value(math.log(self.data), _local_node(self, self.data ** -1))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, _local_node(self, e))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, _local_node(self, 1 - t * t))

    def relu(self):
        return Value(self.data if self.data > 0 else 0, _local_node(self, 0 if self.data <= 0 else 1))

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return -1 * self + other

    def __truediv__(self, other):
        return other ** -1 * self

    def __rtruediv__(self, other):
        return other * self ** -1
