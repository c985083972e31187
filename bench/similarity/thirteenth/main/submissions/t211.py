"""Fitting a line by gradient descent, the course's first training loop.

Four points lie on the line y = 2x + 1. Start from w = -1, b = 0 and walk
downhill on the loss, the mean of the squared errors of w*x + b. Each step is
the loop every later network is trained with: forward pass, loss, clear the
gradients, backward(), then move each parameter a small step against its
gradient. Both gradients come from the same forward pass, and no parameter
moves before both are known.

With a learning rate of 0.05, 1,000 steps bring w and b to 2 and 1 within
1e-12. With 0.3 the loss grows at every step although every gradient is
right (the exercise's README asks why).
"""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def mse(w, b):
    """The loss as a Value: the mean, over the four points, of (w*x + b - y) ** 2."""
    acc = 0
    for k, x in enumerate(XS):
        acc = acc + (w * x + b - YS[k]) ** 2
    return acc * (1 / len(XS))


def train_line_history(steps, learning_rate):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update, so
    the list has steps + 1 entries and shows at a glance whether training
    goes downhill.
    """
    params = [Value(W_START), Value(B_START)]
    seen_losses = []
    for step in range(steps):
        loss = mse(*params)
        seen_losses.append(loss.data)
        for p in params:
            p.grad = 0
        loss.backward()
        for p in params:
            p.data = p.data - learning_rate * p.grad
    seen_losses.append(mse(*params).data)
    return params[0].data, params[1].data, seen_losses


def check_with_reference():
    """mse's gradients at the start, from the course's Value and from RefValue, must agree."""
    ours = [Value(W_START), Value(B_START)]
    ref = [RefValue(W_START), RefValue(B_START)]
    mse(*ours).backward()
    mse(*ref).backward()
    for a, r in zip(ours, ref):
        assert abs(a.grad - r.grad) < 1e-12, (a.grad, r.grad)
    return [a.grad for a in ours]


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


class RefValue:
    """Reference scalar, after karpathy/micrograd (MIT): used only by check_with_reference."""

    def __init__(self, data, _kids=(), _label=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_kids)
        self._label = _label

    def __repr__(self):
        return "RefValue(data={}, grad={})".format(self.data, self.grad)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def backward(self):
        order = []
        seen = set()

        def walk(node):
            if node not in seen:
                seen.add(node)
                for prev in node._prev:
                    walk(prev)
                order.append(node)

        walk(self)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __add__(self, other):
        if not isinstance(other, RefValue):
            other = RefValue(other)
        result = RefValue(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += result.grad
            other.grad += result.grad
        result._backward = _backward
        return result

    def __mul__(self, other):
        if not isinstance(other, RefValue):
            other = RefValue(other)
        result = RefValue(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad
        result._backward = _backward
        return result

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "only supporting int/float powers for now"
        result = RefValue(self.data**p, (self,), '**{}'.format(p))

        def _backward():
            self.grad += (p * self.data**(p-1)) * result.grad
        result._backward = _backward
        return result

    def relu(self):
        result = RefValue(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward
        return result
