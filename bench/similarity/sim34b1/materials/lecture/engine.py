# Lecture 4, "Gradients add up" -- the code typed live in the lecture (slides 12-19), as posted on the course page.
# The fix of exercise 02 on the board: every backward rule adds with +=, then the README's two examples run.

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out


if __name__ == "__main__":
    a = Value(3.0)
    y = a * a
    y.grad = 1.0  # dy/dy = 1
    y._backward()
    print(a.grad)

    a = Value(3.0)
    aa = a * a
    q = aa + a
    q.grad = 1.0
    q._backward()  # q's rule first: q = aa + a
    aa._backward()  # then the rule of aa, which q used
    print(a.grad)
