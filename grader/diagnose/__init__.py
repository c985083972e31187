"""Diagnosis: which classic mistake a failing engine's numbers match, in words a student can act on.

How a diagnosis is found, step by step, and what an entry holds: docs/diagnosis.md.
"""

from __future__ import annotations

import sys
import traceback

from ..observe.cache import content_digest
from ..places import explained_in_its_cell
from ..records import earned
from .compare import SEED_PROBE, agree, not_run, unseeded, wrong
from .evidence import evidence, size
from .hints import annotation_hint, not_refuted_by_source, pops_a_stack, seed_hints, static_hints
from .midgraph import midgraph_entries
from .inherited import inherited_entries
from .class_home import class_hints, class_seed_facts, class_silent_hints
from .missing import missing_entry, missing_operation, never_ran, place_missing
from .import_io import as_the_sandbox_saw, import_io_hint
from .newer_syntax import newer_syntax_hint
from .stale import stale_entries
from .value_grads import value_grad_entries

# The variant library (book.py, rule.py, styles.py, stored.py and grader/variants/) is the instructor's: it
# is imported where it is used, so that the rest of the diagnosis (missing ops, local derivatives read off
# the student's numbers, source hints) loads in a student's install too (grader/distribution.py).


def _variant(name):
    from ..variants import variant  # a "variant" entry exists only where the library is installed

    return variant(name)


