"""Diagnosis: which classic mistake a failing engine's numbers match, in words a student can act on.

Once per batch, and only if some submission needs it, every variant of
`grader/variants.py` (the reference engine with one classic mistake) runs the
suite's probes through the same sandboxed path as a submission: a submission
whose only file is the variant's `engine.py`. The observation cache makes
that free after the first batch, and a variant that a student handed in
verbatim (same content digest) is not run twice. Variants whose run failed
(a crash, an import error) or that agree with the reference everywhere are
left out for that batch. Then, for each submission:

1. **Where the student is wrong.** W: the probes read by a failing test on
   which the student's observation differs from the reference engine's
   (within the judge's tolerance). R: every other probe that ran. Which probes
   a test reads is found by a dry run of the suite's tests on the reference
   (the judge's dry run, judge/dry_run.py). A run that timed out or crashed as a whole, or
   whose engine did not import, has no W.
2. **Refuted.** A variant never explains a submission that gets right a
   probe where the variant is wrong in its own style and in every other
   (styles.py): its mistake would show there however the engine is built,
   so any fit on W is a coincidence of the numbers, not the mistake (an
   engine whose only bug is a sign in `/` matches `pow-missing-k` on every
   division, yet gets x ** 3 right, which `pow-missing-k` never does).
   Such variants take no part in 3, 4 and 5 (`Diagnoser._refuted`).
3. **Exact.** A variant explains the submission when its own run reproduces
   the student's observation on every probe of W: the same numbers within
   tolerance, or the same exception type (or both timed out). Among those,
   the one that agrees with the student on the most probes of R wins, then
   the first in the library's order. Variants still tied (agreeing equally
   often on R) are named together as one finding, `variant` the first and
   `also` the others: one backward pass cannot tell `forward-order` from
   `self-only`, so their finding names both. More than MAX_NAMED tied: nothing
   is said.
4. **Up to implementation style.** If no variant is exact: a student may
   make the same mistake in an engine built another legitimate way (another
   topological order, inputs listed as given, operands the other way round,
   `-`, `/` and unary `-` as operations of their own; see styles.py), where
   an order-dependent mistake like `=` for `+=` gives other numbers. A
   variant explains the submission when, on every probe of W, the variant in
   its own style or another reproduces the student's observation, or the
   variant's numbers there depend on the style and are wrong in every style;
   and at least one probe of W is reproduced. Most probes of W reproduced
   wins, then most agreement on R, then library order; ties as in 3.
5. **Two mistakes.** If neither: the best PAIR_CANDIDATES variants that each
   reproduce part of W are combined in pairs (both sets of patches, in the
   grader's process); a pair explains the submission only if the combination
   reproduces all of W exactly. Both mistakes are reported, each with `with`
   naming the other.
6. Otherwise nothing is said: no guess.

A finding is one entry of the row's `diagnosis` list:

    {"kind": "variant", "variant", "also"?, "with"?, "title", "explanation", "message",
     "concept", "match": "exact" | "style" | "pair", "evidence", "table", "tests",
     "file"?, "line"?}

`title` is "Your gradients match an engine that …"; `explanation` starts
with the evidence ("For y = a * a at a = 3, a.grad is 3.0, not 6.0.") and
goes on with the variant's explanation; `message` is the whole finding as one
paragraph, as issue 8 quotes it. The evidence comes from the smallest probe
of W the finding reproduces (shortest expression as the student reads it,
then fewest observed keys, then suite order), shown as a sentence and as a
per-node table (evidence.py). `tests` are the failing tests that read a probe
of W: the failures the finding explains. A finding is therefore shown to a
student only when all of them are (report.record.student_view).

Static hints from the source (hints.py, kind "hint", citing no test) are
added for every accepted submission: correct engines trigger none. A hint
about the same mistake as a finding (a recursive sort and `recursive-topo`,
`=` in a closure and an `accumulate` finding) lends the finding its file and
line instead of being repeated. Entries come in this order: findings, then
hints. Everything here is deterministic: the same observations and files give
the same list.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import platform
import sys
import traceback

from ..judge import fmt
from ..judge.charging import ops_of
from ..load import Submission, files_digest
from ..observe import observe_all
from ..variants import VARIANTS, Variant, engine_class, variant
from .compare import agree, not_run, wrong
from .derivatives import OP_NAMES, infer_all
from .evidence import capitalised, evidence, lead_in, size, table
from .hints import annotation_hint, seed_facts, silent_backward_hints, static_hints
from .missing import missing_entry, missing_operation
from .styles import STYLES, observe_in_process, restyle
from . import stored


__all__ = ["Diagnoser", "VariantBook", "diagnose_batch", "static_hints", "variant_submission", "warm_cache", "FAILING"]

FAILING = ("failed", "error", "timeout")
PAIR_CANDIDATES = 8  # variants considered for two-mistake explanations, the best first
MAX_NAMED = 2  # variants that explain equally well and are named together; more than that: say nothing
# A hint that points at the same mistake as a finding: it gives the finding a line number.
_HINT_FOR = {"recursive-topo": lambda v: v.name == "recursive-topo",
             "assign-grad": lambda v: v.concept == "accumulate"}


def variant_submission(v: Variant) -> Submission:
    """A variant as a submission: its only file is its `engine.py`, so it is observed like a student's."""
    files = {"engine.py": v.source().encode("utf-8")}
    return Submission(f"variant:{v.name}", "file", f"<variant {v.name}>", files, None, files_digest(files))


