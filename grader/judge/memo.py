"""What a batch's judge has found so far: each test's outcomes by the observations it reads.

The judge groups a batch's runs by what each test can see of them and runs a test once per group
(plugin.JudgePlugin). The pipeline judges a batch's rows in parts, as their runs arrive, while other
submissions are still observed (grader/pipeline_rows.py); `JudgedSoFar` keeps the outcomes across the
parts, so that a test runs only on a group no earlier part held, and a part whose every group was judged
before runs no pytest at all. A test's outcome is a function of what it reads (the argument that lets one
session judge a group once), so the outcomes are those one session over the whole batch gives.

One exception, kept out by the caller: a test that reads a probe on a student's run that it did not read on
the reference (`violations`) is judged per whole run in the single session, for every row of the batch;
a part that finds one sets `regrouped`, and the pipeline judges the whole batch again in one session.
"""

from __future__ import annotations

import hashlib
import json

# What the `imported` fixture shows of a run (and what every test's grouping sees).
IMPORTED = ("status", "message", "import_error", "import_stopped", "forbidden_imports")


def _digest(value):
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).digest()


class RunDigests:
    """The parts of one run a test can see, each serialised and hashed once: a batch of N runs and T
    tests groups N x T times, and serialising a whole run for each was most of the judge's own time.
    An observation object shared by many runs (observe.cache.share_observations) is hashed once."""

    def __init__(self, run, hashed):
        self.imported = _digest({k: run.get(k) for k in IMPORTED})
        self.probes = {}
        for name, obs in (run.get("probes") or {}).items():
            if id(obs) not in hashed:
                hashed[id(obs)] = (_digest(obs), obs)  # the object too: its id stays its own while kept
            self.probes[name] = hashed[id(obs)][0]
        self.whole = None

    def key(self, deps):
        """What a test with dependencies `deps` (None: everything) can see of the run."""
        if deps is None:
            if self.whole is None:
                self.whole = ("*", self.imported, tuple(sorted(self.probes.items())))
            return self.whole
        order = _ORDER.get(deps)
        if order is None:
            order = _ORDER[deps] = tuple(sorted(deps))
        get = self.probes.get
        return (self.imported, *[get(d, b"") for d in order])


_ORDER = {}  # a test's dependencies (a frozenset) -> the same, sorted: asked N x T times a batch, sorted once


def groups_of(digests, deps):
    """{what the test sees: [submission ids, sorted]} for a test with dependencies `deps`."""
    groups = {}
    for sid in sorted(digests):
        groups.setdefault(digests[sid].key(deps), []).append(sid)
    return groups


class JudgedSoFar:
    """A batch's outcomes so far, by test and by what the test saw; see the module's text."""

    def __init__(self):
        self.outcomes = {}  # (test function, group key) -> [outcome, ...], as the report gave them
        self.hashed = {}  # id of an observation object -> (its digest, the object): hashed once per batch
        self.kept = {}  # (id of an observation object, question) -> (the object, its answer): plugin._remembered
        self.order = None  # the test functions in the order pytest runs them, once a session has run
        self.deps = {}  # test function -> the probes it reads (None: the whole run)
        self.credited = frozenset()  # the names of the `with_other_credit` tests
        self.regrouped = False  # a part found a test reading probes it did not declare: not used any more

    def knows(self, run) -> bool:
        """Whether every test has judged what `run` shows it (a part holding only such runs runs no pytest)."""
        if self.order is None or self.regrouped:
            return False
        digests = RunDigests(run, self.hashed)
        return all((function, digests.key(self.deps[function])) in self.outcomes for function in self.order)

    def without_pytest(self, observed):
        """{id: [outcome]} when every test has judged what every run of `observed` shows it, else None."""
        if self.order is None:
            return None
        digests = {sid: RunDigests(run, self.hashed) for sid, run in observed.items()}
        groups = {}
        for function in self.order:
            groups[function] = groups_of(digests, self.deps[function])
            if any((function, key) not in self.outcomes for key in groups[function]):
                return None
        return rows_of(observed, self.order, groups, self.outcomes, self.credited)

    def learn(self, order, deps, credited, judged):
        """What one pytest session judged (`judged`: {(function, group key): [outcome]})."""
        self.outcomes.update(judged)
        self.order, self.deps, self.credited = list(order), dict(deps), frozenset(credited)


def rows_of(ids, order, groups, outcomes, credited):
    """{id: [outcome, ...]} in the order the tests run: each group's outcomes copied to its members."""
    results = {sid: [] for sid in ids}
    for function in order:
        for key, members in groups[function].items():
            for outcome in outcomes[(function, key)]:
                for sid in members:
                    results[sid].append(dict(outcome))
    for found in results.values():
        _credit_only_beside_other_credit(found, credited)
    return results


def _credit_only_beside_other_credit(outcomes, credited):
    """A `with_other_credit` test that passed is skipped when no other test earned a point."""
    from ..i18n import msg

    if any((o["status"] == "passed" and o["points"] > 0 or (o.get("earned") or 0) > 0) and o["name"] not in credited
           for o in outcomes):
        return
    for o in outcomes:
        if o["name"] in credited and o["status"] == "passed":
            o["status"], o["earned"] = "skipped", 0.0
            said = msg("nothing to credit yet: this point is given with the first point your work earns")
            o["output"], o["output_message"] = str(said), said.to_json()
