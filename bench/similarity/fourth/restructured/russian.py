# Домашнее задание: автоматическое дифференцирование
import math
import collections


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    """Скаляр, его градиент и то, как он был получен."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data          # значение при прямом проходе
        self.grad = 0             # производная выхода по этому узлу
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return "Value(data={}, grad={})".format(self.data, self.grad)

    def backward(self):
        # топологическая сортировка: сначала входы, потом сам узел
        order, visited = [], set()

        def dfs(node):
            visited.add(node)
            for child in node._prev:
                if child not in visited:
                    dfs(child)
            order.append(node)

        dfs(self)
        self.grad = 1
        for node in order[::-1]:
            node._backward()

    def __add__(self, other):
        other = _as_value(other)
        res = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += res.grad
            other.grad += res.grad
        res._backward = _backward
        return res

    def __mul__(self, other):
        other = _as_value(other)
        res = Value(self.data * other.data, (self, other), '*')

        def _backward():
            # производная по одному множителю = другой множитель
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res._backward = _backward
        return res

    def __pow__(self, power):
        assert isinstance(power, (int, float))
        res = Value(self.data ** power, (self,), '**' + str(power))

        def _backward():
            self.grad += power * self.data ** (power - 1) * res.grad
        res._backward = _backward
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += res.data * res.grad
        res._backward = _backward
        return res

    def tanh(self):
        x = self.data
        th = 1.0 if x > 20 else -1.0 if x < -20 else (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        res = Value(th, (self,), 'tanh')

        def _backward():
            # (tanh x)' = 1 - tanh^2 x
            self.grad += (1 - th ** 2) * res.grad
        res._backward = _backward
        return res

    def relu(self):
        res = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')

        def _backward():
            self.grad += (1 if res.data > 0 else 0) * res.grad
        res._backward = _backward
        return res

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
