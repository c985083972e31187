"""Probes of 01-mul-backward: products whose gradients need `__mul__`'s backward rule.

Each probe builds a fresh expression in which every node is used once (a node
used twice is 02's lesson) and returns what it saw. Exercise 01 comes before
backward() in the course, so a probe finds the gradients as the lesson does:
`backprop_by_hand` sets the output's gradient to 1 and calls each node's
`_backward` closure from the output back to the inputs. Its docstring's first
line is the expression as the student reads it.
"""

from probekit import backprop_by_hand, grads, number, with_numeric


def mul_values_by_hand(V):
    """y = a * b at a = 3, b = -2"""
    a, b = V(3.0), V(-2.0)
    y = a * b
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def mul_fractions(V):
    """y = a * b at a = -0.5, b = 1.25"""
    a, b = V(-0.5), V(1.25)
    y = a * b
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def mul_chain_by_hand(V):
    """y = (a * b) * c at a = 2, b = -3, c = 0.5"""
    a, b, c = V(2.0), V(-3.0), V(0.5)
    ab = a * b
    y = ab * c
    backprop_by_hand(y, ab)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "a * b": ab})}


def mul_chain_whole(V):
    """y = (a * b) * c at a = 2, b = -3, c = 4 (whole numbers)"""
    a, b, c = V(2.0), V(-3.0), V(4.0)
    ab = a * b
    y = ab * c
    backprop_by_hand(y, ab)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "a * b": ab})}


def mul_after_add(V):
    """y = (a + b) * c at a = 1.5, b = 2, c = -4"""
    a, b, c = V(1.5), V(2.0), V(-4.0)
    s = a + b
    y = s * c
    backprop_by_hand(y, s)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "a + b": s})}


def mul_then_add(V):
    """y = a * b + c * d at a = 2, b = -1.5, c = 0.5, d = 4"""
    a, b, c, d = V(2.0), V(-1.5), V(0.5), V(4.0)
    ab, cd = a * b, c * d
    y = ab + cd
    backprop_by_hand(y, cd, ab)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "d": d, "a * b": ab, "c * d": cd})}


def mul_constant_right(V):
    """y = a * 4 at a = -1.5 (a constant on the right of *)"""
    a = V(-1.5)
    y = a * 4
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a})}


def mul_constant_left(V):
    """y = 4 * a at a = -1.5 (a constant on the left of *)"""
    a = V(-1.5)
    y = 4 * a
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a})}


def mul_constant_both(V):
    """y = (a * 3) * (2 * b) at a = 1.5, b = -0.5 (constants on both sides)"""
    a, b = V(1.5), V(-0.5)
    left, right = a * 3, 2 * b
    y = left * right
    backprop_by_hand(y, right, left)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def mul_int_data(V):
    """y = a * b at a = 3, b = 4 (int data)"""
    a, b = V(3), V(4)
    y = a * b
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def neuron_by_hand(V):
    """n = relu(w1*x1 + w2*x2 + b) at x1 = 2, x2 = 0, w1 = -3, w2 = 1, b = 6.88"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.88)
    w1x1, w2x2 = w1 * x1, w2 * x2
    s = w1x1 + w2x2
    z = s + b
    n = z.relu()
    backprop_by_hand(n, z, s, w2x2, w1x1)
    return {"n": number(n.data, "n"), **grads({"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b})}


def _products(a, b, c, d):
    ab = a * b
    s = ab + c
    y = s * d
    return y, s, ab


def numeric_products(V):
    """f(a, b, c, d) = (a * b + c) * d at a = 0.7, b = -1.3, c = 2.1, d = -0.6"""
    return with_numeric(V, _products, {"a": 0.7, "b": -1.3, "c": 2.1, "d": -0.6})


# -- each op alone at several points: diagnosis reads each op's local derivative off them (no test reads these) --

from local_probes import local_derivative_probes  # noqa: E402

local_derivative_probes(globals(), ["add", "mul", "relu"], by_hand=True)


# -- where each op's backward gives its inputs their gradients (diagnosis: a finding's line; no test reads it) --------

from local_probes import where_written_probe  # noqa: E402

where_written_probe(globals(), ["add", "mul", "relu"])
