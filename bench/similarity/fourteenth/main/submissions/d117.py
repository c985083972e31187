"""Прямой режим дифференцирования: дуальные числа (Влад, задание 8)."""

import math


def _дуальное(х):
    """Обычное число -- константа: производная 0."""
    return х if isinstance(х, Dual) else Dual(х, 0.0)


class Dual:
    """Пара (значение, производная): a + a'ε, ε² = 0."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv

    def _правило(self, значение, наклон):
        # цепное правило: (g(a), g'(a) * a')
        return Dual(значение, наклон * self.deriv)

    def __add__(self, other):
        другое = _дуальное(other)
        return Dual(self.value + другое.value, self.deriv + другое.deriv)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-_дуальное(other))

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        другое = _дуальное(other)
        return Dual(self.value * другое.value, self.deriv * другое.value + self.value * другое.deriv)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        другое = _дуальное(other)
        частное = self.value / другое.value
        return Dual(частное, (self.deriv - частное * другое.deriv) / другое.value)

    def __rtruediv__(self, other):
        return _дуальное(other) / self

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __pow__(self, k):
        if isinstance(k, Dual):
            # a^b = exp(b ln a)
            return (k * self.log()).exp()
        return self._правило(self.value ** k, k * self.value ** (k - 1))

    def __rpow__(self, c):
        степень = c ** self.value
        return self._правило(степень, степень * math.log(c))

    def sin(self):
        return self._правило(math.sin(self.value), math.cos(self.value))

    def cos(self):
        return self._правило(math.cos(self.value), -math.sin(self.value))

    def exp(self):
        экспонента = math.exp(self.value)
        return self._правило(экспонента, экспонента)

    def log(self):
        return self._правило(math.log(self.value), 1 / self.value)

    def tanh(self):
        тангенс = math.tanh(self.value)
        return self._правило(тангенс, 1 - тангенс ** 2)

    def relu(self):
        положительное = self.value > 0
        return self._правило(self.value if положительное else 0, 1.0 if положительное else 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x): x с производной 1, затем ε-часть результата."""
    результат = f(Dual(x, 1.0))
    if isinstance(результат, Dual):
        return результат.deriv
    return 0.0
