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

# engine.py would not import in my Colab, so here is micrograd's Value
# (github.com/karpathy/micrograd, MIT licence), it has everything mse needs

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

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def mse(w, b):
    """The loss as a Value: the mean, over the four points, of (w*x + b - y) ** 2."""
    errs = [w * x + b - y for x, y in zip(XS, YS)]
    return sum(e ** 2 for e in errs) / 4  # 4 points


def train_line_history(steps, learning_rate):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update, so
    the list has steps + 1 entries and shows at a glance whether training
    goes downhill.
    """
    w = Value(W_START)
    b = Value(B_START)
    losses = []
    for k in range(steps):
        L = mse(w, b)
        losses.append(L.data)
        w.grad = 0
        b.grad = 0
        L.backward()
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
    L = mse(w, b)
    losses.append(L.data)
    return w.data, b.data, losses


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
