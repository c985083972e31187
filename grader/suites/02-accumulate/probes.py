"""Probes of 02-accumulate: nodes reached along more than one path, and single-use graphs.

The shared-node probes are what the exercise is about; the single-use ones
check that the repair left everything that already worked working.
"""

from probekit import grads, number


# -- shared nodes: gradient along every path ---------------------------------------------


def shared_add(V):
    """y = a + a at a = 3"""
    a = V(3.0)
    y = a + a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_mul(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def classroom(V):
    """q = a * a + a at a = 3"""
    a = V(3.0)
    q = a * a + a
    q.backward()
    return {"q": number(q.data, "q"), **grads({"a": a})}


def three_paths(V):
    """y = a * a + a * b + a at a = 2, b = -3"""
    a, b = V(2.0), V(-3.0)
    y = a * a + a * b + a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


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


def shared_intermediate(V):
    """c = a * b; y = c * c + c at a = 1.5, b = -2"""
    a, b = V(1.5), V(-2.0)
    c = a * b
    y = c * c + c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def shared_pow(V):
    """y = x ** 2 + x ** 3 at x = 2"""
    x = V(2.0)
    y = x**2 + x**3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def shared_relu(V):
    """y = relu(a) + relu(a) * 3 at a = 2"""
    a = V(2.0)
    y = a.relu() + a.relu() * 3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_tanh(V):
    """y = tanh(a) + tanh(a) * 2 at a = 0.5"""
    a = V(0.5)
    y = a.tanh() + a.tanh() * 2
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_exp(V):
    """y = exp(a) * a at a = 1"""
    a = V(1.0)
    y = a.exp() * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_log(V):
    """y = log(a) + log(a) * 2 at a = 2"""
    a = V(2.0)
    y = a.log() + a.log() * 2
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def mean_squared_error(V):
    """loss = ((w * x1 - 1) ** 2 + (w * x2 - 2) ** 2) / 2 at w = 0.5, x1 = 1, x2 = 3 (w in every term)"""
    w = V(0.5)
    loss = ((w * 1.0 - 1) ** 2 + (w * 3.0 - 2) ** 2) / 2
    loss.backward()
    return {"loss": number(loss.data, "loss"), **grads({"w": w})}


# -- each node used once: what already worked -------------------------------------------


def single_add_mul(V):
    """y = (a + b) * c at a = 1.5, b = 2, c = -4 (each node used once)"""
    a, b, c = V(1.5), V(2.0), V(-4.0)
    y = (a + b) * c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def single_functions(V):
    """y = tanh(exp(a) * 0.5) + relu(log(b) ** 2) at a = 0.3, b = 3 (each node used once)"""
    a, b = V(0.3), V(3.0)
    y = (a.exp() * 0.5).tanh() + (b.log() ** 2).relu()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def single_derived(V):
    """y = (a - b) / (c + 2) - (-d) at a = 5, b = 2, c = 2, d = 1 (each node used once)"""
    a, b, c, d = V(5.0), V(2.0), V(2.0), V(1.0)
    y = (a - b) / (c + 2) - (-d)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "d": d})}


def deep_chain(V):
    """x = Value(0.5); then 10,000 times x = x * 1.0001 + 0.0001; backward() from the last x"""
    x0 = V(0.5)
    x = x0
    for _ in range(10_000):
        x = x * 1.0001 + 0.0001
    x.backward()
    return {"out": number(x.data, "out"), **grads({"x0": x0})}
