# Движок автоматического дифференцирования (обратный режим), моя версия.
# Каждая операция — свой класс, он сам раздаёт градиент входам.
import math


def _kak_value(x):
    """Число превращаем в Value, Value оставляем как есть."""
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, deti=(), op=''):
        self.data = float(data)
        self.grad = 0.0
        self._prev = set(deti)
        self._op = op

    def _backward(self):
        pass  # у листа нет входов

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"

    # --- операции: каждая создаёт узел своего класса ---
    def __add__(self, drugoe):
        return Slozhenie(self, _kak_value(drugoe))

    def __mul__(self, drugoe):
        return Umnozhenie(self, _kak_value(drugoe))

    def __pow__(self, stepen):
        assert isinstance(stepen, (int, float)), "только числовые степени"
        return Stepen(self, stepen)

    def relu(self):
        return Relu(self)

    def tanh(self):
        return Tanh(self)

    def exp(self):
        return Exp(self)

    # --- производные операции ---
    def __neg__(self):
        return self * -1

    def __sub__(self, drugoe):
        return self + (-drugoe)

    def __radd__(self, drugoe):
        return self + drugoe

    def __rmul__(self, drugoe):
        return self * drugoe

    # --- обратный проход ---
    def backward(self):
        # топологическая сортировка рекурсией
        poryadok, videl = [], set()

        def obojti(uzel):
            if uzel not in videl:
                videl.add(uzel)
                for d in uzel._prev:
                    obojti(d)
                poryadok.append(uzel)

        obojti(self)
        self.grad = 1.0
        for uzel in poryadok[::-1]:
            uzel._backward()


class Slozhenie(Value):
    def __init__(self, a, b):
        super().__init__(a.data + b.data, (a, b), '+')
        self.a, self.b = a, b

    def _backward(self):
        self.a.grad += self.grad
        self.b.grad += self.grad


class Umnozhenie(Value):
    def __init__(self, a, b):
        super().__init__(a.data * b.data, (a, b), '*')
        self.a, self.b = a, b

    def _backward(self):
        self.a.grad += self.b.data * self.grad
        self.b.grad += self.a.data * self.grad


class Stepen(Value):
    def __init__(self, a, stepen):
        super().__init__(a.data ** stepen, (a,), f'**{stepen}')
        self.a, self.stepen = a, stepen

    def _backward(self):
        self.a.grad += self.stepen * self.a.data ** (self.stepen - 1) * self.grad


# --- нелинейности ---
class Relu(Value):
    def __init__(self, a):
        super().__init__(max(0.0, a.data), (a,), 'relu')
        self.a = a

    def _backward(self):
        self.a.grad += (self.data > 0) * self.grad


class Tanh(Value):
    def __init__(self, a):
        super().__init__(math.tanh(a.data), (a,), 'tanh')
        self.a = a

    def _backward(self):
        self.a.grad += (1 - self.data * self.data) * self.grad


class Exp(Value):
    def __init__(self, a):
        super().__init__(math.exp(a.data), (a,), 'exp')
        self.a = a

    def _backward(self):
        self.a.grad += self.data * self.grad
