# Homework: my own autograd engine
# I tried to write everything myself after watching the lecture.

import math


class Value:
    def __init__(self, data, inputs=None, operation=None):
        # the number itself
        self.data = data
        # the gradient starts at zero
        self.grad = 0
        # which values were used to make this one
        if inputs is None:
            inputs = []
        self.inputs = inputs
        # what operation made it (just for printing)
        self.operation = operation
        # the function that sends the gradient back to the inputs
        self.backward_step = None

    def __repr__(self):
        return "Value(" + str(self.data) + ", grad=" + str(self.grad) + ")"

    def make_value(self, x):
        # turn a plain number into a Value
        if type(x) == Value:
            return x
        else:
            return Value(x)

    def add(self, other):
        other = self.make_value(other)
        result = Value(self.data + other.data, [self, other], "add")

        def step():
            # adding: the gradient goes to both inputs unchanged
            self.grad = self.grad + result.grad
            other.grad = other.grad + result.grad

        result.backward_step = step
        return result

    def multiply(self, other):
        other = self.make_value(other)
        result = Value(self.data * other.data, [self, other], "multiply")

        def step():
            # multiplying: each input gets the other input times the gradient
            self.grad = self.grad + other.data * result.grad
            other.grad = other.grad + self.data * result.grad

        result.backward_step = step
        return result

    def power(self, n):
        result = Value(self.data ** n, [self], "power")

        def step():
            # power rule: n * x^(n-1)
            self.grad = self.grad + n * self.data ** (n - 1) * result.grad

        result.backward_step = step
        return result

    def relu(self):
        if self.data > 0:
            result = Value(self.data, [self], "relu")
        else:
            result = Value(0, [self], "relu")

        def step():
            if self.data > 0:
                self.grad = self.grad + result.grad

        result.backward_step = step
        return result

    def tanh(self):
        e = math.exp(2 * self.data)
        answer = (e - 1) / (e + 1)
        result = Value(answer, [self], "tanh")

        def step():
            # the derivative of tanh is 1 - tanh^2
            self.grad = self.grad + (1 - answer ** 2) * result.grad

        result.backward_step = step
        return result

    def exp(self):
        answer = math.exp(self.data)
        result = Value(answer, [self], "exp")

        def step():
            # e^x is its own derivative
            self.grad = self.grad + answer * result.grad

        result.backward_step = step
        return result

    def log(self):
        result = Value(math.log(self.data), [self], "log")

        def step():
            # derivative of ln(x) is 1/x
            self.grad = self.grad + (1 / self.data) * result.grad

        result.backward_step = step
        return result

    # the operators call the methods above
    def __add__(self, other):
        return self.add(other)

    def __radd__(self, other):
        return self.add(other)

    def __mul__(self, other):
        return self.multiply(other)

    def __rmul__(self, other):
        return self.multiply(other)

    def __pow__(self, n):
        return self.power(n)

    def __neg__(self):
        return self.multiply(-1)

    def __sub__(self, other):
        return self.add(self.make_value(other).multiply(-1))

    def __rsub__(self, other):
        return self.multiply(-1).add(other)

    def __truediv__(self, other):
        return self.multiply(self.make_value(other).power(-1))

    def __rtruediv__(self, other):
        return self.power(-1).multiply(other)

    def backward(self):
        # first I make a list of all the values in the right order
        order = []
        visited = []
        stack = [self]
        while len(stack) > 0:
            current = stack[len(stack) - 1]
            all_done = True
            for inp in current.inputs:
                if inp not in visited:
                    all_done = False
                    stack.append(inp)
            if all_done:
                stack.pop()
                if current not in visited:
                    visited.append(current)
                    order.append(current)
        # then I go through it backwards
        self.grad = 1
        i = len(order) - 1
        while i >= 0:
            if order[i].backward_step is not None:
                order[i].backward_step()
            i = i - 1
