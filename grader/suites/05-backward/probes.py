"""Probes of 05-backward: graphs whose gradients are right only when backward() walks them right.

Each probe builds a fresh graph with operations the starter gives, calls
`backward()` once and returns what it saw. The random graphs are those of the
complete engine suite (the first eight seeds).
"""

import math
import random

from probekit import grads, number


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
    """y = tanh((a * b + c) * d) at a = 0.5, b = -1, c = 2, d = 0.3 (four levels deep)"""
    a, b, c, d = V(0.5), V(-1.0), V(2.0), V(0.3)
    ab = a * b
    s = ab + c
    m = s * d
    y = m.tanh()
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
    """e = tanh(a * b); f = e * a + e * b; g = f * f at a = 0.5, b = -0.7 (nested diamonds)"""
    a, b = V(0.5), V(-0.7)
    e = (a * b).tanh()
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
    """loss = sum of (w * i - i) ** 2 for i = 0 .. 499, at w = 1.5"""
    w = V(1.5)
    loss = V(0.0)
    for i in range(500):
        loss = loss + (w * i - i) ** 2
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


_UNARY = ("neg", "tanh", "relu", "exp", "log", "pow2", "pow3", "sqrt", "inv")
_BINARY = ("add", "sub", "mul", "div")
_CONSTANT = ("radd", "rsub", "rmul", "rdiv", "add_c", "sub_c", "mul_c", "div_c")


def _apply(op, a, b, c):
    """One step of a random graph, the same formula for Values and for plain floats."""
    if op == "add": return a + b
    if op == "sub": return a - b
    if op == "mul": return a * b
    if op == "div": return a / (b * b + 1)
    if op == "radd": return c + a
    if op == "rsub": return c - a
    if op == "rmul": return c * a
    if op == "rdiv": return c / (a * a + 1)
    if op == "add_c": return a + c
    if op == "sub_c": return a - c
    if op == "mul_c": return a * c
    if op == "div_c": return a / c
    if op == "neg": return -a
    if op == "pow2": return a**2
    if op == "pow3": return a**3
    if op == "sqrt": return (a * a + 1) ** 0.5
    if op == "inv": return (a * a + 1) ** -1
    # the transcendental ones: plain floats go through math, Values through their methods
    if isinstance(a, (int, float)):
        return {"tanh": math.tanh, "relu": lambda x: max(x, 0), "exp": math.exp,
                "log": lambda x: math.log(x * x + 0.5)}[op](a)
    if op == "log":
        return (a * a + 0.5).log()
    return getattr(a, op)()


_TEXT = {
    "add": "{a} + {b}", "sub": "{a} - {b}", "mul": "{a} * {b}", "div": "{a} / ({b}*{b} + 1)",
    "radd": "{c} + {a}", "rsub": "{c} - {a}", "rmul": "{c} * {a}", "rdiv": "{c} / ({a}*{a} + 1)",
    "add_c": "{a} + {c}", "sub_c": "{a} - {c}", "mul_c": "{a} * {c}", "div_c": "{a} / {c}",
    "neg": "-{a}", "pow2": "{a}**2", "pow3": "{a}**3", "sqrt": "({a}*{a} + 1)**0.5",
    "inv": "({a}*{a} + 1)**-1", "tanh": "tanh({a})", "relu": "relu({a})", "exp": "exp({a})",
    "log": "log({a}*{a} + 0.5)",
}


def _random_graph(V, seed, steps=12):
    """A random expression graph whose shape depends on the seed alone, never on the engine.

    Ops are chosen from a plain-float shadow of the same computation, so every
    engine builds the same graph; shared nodes and diamonds come from reusing
    earlier nodes as operands.
    """
    rng = random.Random(seed)
    names, nodes, shadow, lines = [], [], [], []
    for i in range(rng.randint(2, 4)):
        x = rng.randint(-3, 3) or 2 if rng.random() < 0.3 else round(rng.uniform(-2, 2), 3)
        names.append(f"x{i}")
        nodes.append(V(x))
        shadow.append(x)
        lines.append(f"x{i} = {x}")
    leaves = len(nodes)
    for k in range(steps):
        kind = rng.random()
        op = rng.choice(_BINARY if kind < 0.45 else _UNARY if kind < 0.75 else _CONSTANT)
        # mostly the latest nodes, sometimes an early one again: shared nodes and diamonds
        i = len(nodes) - 1 - min(int(rng.expovariate(0.7)), len(nodes) - 1)
        j = rng.randrange(len(nodes))
        c = rng.choice([2, 3, -1, 0.5, 1.5, -2.5])
        a_s, b_s = shadow[i], shadow[j]
        if op == "exp" and a_s > 3 or op == "pow3" and abs(a_s) > 4:
            op = "tanh"
        value = _apply(op, a_s, b_s, c)
        if abs(value) > 30:  # keep magnitudes tame: squash instead
            op = "tanh"
            value = _apply(op, a_s, b_s, c)
        name = f"e{k}"
        nodes.append(_apply(op, nodes[i], nodes[j], c))
        shadow.append(value)
        names.append(name)
        lines.append(f"{name} = " + _TEXT[op].format(a=names[i], b=names[j], c=c))
    # the output sums the last node with two earlier ones: more paths into the leaves
    pick = sorted({len(nodes) - 1, rng.randrange(leaves, len(nodes)), rng.randrange(leaves, len(nodes))})
    out = nodes[pick[0]]
    for p in pick[1:]:
        out = out + nodes[p]
    lines.append("out = " + " + ".join(names[p] for p in pick))
    out.backward()
    obs = {"expr": "; ".join(lines), "out": number(out.data, "out")}
    for name, node in zip(names, nodes):
        obs[f"{name}.grad"] = number(node.grad, f"{name}.grad")
    return obs


def _random_probe(seed):
    def probe(V):
        return _random_graph(V, seed)

    probe.__name__ = probe.__qualname__ = f"random_graph_{seed:02d}"
    probe.__doc__ = f"random expression graph #{seed}"
    return probe


for _seed in range(1, 9):
    globals()[f"random_graph_{_seed:02d}"] = _random_probe(_seed)
del _seed
