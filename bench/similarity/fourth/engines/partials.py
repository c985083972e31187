"""标量自动微分。每个节点在前向时就记下对各输入的局部导数，反向时只做乘法和累加。"""
import math


class Value:

    def __init__(self, data, _children=(), _local=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._local = tuple(_local)  # 局部导数，与 _prev 一一对应
        self._op = _op

    def _backward(self):
        # 链式法则：输入的梯度 += 局部导数 * 本节点的梯度
        for child, d in zip(self._prev, self._local):
            child.grad += d * self.grad

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = Value._v(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, p):
        return Value(self.data ** p, (self,), (p * self.data ** (p - 1),), "pow")

    def relu(self):
        pos = self.data > 0
        return Value(self.data if pos else 0.0, (self,), (1.0 if pos else 0.0,), "relu")

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), (1.0 - y * y,), "tanh")

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), (y,), "exp")

    def log(self):
        # 只对正数有定义
        return Value(math.log(self.data), (self,), (1.0 / self.data,), "log")

    def _walk(self, done):
        # 后序遍历：先产出所有输入，再产出自己（生成器写法）
        if self in done:
            return
        done.add(self)
        for child in self._prev:
            yield from child._walk(done)
        yield self

    def backward(self):
        nodes = list(self._walk(set()))
        self.grad = 1.0
        for node in nodes[::-1]:
            node._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return Value._v(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value._v(other) ** -1

    def __rtruediv__(self, other):
        return Value._v(other) * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
