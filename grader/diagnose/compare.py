"""Comparing observations: the student's, the reference engine's and the variants'.

Two observations of one probe *agree* when both finished and every value is
equal within the judge's tolerance (the numbers are reproduced up to the
rounding of a differently ordered sum), or when both failed the same way: the
same exception type, or both timed out. A student is *wrong* on a probe when
their observation does not agree with the reference engine's values.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Mapping

from ..judge import ABS_TOL, REL_TOL, close
from ..suites import test_functions



def failure_kind(obs: dict) -> str:
    """What a failed probe did, compared across engines: `TypeError`, `timeout`, or the whole message.

    Only the exception's type counts: its message names the student's own
    classes and lines. A message that names no exception (an observation
    that is not a number) is compared whole.
    """
    status = obs.get("status")
    if status in ("timeout", "crashed"):
        return status
    return obs.get("exception") or str(obs.get("error") or "")


def same_values(a, b, rel=REL_TOL, abs_=ABS_TOL) -> bool:
    """Equal plain values: dicts with the same keys, floats within tolerance, anything else exactly."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_values(a[k], b[k], rel, abs_) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_values(x, y, rel, abs_) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) \
            and not isinstance(b, bool):
        return close(float(a), float(b), rel, abs_)
    return a == b


def agree(a: dict | None, b: dict | None) -> bool:
    """Whether two observations of one probe (`{"status": ..., ...}`) show the same behaviour."""
    if a is None or b is None:
        return False
    if a.get("status") == "ok" or b.get("status") == "ok":
        return a.get("status") == b.get("status") == "ok" and same_values(a.get("values"), b.get("values"))
    return failure_kind(a) == failure_kind(b)


def wrong(obs: dict | None, reference: dict) -> bool:
    """Whether an observation differs from the reference engine's values of the same probe."""
    return obs is None or obs.get("status") != "ok" or not same_values(obs.get("values"), reference)


def not_run(obs: dict | None) -> bool:
    """An observation that says nothing about the engine: the probe never ran."""
    return obs is None or obs.get("not_run") is True


# -- which probes each hidden test looks at -------------------------------------------


class _Recorded(Mapping):
    """`run["probes"]` for a dry run: every probe finished with the reference's values; reads are recorded."""

    def __init__(self, names, reference_of, used):
        self._names, self._reference_of, self._used = names, reference_of, used

    def __getitem__(self, name):
        if name not in self._names:
            raise KeyError(name)
        self._used.append(name)
        return {"status": "ok", "values": self._reference_of(name)}

    def __iter__(self):
        return iter(self._names)

    def __len__(self):
        return len(self._names)


def _named_in(function, names) -> list[str]:
    """Probes a test names in its own text (`p.shared_mul`), read from its syntax tree."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return []
    return [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in names]


def probes_of_tests(suite, expectations) -> dict[str, list[str]]:
    """Test name → the probes it reads, in suite order, found by a dry run and by reading its text.

    Each hidden test is called once, in the grader, with fixtures that hand it
    the reference engine's observations and record which probes it asks for
    (the judge finds a test's dependencies the same way). This is trusted
    code: the suite's own tests on the reference engine; no student code
    runs. Probes the test names in its text (`p.deep_chain`) are added, so a
    test that stops early on the reference, or asks for a fixture this dry run
    does not know, still maps to what it reads. A test that reads no probe
    (the import check) maps to none, and no diagnosis ever cites it.
    """
    from _pytest.outcomes import OutcomeException

    probes = {name: getattr(suite.probes, name) for name in suite.probe_names}

    def reference_of(name):
        return expectations.reference(probes[name])

    mapping: dict[str, list[str]] = {}
    for test in test_functions(suite):
        grading = test.grading
        used: list[str] = _named_in(test, probes)

        def observe(probe, used=used):
            used.append(probe.__name__)
            return expectations.reference(probe)

        def observation(probe, used=used):
            used.append(probe.__name__)
            return {"status": "ok", "values": expectations.reference(probe)}

        run = {"id": "dry-run", "status": "ok", "message": None, "import_error": None,
               "probes": _Recorded(probes, reference_of, used), "output": ""}
        fixtures = {"observe": observe, "observation": observation, "expect": expectations.reference,
                    "torch_expect": expectations.torch, "run": run, "imported": run,
                    "submission": "dry-run"}
        names = list(inspect.signature(test).parameters)
        if all(name in fixtures for name in names):
            try:
                test(**{name: fixtures[name] for name in names})
            except (Exception, OutcomeException):
                pass  # the probes read before the exception are still recorded
        mapping[grading["name"]] = [p for p in probes if p in set(used)]
    return mapping
