"""标量自动微分引擎：Value 类与反向传播。

Value 保存一个标量的数值 data 与梯度 grad，并记录它由哪些输入（_inputs）经过哪个运算（_op）得到。
每个运算的前向计算与局部导数写在 ops.py 中；本文件把 Python 的运算符接到 ops 上，并实现 backward()。

作业要求（见 README.md）：完成 ops.py 中的七条反向规则、本文件中的 backward()，以及 nn.py 与 train.py 中的 TODO。
"""

from . import ops


class Value:
    """计算图中的一个节点：一个标量及其梯度。"""

    def __init__(self, data, _inputs=(), _op=""):
        self.data = float(data)
        self.grad = 0.0  # 梯度从 0 开始
        self._inputs = tuple(_inputs)  # 直接输入（父节点）
        self._op = _op  # 产生该节点的运算，便于调试
        self._backward = lambda: None  # 由 ops 中的函数设置：把 out.grad 传给输入

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---------- 运算符：前向计算交给 ops ----------

    def __add__(self, other):
        return ops.add(self, other)

    def __mul__(self, other):
        return ops.mul(self, other)

    def __pow__(self, n):
        return ops.power(self, n)

    def relu(self):
        return ops.relu(self)

    def tanh(self):
        return ops.tanh(self)

    def exp(self):
        return ops.exp(self)

    def log(self):
        return ops.log(self)

    # ---------- 由上面的运算组合而成，梯度“免费”得到 ----------

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    # ---------- 反向传播 ----------

    def backward(self):
        """从本节点（损失）出发计算图中每个节点的梯度。

        先做拓扑排序，使每个节点排在它的所有输入之后；再令 self.grad = 1（dL/dL = 1），
        按逆序调用每个节点的 _backward。长链（几千个节点）不能用递归。
        """
        # 迭代的深度优先搜索：栈里放 (节点, 是否已展开)
        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)  # 所有输入都已排好，才轮到它
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for child in node._inputs:
                if child not in seen:
                    stack.append((child, False))
        self.grad = 1.0  # dL/dL = 1
        for node in reversed(order):
            node._backward()
