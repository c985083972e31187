"""Probes of 03-tanh: tanh on its own, near saturation, and inside larger graphs.

The course reaches 03 with `+`, `*`, relu and backward(): the graphs use
those and tanh only (no `-`, `/` or `**`, which are 04's).
"""

from probekit import grads, number, with_numeric


# -- tanh on its own -----------------------------------------------------------------------


from shared_probes import tanh_zero, tanh_two, tanh_negative


def tanh_int(V):
    """y = tanh(x) at x = 1 (int data)"""
    x = V(1)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def tanh_inner(V):
    """y = tanh(a * b) * 2 + tanh(c) + c at a = 0.5, b = -1.2, c = 1.1 (a second tanh, its input holding a gradient)"""
    a, b, c = V(0.5), V(-1.2), V(1.1)
    ab = a * b
    y = ab.tanh() * 2 + c.tanh() + c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "a * b": ab, "c": c})}


# -- saturation ------------------------------------------------------------------------------


from shared_probes import tanh_saturated


def tanh_saturated_negative(V):
    """y = tanh(x) at x = -8"""
    x = V(-8.0)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def tanh_large(V):
    """y = tanh(x) at x = 400 (math.exp(2 * x) would overflow here)"""
    x = V(400.0)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def tanh_large_negative(V):
    """y = tanh(x) at x = -400"""
    x = V(-400.0)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- inside larger graphs ---------------------------------------------------------------------


def tanh_neuron_with_n(V):
    """o = tanh(x1*w1 + x2*w2 + b) at x1 = 2, x2 = 0, w1 = -3, w2 = 1, b = 6.8813735870195432"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.8813735870195432)
    n = x1 * w1 + x2 * w2 + b
    o = n.tanh()
    o.backward()
    return {"o": number(o.data, "o"), **grads({"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b, "n": n})}


def tanh_of_tanh(V):
    """y = tanh(tanh(x) * 3) at x = 0.4"""
    x = V(0.4)
    inner = x.tanh()
    y = (inner * 3).tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x, "tanh(x)": inner})}


def tanh_shared(V):
    """t = tanh(a); y = t * t + t at a = 0.8 (the tanh node used twice)"""
    a = V(0.8)
    t = a.tanh()
    y = t * t + t
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "t": t})}


def tanh_loss(V):
    """loss = e * e with e = tanh(w * x + b) + (-1) at x = 0.5, w = 0.8, b = -0.2"""
    x, w, b = V(0.5), V(0.8), V(-0.2)
    pred = (w * x + b).tanh()
    e = pred + (-1.0)
    loss = e * e
    loss.backward()
    return {"loss": number(loss.data, "loss"), **grads({"w": w, "b": b, "x": x, "pred": pred})}


def tanh_layer(V):
    """y = tanh(a + b * -1) + tanh(a * b) + tanh(b * 0.5) at a = 1.2, b = -0.6"""
    a, b = V(1.2), V(-0.6)
    y = (a + b * -1).tanh() + (a * b).tanh() + (b * 0.5).tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def numeric_tanh(V):
    """f(a, b) = tanh(a * b + a) * tanh(b) at a = 0.5, b = -1.5"""
    return with_numeric(V, lambda a, b: (a * b + a).tanh() * b.tanh(), {"a": 0.5, "b": -1.5})


# -- what charging reads (grader/judge/charging.py): the core the exercise gives ------------------------------------


from shared_probes import shared_mul, diamond, shared_intermediate, seed_gradient, order_deep  # noqa: E402


# -- each op alone at several points: diagnosis reads each op's local derivative off them (no test reads these) --

from local_probes import local_derivative_probes, local_mid_probes, local_pair_probes  # noqa: E402

local_derivative_probes(globals(), ["add", "mul", "relu", "tanh"])
local_mid_probes(globals(), ["add", "mul", "relu", "tanh"])  # each op in the middle of a graph: an op cut out of it
local_pair_probes(globals(), ["add", "mul", "relu", "tanh"])  # each op several times in one graph: an op that keeps state


# -- where each op's backward gives its inputs their gradients (diagnosis: a finding's line; no test reads it) --------

from local_probes import where_written_probe  # noqa: E402

where_written_probe(globals(), ["add", "mul", "relu", "tanh"])