def _in_students_terms(hints, submission):
    """Hints point at the file the student handed in (`bob.py`; a notebook's cell and line), not the
    `engine.py` the sandbox saw."""
    for hint in hints:
        if hint.get("file") and hint.get("line"):
            hint.update(submission.place(hint["file"], hint["line"]))
    return hints


class VariantBook:
    """The variants' observations of one suite's probes, for one batch.

    `runs` come from the sandbox (or a student's identical submission).
    Styled and combined variants run in the grader's process, lazily, only for
    the probes a diagnosis asks about, and are remembered.
    """

    def __init__(self, suite, runs: dict[str, dict], reference: dict[str, dict], variants=VARIANTS):
        self.suite, self.runs = suite, runs
        self.variants = [v for v in variants if self._usable(runs.get(v.name), reference)]
        self.index = {v.name: i for i, v in enumerate(variants)}
        self._classes: dict[tuple, type | None] = {}
        self._observed: dict[tuple, dict] = {}

    @staticmethod
    def _usable(run, reference):
        """A variant whose run tells something: it imported, ran, and differs from the reference somewhere."""
        if not run or run.get("status") != "ok" or run.get("import_error") or VariantBook._crashed(run):
            return False  # a crashed worker (a limit, or the machine) says nothing about the variant
        probes = run.get("probes") or {}
        return any(wrong(probes.get(name), values) for name, values in reference.items())

    @classmethod
    def observe(cls, suite, sandbox, reference, *, jobs=1, cache=None, known=None, variants=VARIANTS):
        """Run every variant through the sandbox (cached), reusing `known` runs by content digest."""
        known = known or {}
        stored_runs = stored.load(suite, variants) or {}
        runs, todo = {}, []
        for v in variants:
            submission = variant_submission(v)
            if submission.digest in known:
                runs[v.name] = known[submission.digest]
            elif v.name in stored_runs:
                runs[v.name] = stored_runs[v.name]
            else:
                todo.append((v, submission))
        if todo:
            observed = observe_all([s for _, s in todo], suite, sandbox, jobs=jobs, cache=cache)
            for v, submission in todo:
                runs[v.name] = observed.get(submission.id)
        # A worker killed from outside (a limit of the machine, not the variant) leaves a crashed run, and
        # the cache keeps it: such variants are run once more, uncached, rather than left out.
        again = [(v, variant_submission(v)) for v in variants if cls._crashed(runs.get(v.name))]
        if again:
            observed = observe_all([s for _, s in again], suite, sandbox, jobs=jobs, cache=None)
            for v, submission in again:
                runs[v.name] = observed.get(submission.id)
        return cls(suite, runs, reference, variants)

    @staticmethod
    def _crashed(run):
        return not run or run.get("status") == "crashed" or any(
            obs.get("status") == "crashed" for obs in (run.get("probes") or {}).values())

    def base(self, v: Variant, probe: str) -> dict | None:
        return (self.runs[v.name].get("probes") or {}).get(probe)

    def _class(self, key, source_of):
        if key not in self._classes:
            source = source_of()
            self._classes[key] = engine_class(source, " ".join(key)) if source is not None else None
        return self._classes[key]

    def styled(self, v: Variant, probe: str) -> list[dict]:
        """The variant's observations of `probe` in every style that changes its source."""
        out = []
        for style in STYLES:
            value_class = self._class(("style", v.name, style.name), lambda: restyle(v.source(), style))
            if value_class is None:
                continue
            key = ("style", v.name, style.name, probe)
            if key not in self._observed:
                self._observed[key] = observe_in_process(value_class, getattr(self.suite.probes, probe))
            out.append(self._observed[key])
        return out

    def combined(self, a: Variant, b: Variant, probe: str) -> dict | None:
        """Both variants' mistakes in one engine (None when their patches do not compose)."""

        def source():
            text = a.source()
            for old, new in b.patches:
                if text.count(old) != 1:
                    return None
                text = text.replace(old, new)
            return text

        value_class = self._class(("pair", a.name, b.name), source)
        if value_class is None:
            return None
        key = ("pair", a.name, b.name, probe)
        if key not in self._observed:
            self._observed[key] = observe_in_process(value_class, getattr(self.suite.probes, probe))
        return self._observed[key]


