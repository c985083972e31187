"""gradcheck's named analytic mistakes, replayed on the reference: what a test may excuse as one.

An analytic derivative that is not backprop's is charged once, by gradcheck/correct-gradients; the other gradcheck
tests then judge gradcheck's verdicts on the student's own numbers, so that the one mistake is not charged in each.
That holds only where the analytic derivatives are those of a mistake named here: each a patch of
reference/gradcheck.py, run on the reference engine in the grader (trusted code), as 11-fit-line's mistakes.py
names a loop's. Session 27: a gradcheck that never runs backward() and takes the numeric derivative, nudged, as its
analytic one makes its verdicts whatever the nudge makes them (True everywhere, or False everywhere) and was
excused as well, 13/15 where the same verdicts written plainly score 10 and 11 (tests/test_redteam27.py).

This file stays in the grader and in the instructor's install (it reads the reference): only probes.py travels into
the sandbox, and a student's install judges without it (test_gradcheck.py).
"""

from __future__ import annotations

import functools
import math
import types

import reference.engine
from grader import probekit
from grader.engines import patched, reference_mistake, reference_source

_BACKWARD = "    out.backward()\n"
_READ = "    analytic = leaf.grad\n"
# name -> (the text of reference/gradcheck.py, what the mistake makes of it). Each is a derivative that does not
# follow the numeric one, so none sets the verdicts at will; review 27: the honest misreadings of the leaf's grad
# were charged in every verdict test once only the two backward() mistakes were named (`analytic = out.grad`
# 13/15 -> 6/15, `leaf.data` and `-leaf.grad` 13 -> 8)
MISTAKES = {"backward() run twice": (_BACKWARD, _BACKWARD * 2),
            "backward() never run": (_BACKWARD, ""),  # the leaf's grad read as it was made: 0 (session 26)
            "the output's grad read": (_READ, _READ.replace("leaf.grad", "out.grad")),  # 1 everywhere
            "the output's data read": (_READ, _READ.replace("leaf.grad", "out.data")),
            "the input's data read": (_READ, _READ.replace("leaf.grad", "leaf.data")),
            "the grad's sign flipped": (_READ, _READ.replace("leaf.grad", "-leaf.grad"))}


@functools.cache
def _gradcheck(name: str) -> types.ModuleType:
    """reference/gradcheck.py with mistake `name` made, as a module of the reference package (trusted)."""
    return reference_mistake("gradcheck", patched(reference_source("gradcheck"), [MISTAKES[name]],
                                                  f"mistake {name!r}", "reference/gradcheck.py"), name)


@functools.cache
def _analytic(name: str, probe) -> dict:
    """The analytic derivatives gradcheck reports on `probe` (a probe of probes.py) with mistake `name`."""
    observed = probekit.plain(probe(types.SimpleNamespace(engine=reference.engine, gradcheck=_gradcheck(name))))
    return {key: value for key, value in observed.items() if key.endswith(".analytic")}


def named(probe, got: dict, rel: float, first: str | None = None) -> str | None:
    """The mistake whose analytic derivatives on `probe` are `got`'s (within `rel`), if one's are: `first` where it
    is one of them (two mistakes may give the same numbers on a probe: the one already charged is the one asked)."""
    for name in sorted(MISTAKES, key=lambda name: name != first):
        want = _analytic(name, probe)
        if all(isinstance(got.get(key), float) and math.isclose(got[key], value, rel_tol=rel, abs_tol=1e-12)
               for key, value in want.items()):
            return name
    return None
