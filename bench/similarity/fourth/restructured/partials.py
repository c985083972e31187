"""标量自动微分：反向传播。"""
import math


class Value:

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _node(self, data, children, local, op):
        # 局部导数，与 children 一一对应；链式法则在闭包里做
        out = Value(data, children, op)

        def _backward():
            for child, d in zip(children, local):
                child.grad += d * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._node(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, p):
        return self._node(self.data ** p, (self,), (p * self.data ** (p - 1),), "pow")

    def exp(self):
        y = math.exp(self.data)
        return self._node(y, (self,), (y,), "exp")

    def log(self):
        # 只对正数有定义
        return self._node(math.log(self.data), (self,), (1.0 / self.data,), "log")

    def tanh(self):
        y = math.tanh(self.data)
        return self._node(y, (self,), (1.0 - y * y,), "tanh")

    def relu(self):
        pos = self.data > 0
        return self._node(self.data if pos else 0.0, (self,), (1.0 if pos else 0.0,), "relu")

    def backward(self):
        # 后序遍历，改成了显式栈
        nodes, done, stack = [], set(), [(self, 0)]
        while stack:
            node, i = stack.pop()
            if i == 0:
                if node in done:
                    continue
                done.add(node)
            if i < len(node._prev):
                stack.append((node, i + 1))
                stack.append((node._prev[i], 0))
            else:
                nodes.append(node)
        self.grad = 1.0
        for node in reversed(nodes):
            node._backward()

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1
