"""Probes of 04-more-ops: each new operation on its own, then the derived ones in use."""

from probekit import grads, number, with_numeric


# -- powers ---------------------------------------------------------------------------------


def pow_cube(V):
    """y = x ** 3 at x = 2"""
    x = V(2.0)
    y = x**3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def pow_square(V):
    """y = x ** 2 at x = 3"""
    x = V(3.0)
    y = x**2
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def pow_fractional(V):
    """y = x ** 0.5 + x ** -1 at x = 4"""
    x = V(4.0)
    root, inv = x**0.5, x**-1
    y = root + inv
    y.backward()
    return {"x ** 0.5": number(root.data, "x ** 0.5"), "x ** -1": number(inv.data, "x ** -1"),
            "y": number(y.data, "y"), **grads({"x": x})}


def pow_negative_base(V):
    """y = x ** 2 * 3 at x = -1.5"""
    x = V(-1.5)
    y = x**2 * 3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- exp and log ----------------------------------------------------------------------------


def exp_values(V):
    """y = exp(x) * 2 at x = 1"""
    x = V(1.0)
    e = x.exp()
    y = e * 2
    y.backward()
    return {"exp(x)": number(e.data, "exp(x)"), "y": number(y.data, "y"), **grads({"x": x})}


def exp_negative(V):
    """y = exp(x) at x = -2"""
    x = V(-2.0)
    y = x.exp()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def exp_zero(V):
    """y = exp(x) at x = 0 (exp'(0) = 1)"""
    x = V(0.0)
    y = x.exp()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def exp_shared_input(V):
    """y = exp(a) * a at a = 0.5 (a reaches y directly and through exp)"""
    a = V(0.5)
    y = a.exp() * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def log_shared_input(V):
    """y = log(a) * a at a = 2 (a reaches y directly and through log)"""
    a = V(2.0)
    y = a.log() * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def log_values(V):
    """y = log(x) * 3 at x = 2"""
    x = V(2.0)
    g = x.log()
    y = g * 3
    y.backward()
    return {"log(x)": number(g.data, "log(x)"), "y": number(y.data, "y"), **grads({"x": x})}


def log_one(V):
    """y = log(x) at x = 1 (log'(1) = 1, while log(1) = 0)"""
    x = V(1.0)
    y = x.log()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def log_small(V):
    """y = log(x) at x = 0.25"""
    x = V(0.25)
    y = x.log()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- negation and subtraction ------------------------------------------------------------------


def neg_value(V):
    """y = -a * b at a = 3, b = 2"""
    a, b = V(3.0), V(2.0)
    n = -a
    y = n * b
    y.backward()
    return {"-a": number(n.data, "-a"), "y": number(y.data, "y"), **grads({"a": a, "b": b})}


def sub_values(V):
    """y = a - b at a = 5, b = 2"""
    a, b = V(5.0), V(2.0)
    y = a - b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def sub_constant(V):
    """y = (a - 2) * (2 - a) at a = 0.5 (reflected subtraction: 2 - a)"""
    a = V(0.5)
    left, right = a - 2, 2 - a
    y = left * right
    y.backward()
    return {"a - 2": number(left.data, "a - 2"), "2 - a": number(right.data, "2 - a"),
            "y": number(y.data, "y"), **grads({"a": a})}


def sub_shared(V):
    """y = a - a at a = 3 (the two paths cancel)"""
    a = V(3.0)
    y = a - a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


# -- division -----------------------------------------------------------------------------------


def div_values(V):
    """y = a / b at a = 3, b = 4"""
    a, b = V(3.0), V(4.0)
    y = a / b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def div_constant(V):
    """y = (a / 4) + (2 / a) at a = 0.5 (reflected division: 2 / a)"""
    a = V(0.5)
    left, right = a / 4, 2 / a
    y = left + right
    y.backward()
    return {"a / 4": number(left.data, "a / 4"), "2 / a": number(right.data, "2 / a"),
            "y": number(y.data, "y"), **grads({"a": a})}


def div_shared(V):
    """y = a / (a + 1) at a = 2"""
    a = V(2.0)
    y = a / (a + 1)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


# -- all of them together -------------------------------------------------------------------------


def micrograd_more_ops(V):
    """micrograd's "more ops" check: a = -4, b = 2, c = a + b, d = a*b + b**3, ..., g = f / 2 + 10 / f"""
    a, b = V(-4.0), V(2.0)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    g.backward()
    return {"g": number(g.data, "g"), **grads({"a": a, "b": b})}


def softplus_mix(V):
    """y = log(1 + exp(a)) / (b * b + 1) - a / 3 at a = 0.3, b = -1.2"""
    a, b = V(0.3), V(-1.2)
    y = (1 + a.exp()).log() / (b * b + 1) - a / 3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def sigmoid(V):
    """s = 1 / (1 + exp(-x)) at x = 0.7"""
    x = V(0.7)
    s = 1 / (1 + (-x).exp())
    s.backward()
    return {"s": number(s.data, "s"), **grads({"x": x})}


def numeric_rational(V):
    """f(a, b) = (a - b) / (a * a + 1) + 3 / b at a = 1.2, b = 0.7"""
    return with_numeric(V, lambda a, b: (a - b) / (a * a + 1) + 3 / b, {"a": 1.2, "b": 0.7})


def numeric_exp_log(V):
    """f(a, b) = exp(a) * log(b) - b ** 1.5 at a = 0.4, b = 2.5"""
    return with_numeric(V, lambda a, b: a.exp() * b.log() - b**1.5, {"a": 0.4, "b": 2.5})
