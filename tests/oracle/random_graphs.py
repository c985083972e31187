"""Random expression graphs that can be built on any number type: Value, torch tensors, Dual.

A graph is a *program*: a list of steps, each adding one node made from
earlier ones. The same program is then built on each backend, so the
reference engine, PyTorch and forward mode compute the very same expression.
Programs are generated with plain floats alongside, so that every step stays
in a safe domain (log of a positive number, no huge values, no division by
something near 0) and every backend computes finite numbers.
"""

import math
import operator
import random

BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}
UNARY = ("neg", "relu", "tanh", "exp", "log")
# int and float exponents; non-integer ones need a positive base
POWERS = (2, 3, 0, 1, -1, -2, 2.0, 0.5, 1.5, -0.5, 3.0)

# An "exact" program uses only integer data and operations that keep integers
# integers, so both engines must agree bit for bit, not just within tolerance.
EXACT_BINARY = ("+", "-", "*")
EXACT_UNARY = ("neg", "relu")
EXACT_POWERS = (2, 3, 0, 1)

LIMIT = 1e6  # no node's value beyond this: keeps gradients far from overflow


def _unary_float(op, x):
    if op == "neg":
        return -x
    if op == "relu":
        return 0 if x < 0 else x
    return {"tanh": math.tanh, "exp": math.exp, "log": math.log}[op](x)


def _safe_unary(op, x):
    if op == "log":
        return x > 0.01
    if op == "exp":
        return x < 10
    return True


def _safe_pow(base, k):
    if k == 0:
        # 0 ** 0: the engine's rule k * x ** (k - 1) divides by zero at x = 0
        return base != 0
    if k < 0 and abs(base) < 0.1:
        return False
    if k != int(k):
        return base > 0.01  # a negative base to a fractional power is complex
    return True


def _pick(rng, n):
    # Mostly a recent node (long chains), sometimes any earlier one: a node
    # used again later is a shared node, and two paths to it make a diamond.
    if n > 1 and rng.random() < 0.6:
        return rng.randrange(max(0, n - 2), n)
    return rng.randrange(n)


def _constant(rng, exact):
    if exact or rng.random() < 0.5:
        return rng.randint(-4, 4)
    return round(rng.uniform(-3, 3), 3)


def make_program(seed, exact=False, n_leaves=None, n_steps=None):
    """A random program from random.Random(seed); exact=True keeps it integer-valued."""
    rng = random.Random(seed)
    n_leaves = n_leaves if n_leaves is not None else rng.randint(1, 4)
    n_steps = n_steps if n_steps is not None else rng.randint(4, 14)
    program, values = [], []
    for _ in range(n_leaves):
        data = rng.randint(-5, 5) if exact or rng.random() < 0.4 else round(rng.uniform(-3, 3), 4)
        program.append(("leaf", data))
        values.append(data)

    while len(program) < n_leaves + n_steps:
        kind = rng.choice(("binary", "binary", "const", "unary", "pow"))
        i = _pick(rng, len(values))
        x = values[i]
        if kind == "binary":
            op = rng.choice(EXACT_BINARY if exact else tuple(BINARY))
            # now and then both operands are the same node: a * a, a + a, a / a
            j = i if rng.random() < 0.2 else _pick(rng, len(values))
            y = values[j]
            if op == "/" and abs(y) < 0.1:
                continue
            step, result = ("binary", op, i, j), BINARY[op](x, y)
        elif kind == "const":
            op = rng.choice(EXACT_BINARY if exact else tuple(BINARY))
            c = _constant(rng, exact)
            if rng.random() < 0.5:  # x op c
                if op == "/" and abs(c) < 0.1:
                    continue
                step, result = ("const_right", op, i, c), BINARY[op](x, c)
            else:  # c op x: the reflected forms 2 + a, 2 - a, 2 * a, 2 / a
                if op == "/" and abs(x) < 0.1:
                    continue
                step, result = ("const_left", op, c, i), BINARY[op](c, x)
        elif kind == "unary":
            op = rng.choice(EXACT_UNARY if exact else UNARY)
            if not _safe_unary(op, x):
                continue
            step, result = ("unary", op, i), _unary_float(op, x)
        else:
            k = rng.choice(EXACT_POWERS if exact else POWERS)
            if not _safe_pow(x, k):
                continue
            step, result = ("pow", i, k), x**k
        if not abs(result) < LIMIT:
            continue
        program.append(step)
        values.append(result)
    return program


def build(program, make_leaf):
    """Build the program with make_leaf(index, data) for leaves; return (leaves, nodes), output last."""
    nodes, leaves = [], []
    for step in program:
        kind = step[0]
        if kind == "leaf":
            node = make_leaf(len(leaves), step[1])
            leaves.append(node)
        elif kind == "binary":
            _, op, i, j = step
            node = BINARY[op](nodes[i], nodes[j])
        elif kind == "const_right":
            _, op, i, c = step
            node = BINARY[op](nodes[i], c)
        elif kind == "const_left":
            _, op, c, i = step
            node = BINARY[op](c, nodes[i])
        elif kind == "unary":
            _, op, i = step
            node = -nodes[i] if op == "neg" else getattr(nodes[i], op)()
        else:
            _, i, k = step
            node = nodes[i] ** k
        nodes.append(node)
    return leaves, nodes


def describe(program):
    """The program as readable lines, for failure messages."""
    lines = []
    for n, step in enumerate(program):
        kind = step[0]
        if kind == "leaf":
            rhs = f"leaf {step[1]!r}"
        elif kind == "binary":
            rhs = f"n{step[2]} {step[1]} n{step[3]}"
        elif kind == "const_right":
            rhs = f"n{step[2]} {step[1]} {step[3]!r}"
        elif kind == "const_left":
            rhs = f"{step[2]!r} {step[1]} n{step[3]}"
        elif kind == "unary":
            rhs = f"-n{step[2]}" if step[1] == "neg" else f"n{step[2]}.{step[1]}()"
        else:
            rhs = f"n{step[1]} ** {step[2]!r}"
        lines.append(f"n{n} = {rhs}")
    return "\n".join(lines)


def graph_nodes(output):
    """Every Value that output depends on, itself included."""
    seen, stack = {}, [output]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen[id(node)] = node
            stack.extend(node._prev)
    return list(seen.values())


def graph_scale(output):
    """The largest |data| or |grad| in output's graph (after backward), and at least 1."""
    nodes = graph_nodes(output)
    return max([1.0] + [abs(n.data) for n in nodes] + [abs(n.grad) for n in nodes])


def agree(got, want, scale):
    """True when got equals want within 1e-12 relative, or 1e-12 of scale near 0."""
    # Rounding errors are relative to the numbers that were combined, not to
    # the result: a gradient that cancels to ~0 (the leaf of a / a, whose true
    # gradient is 0) comes out as a few ulps of the terms that cancelled, e.g.
    # 1.1e-16 in one engine and -1.1e-16 in the other. No relative test can
    # pass there, so near 0 the bound is 1e-12 of the largest value or
    # gradient in the graph (ever seen: 13 ulps of it, in 20,000 graphs).
    return abs(got - want) <= 1e-12 * max(abs(got), abs(want), scale)
