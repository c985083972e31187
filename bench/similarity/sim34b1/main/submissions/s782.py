# Tara - exercise 2
# I rewrote the engine myself to understand it. The important thing is that
# grad is ADDED to, never overwritten, because a value can be used many times.

class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._op = _op
        self._prev = []
        for c in _children:
            if c not in self._prev:
                self._prev.append(c)
        self._backward = lambda: None

    def __add__(self, other):
        if type(other) != Value:
            other = Value(other)
        result = Value(self.data + other.data, (self, other), '+')
        def add_backward():
            self.grad = self.grad + 1 * result.grad
            other.grad = other.grad + 1 * result.grad
        result._backward = add_backward
        return result

    def __radd__(self, other):
        return self.__add__(other)

    def __mul__(self, other):
        if type(other) != Value:
            other = Value(other)
        result = Value(self.data * other.data, (self, other), '*')
        def mul_backward():
            self.grad = self.grad + other.data * result.grad
            other.grad = other.grad + self.data * result.grad
        result._backward = mul_backward
        return result

    def __rmul__(self, other):
        return self.__mul__(other)

    def relu(self):
        if self.data > 0:
            result = Value(self.data, (self,), 'ReLU')
        else:
            result = Value(0, (self,), 'ReLU')
        def relu_backward():
            if result.data > 0:
                self.grad = self.grad + result.grad
        result._backward = relu_backward
        return result

    def __repr__(self):
        return 'Value(data=' + str(self.data) + ', grad=' + str(self.grad) + ')'


# test from the README
a = Value(3.0)
y = a * a
y.grad = 1.0
y._backward()
print(a.grad)  # 6.0 now
