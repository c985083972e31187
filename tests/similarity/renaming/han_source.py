"""An engine whose names are Chinese characters (PEP 3131), with code of its own: a walk with an explicit stack,
exp and tanh through a helper, a gradient check kept beside it. han_renamed.py is it renamed to ASCII."""
import math


def 指数(值):
    return math.exp(max(-60.0, min(60.0, 值)))


class Value:
    def __init__(self, data, 子节点=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(子节点)
        self._op = _op

    def __add__(self, 另一个):
        另一个 = 另一个 if isinstance(另一个, Value) else Value(另一个)
        结果 = Value(self.data + 另一个.data, (self, 另一个), "+")

        def _backward():
            self.grad += 结果.grad
            另一个.grad += 结果.grad

        结果._backward = _backward
        return 结果

    def __mul__(self, 另一个):
        另一个 = 另一个 if isinstance(另一个, Value) else Value(另一个)
        结果 = Value(self.data * 另一个.data, (self, 另一个), "*")

        def _backward():
            self.grad += 另一个.data * 结果.grad
            另一个.grad += self.data * 结果.grad

        结果._backward = _backward
        return 结果

    def exp(self):
        幂 = 指数(self.data)
        结果 = Value(幂, (self,), "exp")

        def _backward():
            self.grad += 幂 * 结果.grad

        结果._backward = _backward
        return 结果

    def tanh(self):
        正, 负 = 指数(self.data), 指数(-self.data)
        双曲 = (正 - 负) / (正 + 负)
        结果 = Value(双曲, (self,), "tanh")

        def _backward():
            斜率 = 1.0 - 双曲 * 双曲
            self.grad += 斜率 * 结果.grad

        结果._backward = _backward
        return 结果

    def backward(self):
        顺序, 见过, 栈 = [], set(), [(self, False)]
        while 栈:
            节点, 完成 = 栈.pop()
            if 完成:
                顺序.append(节点)
                continue
            if 节点 in 见过:
                continue
            见过.add(节点)
            栈.append((节点, True))
            for 孩子 in 节点._prev:
                栈.append((孩子, False))
        self.grad = 1.0
        for 节点 in 顺序[::-1]:
            节点._backward()

    def __radd__(self, 另一个):
        return self + 另一个

    def __rmul__(self, 另一个):
        return self * 另一个


def 数值梯度(函数, 点, 步长=1e-6):
    return (函数(点 + 步长) - 函数(点 - 步长)) / (2 * 步长)
