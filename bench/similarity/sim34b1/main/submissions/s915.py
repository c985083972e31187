"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    # ===== 我自己加的运算 =====

    def exp(self):
        # 指数函数: 导数等于它本身
        val = math.exp(self.data)
        out = Value(val, (self,), "exp")

        def _backward():
            self.grad += val * out.grad

        out._backward = _backward
        return out

    def sigmoid(self):
        # sigmoid 的导数是 s * (1 - s)
        s = 1 / (1 + math.exp(-self.data))
        out = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        # tanh = 2 * sigmoid(2x) - 1, 导数 1 - tanh^2
        th = 2 / (1 + math.exp(-2 * self.data)) - 1
        out = Value(th, (self,), "tanh")

        def _backward():
            self.grad += (1 - th ** 2) * out.grad

        out._backward = _backward
        return out

    # -- derived operations: their gradients come "for free" -------------------

    def __radd__(self, other):  # other + self
        return self + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



def 反向传播(根):
    # 拓扑排序, 然后从输出往回调用每个节点的 _backward
    顺序, 见过 = [], set()

    def 访问(v):
        if v not in 见过:
            见过.add(v)
            for u in v._prev:
                访问(u)
            顺序.append(v)

    访问(根)
    根.grad = 1.0
    for v in reversed(顺序):
        v._backward()


if __name__ == "__main__":
    # 用同一个参数 w 拟合两个样本 (w 被用了两次, 所以必须累加)
    w = Value(0.1)
    for 步 in range(100):
        w.grad = 0
        损失 = (w * 1.0 + -2.0) * (w * 1.0 + -2.0) + (w * 2.0 + -4.0) * (w * 2.0 + -4.0)
        反向传播(损失)
        w.data -= 0.02 * w.grad
    print(w)  # 接近 2
