"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    # 五个叶节点（都是 Value）
    x1_v = Value(x1)
    x2_v = Value(x2)
    w1_v = Value(w1)
    w2_v = Value(w2)
    b_v = Value(b)
    # n = w1·x1 + w2·x2 + b；relu 时 n > 0 有 dy/dw1 = x1, dy/dx1 = w1, dy/db = 1
    n = w1_v * x1_v + w2_v * x2_v + b_v
    if activation == "relu":
        y = n.relu()
    else:
        y = n.tanh()  # tanh 时每个梯度乘以 1 - y²
    return y, {"x1": x1_v, "x2": x2_v, "w1": w1_v, "w2": w2_v, "b": b_v}


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    # 建图 -> 一次 backward() -> 读出叶节点的 grad
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    # 对每个名字求 |g - r| / max(|g|, |r|)，返回最大的
    # 两个都恰好为 0（relu 的死区）时算 0，不做除法
    largest = 0.0
    for name in NAMES:
        g, r = grads[name], reference_grads[name]
        if g == 0 and r == 0:
            continue
        rd = abs(g - r) / max(abs(g), abs(r))
        largest = max(largest, rd)
    return largest
