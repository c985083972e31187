# TA office hours, week 4 (posted to the forum afterwards): "if += confuses you, write the sum out".
# A node used more than once receives gradient along every path: add, do not assign.

def __add__(self, other):
    other = other if isinstance(other, Value) else Value(other)
    out = Value(self.data + other.data, (self, other), "+")

    def _backward():
        self.grad = self.grad + out.grad
        other.grad = other.grad + out.grad

    out._backward = _backward
    return out


def __mul__(self, other):
    other = other if isinstance(other, Value) else Value(other)
    out = Value(self.data * other.data, (self, other), "*")

    def _backward():
        self.grad = self.grad + other.data * out.grad
        other.grad = other.grad + self.data * out.grad

    out._backward = _backward
    return out


def relu(self):
    out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

    def _backward():
        self.grad = self.grad + (out.data > 0) * out.grad

    out._backward = _backward
    return out
