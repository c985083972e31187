"""Helpers for writing probes.

This module travels into the sandbox with a suite's probes, so it uses the
standard library only and never imports anything of the grader's.
"""

import math

# Saved before any student code is imported, so a monkeypatched builtin cannot
# change how observations are checked.
_type, _float, _isinstance, _str, _dict, _list, _tuple = type, float, isinstance, str, dict, list, tuple
_isfinite = math.isfinite
_NUMBER_TYPES = (int, float, bool)


class ObservationError(Exception):
    """A probe observed something that is not a plain finite number (or string)."""


def modules(probe):
    """Mark a probe that takes the student's modules (m.engine, m.nn, ...) instead of `Value`."""
    probe.takes_modules = True
    return probe


def number(x, what):
    """`x` as a plain float, refusing anything that is not a real int/float or is not finite."""
    if _type(x) not in _NUMBER_TYPES:
        raise ObservationError(f"{what} is a {_type(x).__name__}, not a number")
    value = _float(x)
    if not _isfinite(value):
        raise ObservationError(f"{what} is {value}, not a finite number")
    return value


def plain(obj, what="result", depth=0):
    """A copy of a probe's result holding only str keys, floats, strings, None, lists and dicts."""
    if depth > 8:
        raise ObservationError(f"{what} is nested too deeply")
    t = _type(obj)
    if t in _NUMBER_TYPES:
        return number(obj, what)
    if t is _str:
        return obj[:2000]
    if obj is None:
        return None
    if t is _dict:
        out = {}
        for key, value in obj.items():
            if _type(key) is not _str:
                raise ObservationError(f"{what} has a key that is not a string")
            out[key] = plain(value, key if depth == 0 else f"{what}.{key}", depth + 1)
        return out
    if t is _list or t is _tuple:
        return [plain(v, f"{what}[{i}]", depth + 1) for i, v in enumerate(obj)]
    raise ObservationError(f"{what} is a {t.__name__}, not a number")


def grads(named, prefix=""):
    """{'a': a, 'b': b} → {'a.data': ..., 'a.grad': ...} read straight off student Values."""
    out = {}
    for name, v in named.items():
        out[f"{prefix}{name}.data"] = number(v.data, f"{name}.data")
        out[f"{prefix}{name}.grad"] = number(v.grad, f"{name}.grad")
    return out


def with_numeric(V, f, inputs, h=1e-6):
    """Forward, backward and central differences of f, all with the student's own engine.

    Returns {"out": f's value, "<x>.grad": analytic, "<x>.numeric": (f(x+h) - f(x-h)) / 2h}
    so that a test can check the student's gradients against the student's own
    forward pass, independently of any reference.
    """
    leaves = {name: V(x) for name, x in inputs.items()}
    out = f(**leaves)
    out.backward()
    obs = {"out": number(out.data, "out")}
    for name, leaf in leaves.items():
        obs[f"{name}.grad"] = number(leaf.grad, f"{name}.grad")
    for name in inputs:
        up = dict(inputs, **{name: inputs[name] + h})
        down = dict(inputs, **{name: inputs[name] - h})
        f_up = number(f(**{k: V(x) for k, x in up.items()}).data, f"f at {name} + h")
        f_down = number(f(**{k: V(x) for k, x in down.items()}).data, f"f at {name} - h")
        obs[f"{name}.numeric"] = (f_up - f_down) / (2 * h)
    return obs
