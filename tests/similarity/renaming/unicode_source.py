"""An engine written with Greek, Cyrillic and Hangul names (PEP 3131), and one name in fullwidth letters."""
import math


class Value:
    def __init__(self, data, _παιδιά=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_παιδιά)
        self._op = _op

    def __add__(self, другой):
        другой = другой if isinstance(другой, Value) else Value(другой)
        결과 = Value(self.data + другой.data, (self, другой), "+")

        def _backward():
            self.grad += 결과.grad
            другой.grad += 결과.grad

        결과._backward = _backward
        return 결과

    def __mul__(self, другой):
        другой = другой if isinstance(другой, Value) else Value(другой)
        결과 = Value(self.data * другой.data, (self, другой), "*")

        def _backward():
            self.grad += другой.data * 결과.grad
            другой.grad += self.data * 결과.grad

        결과._backward = _backward
        return 결과

    def tanh(self):
        τ = math.tanh(self.data)
        결과 = Value(τ, (self,), "tanh")

        def _backward():
            self.grad += (1 - τ ** 2) * 결과.grad

        결과._backward = _backward
        return 결과

    def backward(self):
        순서, ｓｅｅｎ = [], set()

        def 방문(노드):
            if 노드 not in ｓｅｅｎ:
                ｓｅｅｎ.add(노드)
                for 자식 in 노드._prev:
                    방문(자식)
                순서.append(노드)

        방문(self)
        self.grad = 1.0
        for 노드 in reversed(순서):
            노드._backward()

    def __radd__(self, другой):
        return self + другой

    def __rmul__(self, другой):
        return self * другой
