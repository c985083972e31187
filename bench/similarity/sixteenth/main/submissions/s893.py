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
    # 葉を順番どおりに作る
    ha = [Value(v) for v in (x1, x2, w1, w2, b)]
    X1, X2, W1, W2, B = ha
    u = W1 * X1 + W2 * X2 + B  # 活性化の前
    if activation == "relu":
        y = u.relu()
    elif activation == "tanh":
        y = u.tanh()
    return y, dict(zip(NAMES, ha))


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, ha = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    kekka = {}
    for k in NAMES:
        kekka[k] = ha[k].grad
    return kekka


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    # 相対差の最大値（両方 0 なら 0）
    i = 0
    saidai = 0.0
    while i < len(NAMES):
        k = NAMES[i]
        a, r = grads[k], reference_grads[k]
        bunbo = max(abs(a), abs(r))
        if bunbo != 0:
            saidai = max(saidai, abs(a - r) / bunbo)
        i += 1
    return saidai
