"""10-neuron 作业（郭静）。

我没有直接在函数里写，而是先写了一个很小的 Neuron 类，
函数只是调用它。
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


class Neuron:
    def __init__(self, w1, w2, b, activation):
        self.w = [Value(w1), Value(w2)]
        self.b = Value(b)
        self.activation = activation

    def __call__(self, x):
        s = self.w[0] * x[0] + self.w[1] * x[1] + self.b
        return s.relu() if self.activation == "relu" else s.tanh()


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """(y, 五个叶节点) —— 不调用 backward()"""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    unit = Neuron(w1, w2, b, activation)
    x = [Value(x1), Value(x2)]
    y = unit(x)
    return y, {"x1": x[0], "x2": x[1], "w1": unit.w[0], "w2": unit.w[1], "b": unit.b}


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """五个梯度"""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: leaves[k].grad for k in NAMES}


def largest_relative_difference(grads, reference_grads):
    """最大相对差"""
    worst = 0.0
    for k in NAMES:
        g, r = grads[k], reference_grads[k]
        if g == 0 and r == 0:
            continue
        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))
    return worst
