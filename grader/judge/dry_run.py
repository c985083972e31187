"""The dry run: which probes each hidden test reads, found once per batch on the reference engine.

Each hidden test is called once, in the grader, with fixtures that hand it the
reference engine's observations and record which probes it asks for. This is
trusted code (the suite's own tests on the reference engine); no student code
runs. Probes the test names in its own text (`p.deep_chain`) are added, so a
test that stops early on the reference, or reads the whole run, still maps to
what it reads.

Two readers, one answer:
- the judge groups submissions by the observations a test reads, so it needs
  the reads to be *complete*: the test ran to its end on the reference, with
  nothing but single-probe fixtures (`observe`, `observation`, `expect`,
  `torch_expect`, `imported`); otherwise it judges that test per whole run;
- diagnosis needs the probes behind each failing test, complete or not.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
from collections.abc import Mapping

from ..parsing import parse
from ..suites import test_functions
from .ops import READING_FOR_CHARGING

# The fixtures whose reads the dry run sees one probe at a time (a test asking for `run` sees everything).
SINGLE_PROBE_FIXTURES = frozenset({"observe", "observation", "expect", "torch_expect", "imported"})
_REFERENCE_IMPORT = {"status": "ok", "message": None, "import_error": None, "forbidden_imports": []}


@dataclasses.dataclass(frozen=True)
class Reads:
    """What one hidden test reads: its public name, the probes (suite order), and whether that is all of it.

    `own`: the probes it checks itself, without those it reads only to learn what other tests already
    charge (judge/charging.py): the judge groups by all of them, diagnosis maps a failing test to its own.
    """

    name: str
    probes: tuple
    complete: bool
    own: tuple = ()
    # why the test did not pass on the reference engine ("SuiteError: no stored PyTorch result ..."), or None:
    # a test that fails on a correct engine cannot judge anyone (Expectations.check_suite)
    failure: str | None = None
    visibility: str = "visible"


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
        tree = parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return []
    return [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in names]


def dry_run(suite, expectations) -> dict[str, Reads]:
    """{test function name: Reads} for every hidden test of the suite, in suite order."""
    from _pytest.outcomes import OutcomeException

    probes = {name: suite.probe(name) for name in suite.probe_names}

    def reference_of(name):
        return expectations.reference(probes[name])

    reads: dict[str, Reads] = {}
    for test in test_functions(suite):
        used: list[str] = []
        charging: list[str] = []

        def observe(probe, used=used, charging=charging):
            (charging if READING_FOR_CHARGING.get() else used).append(probe.__name__)
            return expectations.reference(probe)

        def observation(probe, used=used, charging=charging):
            (charging if READING_FOR_CHARGING.get() else used).append(probe.__name__)
            return {"status": "ok", "values": expectations.reference(probe)}

        run = {"id": "dry-run", **_REFERENCE_IMPORT, "probes": _Recorded(probes, reference_of, used), "output": ""}
        fixtures = {"observe": observe, "observation": observation, "expect": expectations.reference,
                    "torch_expect": expectations.torch, "run": run, "imported": dict(_REFERENCE_IMPORT),
                    "submission": "dry-run"}
        names = list(inspect.signature(test).parameters)
        finished, failure = False, None
        if all(name in fixtures for name in names):
            try:
                test(**{name: fixtures[name] for name in names})
                finished = True
            except (Exception, OutcomeException) as exc:  # the probes read before it are still recorded
                failure = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}"
        else:
            failure = f"it asks for {', '.join(sorted(set(names) - set(fixtures)))}, which no hidden test is given"
        complete = finished and set(names) <= SINGLE_PROBE_FIXTURES
        named = _named_in(test, probes)
        own = set(used) | set(named)
        read = own | set(charging)
        reads[test.__name__] = Reads(test.grading["name"], tuple(p for p in probes if p in read), complete,
                                     tuple(p for p in probes if p in own), failure, test.grading["visibility"])
    return reads
