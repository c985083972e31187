"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from functools import reduce

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them

# 激活函数表：名字 -> 作用在加权和上的函数
_ACTIVATIONS = {
    "relu": lambda s: s.relu(),
    "tanh": lambda s: s.tanh(),
}


def _gap(g, r):
    # 相对差，分母取两者绝对值较大的；都为 0 就是 0
    big = max(abs(g), abs(r))
    if big == 0:
        return 0.0
    return abs(g - r) / big


def _activate(name, s):
    try:
        return _ACTIVATIONS[name](s)
    except KeyError:
        raise ValueError(name) from None


def neuron(x1, x2, w1, w2, b, activation="relu"):
    # 叶节点按 NAMES 的顺序建，偏置放在求和的最前面
    nodes = {}
    for key, number in zip(NAMES, (x1, x2, w1, w2, b)):
        nodes[key] = Value(number)
    s = nodes["b"] + nodes["w1"] * nodes["x1"] + nodes["w2"] * nodes["x2"]
    return _activate(activation, s), nodes


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    top, nodes = neuron(x1, x2, w1, w2, b, activation)
    top.backward()
    grads = {}
    for key in nodes:
        grads[key] = nodes[key].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    return reduce(max, [_gap(grads[k], reference_grads[k]) for k in NAMES], 0.0)
