"""宋宇：自己写的引擎。每个节点记住一个 backward 函数和它的输入；拓扑排序用“入栈两次”的办法。"""

import math


class Value:
    """一个标量节点。"""

    def __init__(self, data, inputs=(), name=""):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs
        self.name = name
        self.backward_step = None

    def __repr__(self):
        return f"Value({self.name}: data={self.data:.5f}, grad={self.grad:.5f})"

    # 把数字变成节点
    @classmethod
    def wrap(cls, x):
        if isinstance(x, cls):
            return x
        return cls(x, name="const")

    def __add__(self, other):
        other = Value.wrap(other)
        out = Value(self.data + other.data, (self, other), "add")

        def step():
            self.grad += out.grad
            other.grad += out.grad

        out.backward_step = step
        return out

    def __mul__(self, other):
        other = Value.wrap(other)
        out = Value(self.data * other.data, (self, other), "mul")

        def step():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out.backward_step = step
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "pow")

        def step():
            self.grad += k * self.data ** (k - 1) * out.grad

        out.backward_step = step
        return out

    def relu(self):
        out = Value(self.data * (self.data > 0), (self,), "relu")

        def step():
            self.grad += (self.data > 0) * out.grad

        out.backward_step = step
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def step():
            self.grad += (1 - out.data ** 2) * out.grad

        out.backward_step = step
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def step():
            self.grad += out.data * out.grad

        out.backward_step = step
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def step():
            self.grad += out.grad / self.data

        out.backward_step = step
        return out

    # 其余运算由上面组合
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __rsub__(self, other):
        return Value.wrap(other) + (-self)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def backward(self):
        # 每个节点入栈两次：第一次展开输入，第二次（输入都完成后）加入顺序表
        order, expanded, order_set = [], set(), set()
        stack = [self]
        while stack:
            node = stack.pop()
            if node in expanded:
                if node not in order_set:
                    order_set.add(node)
                    order.append(node)
                continue
            expanded.add(node)
            stack.append(node)
            for inp in node.inputs:
                if inp not in expanded:
                    stack.append(inp)
        self.grad = 1.0
        for node in reversed(order):
            if node.backward_step is not None:
                node.backward_step()
