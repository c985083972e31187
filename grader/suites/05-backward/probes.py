"""Probes of 05-backward: graphs whose gradients are right only when backward() walks them right.

Each probe builds a fresh graph with the operations the course has given by
then (`+`, `*`, relu, and constants on either side), calls `backward()` once
and returns what it saw. The random graphs are built from those operations too.
"""

from probekit import READ_VALUE_GRADS, grad, grads, number, random_graph_probes

READ_VALUE_GRADS[0] = True  # a grad that holds a Value is read off its `.data`, charged once (judge/value_grads.py)


# -- the seed --------------------------------------------------------------------------------


from shared_probes import seed_gradient


def single_op(V):
    """y = a * b at a = 3, b = -2 (one operation)"""
    a, b = V(3.0), V(-2.0)
    y = a * b
    y.backward()
    return {"y": number(y.data, "y"), "y.grad": grad(y.grad, "y.grad"), **grads({"a": a, "b": b})}


# -- the whole graph, in reverse topological order ----------------------------------------------


def chain(V):
    """y = relu((a * b + c) * d) at a = 0.5, b = -1, c = 2, d = 0.3 (four levels deep)"""
    a, b, c, d = V(0.5), V(-1.0), V(2.0), V(0.3)
    ab = a * b
    s = ab + c
    m = s * d
    y = m.relu()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "d": d, "a * b": ab, "s": s, "m": m})}


from shared_probes import order_deep, order_matters, diamond


def order_both_ways(V):
    """c = a * b; d = c * 2; y = c * d, and again as y = d * c, at a = 1.5, b = -2 (both orders of y's inputs)"""
    out = {}
    for i, c_first in enumerate((True, False)):
        a, b = V(1.5), V(-2.0)
        c = a * b
        d = c * 2
        y = c * d if c_first else d * c
        y.backward()
        out.update(grads({"a": a, "b": b, "c": c}, prefix=f"{i}."))
    return out


def diamond_deep_relu_plus_one(V):
    """e = relu(a * b + 1); f = e * a + e * b; g = f * f at a = 0.5, b = -0.7 (nested diamonds)"""
    a, b = V(0.5), V(-0.7)
    e = (a * b + 1).relu()
    f = e * a + e * b
    g = f * f
    g.backward()
    return {"g": number(g.data, "g"), **grads({"a": a, "b": b, "e": e, "f": f})}


from shared_probes import untouched_leaf


# -- each node once -----------------------------------------------------------------------------


from shared_probes import shared_mul, shared_intermediate


def ladder(V):
    """x = a; then 12 times x = x * x * 0.5 + x * 0.5 at a = 0.9 (every node reached along two paths)"""
    a = V(0.9)
    x = a
    for _ in range(12):
        x = x * x * 0.5 + x * 0.5
    x.backward()
    return {"out": number(x.data, "out"), **grads({"a": a})}


# -- deep graphs ----------------------------------------------------------------------------------


def deep_chain_affine(V):
    """x = Value(0.5); then 10,000 times x = x * 1.0001 + 0.0001; backward() from the last x"""
    x0 = V(0.5)
    x = x0
    for _ in range(10_000):
        x = x * 1.0001 + 0.0001
    x.backward()
    return {"out": number(x.data, "out"), **grads({"x0": x0})}


def long_sum_500(V):
    """loss = sum of e * e with e = w * i + (-i), for i = 0 .. 499, at w = 1.5"""
    w = V(1.5)
    loss = V(0.0)
    for i in range(500):
        e = w * i + (-i)
        loss = loss + e * e
    loss.backward()
    return {"loss": number(loss.data, "loss"), **grads({"w": w})}


# -- whole expressions --------------------------------------------------------------------------


from shared_probes import micrograd_sanity


# -- random expression graphs, from fixed seeds ----------------------------------------------------


# the operations of the engine at this point of the course
_OPS = ("add", "mul", "relu", "radd", "rmul", "add_c", "mul_c")


# Seeds whose graphs pass gradient to at least eight nodes: relu of a negative number stops the
# gradient, and with relu the only function here, some seeds give a graph with little to check.
SEEDS = (1, 4, 5, 6, 7, 10, 11, 12)
RANDOM_GRAPHS = random_graph_probes(globals(), "random_add_mul_relu_graph", SEEDS, ops=_OPS)
