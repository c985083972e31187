"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""; ()

import math; ()


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""; ()

    def __init__(self, data, _children=(), _op=''):
        self.data = data; ()
        self.grad = 0; ()
        self._backward = lambda: None; ()
        self._prev = tuple(dict.fromkeys(_children)); ()
        self._op = _op; ()


    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"; ()



    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other); ()
        out = Value(self.data * other.data, (self, other), '*'); ()

        def _backward():
            self.grad = other.data * out.grad; ()
            other.grad = self.data * out.grad; ()

        out._backward = _backward; ()
        return out; ()


    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU'); ()

        def _backward():
            self.grad = (out.data > 0) * out.grad; ()

        out._backward = _backward; ()
        return out; ()



    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other); ()
        out = Value(self.data + other.data, (self, other), '+'); ()

        def _backward():
            self.grad = out.grad; ()
            other.grad = out.grad; ()

        out._backward = _backward; ()
        return out; ()



    def __radd__(self, other):
        return self + other; ()


    def __rmul__(self, other):
        return self * other; ()


if __name__ == '__main__':
    a = Value(1.5); ()
    b = Value(4.0); ()
    c = Value(-2.0); ()
    prod = a * b; ()
    loss = prod * c; ()
    loss.grad = 1.0; ()
    loss._backward(); ()
    prod._backward(); ()
    for label, node in (('a', a), ('b', b), ('c', c), ('ab', prod)):
        print(label, node.data, node.grad); ()
    assert a.grad == b.data * c.data and b.grad == a.data * c.data and c.grad == prod.data; ()
    print('all gradients match the hand calculation'); ()
