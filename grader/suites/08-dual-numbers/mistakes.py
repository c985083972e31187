"""The Dual's named mistakes, replayed on the reference: what a failing test names beside its numbers.

Each is a patch of reference/dual.py, run in the grader (trusted code) on the probe that failed, as
06-gradcheck's and 11-fit-line's mistakes.py name theirs: where the student's numbers on that probe are the
patched Dual's (and not the right ones), the test says which mistake it is. Session 28: a `__rsub__` written
`self - Dual(other)` and a Dual power without its b' · log a term were told their numbers only.

This file stays in the grader and in the instructor's install (it reads the reference): only probes.py travels into
the sandbox, and a student's install names nothing from it (test_dual.py).
"""

from __future__ import annotations

import functools
import math
import types

import reference.engine
from grader import probekit
from grader.engines import patched, reference_mistake, reference_source
from grader.i18n import msg

_RSUB = "    def __rsub__(self, other):  # other - self\n        return (-self) + other\n"
_POW = "out * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)"
# name -> (the text of reference/dual.py, what the mistake makes of it, what the student reads)
MISTAKES = {
    "rsub-reversed": (_RSUB, _RSUB.replace("(-self) + other", "self - Dual(other)"), msg(
        "These are the numbers of a Dual whose `2 - x` computes x − 2: `__rsub__` is called for `other - self` (the "
        "constant on the left), and yours returns `self - other`. Return `Dual(other) - self` (or `-self + other`)")),
    "pow-without-log": (_POW, "out * (k.value * self.deriv / self.value)", msg(
        "These are the numbers of a Dual power `a ** b` without its b' · log a term: with an exponent that depends "
        "on x, (a ** b)' = a ** b · (b' · log a + b · a' / a); the power rule b · a ** (b − 1) · a' alone holds "
        "only for a constant b")),
}


@functools.cache
def _dual(name: str) -> types.ModuleType:
    """reference/dual.py with mistake `name` made, as a module of the reference package (trusted)."""
    old, new, _ = MISTAKES[name]
    return reference_mistake("dual", patched(reference_source("dual"), [(old, new)], f"mistake {name!r}",
                                             "reference/dual.py"), name)


@functools.cache
def _observed(name: str, probe) -> dict:
    """What `probe` (a probe of probes.py) observes on the reference with mistake `name`."""
    return probekit.plain(probe(types.SimpleNamespace(engine=reference.engine, dual=_dual(name))))


def _same(got: dict, want: dict) -> bool:
    return bool(want) and all(isinstance(got.get(key), (int, float)) and math.isclose(
        got[key], value, rel_tol=1e-9, abs_tol=1e-12) for key, value in want.items() if isinstance(value, float))


def named(probe, got: dict, right: dict):
    """The words of the mistake whose numbers on `probe` are `got`'s where the right ones (`right`) are not, or
    None."""
    if _same(got, right):
        return None
    for name, (_, _, words) in MISTAKES.items():
        try:
            observed = _observed(name, probe)
        except Exception:  # noqa: BLE001 - a mistake the probe cannot run through names nothing
            continue
        if not _same(observed, right) and _same(got, observed):
            return words
    return None
