import math

# Karin J. -- my Value class. No recursion anywhere: deep graphs would hit the recursion limit,
# so both graph walks keep their own stack of (node, iterator over its inputs).


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data.data if isinstance(data, Value) else data
        self.grad = 0
        self._backward = lambda: None
        self._prev = list(_children)
        self._op = _op

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res._backward = _backward
        return res

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += res.grad
            other.grad += res.grad
        res._backward = _backward
        return res

    def __pow__(self, power):
        if isinstance(power, Value):
            power = power.data
        res = Value(self.data ** power, (self,), '**')

        def _backward():
            self.grad += power * self.data ** (power - 1) * res.grad
        res._backward = _backward
        return res

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return -1 * self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def relu(self):
        res = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), 'tanh')

        def _backward():
            self.grad += (1 - th ** 2) * res.grad
        res._backward = _backward
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += res.grad / self.data
        res._backward = _backward
        return res

    def exp(self):
        if self.data > 700:
            raise OverflowError(f"exp({self.data}) would overflow")
        res = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += res.data * res.grad
        res._backward = _backward
        return res

    def _postorder(self):
        order, done = [], set()
        stack = [(self, iter(self._prev))]
        done.add(self)
        while stack:
            node, inputs = stack[-1]
            for child in inputs:
                if child not in done:
                    done.add(child)
                    stack.append((child, iter(child._prev)))
                    break
            else:
                stack.pop()
                order.append(node)
        return order

    def zero_grad(self):
        for node in self._postorder():
            node.grad = 0

    def backward(self):
        self.grad = 1
        for node in reversed(self._postorder()):
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
