"""一个神经元，它的五个梯度，以及和 PyTorch 的差距。

y = relu(w1*x1 + w2*x2 + b)，或者用 tanh 代替 relu。
从 y 做一次 backward() 就得到全部五个梯度。
"""

from __future__ import annotations

from engine import Value

NAMES: tuple[str, ...] = ("x1", "x2", "w1", "w2", "b")


def neuron(x1: float, x2: float, w1: float, w2: float, b: float,
           activation: str = "relu") -> tuple[Value, dict[str, Value]]:
    """建立计算图：返回输出 y 和五个叶节点。"""
    if activation not in ("relu", "tanh"):
        raise ValueError(f"activation 只能是 'relu' 或 'tanh'，不是 {activation!r}")
    leaves: dict[str, Value] = {}
    for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
        leaves[name] = Value(number)
    pre_activation = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    if activation == "relu":
        return pre_activation.relu(), leaves
    return pre_activation.tanh(), leaves


def neuron_gradients(x1: float, x2: float, w1: float, w2: float, b: float,
                     activation: str = "relu") -> dict[str, float]:
    """一次反向传播后的五个梯度。"""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}


def relative_difference(g: float, r: float) -> float:
    """|g - r| / max(|g|, |r|)；两者都为 0 时为 0。"""
    scale = max(abs(g), abs(r))
    return 0.0 if scale == 0 else abs(g - r) / scale


def largest_relative_difference(grads: dict[str, float], reference_grads: dict[str, float]) -> float:
    """五个名字中最大的相对差。"""
    return max(relative_difference(grads[name], reference_grads[name]) for name in NAMES)
