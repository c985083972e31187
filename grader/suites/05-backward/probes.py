"""Probes of 05-backward: graphs whose gradients are right only when backward() walks them right.

Each probe builds a fresh graph with the operations the course has given by
then (`+`, `*`, relu, and constants on either side), calls `backward()` once
and returns what it saw. The random graphs are built from those operations too.
"""

from probekit import grads, number, random_graph


# -- the seed --------------------------------------------------------------------------------


def seed_gradient(V):
    """y = a * b + b at a = 2, b = 3; y.grad after y.backward()"""
    a, b = V(2.0), V(3.0)
    y = a * b + b
    y.backward()
    return {"y.grad": number(y.grad, "y.grad"), **grads({"a": a, "b": b})}


def single_op(V):
    """y = a * b at a = 3, b = -2 (one operation)"""
    a, b = V(3.0), V(-2.0)
    y = a * b
    y.backward()
    return {"y": number(y.data, "y"), "y.grad": number(y.grad, "y.grad"), **grads({"a": a, "b": b})}


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


def order_deep(V):
    """a = x * 2; b = a * a; c = b * 3; d = c * a at x = 1.5 (a breadth-first walk passes a on too early)"""
    x = V(1.5)
    a = x * 2
    b = a * a
    c = b * 3
    d = c * a
    d.backward()
    return {"d": number(d.data, "d"), **grads({"x": x, "a": a, "b": b, "c": c})}


def order_matters(V):
    """a = x * 2; b = a * a; c = b + a; d = c * x at x = 1.5 (order of the walk)"""
    x = V(1.5)
    a = x * 2
    b = a * a
    c = b + a
    d = c * x
    d.backward()
    return {"d": number(d.data, "d"), **grads({"x": x, "a": a, "b": b, "c": c})}


def diamond(V):
    """b = 2 * a; c = a + 3; d = b * c at a = -1.5 (a diamond)"""
    a = V(-1.5)
    b = 2 * a
    c = a + 3
    d = b * c
    d.backward()
    return {"d": number(d.data, "d"), **grads({"a": a, "b": b, "c": c})}


def diamond_deep(V):
    """e = relu(a * b + 1); f = e * a + e * b; g = f * f at a = 0.5, b = -0.7 (nested diamonds)"""
    a, b = V(0.5), V(-0.7)
    e = (a * b + 1).relu()
    f = e * a + e * b
    g = f * f
    g.backward()
    return {"g": number(g.data, "g"), **grads({"a": a, "b": b, "e": e, "f": f})}


def untouched_leaf(V):
    """y = a * 2 at a = 3, with an unrelated c = Value(5) left alone"""
    a, c = V(3.0), V(5.0)
    y = a * 2
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "c": c})}


# -- each node once -----------------------------------------------------------------------------


def shared_mul(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_intermediate(V):
    """c = a * b; y = c * c + c at a = 1.5, b = -2"""
    a, b = V(1.5), V(-2.0)
    c = a * b
    y = c * c + c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def ladder(V):
    """x = a; then 12 times x = x * x * 0.5 + x * 0.5 at a = 0.9 (every node reached along two paths)"""
    a = V(0.9)
    x = a
    for _ in range(12):
        x = x * x * 0.5 + x * 0.5
    x.backward()
    return {"out": number(x.data, "out"), **grads({"a": a})}


# -- deep graphs ----------------------------------------------------------------------------------


def deep_chain(V):
    """x = Value(0.5); then 10,000 times x = x * 1.0001 + 0.0001; backward() from the last x"""
    x0 = V(0.5)
    x = x0
    for _ in range(10_000):
        x = x * 1.0001 + 0.0001
    x.backward()
    return {"out": number(x.data, "out"), **grads({"x0": x0})}


def long_sum(V):
    """loss = sum of e * e with e = w * i + (-i), for i = 0 .. 499, at w = 1.5"""
    w = V(1.5)
    loss = V(0.0)
    for i in range(500):
        e = w * i + (-i)
        loss = loss + e * e
    loss.backward()
    return {"loss": number(loss.data, "loss"), **grads({"w": w})}


# -- whole expressions --------------------------------------------------------------------------


def micrograd_sanity(V):
    """micrograd's sanity check: x = -4; z = 2*x + 2 + x; q = relu(z) + z*x; h = relu(z*z); y = h + q + q*x"""
    x = V(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- random expression graphs, from fixed seeds ----------------------------------------------------


# the operations of the engine at this point of the course
_OPS = ("add", "mul", "relu", "radd", "rmul", "add_c", "mul_c")


def _random_probe(seed):
    def probe(V):
        return random_graph(V, seed, ops=_OPS)

    probe.__name__ = probe.__qualname__ = f"random_graph_{seed:02d}"
    probe.__doc__ = f"random expression graph #{seed}"
    return probe


# Seeds whose graphs pass gradient to at least eight nodes: relu of a negative number stops the
# gradient, and with relu the only function here, some seeds give a graph with little to check.
SEEDS = (1, 4, 5, 6, 7, 10, 11, 12)
for _seed in SEEDS:
    globals()[f"random_graph_{_seed:02d}"] = _random_probe(_seed)
del _seed
