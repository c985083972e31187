"""A tiny autograd in PyTorch's shape: each result remembers a grad_fn object.

The grad_fn of a node knows the node's inputs and turns the gradient of the
node into the gradients of its inputs (`apply`). backward() orders the
graph and hands every node's gradient to its grad_fn.
"""
import math


class Function:
    def __init__(self, *inputs):
        self.inputs = inputs

    def apply(self, grad):
        raise NotImplementedError


class AddBackward(Function):
    def apply(self, grad):
        return grad, grad


class MulBackward(Function):
    def apply(self, grad):
        a, b = self.inputs
        return grad * b.data, grad * a.data


class PowBackward(Function):
    def __init__(self, base, exponent):
        super().__init__(base)
        self.exponent = exponent

    def apply(self, grad):
        (base,) = self.inputs
        n = self.exponent
        return (grad * n * base.data ** (n - 1),)


class UnaryBackward(Function):
    """For ops whose derivative is known at forward time."""

    def __init__(self, x, derivative):
        super().__init__(x)
        self.derivative = derivative

    def apply(self, grad):
        return (grad * self.derivative,)


class Value:
    def __init__(self, data, grad_fn=None, name=""):
        self.data = data
        self.grad = 0
        self.grad_fn = grad_fn
        self.name = name

    @property
    def _prev(self):
        return self.grad_fn.inputs if self.grad_fn else ()

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, AddBackward(self, other))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, MulBackward(self, other))

    def __pow__(self, n):
        return Value(self.data ** n, PowBackward(self, n))

    def relu(self):
        return Value(max(self.data, 0), UnaryBackward(self, 1 if self.data > 0 else 0))

    def tanh(self):
        th = math.tanh(self.data)
        return Value(th, UnaryBackward(self, 1 - th ** 2))

    def exp(self):
        ex = math.exp(self.data)
        return Value(ex, UnaryBackward(self, ex))

    def log(self):
        return Value(math.log(self.data), UnaryBackward(self, 1 / self.data))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -other

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        order = []
        marked = set()
        work = [(self, False)]
        while work:
            node, expanded = work.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in marked:
                continue
            marked.add(id(node))
            work.append((node, True))
            for inp in node._prev:
                work.append((inp, False))
        self.grad = 1
        for node in reversed(order):
            if node.grad_fn is None:
                continue
            for inp, g in zip(node.grad_fn.inputs, node.grad_fn.apply(node.grad)):
                inp.grad += g

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}{', ' + type(self.grad_fn).__name__ if self.grad_fn else ''})"
