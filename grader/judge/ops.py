"""Which operations a probe's expression asks of an engine (`ops_of`): data from the expression itself.

A probe is run once on the reference engine with its public operations traced;
only the outermost operation counts (`a - b` is `sub`, not the `+`, `*` and `**`
the reference builds it from), so an op means what the student's own method is
asked to do. A student's install has no reference engine: there the ops come
from the suite's `visible_expectations.json`, which the student wheel's build
traced (grader/distribution.py), through the Expectations being judged with
(`ACTIVE`, set by the judge and its dry run). judge/charging.py and the
diagnosis read them.
"""

from __future__ import annotations

import contextvars
import functools

# The Expectations of the suite being judged (set by the judge and its dry run: Expectations.active()).
ACTIVE = contextvars.ContextVar("grader_expectations", default=None)

# Set while a test reads other tests' probes to decide what is already charged: diagnosis maps each test to
# the probes it checks itself, not to these (Reads.own in judge/dry_run.py).
READING_FOR_CHARGING = contextvars.ContextVar("reading_for_charging", default=False)

_METHODS = {"__add__": "add", "__radd__": "radd", "__sub__": "sub", "__rsub__": "rsub", "__mul__": "mul",
            "__rmul__": "rmul", "__truediv__": "div", "__rtruediv__": "rtruediv", "__neg__": "neg",
            "__pow__": "pow", "relu": "relu", "tanh": "tanh", "exp": "exp", "log": "log"}
_BINARY = ("add", "sub", "mul", "div")


def _label(op, args, value_class):
    if op in _BINARY and args and not isinstance(args[0], value_class):
        return f"{op}-constant"
    if op == "pow":
        k = args[0] if args else 1
        return "pow" if isinstance(k, (int, float)) and k >= 0 and float(k).is_integer() else "pow-other"
    return op


@functools.cache
def _tracing_engine():
    """A private copy of the reference engine whose public operations record their names."""
    from ..engines import engine_class, reference_source

    value_class = engine_class(reference_source(), "reference engine with its operations traced")
    state = {"depth": 0, "seen": None}

    def traced(method, op):
        def call(self, *args):
            if state["depth"] == 0 and state["seen"] is not None:
                state["seen"].add(_label(op, args, value_class))
            state["depth"] += 1
            try:
                return method(self, *args)
            finally:
                state["depth"] -= 1
        return call

    for name, op in _METHODS.items():
        setattr(value_class, name, traced(getattr(value_class, name), op))
    return value_class, state


def ops_of(probe) -> frozenset:
    """The operations a probe's expression asks of an engine, e.g. {"mul", "rtruediv", "tanh"}: traced on the
    reference where it is installed, else as the student wheel's build traced them (Expectations.ops_of)."""
    active = ACTIVE.get()
    return active.ops_of(probe) if active is not None else traced_ops(probe)


@functools.cache
def traced_ops(probe) -> frozenset:
    """ops_of, by running the probe once on the reference engine with its operations traced."""
    if getattr(probe, "takes_modules", False):
        return frozenset()
    value_class, state = _tracing_engine()
    state["seen"] = seen = set()
    try:
        probe(value_class)
    finally:
        state["seen"] = None
    return frozenset(seen)
