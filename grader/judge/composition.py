"""Which of the student's ops are built from other ops of theirs, as observed in the sandbox: data.

A suite's composition probe (shared_probes.py's `composition`: the engine suite's on the student's Value,
08-dual-numbers' `dual_composition` on their Dual) calls each op once on the student's class with its methods
traced, and reports, per op, the method called, the calls it made directly to the engine's own ops (each
operand a leaf, a constant, or what an earlier call returned) and which call's node it returned unchanged.
Here, in the grader, each such program is replayed on numbers carrying their two partial derivatives (forward
mode, exact math): an op whose program computes what the op itself is asked (value and both derivatives, at
the observed inputs) is a *composition*, right as written, and whatever its tests see wrong is its inner ops'
doing. judge/charging.py then charges a failure to the inner op's own test once and excuses the outer op's
(micrograd's `a / b = a * b**-1` over a wrong `**`). An op whose program does not compute it (`a / b = a *
b**1`), which returns a node of its own (a rule of its own), or whose own code changes a node (the inner
op's, an earlier one, an input: the probe compares their fields, and what a list, set or dict among them
holds, before and after each of the op's calls), stays an op of its own: it loses its tests.

One caveat: a program is checked at the one point observed (a = 0.7, b = 1.3); a composition right there
and wrong elsewhere (a branch on the data) is taken as right, unless the op's own isolating probes are wrong while
the ops it calls are right (judge/charging.py's refuted_compositions: relu as `self * (self >= 0)`, wrong at 0).
"""

from __future__ import annotations

import math

from .ops import _BINARY, _METHODS

def _lift(x):
    """A constant as a number with its partials (value, d/da, d/db)."""
    return x if isinstance(x, tuple) else (float(x), 0.0, 0.0)


def _apply(method, operands):
    """One call, replayed: the result (a triple), or raises ArithmeticError / ValueError / TypeError."""
    x = operands[0]
    if method in ("__neg__", "relu", "tanh", "exp", "log"):
        if len(operands) != 1:
            raise TypeError("a unary op with operands")
        v = x[0]
        value, slope = {"__neg__": lambda: (-v, -1.0), "relu": lambda: (max(v, 0.0), 1.0 if v > 0 else 0.0),
                        "tanh": lambda: (math.tanh(v), 1 - math.tanh(v) ** 2),
                        "exp": lambda: (math.exp(v), math.exp(v)),
                        "log": lambda: (math.log(v), 1 / v)}[method]()
        return value, slope * x[1], slope * x[2]
    if len(operands) != 2:
        raise TypeError("a binary op without two operands")
    y = operands[1]
    if method == "__pow__":
        if isinstance(y, tuple):
            raise TypeError("a power of a Value")
        k, v = float(y), x[0]
        value = v**k
        if isinstance(value, complex):
            raise ValueError("a complex power")
        slope = k * v ** (k - 1) if k != 0 else 0.0
        return value, slope * x[1], slope * x[2]
    if method.startswith("__r"):
        x, y = _lift(y), x
        method = "__" + method[3:]
    x, y = _lift(x), _lift(y)
    if method == "__add__":
        return x[0] + y[0], x[1] + y[1], x[2] + y[2]
    if method == "__sub__":
        return x[0] - y[0], x[1] - y[1], x[2] - y[2]
    if method == "__mul__":
        return x[0] * y[0], x[1] * y[0] + x[0] * y[1], x[2] * y[0] + x[0] * y[2]
    if method == "__truediv__":
        q = x[0] / y[0]
        return q, (x[1] - q * y[1]) / y[0], (x[2] - q * y[2]) / y[0]
    raise TypeError(f"not an op: {method}")


def label(method, operands) -> str | None:
    """The op a call is (judge/ops.py's labels: `a * 2` is mul-constant, `a ** -1` pow-other), or None."""
    op = _METHODS.get(method)
    if op is None:
        return None
    if op in _BINARY and len(operands) > 1 and operands[1][0] == "const":
        return f"{op}-constant"
    if op == "pow":
        k = operands[1][1] if len(operands) > 1 and operands[1][0] == "const" else None
        return "pow" if k is not None and k >= 0 and float(k).is_integer() else "pow-other"
    return op


def _replay(calls, inputs):
    """Each call's result, in order (a list of triples); raises where a call cannot be replayed."""
    results = []
    for method, operands in calls:
        values = []
        for operand in operands:
            kind = operand[0]
            if kind in ("a", "b"):
                values.append(inputs[kind])
            elif kind == "call" and 0 <= int(operand[1]) < len(results):
                values.append(results[int(operand[1])])
            elif kind == "const":
                values.append(float(operand[1]))
            elif kind == "leaf":
                values.append(_lift(float(operand[1])))
            else:
                raise TypeError(f"an operand that cannot be replayed: {operand!r}")
        results.append(_apply(method, values))
    return results


def _close(x, y):
    from . import ABS_TOL, REL_TOL

    return all(math.isclose(p, q, rel_tol=REL_TOL, abs_tol=ABS_TOL) for p, q in zip(x, y))


def delegates(observed) -> tuple[dict, dict]:
    """({op: the ops its program calls} for each op that is a composition right as written,
    {op: the ops it called up to the one that raised, that one last} for each op that raised inside a call of
    its own): from the composition probe's observation (values), or ({}, {}) where there is none."""
    right, raising = {}, {}
    if not isinstance(observed, dict) or not isinstance(observed.get("ops"), dict):
        return right, raising
    try:
        inputs = {"a": (float(observed["a"]), 1.0, 0.0), "b": (float(observed["b"]), 0.0, 1.0)}
    except (KeyError, TypeError, ValueError):
        return right, raising
    for op, record in observed["ops"].items():
        try:
            calls = [(method, list(operands)) for method, operands in record["calls"]]
            inner = [label(method, operands) for method, operands in calls]
            if not calls or None in inner:
                continue
            raised = int(record["raised"])
            if 0 <= raised < len(calls):
                raising[op] = frozenset(inner[: raised + 1])
                continue
            outer, returns = record["op"], int(record["returns"])
            if outer is None or label(outer[0], outer[1]) != op or not 0 <= returns < len(calls):
                continue
            want = _replay([outer], inputs)[0]
            got = _replay(calls, inputs)[returns]
        except (ArithmeticError, ValueError, TypeError, KeyError, IndexError, OverflowError):
            continue
        if _close(got, want):
            right[op] = frozenset(inner)
    return right, raising


def natives(ops, composed) -> dict:
    """{op the student's engine computes itself: the ops of `ops` built on it (empty for one of `ops` itself)}:
    each of `ops` followed through `composed` ({op: the ops it calls}) to the ops that are no composition."""
    found: dict = {}

    def walk(op, outer, seen):
        if op in composed and op not in seen:
            for inner in sorted(composed[op]):
                walk(inner, outer, seen | {op})
            return
        via = found.setdefault(op, set())
        if outer != op:
            via.add(outer)

    for op in sorted(ops):
        walk(op, op, frozenset())
    # an op the expression asks for itself is charged as itself, whatever else is built on it
    return {op: frozenset() if op in ops and op not in composed else frozenset(via) for op, via in found.items()}
