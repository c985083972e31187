# Домашнее задание: автоматическое дифференцирование (обратный проход)
# Автор пишет подробно, чтобы потом самому было понятно.
import math


class Value:
    """Скалярное значение + градиент + как оно было получено."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data          # значение при прямом проходе
        self.grad = 0             # производная итогового выхода по этому узлу
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)

    def _accumulate(self, amount):
        # градиенты СКЛАДЫВАЮТСЯ: узел может использоваться несколько раз
        self.grad = self.grad + amount

    # ------------------------------------------------------------ сложение
    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        output = Value(self.data + other.data, (self, other), '+')

        def _backward():
            # d(a+b)/da = 1, d(a+b)/db = 1
            self._accumulate(output.grad)
            other._accumulate(output.grad)
        output._backward = _backward
        return output

    # ------------------------------------------------------------ умножение
    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        output = Value(self.data * other.data, (self, other), '*')

        def _backward():
            # производная по одному множителю = другой множитель
            self._accumulate(other.data * output.grad)
            other._accumulate(self.data * output.grad)
        output._backward = _backward
        return output

    # ------------------------------------------------------------ степень
    def __pow__(self, power):
        assert isinstance(power, (int, float)), "только числовая степень"
        output = Value(self.data ** power, (self,), '**' + str(power))

        def _backward():
            self._accumulate(power * self.data ** (power - 1) * output.grad)
        output._backward = _backward
        return output

    # ------------------------------------------------------------ функции активации
    def tanh(self):
        value = self.data
        if value > 20:          # защита от переполнения в exp
            th = 1.0
        elif value < -20:
            th = -1.0
        else:
            th = (math.exp(2 * value) - 1) / (math.exp(2 * value) + 1)
        output = Value(th, (self,), 'tanh')

        def _backward():
            # (tanh x)' = 1 - tanh^2 x
            self._accumulate((1 - th ** 2) * output.grad)
        output._backward = _backward
        return output

    def relu(self):
        output = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')

        def _backward():
            self._accumulate((1 if output.data > 0 else 0) * output.grad)
        output._backward = _backward
        return output

    def exp(self):
        output = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            # (e^x)' = e^x, а это уже посчитано в output.data
            self._accumulate(output.data * output.grad)
        output._backward = _backward
        return output

    # ------------------------------------------------------------ обратный проход
    def backward(self):
        import collections
        # топологическая сортировка: сначала все входы, потом сам узел
        order = []
        visited = set()
        stack = collections.deque()
        stack.append((self, iter(self._prev)))
        visited.add(self)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                order.append(node)
            elif child not in visited:
                visited.add(child)
                stack.append((child, iter(child._prev)))
        # градиент выхода по самому себе равен единице
        self.grad = 1
        for node in reversed(order):
            node._backward()

    # ------------------------------------------------------------ остальное через уже готовое
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return other * self ** -1
