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
    act = activation.lower()
    # 先把五个数变成叶节点
    X1 = Value(x1)
    X2 = Value(x2)
    W1 = Value(w1)
    W2 = Value(w2)
    B = Value(b)
    # 前向传播
    n = W1 * X1 + W2 * X2 + B
    if act == "relu":
        y = n.relu()
    elif act == "tanh":
        y = n.tanh()
    else:
        raise ValueError("不支持的激活函数: " + activation)
    return y, {"x1": X1, "x2": X2, "w1": W1, "w2": W2, "b": B}


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    # 反向传播一次，五个梯度同时得到
    y.backward()
    grads = {}
    for name, leaf in leaves.items():
        grads[name] = leaf.grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    worst = 0
    for name in grads:
        g = grads[name]
        r = reference_grads[name]
        if g == 0 and r == 0:
            continue  # 两个都是 0：一致
        bigger = abs(g) if abs(g) > abs(r) else abs(r)
        d = abs(g - r) / bigger
        if d > worst:
            worst = d
    return float(worst)
