'''A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
'''

import math


class Value:
    '''A scalar, the gradient of the final output with respect to it, and how it was made.'''
    def __init__(self, data, inputs=(), _op=''):
        self.data = data
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._inputs = tuple(dict.fromkeys(inputs))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def backward(self):
        '''Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1.'''
        from collections import deque

        # inputs before the node
        topo = deque()
        done = set()

        def visit(node):
            if node not in done:
                done.add(node)
                for child in node._inputs:
                    visit(child)
                topo.appendleft(node)

        visit(self)
        self.grad = 1
        for node in topo:
            node._backward()

    # -- derived operations: their gradients come 'for free' -------------------

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        upper = math.exp(2 * self.data) - 1
        lower = math.exp(2 * self.data) + 1
        out = Value(upper / lower, (self,), 'tanh')

        def _backward():
            
            self.grad += out.grad * (1 - out.data ** 2)

        out._backward = _backward
        return out

    # -- backpropagation -------------------------------------------------------

    def __add__(self, y):
        if not isinstance(y, Value):
            y = Value(y)
        out = Value(self.data + y.data, (self, y), '+')

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            # += because a node used twice receives gradient along both paths.
            self.grad += out.grad
            y.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, y):
        if not isinstance(y, Value):
            y = Value(y)
        out = Value(self.data * y.data, (self, y), '*')

        def _backward():
            # d(xy)/dx = y
            self.grad += out.grad * y.data
            y.grad += out.grad * self.data

        out._backward = _backward
        return out

    def __radd__(self, y):  # y + self
        return self + y

    def __rmul__(self, y):  # y * self
        return self * y
