"""The probes more than one suite asks: one expression per name, whichever exercise runs it.

A suite's probes.py takes what it needs from here with `from shared_probes import ...`, placed where
those probes run in its order (a suite's probes run in the order its probes.py names them). This
module travels into the sandbox beside every suite's probes.py (grader/suites/__init__.py ships it
and hashes it into every suite's digest) and, like probes.py, runs on the student's engine, the
reference and PyTorch. Each probe builds a fresh expression with the `Value` class it is given,
calls `backward()` once and returns what it saw; its docstring's first line is the expression as a
student reads it in feedback.

A probe that finds its gradients another way (by hand, before backward() is taught) or builds
another expression is another probe, under another name, in its own suite.
"""

from local_probes import CALLS, calls_of
from probekit import grad, grads, number, with_numeric


# -- derived operations: -, / and negation, built on +, * and ** -------------------------------


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


def shared_sub(V):
    """y = a - a at a = 3 (the two paths cancel)"""
    a = V(3.0)
    y = a - a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


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


def neg_value(V):
    """y = -a * b at a = 3, b = 2"""
    a, b = V(3.0), V(2.0)
    n = -a
    y = n * b
    y.backward()
    return {"-a": number(n.data, "-a"), "y": number(y.data, "y"), **grads({"a": a, "b": b})}


# -- powers ------------------------------------------------------------------------------------


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


def pow_negative_exponent(V):
    """y = x ** -2 * 3 + z ** -1 at x = -2, z = -0.5 (negative powers of negative bases)"""
    x, z = V(-2.0), V(-0.5)
    y = x**-2 * 3 + z**-1  # k * x ** (k - 1) keeps the base's sign where k - 1 is odd (k = -2) and even (k = -1)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x, "z": z})}


# -- tanh --------------------------------------------------------------------------------------


def tanh_zero(V):
    """y = tanh(x) at x = 0"""
    x = V(0.0)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def tanh_two(V):
    """y = tanh(x) at x = 2"""
    x = V(2.0)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def tanh_negative(V):
    """y = tanh(x) * 2 at x = -0.5"""
    x = V(-0.5)
    t = x.tanh()
    y = t * 2
    y.backward()
    return {"tanh(x)": number(t.data, "tanh(x)"), "y": number(y.data, "y"), **grads({"x": x})}


def tanh_saturated(V):
    """y = tanh(x) at x = 5 (nearly saturated: the gradient is small but not 0)"""
    x = V(5.0)
    y = x.tanh()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- exp and log -------------------------------------------------------------------------------


def exp_values(V):
    """y = exp(x) * 2 at x = 1"""
    x = V(1.0)
    e = x.exp()
    y = e * 2
    y.backward()
    return {"exp(x)": number(e.data, "exp(x)"), "y": number(y.data, "y"), **grads({"x": x})}


def exp_shared_input(V):
    """y = exp(a) * a at a = 0.5 (a reaches y directly and through exp)"""
    a = V(0.5)
    y = a.exp() * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def exp_negative(V):
    """y = exp(x) at x = -2"""
    x = V(-2.0)
    y = x.exp()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def log_values(V):
    """y = log(x) * 3 at x = 2"""
    x = V(2.0)
    g = x.log()
    y = g * 3
    y.backward()
    return {"log(x)": number(g.data, "log(x)"), "y": number(y.data, "y"), **grads({"x": x})}


def log_shared_input(V):
    """y = log(a) * a at a = 2 (a reaches y directly and through log)"""
    a = V(2.0)
    y = a.log() * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def log_small(V):
    """y = log(x) at x = 0.25"""
    x = V(0.25)
    y = x.log()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- shared nodes and the order of the walk ----------------------------------------------------


def shared_mul(V):
    """y = a * a at a = 3"""
    a = V(3.0)
    y = a * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def diamond(V):
    """b = 2 * a; c = a + 3; d = b * c at a = -1.5 (a diamond)"""
    a = V(-1.5)
    b = 2 * a
    c = a + 3
    d = b * c
    d.backward()
    return {"d": number(d.data, "d"), **grads({"a": a, "b": b, "c": c})}


def shared_intermediate(V):
    """c = a * b; y = c * c + c at a = 1.5, b = -2"""
    a, b = V(1.5), V(-2.0)
    c = a * b
    y = c * c + c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c})}


def seed_gradient(V):
    """y = a * b + b at a = 2, b = 3; y.grad after y.backward()"""
    a, b = V(2.0), V(3.0)
    y = a * b + b
    y.backward()
    return {"y.grad": grad(y.grad, "y.grad"), **grads({"a": a, "b": b})}


def untouched_leaf(V):
    """y = a * 2 at a = 3, with an unrelated c = Value(5) left alone"""
    a, c = V(3.0), V(5.0)
    y = a * 2
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "c": c})}


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


# -- whole expressions, and the student's own forward pass differentiated numerically ----------


def micrograd_sanity(V):
    """micrograd's sanity check: x = -4; z = 2*x + 2 + x; q = relu(z) + z*x; h = relu(z*z); y = h + q + q*x"""
    x = V(-4.0)
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


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


def numeric_rational(V):
    """f(a, b) = (a - b) / (a * a + 1) + 3 / b at a = 1.2, b = 0.7"""
    return with_numeric(V, lambda a, b: (a - b) / (a * a + 1) + 3 / b, {"a": 1.2, "b": 0.7})


def numeric_exp_log(V):
    """f(a, b) = exp(a) * log(b) - b ** 1.5 at a = 0.4, b = 2.5"""
    return with_numeric(V, lambda a, b: a.exp() * b.log() - b**1.5, {"a": 0.4, "b": 2.5})


# -- which of its own ops each op calls (grader/judge/composition.py judges it; the tracer: local_probes.calls_of) --

def composition(V, field="data"):
    """each op once at a = 0.7, b = 1.3, with the calls it makes to the engine's own ops"""
    return {"a": 0.7, "b": 1.3, "ops": {op: calls_of(V, call, V(0.7), V(1.3), field) for op, call in CALLS.items()}}


composition.fixed_inputs = True  # how ops are built, replayed at these inputs (judge/composition.py): never drawn