def __getattr__(name):
    if name in ("VariantBook", "variant_submission"):
        from . import book

        return getattr(book, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
from .bound import as_ops  # an op bound as a lambda or a function of another name: named as the op
from .elsewhere import compiled_places, where_it_was_compiled
from .findings import FindingsMixin
from .local_rules import LocalRulesMixin
from .run_facts import RunFactsMixin
from .raising import placed_at, raising_op, where_it_raised
from .same_line import one_per_line, place_accumulate
from .walk_places import place_walks, walk_file_place
from .written_at import place_derivatives, set_aside

__all__ = ["Diagnoser", "VariantBook", "diagnose_batch", "static_hints", "variant_submission", "FAILING"]

FAILING = ("failed", "error", "timeout")
CORE = ("add", "mul")  # the ops of two Values every expression is built from

# A hint that points at the same mistake as a finding: it gives the finding a line number.
_HINT_FOR = {"recursive-topo": lambda v: v.name == "recursive-topo", "assign-grad": lambda v: v.concept == "accumulate"}


def _in_students_terms(hints, submission):
    """Hints point at the file the student handed in (`bob.py`; a notebook's cell and line), not the
    `engine.py` the sandbox saw."""
    for hint in hints:
        if hint.get("file") and hint.get("line"):
            explained_in_its_cell(hint, submission)  # `Line 38` of the joined cells: cell 7's line 34
            hint["places"] = [{**p, **submission.place(hint["file"], p["line"])} for p in hint.get("places", [])]
            hint.update(submission.place(hint["file"], hint["line"]))
    return hints


class Diagnoser(FindingsMixin, LocalRulesMixin, RunFactsMixin):
    """Diagnoses the submissions of one batch against one suite."""

    def __init__(self, suite, expectations, book: VariantBook | None = None, tests: dict | None = None, walks=None):
        self.suite, self.expectations, self.book = suite, expectations, book
        if walks is not None:  # a walk_book.WalkBook shared with the batch's other diagnoser (else made when needed)
            self.walks = walks
        self.book_tried = book is not None  # the variant book is made once, at the first row that needs it
        self._tests = tests
        self._reference: dict[str, dict] = {}
        self._memo: dict[str, list[dict]] = {}  # observations and outcomes -> variant findings
        self._hashed: dict[int, tuple] = {}  # id of an observation object -> (its digest, the object)
        self._silent: dict[tuple, tuple] = {}  # (probe, id of its observation) -> (the object, computes nothing)

    @property
    def tests(self) -> dict[str, list[str]]:
        """Test name → the probes it reads (found once, when first needed)."""
        if self._tests is None:
            self._tests = {r.name: list(r.own) for r in self.expectations.reads().values()}
        return self._tests

    def reference(self, probe: str) -> dict:
        if probe not in self._reference:
            self._reference[probe] = self.expectations.reference(getattr(self.suite.probes, probe))
        return self._reference[probe]

    def reference_all(self) -> dict[str, dict]:
        return {name: self.reference(name) for name in self.suite.probe_names}

    def _size(self, probe: str, probes: dict) -> tuple:
        return (*size(getattr(self.suite.probes, probe), probes[probe]), self.suite.probe_names.index(probe))

    # -- where the student is wrong ---------------------------------------------------

    def wrong_probes(self, run: dict | None, outcomes: list[dict]) -> list[str]:
        """W: probes read by a failing test where the student differs from the reference, in suite order."""
        if not run or run.get("status") != "ok" or run.get("import_error"):
            return []
        failing = {o["name"] for o in outcomes if o.get("status") in FAILING}
        read = {p for name in failing for p in self.tests.get(name, [])}
        probes = run.get("probes") or {}
        return [p for p in self.suite.probe_names
                if p in read and not not_run(probes.get(p)) and wrong(probes.get(p), self.reference(p))]

    def cited(self, W: list[str], outcomes: list[dict]) -> list[str]:
        """The failing tests whose failures the diagnosis explains: those that read a probe of W."""
        W = set(W)
        return [o["name"] for o in outcomes
                if o.get("status") in FAILING and W.intersection(self.tests.get(o["name"], []))]

    # -- one submission -----------------------------------------------------------------------

    def _memo_key(self, run, outcomes) -> bytes:
        """A digest of the run's status, message, import error, observations and outcomes (content_digest: a miss
        only computes again); each observation object digested once (runs share them: share_observations)."""
        run = run or {}
        probes = run.get("probes")
        if isinstance(probes, dict):
            digests = []
            for name, obs in sorted(probes.items()):
                if id(obs) not in self._hashed:  # the object too: its id stays its own while kept
                    self._hashed[id(obs)] = (content_digest(obs), obs)
                digests.append((name, self._hashed[id(obs)][0]))
            probes = digests
        return content_digest([[run.get(k) for k in ("status", "message", "import_error")], probes, outcomes])

    def _variant_entries(self, run, outcomes, depth_first=False, pre_order=False):
        """A run's findings, computed once per observations and outcomes (`depth_first`: no breadth-first walk;
        `pre_order`: the source's sort appends a node before its inputs, so the walk `reversed-pre-order` is tried)."""
        key = (self._memo_key(run, outcomes), depth_first, pre_order)
        if key not in self._memo:
            entries = []
            W = self.wrong_probes(run, outcomes) if any(o.get("status") in FAILING for o in outcomes) else []
            if W:
                probes = run["probes"]
                missing = {p: missing_operation(obs.get("exception"), obs.get("facts")) for p, obs in probes.items()
                           if obs.get("status") == "error"}
                missing = {p: m for p, m in missing.items() if m}
                entries = self._missing_entries(probes, [p for p in W if p in missing], missing, outcomes)
                # a starter's `raise NotImplementedError` is work not done yet, which the tests already say
                unwritten = {p for p, obs in probes.items() if obs.get("status") == "error"
                             and obs.get("exception") == "NotImplementedError"}
                missing = {**missing, **{p: None for p in unwritten if p not in missing}}
                raising = {p: raising_op(probes[p].get("exception"), probes[p].get("facts")) for p in W
                           if p not in missing and probes[p].get("status") == "error"}
                raising = {p: found for p, found in raising.items() if found}
                entries += self._raising_entries(probes, raising, outcomes)
                missing = {**missing, **{p: None for p in raising}}
                cut, explained = midgraph_entries(self, probes, [p for p in W if p not in missing], outcomes)
                entries += cut  # an op cut out of the graph explains every expression that uses it
                missing = {**missing, **{p: None for p in explained}}
                stale, explained = stale_entries(self, probes, [p for p in W if p not in missing], outcomes)
                entries += stale  # an op that keeps state between calls, likewise
                missing = {**missing, **{p: None for p in explained}}
                entries, rest = self._seeded(entries, probes, [p for p in W if p not in missing], outcomes)
                walk = self.walks.explaining(probes, rest, self.reference, self._deep(),
                                             lambda p: self._size(p, probes),
                                             not depth_first, pre_order) if rest and self.walks else None
                if walk is not None:
                    shown = [p for p in rest if p not in self._deep()]
                    smallest = min(shown, key=lambda p: self._size(p, probes))
                    from .walks import walk_entry

                    entries.append(walk_entry(walk, getattr(self.suite.probes, smallest), probes[smallest],
                                              self.reference(smallest), self.cited(shown, outcomes)))
                    # what is left: a deep graph the walk does not explain (a recursive sort's RecursionError)
                    rest = [p for p in rest if p in self._deep()
                            and not any(agree(probes[p], obs) for obs in self.walks.runs(walk, p, masks=False))]
                if rest and self.book is not None:
                    found = self._not_refuted_by_core(
                        probes, self._entries_per_concept(probes, rest, frozenset(missing), outcomes),
                        [e["op"] for e in self._derivative_entries(probes, rest, outcomes, entries) if e["op"] in CORE])
                    entries = self._raises_explained(entries, found, probes, raising) + found
                if rest:
                    entries += self._derivative_entries(probes, rest, outcomes, entries)
                entries += self._elsewhere_entries(probes, W, entries, outcomes)  # raised in no op: elsewhere.py
            self._memo[key] = entries
        return self._memo[key]

    def _missing_entries(self, probes, M, missing, outcomes):
        """One entry per missing operation, citing the failing tests whose probes it made fail."""
        by_method: dict[str, list[str]] = {}
        for p in M:
            by_method.setdefault(missing[p]["method"], []).append(p)
        entries = []
        for method, shown in by_method.items():
            smallest = min(shown, key=lambda p: self._size(p, probes))
            sentence, _ = evidence(getattr(self.suite.probes, smallest), probes[smallest], self.reference(smallest))
            entries.append(missing_entry(missing[smallest], self.cited(shown, outcomes), sentence))
            entries[-1]["table"] = self._table(smallest, probes)
        return entries

    def _entries_per_concept(self, probes, W, unseen, outcomes):
        """Findings that explain all of W; else, independently, the probes of each concept's failing tests.

        An engine with two unrelated mistakes (relu'(0) = 1 and a wrong rule in
        `__sub__`) fails tests of two concepts; no single mistake explains
        both, and a pair is only found among the variants' own combinations.
        Each concept's probes are then explained on their own, by the same
        rule, refutation included; a concept nothing explains gets nothing.
        """
        from .rule import ExplainingRule

        rule = ExplainingRule(self.suite, self.book, self.reference, self._size)
        found = rule.findings(probes, W, unseen)
        if found:
            return [rule.entry(f, probes, self.cited(W, outcomes)) for f in found]
        groups: dict[str, list[str]] = {}
        for o in outcomes:
            if o.get("status") in FAILING:
                for p in self.tests.get(o["name"], []):
                    if p in W and p not in groups.setdefault(o.get("concept") or o["name"], []):
                        groups[o.get("concept") or o["name"]].append(p)
        if len(groups) < 2:
            return []
        entries, named, seeded = [], set(), False
        for concept, group in groups.items():
            group = [p for p in W if p in group]  # suite order
            for f in rule.findings(probes, group, unseen):
                seeded = seeded or SEED_PROBE in group  # a finding explains the seed probe's numbers too
                names = frozenset(v.name for v in f.variants)
                if names & named:
                    continue
                named |= names
                entries.append(rule.entry(f, probes, self.cited(group, outcomes)))
        return entries if seeded or not unseeded(probes, self.reference, self.suite.probe_names) else []

    def diagnose(self, submission, run: dict | None, outcomes: list[dict]) -> list[dict]:
        """The diagnosis list of one submission, ordered by what it costs; [] for a rejected one.

        First why the file did not import (then nothing else: no test ran);
        then the findings, the costliest first (points lost on the tests each
        one cites); then hints about lines of the source; last, one line
        about the structure (a recursive sort), correct as it is on small graphs.
        """
        if submission.rejected:
            return []
        engine = f"{self.suite.module}.py"
        read, walked = class_hints(submission.files, engine)  # the engine file and the class's module (class_home)
        hints = _in_students_terms(self._taught(read), submission)
        if run and run.get("import_error"):
            from ..sandbox.host import grading_python  # a subprocess, once: only for an import error

            python = grading_python()
            # the hints read the line the sandbox ran: a notebook's cell and line back to the joined file's
            error = as_the_sandbox_saw(run["import_error"], (getattr(submission, "origins", None) or {}).get(engine))
            first = (annotation_hint(submission.files, error, python, engine=engine)
                     or newer_syntax_hint(submission.files, error, python, engine=engine,
                                          student_place=submission.place)
                     or import_io_hint(submission.files, error, engine=engine, student_place=submission.place))
            return _in_students_terms([first], submission) if first else []
        if run and run.get("import_stopped"):  # a notebook's cell raised: a write into the read-only folder says why
            stopped = as_the_sandbox_saw(run["import_stopped"], (getattr(submission, "origins", None) or {}).get(engine))
            hints += _in_students_terms([h for h in [import_io_hint(submission.files, stopped, engine=engine,
                                                                    student_place=submission.place, stopped=True)]
                                         if h is not None and h["hint"] == "read-only-folder"], submission)
        # a recursive sort, or one that pops a stack from its end: no breadth-first walk
        depth_first = (any(h.get("hint") == "recursive-topo" for h in read)
                       or any(pops_a_stack(submission.files, engine=source) for source in walked))
        run = compiled_places(as_ops(run, submission), submission)  # facts the source adds (bound, elsewhere)
        run, where = set_aside(run, self.suite)  # read only to place findings: its lines are no numbers to compare
        # a sort that appends a node before its inputs: its reversed list gives forward-order's numbers on most
        # probes, so that walk is tried only where the source shows it
        pre_order = walk_file_place("reversed-pre-order", submission.files, engine) is not None
        found = [dict(e) for e in self._variant_entries(run, outcomes, depth_first, pre_order)]
        # what the source says of the seed matters only to a named variant (most rows have none): read then
        facts, seeded_in = class_seed_facts(submission.files, walked, any(e.get("kind") == "variant" for e in found))
        entries = not_refuted_by_source(found, facts)
        entries += inherited_entries(self, submission, run, outcomes, entries, engine)  # `2 + a` by float's own
        entries += _in_students_terms(value_grad_entries(self, submission, run, outcomes, [*walked, engine]),
                                      submission)  # a Value in `grad`: its line in the student's file
        # a seed finding the source rules out: what the source says in its place (the walk ran no rule, the
        # seed set back to 0)
        entries[:0] = _in_students_terms(seed_hints(found, entries, facts, engine=seeded_in), submission)
        for entry in entries:
            if entry.get("kind") == "raises" and entry.get("line"):  # compiled code: the line that compiled it
                (where_it_was_compiled if entry.get("phase") == "compiled" else where_it_raised)(entry, submission)
        cost = {o["name"]: o.get("points", 0) - earned(o) for o in outcomes}
        entries.sort(key=lambda e: -sum(cost.get(t, 0) for t in e.get("tests", [])))
        if self._computes_nothing(run):
            silent = _in_students_terms(class_silent_hints(submission.files, walked), submission)
            seedless = [e for e in entries if e.get("kind") == "variant" and e.get("concept") == "seed"]
            for hint in silent:
                if hint["hint"] == "no-seed" and seedless:
                    for entry in seedless:  # the finding says it; the source says where
                        placed_at(entry, hint)
                    continue
                if seedless:  # the numbers look like a missing seed; the source shows why
                    entries = [e for e in entries if e not in seedless]
                    hint["tests"] = []
                # a rule that never runs passes no gradient: the hint says why, and where
                entries = [e for e in entries if not (e.get("kind") == "derivative" and e["form"] == "no-gradient")]
                entries.insert(0, hint)
        structural = []
        for hint in hints:
            same_mistake = _HINT_FOR.get(hint["hint"])
            named = [e for e in entries if e.get("kind") == "variant" and same_mistake is not None
                     and any(same_mistake(_variant(n)) for n in [e["variant"], *e.get("also", [])])]
            for entry in named:
                (place_accumulate if hint["hint"] == "assign-grad" else placed_at)(entry, hint)
            if not named:
                (structural if hint.get("brief") else entries).append(hint)
        place_derivatives(entries, where, self._right_ops(run), submission)
        place_walks(entries, submission, engine)
        entries = never_ran(entries, run, submission, lambda probe: evidence(
            getattr(self.suite.probes, probe), run["probes"][probe], self.reference(probe))[0])
        place_missing(entries, submission, engine)  # the class the method goes in
        return one_per_line(entries) + structural  # findings of one source line are one (same_line.py)


def diagnose_batch(suite, submissions, runs, outcomes, *, expectations, sandbox=None, jobs=1, cache=None,
                   book: VariantBook | None = None, diagnoser: Diagnoser | None = None) -> dict[str, list[dict]]:
    """Every submission's diagnosis list, {id: [...]}: the variants are observed only if someone needs them.

    `diagnoser`: one kept across the parts of a batch diagnosed as their rows arrive (grader/pipeline_rows.py):
    its findings by observation, and its variant book, made at the first row that needs it (`known`: the rows
    of that part; a part's caller makes sure that no later row's files are a variant's own).

    Diagnosis is advice on top of a grade: if it fails (a bug here, a suite
    whose reference cannot run a probe), the grade stands, the submission's
    list is empty and the traceback goes to stderr for the instructor.
    """
    diagnoser = diagnoser or Diagnoser(suite, expectations, book)
    accepted = [s for s in submissions if not s.rejected]
    failed = set()  # rows whose diagnosis failed already: reported once, left with an empty list

    def needs_variants(s) -> bool:  # a try per row: one row's failure once cost every row its variant book
        try:
            return (any(o.get("status") in FAILING for o in outcomes.get(s.id, []))
                    and bool(diagnoser.wrong_probes(runs.get(s.id), outcomes.get(s.id, []))))
        except Exception:
            _report(f"diagnosing {s.id!r}")
            return failed.add(s.id) or False
    try:
        needed = not diagnoser.book_tried and any(needs_variants(s) for s in accepted)
        if needed:
            diagnoser.book_tried = True  # made once per batch, or not at all
        if needed and sandbox is not None:
            known = {s.digest: runs[s.id] for s in accepted if s.id in runs}
            from .book import VariantBook

            diagnoser.book = VariantBook.observe(suite, sandbox, jobs=jobs, cache=cache, known=known)
    except Exception:
        _report("observing the variants")
        diagnoser.book, diagnoser.book_tried = None, True
    diagnoses = {}
    for s in submissions:
        try:
            diagnoses[s.id] = [] if s.id in failed else diagnoser.diagnose(s, runs.get(s.id), outcomes.get(s.id, []))
        except Exception:
            _report(f"diagnosing {s.id!r}")
            diagnoses[s.id] = []
    if diagnoser.book is not None:
        diagnoser.book.keep()  # the engines it ran in this process, for the next process of this boot
    return diagnoses


def _report(what):
    print(f"grader: internal error while {what}; the diagnosis is left out, the scores stand:\n"
          + traceback.format_exc(), file=sys.stderr)