@dataclasses.dataclass
class _Finding:
    variants: list  # the variant first, then any that explain equally (named together)
    match: str  # "exact" | "style" | "pair"
    reproduced: list  # probes of W it reproduces (in its own style, or for "style", in any)
    disagreements: int  # probes of R where it does not agree with the student
    partner: Variant | None = None  # the other mistake of a pair


class Diagnoser:
    """Diagnoses the submissions of one batch against one suite."""

    def __init__(self, suite, expectations, book: VariantBook | None = None, tests: dict | None = None):
        self.suite, self.expectations, self.book = suite, expectations, book
        self._tests = tests
        self._reference: dict[str, dict] = {}
        self._memo: dict[str, list[dict]] = {}  # observations and outcomes -> variant findings

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

    # -- the rule -------------------------------------------------------------------------

    def _findings(self, probes: dict, W: list[str], unseen=frozenset()) -> list[_Finding]:
        """The rule (module docstring, 2 to 6) on W; `unseen`: probes that show nothing (a missing op)."""
        book = self.book
        R = [p for p in self.suite.probe_names if p not in W and p not in unseen and not not_run(probes.get(p))]
        scored = []
        for v in book.variants:
            reproduced = [p for p in W if agree(probes[p], book.base(v, p))]
            if reproduced:
                disagreements = sum(not agree(probes[p], book.base(v, p)) for p in R)
                scored.append((v, reproduced, disagreements))

        right = sorted((p for p in R if not wrong(probes[p], self.reference(p))), key=lambda p: self._size(p, probes))
        exact = [(d, book.index[v.name], v, rep) for v, rep, d in scored
                 if len(rep) == len(W) and not self._refuted(v, right)]
        if exact:
            exact.sort(key=lambda t: t[:2])
            best = [t for t in exact if t[0] == exact[0][0]]
            if len(best) > MAX_NAMED:
                return []  # too many mistakes fit equally well: no guess
            return [_Finding([t[2] for t in best], "exact", best[0][3], best[0][0])]

        styled = []
        by_size = sorted(W, key=lambda p: self._size(p, probes))
        disagreeing = {v.name: d for v, _, d in scored}
        for v in book.variants:
            reproduced = self._accounts_for(v, probes, by_size)
            if reproduced and not self._refuted(v, right):
                d = disagreeing.get(v.name)
                if d is None:
                    d = sum(not agree(probes[p], book.base(v, p)) for p in R)
                styled.append((-len(reproduced), d, book.index[v.name], v, reproduced))
        if styled:
            styled.sort(key=lambda t: t[:3])
            best = [t for t in styled if t[:2] == styled[0][:2]]
            if len(best) > MAX_NAMED:
                return []
            return [_Finding([t[3] for t in best], "style", best[0][4], best[0][1])]

        return self._pair(probes, W, R, [t for t in scored if not self._refuted(t[0], right)])

    def _accounts_for(self, v, probes, W) -> list[str]:
        """The probes of W the variant reproduces in some style, if it accounts for every probe of W; else [].

        A probe is accounted for when the variant, in its own style or
        another, reproduces the student's observation there, or when the
        variant's numbers there depend on the style and are wrong in every
        style. `W` is taken smallest first: a variant that does not fit is
        usually refuted by a small, cheap probe.
        """
        reproduced = []
        for p in W:
            base = self.book.base(v, p)
            if agree(probes[p], base):
                reproduced.append(p)
                continue
            observations = [base, *self.book.styled(v, p)]
            if any(agree(probes[p], obs) for obs in observations[1:]):
                reproduced.append(p)
                continue
            style_dependent = any(not agree(base, obs) for obs in observations[1:])
            if not (style_dependent and all(wrong(obs, self.reference(p)) for obs in observations)):
                return []
        return reproduced

    def _refuted(self, v, right) -> bool:
        """Whether the variant is wrong in every style on a probe the student gets right (rule 2).

        `right`: the probes outside W where the student agrees with the
        reference, smallest first. The variant's own run decides first (stored,
        free); its styles run, in-process and remembered, only where it is wrong.
        """
        for p in right:
            reference = self.reference(p)
            if wrong(self.book.base(v, p), reference) and all(
                    wrong(obs, reference) for obs in self.book.styled(v, p)):
                return True
        return False

    def _pair(self, probes, W, R, scored) -> list[_Finding]:
        book = self.book
        candidates = sorted(scored, key=lambda t: (-len(t[1]), t[2], book.index[t[0].name]))[:PAIR_CANDIDATES]
        pairs = []
        for (a, rep_a, _), (b, rep_b, _) in itertools.combinations(candidates, 2):
            if set(rep_a) <= set(rep_b) or set(rep_b) <= set(rep_a):
                continue  # one adds nothing the other does not already explain
            if book.index[a.name] > book.index[b.name]:
                (a, rep_a), (b, rep_b) = (b, rep_b), (a, rep_a)
            if all(agree(probes[p], book.combined(a, b, p)) for p in W):
                disagreements = sum(not agree(probes[p], book.combined(a, b, p)) for p in R)
                pairs.append((disagreements, book.index[a.name], book.index[b.name], a, b, rep_a, rep_b))
        if not pairs:
            return []
        pairs.sort(key=lambda t: t[:3])
        d, _, _, a, b, rep_a, rep_b = pairs[0]
        return [_Finding([a], "pair", rep_a, d, partner=b), _Finding([b], "pair", rep_b, d, partner=a)]

    # -- words ------------------------------------------------------------------------------

    def _entry(self, finding: _Finding, probes: dict, tests: list[str]) -> dict:
        v, others = finding.variants[0], finding.variants[1:]
        # the evidence: the smallest probe of W the finding reproduces
        shown = min(finding.reproduced, key=lambda p: self._size(p, probes))
        probe = getattr(self.suite.probes, shown)
        sentence, facts = evidence(probe, probes[shown], self.reference(shown))
        title = f"Your gradients match {lead_in(v.title)}"
        for other in others:
            title += f", or {lead_in(other.title)}"
        if finding.partner is not None:
            title += " (one of two mistakes)"
        reasons = " ".join([v.explanation] + [f"Or: {other.explanation}" for other in others])
        entry = {
            "kind": "variant",
            "variant": v.name,
            "title": title,
            "explanation": f"{capitalised(sentence)}. {reasons}",
            "message": f"{title}: {sentence}. {reasons}",  # the whole finding as one paragraph
            "concept": v.concept,
            "match": finding.match,
            "evidence": facts,
            "table": table(probe, probes[shown], self.reference(shown)),
            "tests": tests,
        }
        if others:
            entry["also"] = [o.name for o in others]
        if finding.partner is not None:
            entry["with"] = finding.partner.name
        return entry

    # -- one submission -----------------------------------------------------------------------

    def _variant_entries(self, run, outcomes):
        """The findings for a run; identical observations and outcomes get the same ones, computed
        once (most of a class shares them: the correct engines, the same classic bug)."""
        key = json.dumps([{k: (run or {}).get(k) for k in ("status", "message", "import_error", "probes")},
                          outcomes], sort_keys=True)
        if key not in self._memo:
            entries = []
            W = self.wrong_probes(run, outcomes) if any(o.get("status") in FAILING for o in outcomes) else []
            if W:
                probes = run["probes"]
                missing = {p: missing_operation(obs.get("error")) for p, obs in probes.items()
                           if obs.get("status") == "error"}
                missing = {p: m for p, m in missing.items() if m}
                entries = self._missing_entries(probes, [p for p in W if p in missing], missing, outcomes)
                # a starter's `raise NotImplementedError` is work not done yet, which the tests already say
                unwritten = {p for p, obs in probes.items() if obs.get("status") == "error"
                             and obs.get("exception", str(obs.get("error") or "").partition(":")[0])
                             == "NotImplementedError"}
                missing = {**missing, **{p: None for p in unwritten if p not in missing}}
                rest = [p for p in W if p not in missing]
                if rest and self.book is not None:
                    entries += self._entries_per_concept(probes, rest, frozenset(missing), outcomes)
                if rest:
                    entries += self._derivative_entries(probes, rest, outcomes, entries)
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
        return entries

    def _derivative_entries(self, probes, W, outcomes, entries):
        """Ops whose local derivative, read off the student's own numbers, matches a classic wrong form
        (derivatives.py), for failing tests no entry explains yet. Only where `+` and `*` alone are
        right: then a single op's probe shows that op's rule and nothing else."""
        local = {getattr(self.suite.probes, name).local_op: name for name in self.suite.probe_names
                 if getattr(getattr(self.suite.probes, name), "local_op", None)}
        values = {op: probes[name]["values"] for op, name in local.items()
                  if (probes.get(name) or {}).get("status") == "ok"}

        def right(op):
            return op in local and not wrong(probes.get(local[op]), self.reference(local[op]))

        explained = {t for e in entries for t in e.get("tests", [])}
        found = []
        for op, inference in infer_all(values).items():
            if not (right("mul") if op == "add" else right("add") if op == "mul" else right("add") and right("mul")):
                continue
            shown = [p for p in W if op in ops_of(getattr(self.suite.probes, p))]
            tests = [t for t in self.cited(shown, outcomes) if t not in explained]
            if not tests:
                continue
            probe = getattr(self.suite.probes, local[op])
            sentence = _local_evidence(probe, values[op], self.reference(local[op]))
            title = f"Your {OP_NAMES[op]} backward {inference['words']}"
            found.append({"kind": "derivative", "op": op, "form": inference["form"], "title": title,
                          "explanation": f"{capitalised(sentence)}. This rule alone explains the numbers at "
                                         "every point tried.",
                          "message": f"{title}: {sentence}.", "concept": "local-derivative", "tests": tests,
                          **({"constant": inference["constant"]} if "constant" in inference else {})})
        return found

    def _entries_per_concept(self, probes, W, unseen, outcomes):
        """Findings that explain all of W; else, independently, the probes of each concept's failing tests.

        An engine with two unrelated mistakes (relu'(0) = 1 and a wrong rule in
        `__sub__`) fails tests of two concepts; no single mistake explains
        both, and a pair is only found among the variants' own combinations.
        Each concept's probes are then explained on their own, by the same
        rule, refutation included; a concept nothing explains gets nothing.
        """
        found = self._findings(probes, W, unseen)
        if found:
            return [self._entry(f, probes, self.cited(W, outcomes)) for f in found]
        groups: dict[str, list[str]] = {}
        for o in outcomes:
            if o.get("status") in FAILING:
                for p in self.tests.get(o["name"], []):
                    if p in W and p not in groups.setdefault(o.get("concept") or o["name"], []):
                        groups[o.get("concept") or o["name"]].append(p)
        if len(groups) < 2:
            return []
        entries, named = [], set()
        for concept, group in groups.items():
            group = [p for p in W if p in group]  # suite order
            for f in self._findings(probes, group, unseen):
                names = frozenset(v.name for v in f.variants)
                if names & named:
                    continue
                named |= names
                entries.append(self._entry(f, probes, self.cited(group, outcomes)))
        return entries

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
        hints = _in_students_terms(static_hints(submission.files, engine=engine), submission)
        if run and run.get("import_error"):
            first = annotation_hint(submission.files, run["import_error"], grading_python(), engine=engine)
            return [first] if first else []
        entries = _not_refuted_by_source([dict(e) for e in self._variant_entries(run, outcomes)],
                                         seed_facts(submission.files, engine=engine))
        cost = {o["name"]: o.get("points", 0) - (o.get("points", 0) if o.get("status") == "passed"
                                                 else o.get("earned") or 0) for o in outcomes}
        entries.sort(key=lambda e: -sum(cost.get(t, 0) for t in e.get("tests", [])))
        if self._computes_nothing(run):
            silent = _in_students_terms(silent_backward_hints(submission.files, engine=engine), submission)
            seedless = [e for e in entries if e.get("kind") == "variant" and e.get("concept") == "seed"]
            for hint in silent:
                if hint["hint"] == "no-seed" and seedless:
                    for entry in seedless:  # the finding says it; the source says where
                        entry.setdefault("file", hint["file"])
                        entry.setdefault("line", hint["line"])
                    continue
                if seedless:  # the numbers look like a missing seed; the source shows why
                    entries = [e for e in entries if e not in seedless]
                    hint["tests"] = []
                entries.insert(0, hint)
        structural = []
        for hint in hints:
            same_mistake = _HINT_FOR.get(hint["hint"])
            named = [e for e in entries if e.get("kind") == "variant" and same_mistake is not None
                     and any(same_mistake(variant(n)) for n in [e["variant"], *e.get("also", [])])]
            for entry in named:
                entry.setdefault("file", hint["file"])
                entry.setdefault("line", hint["line"])
            if not named:
                (structural if hint.get("brief") else entries).append(hint)
        return entries + structural

    def _computes_nothing(self, run) -> bool:
        """Whether some probe came back with every gradient 0 where the reference's are not all 0:
        the backward pass ran and computed nothing (a seed never set, a `backward` never called)."""
        for name, obs in ((run or {}).get("probes") or {}).items():
            values = obs.get("values") if obs.get("status") == "ok" else None
            if not isinstance(values, dict) or name not in self.suite.probe_names:
                continue
            grads = {k: v for k, v in values.items() if k.endswith(".grad") and isinstance(v, (int, float))}
            if grads and all(v == 0 for v in grads.values()):
                reference = self.reference(name)
                if any(isinstance(reference.get(k), (int, float)) and reference[k] != 0 for k in grads):
                    return True
        return False


