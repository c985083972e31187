"""Probes of the complete engine suite: each builds a fresh expression with the `Value` class it is given, calls
`backward()` once and returns what it saw (its docstring's first line: the expression as a student reads it), on
the student's engine (in the sandbox), on the reference and on PyTorch."""

from probekit import grads, number, random_graph_probes, with_numeric


# -- one operation at a time -------------------------------------------------------


def add_values(V):
    """y = a + b at a = 2, b = -3"""
    a, b = V(2.0), V(-3.0)
    y = a + b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def add_constant(V):
    """y = (a + 5) * (5 + a) at a = 1.5 (a constant on either side of +)"""
    a = V(1.5)
    left, right = a + 5, 5 + a
    y = left * right
    y.backward()
    return {"a + 5": number(left.data, "a + 5"), "5 + a": number(right.data, "5 + a"),
            "y": number(y.data, "y"), **grads({"a": a})}


def mul_values(V):
    """y = a * b at a = 3, b = -2"""
    a, b = V(3.0), V(-2.0)
    y = a * b
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


def mul_constant(V):
    """y = (a * 4) + (4 * a) at a = -1.5 (a constant on either side of *)"""
    a = V(-1.5)
    left, right = a * 4, 4 * a
    y = left + right
    y.backward()
    return {"a * 4": number(left.data, "a * 4"), "4 * a": number(right.data, "4 * a"),
            "y": number(y.data, "y"), **grads({"a": a})}


def mul_chain(V):
    """y = (a * b) * c at a = 2, b = -3, c = 0.5"""
    a, b, c = V(2.0), V(-3.0), V(0.5)
    ab = a * b
    y = ab * c
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b, "c": c, "a * b": ab})}


from shared_probes import (
    sub_values, sub_constant, div_values, div_constant, neg_value, pow_cube, pow_square, pow_fractional,
    pow_negative_exponent,
)


def pow_negative_base(V):
    """y = x ** 4 + z ** 4 * 2 at x = -1.5, z = 0.5 (an even power of a negative base, and of another base)"""
    x, z = V(-1.5), V(0.5)
    y = x**4 + z**4 * 2  # two powers of one exponent: each rule reads its own base (pow/fractional: two exponents)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x, "z": z})}


def pow_large(V):
    """y = x ** 3 at x = -6.5 (a large negative base)"""
    return _alone(V, lambda x: x**3, -6.5)


def relu_positive(V):
    """y = relu(a) * 3 at a = 2"""
    a = V(2.0)
    r = a.relu()
    y = r * 3
    y.backward()
    return {"relu(a)": number(r.data, "relu(a)"), "y": number(y.data, "y"), **grads({"a": a})}


def relu_negative(V):
    """y = relu(a) * 3 at a = -2"""
    a = V(-2.0)
    r = a.relu()
    y = r * 3
    y.backward()
    return {"relu(a)": number(r.data, "relu(a)"), "y": number(y.data, "y"), **grads({"a": a})}


def relu_zero(V):
    """y = relu(a) + 2 * a at a = 0 (relu'(0) is 0)"""
    a = V(0.0)
    y = a.relu() + 2 * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def relu_shared_input(V):
    """y = relu(a) * a * 3 at a = 1.5 (a reaches y directly and through relu)"""
    a = V(1.5)
    # `*`'s rule runs first in any order: a holds a gradient when relu's rule adds to it. The `* 3`: relu(a) is a
    # here, and a `*` rule that reads the wrong operand would be right on relu(a) * a alone (a core mistake, which
    # relu/positive's other expressions show too)
    y = a.relu() * a * 3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


from shared_probes import tanh_zero, tanh_two, tanh_negative


def tanh_shared_input(V):
    """y = tanh(a) * a at a = 0.8 (a reaches y directly and through tanh)"""
    a = V(0.8)
    y = a.tanh() * a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


from shared_probes import (
    tanh_saturated, exp_values, exp_shared_input, exp_negative, log_values, log_shared_input, log_small,
)


# -- each op far from 0 (session 35), read with its op's fixed probe as one expression: the drawn inputs keep every
# op's input in its cell at the fixed inputs (judge/draw_pool.same_cells), so a mistake that starts far out (tanh's
# guard below -2, exp clamped at 2) is caught only where a fixed input reaches it


def _alone(V, op, x):
    x = V(x)
    y = op(x)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


def tanh_saturated_negative(V):
    """y = tanh(x) at x = -6.5 (saturated towards -1: the gradient is tiny but not 0)"""
    return _alone(V, lambda x: x.tanh(), -6.5)


def exp_large(V):
    """y = exp(x) at x = 7.5 (a large input)"""
    return _alone(V, lambda x: x.exp(), 7.5)


