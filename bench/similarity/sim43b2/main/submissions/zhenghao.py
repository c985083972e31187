"""作业 10：一个神经元，五个梯度，以及和 PyTorch 的差距。

我的写法：用一个小类把五个叶节点收在一起，需要的时候再前向计算。
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # 神经元的五个输入，顺序和函数参数一致


class _OneNeuron:
    """五个叶节点 + 激活函数的名字。"""

    def __init__(self, numbers, kind):
        self.kind = kind.lower()
        self.leaf = {}
        for key, num in zip(NAMES, numbers):
            self.leaf[key] = Value(num)

    def forward(self):
        L = self.leaf
        total = L["w1"] * L["x1"] + L["w2"] * L["x2"] + L["b"]
        if self.kind == "relu":
            return total.relu()
        if self.kind == "tanh":
            return total.tanh()
        raise ValueError("激活函数只能是 relu 或 tanh，收到: " + self.kind)


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """返回 (y, 叶节点字典)，不做反向传播。"""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    unit = _OneNeuron((x1, x2, w1, w2, b), activation)
    return unit.forward(), unit.leaf


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """y.backward() 一次，把每个叶节点的 grad 收集起来。"""
    y, leaf = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return dict((key, node.grad) for key, node in leaf.items())


def _pair_gap(g, r):
    """一对梯度的相对差；两个都是 0 的时候返回 None（跳过）。"""
    if g == 0 and r == 0:
        return None
    top = abs(g) if abs(g) > abs(r) else abs(r)
    return abs(g - r) / top


def largest_relative_difference(grads, reference_grads):
    """所有名字里最大的相对差。"""
    gaps = [gap for gap in (_pair_gap(grads[k], reference_grads[k]) for k in grads) if gap is not None]
    return float(max(gaps)) if gaps else float(0)