def _local_evidence(probe, observed: dict, expected: dict) -> str:
    """`for y = tanh(x) at x = 2, x.grad is 0.0733, not 0.0707`: the point where the student is furthest off."""
    worst = None
    for key, want in expected.items():
        if key.endswith(".grad") and isinstance(want, (int, float)):
            got = observed.get(key)
            if isinstance(got, (int, float)):
                gap = abs(got - want) / max(abs(want), 1e-9)
                if worst is None or gap > worst[0]:
                    worst = (gap, key, got, want)
    if worst is None:
        return f"for {probe.__doc__.splitlines()[0]}, your gradients differ"
    _, key, got, want = worst
    case, name = key.split(".")[:2]
    inputs = ", ".join(f"{k.split('.')[1]} = {fmt(v)}" for k, v in expected.items()
                       if k.startswith(f"{case}.") and k.count(".") == 1 and k.split(".")[1] != "y")
    expression = probe.__doc__.split(" at ")[0]
    return f"for {expression} at {inputs}, {name}.grad is {fmt(got)}, not {fmt(want)}"


def _not_refuted_by_source(entries, facts):
    """Drop the names the student's own source rules out: `no-seed` when backward() sets a grad to 1,
    `seed-after-walk` when it does so before its walk (the numbers of both look like a wiped-out seed)."""
    refuted = set()
    if facts["seeds"]:
        refuted.add("no-seed")
    if facts["seeds_before_walk"]:
        refuted.add("seed-after-walk")
    kept = []
    for entry in entries:
        if entry.get("kind") != "variant":
            kept.append(entry)
            continue
        names = [entry["variant"], *entry.get("also", [])]
        if not refuted & set(names):
            kept.append(entry)
        elif not set(names) <= refuted:
            return [e for e in entries if e.get("kind") != "variant"]  # a tie half ruled out: say nothing
    return kept