def exp_large_negative(V):
    """y = exp(x) at x = -7.5 (a large negative input: small but not 0)"""
    return _alone(V, lambda x: x.exp(), -7.5)


def log_large(V):
    """y = log(x) at x = 75 (a large input)"""
    return _alone(V, lambda x: x.log(), 75.0)



# -- each unary op in the middle of a graph (its input's own rule run), and a second one of another input -----


def _inner(V, op, a, b, scale, c):
    x, w, z = V(a), V(b), V(c)
    h = x * w
    y = op(h) * scale + op(z)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": x, "b": w, "a * b": h, "c": z})}


def relu_inner(V):
    """y = relu(a * b) * 3 + relu(c) at a = 2, b = 1.5, c = -0.5 (relu in the middle of a graph, and another)"""
    return _inner(V, lambda h: h.relu(), 2.0, 1.5, 3, -0.5)


def tanh_inner(V):
    """y = tanh(a * b) * 2 + tanh(c) at a = 0.5, b = -1.2, c = 1.1 (tanh in the middle of a graph, and another)"""
    return _inner(V, lambda h: h.tanh(), 0.5, -1.2, 2, 1.1)


def exp_inner(V):
    """y = exp(a * b) * 2 + exp(c) at a = 2, b = -0.75, c = 0.5 (exp in the middle of a graph, and another)"""
    return _inner(V, lambda h: h.exp(), 2.0, -0.75, 2, 0.5)


def log_inner(V):
    """y = log(a * b) * 2 + log(c) at a = 0.5, b = 1.5, c = 3 (log in the middle of a graph, and another)"""
    return _inner(V, lambda h: h.log(), 0.5, 1.5, 2, 3.0)


def pow_inner(V):
    """y = (a * b) ** -1 * 2 + c ** -1 at a = 2, b = 1.5, c = 0.5 (a power in the middle of a graph, and another)"""
    return _inner(V, lambda h: h**-1, 2.0, 1.5, 2, 0.5)


def int_data(V):
    """y = a * b + a at a = 3, b = 4 (int data)"""
    a, b = V(3), V(4)
    y = a * b + a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


# -- shared nodes: gradient along every path ---------------------------------------


from shared_probes import shared_mul


def shared_add(V):
    """y = a + a at a = 3"""
    a = V(3.0)
    y = a + a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


def shared_sum(V):
    """q = a * a + a at a = 3"""
    a = V(3.0)
    q = a * a + a
    q.backward()
    return {"q": number(q.data, "q"), **grads({"a": a})}


def shared_three_paths(V):
    """y = a * a + a * b + a at a = 2, b = -3"""
    a, b = V(2.0), V(-3.0)
    y = a * a + a * b + a
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a, "b": b})}


from shared_probes import shared_sub, diamond


def diamond_deep(V):
    """e = tanh(a * b); f = e * a + e * b; g = f * f at a = 0.5, b = -0.7"""
    a, b = V(0.5), V(-0.7)
    e = (a * b).tanh()
    f = e * a + e * b
    g = f * f
    g.backward()
    return {"g": number(g.data, "g"), **grads({"a": a, "b": b, "e": e, "f": f})}


from shared_probes import shared_intermediate


# -- the backward pass itself --------------------------------------------------------


def grads_start_at_zero(V):
    """a = Value(2), b = Value(-3), c = a * b, before any backward()"""
    a, b = V(2.0), V(-3.0)
    c = a * b
    return {"a.grad": number(a.grad, "a.grad"), "b.grad": number(b.grad, "b.grad"),
            "c.grad": number(c.grad, "c.grad"), "c": number(c.data, "c")}


from shared_probes import seed_gradient, untouched_leaf, order_deep, order_matters


def untouched_other_graph(V):
    """d = c + 1 and y = a * 2 at c = 5, a = 3, both built first; then d.backward() and y.backward()"""
    # session 29: an engine that writes every operation on one tape (a module's list, or a thread's) and walks all of
    # it in backward() runs the first graph's steps again in the second's: c gets 2, not 1; a tape emptied by each
    # backward() leaves y's step to d's walk: a gets 0, not 2 (untouched_leaf's one graph sees neither)
    a, c = V(3.0), V(5.0)
    d = c + 1
    y = a * 2
    d.backward()
    y.backward()
    return {"d": number(d.data, "d"), "y": number(y.data, "y"), **grads({"a": a, "c": c})}


