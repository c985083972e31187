"""Probes of 02-accumulate: nodes reached along more than one path, and single-use graphs.

The shared-node probes are what the exercise is about; the single-use ones
check that the repair left everything that already worked working. The
course reaches 02 with `+`, `*` and relu and before backward(), so the probes
use only those operations, and find the gradients as the lesson does:
`backprop_by_hand` seeds the output with 1 and calls each node's `_backward`
from the output back to the inputs, every node after all the nodes that use it.
"""

from probekit import backprop_by_hand, grads, number


# -- shared nodes: gradient along every path ---------------------------------------------


def shared_add_by_hand(V):
    """y = a + a at a = 3"""
    a = V(3.0)
    y = a + a
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a})}


def add_onto_held(V):
    """z = (b + c) + b at b = 1.5, c = -2 (b holds the outer +'s gradient when the inner + adds its own)"""
    b, c = V(1.5), V(-2.0)
    s = b + c
    z = s + b
    backprop_by_hand(z, s)
    return {"z": number(z.data, "z"), **grads({"b": b, "c": c})}


def shared_mul_by_hand(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    backprop_by_hand(y)
    return {"y": number(y.data, "y"), **grads({"a": a})}


def classroom(V):
    """q = a * a + a at a = 3"""
    a = V(3.0)
    aa = a * a
    q = aa + a
    backprop_by_hand(q, aa)
    return {"q": number(q.data, "q"), **grads({"a": a})}


def three_paths(V):
    """y = a * a + a * b + a at a = 2, b = 3"""
    a, b = V(2.0), V(3.0)
    aa, ab = a * a, a * b
    s = aa + ab
    y = s + a
    backprop_by_hand(y, s, ab, aa)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def shared_cube(V):
    """y = a * a * a at a = 2 (course: d/dx x³ at 2 = 12)"""
    a = V(2.0)
    aa = a * a
    y = aa * a
    backprop_by_hand(y, aa)
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_products(V):
    """y = a * b + a * c + b * c at a = 2, b = -1, c = 3"""
    a, b, c = V(2.0), V(-1.0), V(3.0)
    ab, ac, bc = a * b, a * c, b * c
    s = ab + ac
    y = s + bc
    backprop_by_hand(y, s, bc, ac, ab)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def diamond_by_hand(V):
    """b = 2 * a; c = a + 3; d = b * c at a = -1.5 (a diamond)"""
    a = V(-1.5)
    b = 2 * a
    c = a + 3
    d = b * c
    backprop_by_hand(d, c, b)
    return {"d": number(d.data, "d"), **grads({"a": a, "b": b, "c": c})}


def diamond_deep_relu(V):
    """e = relu(a * b); f = e * a + e * b; g = f * f at a = 0.5, b = 0.7 (nested diamonds)"""
    a, b = V(0.5), V(0.7)
    ab = a * b
    e = ab.relu()
    ea, eb = e * a, e * b
    f = ea + eb
    g = f * f
    backprop_by_hand(g, f, eb, ea, e, ab)
    return {"g": number(g.data, "g"), **grads({"a": a, "b": b, "e": e, "f": f})}


def shared_intermediate_by_hand(V):
    """c = a * b; y = c * c + c at a = 1.5, b = -2"""
    a, b = V(1.5), V(-2.0)
    c = a * b
    cc = c * c
    y = cc + c
    backprop_by_hand(y, cc, c)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def shared_relu(V):
    """y = relu(a) + relu(a) * 3 at a = 2"""
    a = V(2.0)
    r1, r2 = a.relu(), a.relu()
    r2x3 = r2 * 3
    y = r1 + r2x3
    backprop_by_hand(y, r2x3, r2, r1)
    return {"y": number(y.data, "y"), **grads({"a": a})}


def squared_errors(V):
    """loss = (e1 * e1 + e2 * e2) * 0.5 with e1 = w * 1 + (-1), e2 = w * 3 + (-2) at w = 0.5 (w in every term)"""
    w = V(0.5)
    w1, w3 = w * 1.0, w * 3.0
    e1, e2 = w1 + (-1.0), w3 + (-2.0)
    s1, s2 = e1 * e1, e2 * e2
    s = s1 + s2
    loss = s * 0.5
    backprop_by_hand(loss, s, s2, s1, e2, e1, w3, w1)
    return {"loss": number(loss.data, "loss"), **grads({"w": w})}


# -- each node used once: what already worked -------------------------------------------


def single_add_mul(V):
    """y = (a + b) * c at a = 1.5, b = 2, c = -4 (each node used once)"""
    a, b, c = V(1.5), V(2.0), V(-4.0)
    s = a + b
    y = s * c
    backprop_by_hand(y, s)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def single_relu(V):
    """y = relu(a * b + c) * d at a = 0.3, b = 3, c = -0.2, d = -1.5 (each node used once)"""
    a, b, c, d = V(0.3), V(3.0), V(-0.2), V(-1.5)
    ab = a * b
    z = ab + c
    r = z.relu()
    y = r * d
    backprop_by_hand(y, r, z, ab)
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "d": d})}


def deep_chain_affine_by_hand(V):
    """x = Value(0.5); then 10,000 times x = x * 1.0001 + 0.0001; the gradient of the last x"""
    x0 = V(0.5)
    x, made = x0, []
    for _ in range(10_000):
        scaled = x * 1.0001
        x = scaled + 0.0001
        made += [scaled, x]
    made.pop()  # x itself
    backprop_by_hand(x, *reversed(made))
    return {"out": number(x.data, "out"), **grads({"x0": x0})}


# -- each op alone at several points: diagnosis reads each op's local derivative off them (no test reads these) --

from local_probes import local_derivative_probes  # noqa: E402

local_derivative_probes(globals(), ["add", "mul", "relu"], by_hand=True)


# -- where each op's backward gives its inputs their gradients (diagnosis: a finding's line; no test reads it) --------

from local_probes import where_written_probe  # noqa: E402

where_written_probe(globals(), ["add", "mul", "relu"])