def diagnose_batch(suite, submissions, runs, outcomes, *, expectations, sandbox=None, jobs=1, cache=None,
                   book: VariantBook | None = None) -> dict[str, list[dict]]:
    """Every submission's diagnosis list, {id: [...]}: the variants are observed only if someone needs them.

    Diagnosis is advice on top of a grade: if it fails (a bug here, a suite
    whose reference cannot run a probe), the grade stands, the submission's
    list is empty and the traceback goes to stderr for the instructor.
    """
    diagnoser = Diagnoser(suite, expectations)
    accepted = [s for s in submissions if not s.rejected]
    try:
        needed = any(any(o.get("status") in FAILING for o in outcomes.get(s.id, []))
                     and diagnoser.wrong_probes(runs.get(s.id), outcomes.get(s.id, [])) for s in accepted)
        if needed and book is None and sandbox is not None:
            known = {s.digest: runs[s.id] for s in accepted if s.id in runs}
            book = VariantBook.observe(suite, sandbox, diagnoser.reference_all(), jobs=jobs, cache=cache,
                                       known=known)
    except Exception:
        _report("observing the variants")
        book = None
    diagnoser.book = book
    diagnoses = {}
    for s in submissions:
        try:
            diagnoses[s.id] = diagnoser.diagnose(s, runs.get(s.id), outcomes.get(s.id, []))
        except Exception:
            _report(f"diagnosing {s.id!r}")
            diagnoses[s.id] = []
    return diagnoses


