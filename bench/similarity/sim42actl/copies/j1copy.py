# engine.py -- Pedro Alves -- hw1
# Each operation hands its output a list of (input, pullback) pairs: the pullback
# turns the output's gradient into what that input receives. backward() walks the
# graph with an explicit stack of (node, next child) frames, so a long chain does
# not blow the recursion limit.
import math


class Value:
    def __init__(self, data, parents=()):
        self.data = float(data)
        self.grad = 0.0
        self.parents = list(parents)  # (input, pullback)

    def __repr__(self):
        return f"<Value {self.data:.6g} | grad {self.grad:.6g}>"

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, [(self, lambda g: g), (other, lambda g: g)])

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data,
                     [(self, lambda g: g * other.data), (other, lambda g: g * self.data)])

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant exponents"
        return Value(self.data ** k, [(self, lambda g: g * k * self.data ** (k - 1))])

    def relu(self):
        return Value(max(self.data, 0.0), [(self, lambda g: g * (self.data > 0))])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, lambda g: g * (1 - t * t))])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, lambda g: g * e)])

    def log(self):
        return Value(math.log(self.data), [(self, lambda g: g / self.data)])

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value.lift(other) - self

    def __rtruediv__(self, other):
        return Value.lift(other) / self

    def backward(self):
        # post-order with a frame stack: a node is placed once all its inputs are
        order, placed = [], {id(self)}
        frames = [[self, 0]]
        while frames:
            frame = frames[-1]
            node, i = frame
            if i < len(node.parents):
                frame[1] += 1
                child = node.parents[i][0]
                if id(child) not in placed:
                    placed.add(id(child))
                    frames.append([child, 0])
            else:
                frames.pop()
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            for child, pullback in node.parents:
                child.grad += pullback(node.grad)


def numeric(f, x0, h=1e-6):
    """Central difference of a one-argument function at x0."""
    return (f(x0 + h) - f(x0 - h)) / (2 * h)


if __name__ == "__main__":
    x = Value(0.4)
    y = (x * x + 1).log() * x.exp()
    y.backward()
    approx = numeric(lambda v: math.log(v * v + 1) * math.exp(v), 0.4)
    print(x.grad, approx)
    assert abs(x.grad - approx) < 1e-6