def _drawn_or(V, fixed, drawn):
    """`fixed` for a probe run on the engine's `Value`, `drawn` for one run at inputs drawn for the grade of record
    (handed a `Drawn`, grader/drawn_inputs.py, as probekit.with_numeric knows it): deep_chain's depth, which at a draw
    need only be past Python's recursion limit (the fixed run holds the engine to the whole depth), so that its
    second run costs a fifth of the first."""
    return drawn if getattr(type(V), "draws_inputs", False) else fixed


def deep_chain(V):
    """x = Value(0.5), c = Value(0.0001); then 10,000 times x = x + c; backward() from the last x"""
    x0, c = V(0.5), V(0.0001)
    x = x0
    # 10,000 nodes deep: far past Python's default recursion limit of 1,000; at inputs drawn for the grade of record
    # (grader/judge/drawn.py) 2,000, still twice past it: what the drawn run checks is the numbers, not the depth
    for _ in range(_drawn_or(V, 10_000, 2_000)):
        x = x + c
    x.backward()
    return {"out": number(x.data, "out"), **grads({"x0": x0, "c": c})}


def long_sum(V):
    """loss = sum of (w * i - i) ** 2 for i = 0 .. 199, at w = 1.5"""
    w = V(1.5)
    loss = V(0.0)
    for i in range(200):
        loss = loss + (w * i - i) ** 2
    loss.backward()
    return {"loss": number(loss.data, "loss"), **grads({"w": w})}


# -- published checks and whole expressions -------------------------------------------


from shared_probes import micrograd_sanity, micrograd_more_ops


def neuron(V):
    """n = relu(w1*x1 + w2*x2 + b) at x1 = 2, x2 = 0, w1 = -3, w2 = 1, b = 6.88"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.88)
    n = (w1 * x1 + w2 * x2 + b).relu()
    n.backward()
    return {"n": number(n.data, "n"), **grads({"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b})}


def tanh_neuron(V):
    """o = tanh(x1*w1 + x2*w2 + b) at x1 = 2, x2 = 0, w1 = -3, w2 = 1, b = 6.8813735870195432"""
    x1, x2, w1, w2, b = V(2.0), V(0.0), V(-3.0), V(1.0), V(6.8813735870195432)
    o = (x1 * w1 + x2 * w2 + b).tanh()
    o.backward()
    return {"o": number(o.data, "o"), **grads({"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b})}


def squared_error(V):
    """loss = (tanh(w * x + b) - y) ** 2 at x = 0.5, y = 1, w = 0.8, b = -0.2"""
    x, w, b = V(0.5), V(0.8), V(-0.2)
    pred = (w * x + b).tanh()
    loss = (pred - 1.0) ** 2
    loss.backward()
    return {"loss": number(loss.data, "loss"), **grads({"w": w, "b": b, "x": x, "pred": pred})}


from shared_probes import softplus_mix


# -- numerical gradient checks of the student's own forward pass -------------------


def numeric_tanh_mix(V):
    """f(a, b) = tanh(a * b + a) at a = 0.5, b = -1.5"""
    return with_numeric(V, lambda a, b: (a * b + a).tanh(), {"a": 0.5, "b": -1.5})


from shared_probes import numeric_rational, numeric_exp_log


def numeric_relu_sum(V):
    """f(a, b, c) = relu(a - b) * c + relu(b - c) * a at a = 1, b = -0.5, c = 2"""
    return with_numeric(V, lambda a, b, c: (a - b).relu() * c + (b - c).relu() * a, {"a": 1.0, "b": -0.5, "c": 2.0})


# -- random expression graphs, from fixed seeds ----------------------------------------


RANDOM_GRAPHS = random_graph_probes(globals(), "random_graph", range(1, 17))

# which of the engine's own ops each op calls (charging reads it: grader/judge/composition.py)
from shared_probes import composition  # noqa: E402 - here, before the probes only diagnosis reads, which run last

# -- each op alone at several points: diagnosis infers its local derivative (no test reads these) ----


from local_probes import LOCAL, local_derivative_probes  # noqa: E402

# in the order of their names (the suite's order of these probes, as it has always been)
local_derivative_probes(globals(), sorted(LOCAL))


# -- each op in the middle of a graph, and twice on one input (diagnosis: an op cut out of the graph) ---------

from local_probes import local_mid_probes  # noqa: E402

local_mid_probes(globals(), LOCAL)


# -- each op several times in one graph, each of its own input (diagnosis: an op that keeps state between calls) --

from local_probes import local_pair_probes  # noqa: E402

local_pair_probes(globals(), sorted(LOCAL))



# -- where each op's backward gives its inputs their gradients (diagnosis: a finding's line; no test reads it) --------


from local_probes import where_written_probe  # noqa: E402

where_written_probe(globals(), sorted(LOCAL))
