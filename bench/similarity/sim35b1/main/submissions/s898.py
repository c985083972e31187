# my engine (Emma, first time with classes in python)
import math

class Value:

    def __init__(self, data, children=[], op=''):
        self.data = data
        self.grad = 0
        self._prev = list(children)
        self._op = op
        self._backward = self.nothing

    def nothing(self):
        pass

    def __repr__(self):
        return 'Value(' + str(self.data) + ')'

    def __add__(self, other):
        if type(other) != Value:
            other = Value(other)
        out = Value(self.data + other.data, [self, other], '+')
        def add_backward():
            self.grad = self.grad + out.grad
            other.grad = other.grad + out.grad
        out._backward = add_backward
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        if type(other) != Value:
            other = Value(other)
        out = Value(self.data * other.data, [self, other], '*')
        def mul_backward():
            self.grad = self.grad + other.data * out.grad
            other.grad = other.grad + self.data * out.grad
        out._backward = mul_backward
        return out

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-1 * other)

    def __rsub__(self, other):
        return other + (-1 * self)

    def __pow__(self, n):
        out = Value(self.data ** n, [self], '^')
        def pow_backward():
            self.grad = self.grad + n * (self.data ** (n - 1)) * out.grad
        out._backward = pow_backward
        return out

    def __truediv__(self, other):
        return self * (other ** -1)

    def __rtruediv__(self, other):
        return other * (self ** -1)

    def relu(self):
        if self.data > 0:
            out = Value(self.data, [self], 'relu')
        else:
            out = Value(0, [self], 'relu')
        def relu_backward():
            if self.data > 0:
                self.grad = self.grad + out.grad
        out._backward = relu_backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, [self], 'tanh')
        def tanh_backward():
            self.grad = self.grad + (1 - t * t) * out.grad
        out._backward = tanh_backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), [self], 'exp')
        def exp_backward():
            self.grad = self.grad + out.data * out.grad
        out._backward = exp_backward
        return out

    def log(self):
        out = Value(math.log(self.data), [self], 'log')
        def log_backward():
            self.grad = self.grad + (1 / self.data) * out.grad
        out._backward = log_backward
        return out

    def backward(self):
        nodes = []
        done = []
        def add_node(n):
            if n not in done:
                done.append(n)
                for c in n._prev:
                    add_node(c)
                nodes.append(n)
        add_node(self)
        self.grad = 1
        nodes.reverse()
        for n in nodes:
            n._backward()


a = Value(3)
b = a * a
b.backward()
print(a.grad)
