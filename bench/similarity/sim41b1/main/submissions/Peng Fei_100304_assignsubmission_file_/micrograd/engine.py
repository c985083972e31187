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
        # TODO(8): 拓扑排序（不用递归），然后令 self.grad = 1，按逆序调用每个节点的 _backward()
        # 1. 找出所有节点，并数出每个节点被多少个节点用作输入
        users = {}
        nodes, stack = [], [self]
        users[self] = 0
        while stack:
            node = stack.pop()
            nodes.append(node)
            for child in node._inputs:
                if child not in users:
                    users[child] = 0
                    stack.append(child)
                users[child] += 1
        # 2. Kahn 算法：一个节点的所有使用者都处理完之后才处理它
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            node._backward()
            for child in node._inputs:
                users[child] -= 1
                if users[child] == 0:
                    ready.append(child)
