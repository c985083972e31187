from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")
# 下标: 0=x1 1=x2 2=w1 3=w2 4=b


def _weighted(nodes, pairs, bias_index):
    """按 (权重下标, 输入下标) 逐项相乘再加偏置"""
    acc = None
    for wi, xi in pairs:
        term = nodes[wi] * nodes[xi]
        acc = term if acc is None else acc + term
    return acc + nodes[bias_index]


def neuron(x1, x2, w1, w2, b, activation="relu"):
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    nodes = []
    for number in (x1, x2, w1, w2, b):
        nodes.append(Value(number))
    s = _weighted(nodes, [(2, 0), (3, 1)], 4)
    y = s.tanh() if activation == "tanh" else s.relu()
    named = {}
    for idx, node in enumerate(nodes):
        named[NAMES[idx]] = node
    return y, named


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    y, named = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: named[name].grad for idx, name in enumerate(NAMES)}


def _worst_from(idx, grads, reference_grads):
    # 递归：从第 idx 个名字往后的最大相对差
    if idx == len(NAMES):
        return 0.0
    g = grads[NAMES[idx]]
    r = reference_grads[NAMES[idx]]
    here = 0.0 if (g == 0 and r == 0) else abs(g - r) / max(abs(g), abs(r))
    return max(here, _worst_from(idx + 1, grads, reference_grads))


def largest_relative_difference(grads, reference_grads):
    return _worst_from(0, grads, reference_grads)
