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


# micrograd's engine (karpathy/micrograd), renamed so it does not clash with engine.Value
class Scalar:
    """A scalar with a gradient (micrograd's)."""

    def __init__(self, data, parents=(), op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(parents)
        self.op = op

    def __add__(self, o):
        o = o if isinstance(o, Scalar) else Scalar(o)
        result = Scalar(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad += result.grad
            o.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, o):
        o = o if isinstance(o, Scalar) else Scalar(o)
        result = Scalar(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad += o.data * result.grad
            o.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        result = Scalar(self.data**o, (self,), f'**{o}')

        def _backward():
            self.grad += (o * self.data**(o-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Scalar(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def backward(self):

        ordering = []
        done = set()
        def dfs(v):
            if v not in done:
                done.add(v)
                for child in v._prev:
                    dfs(child)
                ordering.append(v)
        dfs(self)

        self.grad = 1
        for v in reversed(ordering):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, o):
        return self + o

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return o + (-self)

    def __rmul__(self, o):
        return self * o

    def __truediv__(self, o):
        return self * o**-1

    def __rtruediv__(self, o):
        return o * self**-1

    def __repr__(self):
        return f"Scalar(data={self.data}, grad={self.grad})"


def mse(w, b):
    """The loss as a Value: the mean, over the four points, of (w*x + b - y) ** 2."""
    n = len(XS)
    squared = [(w * XS[i] + b - YS[i]) ** 2 for i in range(n)]
    return sum(squared) / n


def train_line_history(steps, learning_rate):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update, so
    the list has steps + 1 entries and shows at a glance whether training
    goes downhill.
    """
    w = Scalar(W_START)
    b = Scalar(B_START)
    curve = []
    for t in range(steps):
        loss = mse(w, b)
        curve.append(loss.data)
        w.grad = 0.0
        b.grad = 0.0
        loss.backward()
        dw, db = w.grad, b.grad
        w.data = w.data - learning_rate * dw
        b.data = b.data - learning_rate * db
    curve.append(mse(w, b).data)
    return w.data, b.data, curve


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
