"""What the student's observations are compared with: the reference engine's and PyTorch's.

Where the reference is installed (a checkout, the instructor's install) its
values are computed here, in the grader's process. A student's install has no
reference (it is the solution): there the values of the probes that visible
tests read come from the suite's `visible_expectations.json`, which the
student wheel's build computed from the reference (grader/distribution.py).
A hidden test asking for anything else is a suite error, never a verdict.
"""

import importlib
import importlib.util
import json

from .. import probekit
from ..suites import SuiteError
from .ops import ACTIVE, traced_ops

STORED = "visible_expectations.json"  # grader.distribution.EXPECTATIONS


class _ReferenceModules:
    """The reference's modules as a probe sees a student's: m.engine, m.nn, m.neuron, ... (imported when used)."""

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return importlib.import_module(f"reference.{name}")


def reference_installed():
    return importlib.util.find_spec("reference") is not None


class Expectations:
    """The reference's and PyTorch's observations of a suite's probes, computed or loaded once.

    reference="live" computes them with the reference engine, "stored" reads the
    visible tests' expectations; None: live where the reference is installed.
    """

    def __init__(self, suite, torch="stored", reference=None):
        self.suite, self.torch_mode = suite, torch
        self.reference_mode = reference or ("live" if reference_installed() else "stored")
        self._reference, self._torch, self._stored, self._reads = {}, None, None, None
        self._shapes = {}  # probe name -> the reference's observation, or None: shape_of
        self._ops = {}  # probe name -> the ops it uses (ops_of), as traced here or learnt

    def known(self) -> dict:
        """What has been computed here that depends on no student: the reference's observations and the ops
        each probe uses, for the dry run's entry (grader/verdicts.py), so that a later run (`grade check`)
        need not run the reference again (the 10,000-node chain among it). {} with stored expectations."""
        if self.reference_mode == "stored":
            return {}
        return {"reference": dict(self._reference), "ops": {name: sorted(ops) for name, ops in self._ops.items()}}

    def trace_every_probe(self):
        """The ops of every probe of the suite (ops_of), traced now: the dry run's entry keeps them with known()
        (grader/verdicts.py). The judge's charging and the diagnosis ask for most of them after the dry run, once
        a process; kept, the next process traces none (the engine suite's 65 probes: 0.2 s of CPU). A probe the
        reference cannot run is left to be traced (and fail) where it is asked, as before."""
        if self.reference_mode == "stored" or self.suite.cases:
            return
        for name in self.suite.probe_names:
            try:
                self.ops_of(getattr(self.suite.probes, name))
            except Exception:  # noqa: BLE001 - see the docstring
                pass

    def learn(self, known: dict):
        """Take what known() gave an earlier run of the same grader, suite and reference."""
        if self.reference_mode == "stored" or not isinstance(known, dict):
            return
        reference, ops = known.get("reference"), known.get("ops")
        if isinstance(reference, dict) and isinstance(ops, dict):
            self._reference.update({n: v for n, v in reference.items() if isinstance(v, dict)})
            self._ops.update({n: frozenset(v) for n, v in ops.items() if isinstance(v, list)})

    def reads(self):
        """{test function name: Reads}: the suite's one dry run on the reference (judge/dry_run.py)."""
        if self._reads is None:
            from .dry_run import dry_run

            with self.active():
                self._reads = dry_run(self.suite, self)
        return self._reads

    def known_reads(self, reads):
        """The dry run's answer, {test function name: Reads}, as an earlier run kept it (grader/verdicts.py)."""
        self._reads = reads

    def check_suite(self, tests="all"):
        """Raise SuiteError, in one line that says what to do, when a test (of `tests`: "all" or "visible")
        does not pass on the reference engine: it would fail every student, the correct ones too, with an
        internal error. The dry run (reads()) tells; the judge needs it anyway, so this costs nothing. A
        suite of probe cases (09-write-tests) runs its reference only in a worker, and is not checked here."""
        if self.suite.cases:
            return
        broken = [r for r in self.reads().values() if r.failure and (tests == "all" or r.visibility == "visible")]
        if broken:
            first = broken[0]
            more = f" (and {len(broken) - 1} more test{'s' * (len(broken) > 2)})" if len(broken) > 1 else ""
            raise SuiteError(f"the suite {self.suite.name!r} cannot judge: its test {first.name!r}{more} fails on "
                             f"the reference engine ({first.failure}); nothing was graded")

    def probes_tests_read(self):
        """The probes any hidden test reads (a frozenset), or None when some test reads the whole run."""
        reads = self.reads()
        if not all(r.complete for r in reads.values()):
            return None
        return frozenset().union(*(r.probes for r in reads.values()))

    def _visible_only(self):
        if self._stored is None:
            path = self.suite.folder / STORED
            if not path.is_file():
                raise SuiteError(f"suite {self.suite.name!r} has neither the reference engine nor {STORED}: "
                                 'install the instructor\'s part (pip install "micrograd-grader[instructor]")')
            self._stored = json.loads(path.read_text(encoding="utf-8"))
        return self._stored

    def _stored_values(self, kind, name):
        values = self._visible_only()[kind]
        if name not in values:
            raise SuiteError(f"probe {name!r} of suite {self.suite.name!r} has no expected values in this install "
                             "(only visible tests' are shipped to students)")
        return values[name]

    def reference(self, probe):
        name = probe.__name__
        if name not in self._reference:
            if self.reference_mode == "stored":
                self._reference[name] = self._stored_values("reference", name)
            else:
                from reference import engine

                arg = _ReferenceModules() if getattr(probe, "takes_modules", False) else engine.Value
                self._reference[name] = probekit.plain(probe(arg))
        return self._reference[name]

    def ops_of(self, probe):
        """The ops a probe's expression uses (judge/charging.py): traced on the reference, or as stored."""
        if self.reference_mode != "stored":
            if probe.__name__ not in self._ops:
                self._ops[probe.__name__] = traced_ops(probe)
            return self._ops[probe.__name__]
        stored = self._visible_only().get("ops", {})
        if probe.__name__ not in stored:
            raise SuiteError(f"probe {probe.__name__!r} of suite {self.suite.name!r} has no stored ops in this install")
        return frozenset(stored[probe.__name__])

    def active(self):
        """A context in which judge/charging.py asks these expectations which ops a probe uses."""
        return _Active(self)

    def shape_of(self, probe):
        """The reference's observation of `probe`, to hold a student's to its shape (judge.shape_difference),
        or None where there is none to compare with: a suite of probe cases (09-write-tests: what its probes
        record depends on the student's own tests), a probe whose expectations this install does not hold,
        or one the reference cannot run."""
        name = probe.__name__
        if name not in self._shapes:
            shape = None
            if not self.suite.cases:
                try:
                    shape = self.reference(probe)
                except Exception:  # noqa: BLE001 - no reference to compare with: the test's own checks stand
                    shape = None
            self._shapes[name] = shape
        return self._shapes[name]

    def torch(self, probe):
        name = probe.__name__
        if self._torch is None:
            if self.torch_mode == "live":
                from ..torch_adapter import torch_observations

                self._torch = torch_observations(self.suite)
            else:
                path = self.suite.folder / "torch_results.json"
                if not path.exists():
                    if self.reference_mode == "stored":  # a student's install: the visible tests' values only
                        return self._stored_values("torch", name)
                    raise SuiteError(f"{path} is missing: run `grade torch-results {self.suite.name}` where torch is installed")
                self._torch = json.loads(path.read_text(encoding="utf-8"))["probes"]
        if name not in self._torch:
            raise SuiteError(f"no stored PyTorch result for probe {name!r}: run `grade torch-results {self.suite.name}`")
        stored = self._torch[name]
        if "error" in stored:
            raise SuiteError(f"PyTorch could not run probe {name!r}: {stored['error']}")
        return stored["values"]


class _Active:
    def __init__(self, expectations):
        self.expectations, self.token = expectations, None

    def __enter__(self):
        self.token = ACTIVE.set(self.expectations)
        return self.expectations

    def __exit__(self, *exc):
        ACTIVE.reset(self.token)
