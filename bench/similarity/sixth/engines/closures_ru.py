# Движок автоматического дифференцирования (обратный режим), моя версия.
# Каждая операция запоминает замыкание, которое раздаёт градиент входам.
import math


def _kak_value(x):
    """Число превращаем в Value, Value оставляем как есть."""
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, deti=(), op=''):
        self.data = float(data)
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(deti)
        self._op = op

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"

    # --- сложение и умножение ---
    def __add__(self, drugoe):
        drugoe = _kak_value(drugoe)
        rez = Value(self.data + drugoe.data, (self, drugoe), '+')

        def _backward():
            self.grad += rez.grad
            drugoe.grad += rez.grad
        rez._backward = _backward
        return rez

    def __mul__(self, drugoe):
        drugoe = _kak_value(drugoe)
        rez = Value(self.data * drugoe.data, (self, drugoe), '*')

        def _backward():
            self.grad += drugoe.data * rez.grad
            drugoe.grad += self.data * rez.grad
        rez._backward = _backward
        return rez

    def __pow__(self, stepen):
        assert isinstance(stepen, (int, float)), "только числовые степени"
        rez = Value(self.data ** stepen, (self,), f'**{stepen}')

        def _backward():
            self.grad += stepen * self.data ** (stepen - 1) * rez.grad
        rez._backward = _backward
        return rez

    # --- нелинейности ---
    def relu(self):
        rez = Value(max(0.0, self.data), (self,), 'relu')

        def _backward():
            self.grad += (rez.data > 0) * rez.grad
        rez._backward = _backward
        return rez

    def tanh(self):
        th = math.tanh(self.data)
        rez = Value(th, (self,), 'tanh')

        def _backward():
            self.grad += (1 - th * th) * rez.grad
        rez._backward = _backward
        return rez

    def exp(self):
        rez = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += rez.data * rez.grad
        rez._backward = _backward
        return rez

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
        # топологическая сортировка без рекурсии
        poryadok, videl = [], set()
        stek = [(self, 0)]
        while stek:
            uzel, sostoyanie = stek.pop()
            if sostoyanie == 1:
                poryadok.append(uzel)
            elif uzel not in videl:
                videl.add(uzel)
                stek.append((uzel, 1))
                for d in uzel._prev:
                    stek.append((d, 0))
        self.grad = 1.0
        for uzel in reversed(poryadok):
            uzel._backward()
