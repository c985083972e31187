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
import importlib.util
import types
from pathlib import Path

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


def _whole(x, value_class):
    """Whether `x` (a Value or a number) holds a whole number; None where it holds no number as `data` (08's Dual)."""
    data = getattr(x, "data", None) if isinstance(x, value_class) else x
    if not isinstance(data, (int, float)):
        return None
    return float(data).is_integer()


def _labels(op, self, args, value_class):
    """The op's label (`_label`), and, for a `*` of two Values, the inputs that single out a `*` rule right only on
    some: `mul-same` for `a * a` (one node on both sides: a rule that reads both gradients before writing either
    keeps one path), `mul-fraction` where an operand is not a whole number (a rule that truncates one to an int).
    An exercise about `*` gives a test of its own to each (OwnTests), and the others do not charge it again; a
    suite without one reads `mul` alone, as before. Not for `a * 2` or `2 * a`: an expression whose constant
    breaks it (a `*` that cannot take a number) is not excused by a rule wrong on fractions."""
    label = _label(op, args, value_class)
    if label != "mul" or not args:
        return (label,)
    whole = (_whole(self, value_class), _whole(args[0], value_class))
    if None in whole:  # not an engine's Value (a Dual): its `*` reads `mul` alone
        return (label,)
    more = ("mul-same",) if args[0] is self else ()
    if not all(whole):
        more += ("mul-fraction",)
    return (label, *more)


def _trace(cls, state):
    """Patch `cls` (a private copy) so that its public operations record their names, the outermost only."""

    def traced(method, op):
        def call(self, *args):
            if state["depth"] == 0 and state["seen"] is not None:
                state["seen"].update(_labels(op, self, args, cls))
            state["depth"] += 1
            try:
                return method(self, *args)
            finally:
                state["depth"] -= 1
        return call

    for name, op in _METHODS.items():
        if hasattr(cls, name):
            setattr(cls, name, traced(getattr(cls, name), op))


@functools.cache
def _tracing_engine():
    """A private copy of the reference engine whose public operations record their names."""
    from ..engines import engine_class, reference_source

    value_class = engine_class(reference_source(), "reference engine with its operations traced")
    state = {"depth": 0, "seen": None}
    _trace(value_class, state)
    return value_class, state


class _TracingModules:
    """The reference's modules as a probe that takes them sees them: m.engine's Value and m.dual's Dual are
    private copies with their operations traced (the same state as _tracing_engine's), the rest as installed."""

    def __init__(self, value_class, state):
        spec = importlib.util.find_spec("reference.engine")
        # module_of (probekit) finds dual.py beside this __file__: the reference's folder
        self.engine = types.SimpleNamespace(Value=value_class, __file__=spec.origin)
        from ..engines import trusted_module

        dual = importlib.util.find_spec("reference.dual").origin
        self.dual = trusted_module(Path(dual).read_text(encoding="utf-8"), "reference dual numbers, traced")
        _trace(self.dual.Dual, state)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return importlib.import_module(f"reference.{name}")


@functools.cache
def _tracing_modules():
    value_class, state = _tracing_engine()
    return _TracingModules(value_class, state), state


def ops_of(probe) -> frozenset:
    """The operations a probe's expression asks of an engine, e.g. {"mul", "rtruediv", "tanh"}: traced on the
    reference where it is installed, else as the student wheel's build traced them (Expectations.ops_of)."""
    active = ACTIVE.get()
    return active.ops_of(probe) if active is not None else traced_ops(probe)


@functools.cache
def traced_ops(probe) -> frozenset:
    """ops_of, by running the probe once on the reference engine with its operations traced."""
    if getattr(probe, "takes_modules", False) and not getattr(probe, "traces_ops", False):
        return frozenset()
    if getattr(probe, "takes_modules", False):  # its expressions run on the modules' Value and Dual
        modules, state = _tracing_modules()
        run = functools.partial(probe, modules)
    else:
        value_class, state = _tracing_engine()
        run = functools.partial(probe, value_class)
    state["seen"] = seen = set()
    try:
        run()
    finally:
        state["seen"] = None
    return frozenset(seen)