@functools.cache
def grading_python() -> str:
    """The version of the Python that runs students' code (the sandbox's interpreter), e.g. "3.11.2"."""
    import subprocess

    from ..sandbox import find_python

    try:
        done = subprocess.run([find_python(), "-I", "-S", "-c", "import platform; print(platform.python_version())"],
                              capture_output=True, text=True, timeout=10)
        return done.stdout.strip() or platform.python_version()
    except (OSError, subprocess.SubprocessError):
        return platform.python_version()


def _report(what):
    print(f"grader: internal error while {what}; the diagnosis is left out, the scores stand:\n"
          + traceback.format_exc(), file=sys.stderr)


def warm_cache(exercise="engine", *, cache_dir, limits=None, jobs=None, use_bwrap=True) -> int:
    """Observe every variant into the observation cache at `cache_dir`; how many were not cached yet.

    A later batch with the same limits then diagnoses without running any
    variant: worth doing where each grading run starts from scratch (a
    Gradescope container, a CI job) by shipping the warmed cache with it.
    """
    import os

    from ..judge.plugin import Expectations
    from ..observe import ObservationCache
    from ..sandbox import Limits, open_sandbox
    from ..suites import load_suite

    suite = load_suite(exercise)
    limits = limits or Limits()
    cache = ObservationCache(cache_dir)
    missing = [v for v in VARIANTS if cache.get(ObservationCache.key(variant_submission(v), suite, limits)) is None]
    if missing:
        sandbox = open_sandbox(limits, use_bwrap=use_bwrap)
        try:
            reference = Diagnoser(suite, Expectations(suite), tests={}).reference_all()
            VariantBook.observe(suite, sandbox, reference, jobs=jobs or os.cpu_count() or 1, cache=cache,
                                variants=missing)
        finally:
            sandbox.close()
    return len(missing)
