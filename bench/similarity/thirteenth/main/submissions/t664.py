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
    loss = 0
    for x, y in zip(XS, YS):
        loss += (x * w + b - y) ** 2
    return loss / len(XS)


def train_line_history(steps, learning_rate, make=Value):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update, so
    the list has steps + 1 entries and shows at a glance whether training
    goes downhill.
    """
    w, b = make(W_START), make(B_START)
    trace = []
    for _ in range(steps):
        cost = mse(w, b)
        trace.append(cost.data)
        w.grad, b.grad = 0, 0
        cost.backward()
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
    trace.append(mse(w, b).data)
    return w.data, b.data, trace


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


def cross_check(steps=100, learning_rate=0.05):
    """The same loop on micrograd's own Value: both engines must give the same numbers."""
    ours = train_line_history(steps, learning_rate)
    theirs = train_line_history(steps, learning_rate, make=MicroValue)
    return max(abs(a - b) for a, b in zip(ours[2], theirs[2]))


class MicroValue:
    """micrograd's scalar (karpathy/micrograd, MIT), for cross-checking"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # which op made it

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, MicroValue) else MicroValue(rhs)
        res = MicroValue(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += res.grad
            rhs.grad += res.grad
        res._backward = _backward

        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, MicroValue) else MicroValue(rhs)
        res = MicroValue(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad
        res._backward = _backward

        return res

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        res = MicroValue(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = MicroValue(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def backward(self):

        # children before parents
        order = []
        seen = set()
        def visit(node):
            if node not in seen:
                seen.add(node)
                for kid in node._prev:
                    visit(kid)
                order.append(node)
        visit(self)

        # chain rule, from the output back
        self.grad = 1
        for node in reversed(order):
            node._backward()

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
        return f"MicroValue(data={self.data}, grad={self.grad})"
