"""Findings beside the variants' (Diagnoser's mixin, kept apart to keep each module small): ops that
raise, walks in the wrong order, a seed on another node than the output, a wrong `+` or `*` ruling
out coincidences, the smallest failing expression's table, and which source hints an exercise has taught
(docs/diagnosis.md)."""

from __future__ import annotations

import functools

from ..course import COURSE, comes_before
from ..i18n import msg, said
from ..judge import fmt
from .compare import SEED_PROBE, agree, output_rule_repeats, seed_is_output_value, seed_scale, seeded_elsewhere
from .elsewhere import elsewhere_entry, raised_elsewhere
from .evidence import evidence, table
from .raising import raising_entry, raising_op

# The exercise whose lesson a source hint is about: an exercise before it in the course gets no such hint.
TAUGHT_IN = {"assign-grad": "02-accumulate", "recursive-topo": "05-backward", "no-seed": "05-backward",
             "backward-shadowed": "05-backward", "backward-typo": "05-backward", "empty-walk": "05-backward",
             "visited-by-value": "05-backward"}


def _variant(name):
    from ..variants import variant  # the instructor's library, where a variant was named

    return variant(name)


class FindingsMixin:
    @functools.cached_property
    def walks(self):
        """The walks in the wrong order (walk_book.py), observed as needed; None in a student's install, which
        holds no reference engine to walk."""
        try:
            from .walk_book import WalkBook
        except ImportError:
            return None
        return WalkBook(self.suite)

    def _deep(self) -> set[str]:
        """The probes of a graph thousands of nodes deep: they show a recursive sort, not an order."""
        return {p for p in self.suite.probe_names if "deep" in p or "long_sum" in p}


    def _not_refuted_by_core(self, probes, found, core):
        """The variant findings whose own run agrees with the student's on the probes that isolate a wrong
        `+` or `*` (`core`): a wrong rule there shows in every expression, and a named mistake that gets
        it right matches the numbers only by coincidence."""
        local = {getattr(getattr(self.suite.probes, name), "local_op", None): name for name in self.suite.probe_names}
        kept = []
        for entry in found:
            names = [entry["variant"], *entry.get("also", [])] if entry.get("kind") == "variant" else []
            if all(agree(probes.get(local[op]), self.book.base(_variant(n), local[op]))
                   for op in core if op in local for n in names):
                kept.append(entry)
        return kept

    def _seeded(self, entries: list[dict], probes: dict, W: list[str], outcomes: list[dict]) -> tuple[list, list]:
        """(entries and the seed put on another node than the output, []) where the seed probe, wrong, shows it
        (compare.seeded_elsewhere): it explains every probe of W, each gradient built on that seed, and nothing
        else is looked for; else (entries, W) as they are."""
        node = seeded_elsewhere(probes, self.reference, self.suite.probe_names) if SEED_PROBE in W else None
        c = seed_scale(probes, self.reference, self.suite.probe_names, W) if node is None else None
        k = (output_rule_repeats(probes, self.reference, self.suite.probe_names, W) if (node, c) == (None, None)
             else None)
        own = (seed_is_output_value(probes, self.reference, self.suite.probe_names, W)
               if (node, c, k) == (None, None, None) else None)
        if node is None and c is None and k is None and own is None:
            return entries, W
        from ..judge import expression_of

        expression = expression_of(getattr(self.suite.probes, SEED_PROBE))
        if own is not None:
            title = msg("Your backward() seeds the output's gradient with the output's own value instead of 1")
            why = msg("For {expression}: y.grad is {c}, not 1, and in every graph tried each gradient is the right one "
                      "times the output's value (`self.grad = self.data`). The seed is dL/dL, the output's gradient "
                      "with respect to itself, which is 1 whatever the output's value. Set `self.grad = 1` on the node "
                      "backward() was called on.", expression=expression, c=fmt(own))
            found = self._seed_entry({"form": "output-value", "seed": own}, title, why, probes, W, outcomes)
            return [*entries, found], []
        if k is not None:
            title = msg("Your backward() runs the output's own backward rule more than once")
            why = msg("For {expression}: y.grad is 1, as it should be, but every other gradient is the right one "
                      "times {k}. The output's rule passes its gradient to its inputs; run again (called before the "
                      "walk and again in it, or the output listed twice in the order), it passes it again, and "
                      "everything below is built on that. Call each node's rule once, walking the topological order "
                      "in reverse.", expression=expression, k=k)
            found = self._seed_entry({"form": "output-rule-repeated", "times": k}, title, why, probes, W, outcomes)
            return [*entries, found], []
        if node is None:
            title = msg("Your backward() seeds the output's gradient with {c} instead of 1", c=fmt(c))
            why = msg("For {expression}: y.grad is {c}, not 1, and every gradient is {c} times the right one. The "
                      "seed is dL/dL, the output's gradient with respect to itself, which is 1; every other gradient "
                      "is that seed multiplied by local derivatives from the output down, so a seed of {c} scales "
                      "them all. Set `self.grad = 1` on the node backward() was called on.",
                      expression=expression, c=fmt(c))
            found = self._seed_entry({"form": "value", "seed": c}, title, why, probes, W, outcomes)
            return [*entries, found], []
        title = msg("Your backward() seeds the gradient of another node instead of the output's")
        why = msg("For {expression}: y.grad is 0, not 1, and {node}.grad is 1: the seed dL/dL = 1 that starts "
                  "the backward pass was put on {node} instead of on the output. Every other gradient is that 1 "
                  "multiplied by local derivatives from the output down; with the output's grad at 0, every "
                  "backward rule passes on 0. Set `self.grad = 1` on the node backward() was called on, before "
                  "walking the graph.", expression=expression, node=node)
        found = self._seed_entry({"form": "other-node", "node": node}, title, why, probes, W, outcomes)
        return [*entries, found], []

    def _seed_entry(self, fields: dict, title, why, probes, W, outcomes) -> dict:
        """One `seed` finding (its form and what it found in `fields`): it explains every probe of W."""
        return said({"kind": "seed", **fields, "concept": "seed", "table": self._table(SEED_PROBE, probes),
                     "tests": self.cited(W, outcomes)},
                    title=title, explanation=why, message=msg("{title}. {why}", title=title, why=why))

    def _table(self, probe: str, probes: dict) -> dict:
        """The per-node table (and graph) of one probe: the smallest failing expression an entry explains."""
        return table(getattr(self.suite.probes, probe), probes[probe], self.reference(probe))

    def _raises_explained(self, entries, found, probes, raising):
        """`entries` without the ops that raise where a named mistake's own run raised the same exception in
        the same op (a log rule dividing by its output raises ZeroDivisionError at x = 1): that finding
        takes their tests, the raise being what its mistake does."""
        kept = []
        for entry in entries:
            shown = [p for p, f in raising.items() if entry.get("kind") == "raises"
                     and (f["method"], f["phase"], probes[p].get("exception")) == (entry["op"], entry["phase"],
                                                                                  entry["exception"])]
            by = next((v for v in found if v.get("kind") == "variant" and shown and all(
                (obs := self.book.base(_variant(v["variant"]), p) or {}).get("exception") == probes[p].get("exception")
                and raising_op(obs.get("exception"), obs.get("facts")) == raising[p] for p in shown)), None)
            if by is None:
                kept.append(entry)
            else:
                by["tests"] = [*by["tests"], *(t for t in entry["tests"] if t not in by["tests"])]
        return kept

    def _raising_entries(self, probes, raising, outcomes):
        """One entry per op and exception that raised inside the student's op (raising.py)."""
        by_op: dict[tuple, list[str]] = {}
        for p, found in raising.items():
            by_op.setdefault((found["method"], found["phase"], probes[p].get("exception")), []).append(p)
        entries = []
        for (method, phase, exception), shown in by_op.items():
            smallest = min(shown, key=lambda p: self._size(p, probes))
            sentence, _ = evidence(getattr(self.suite.probes, smallest), probes[smallest], self.reference(smallest))
            entries.append(raising_entry({"method": method, "phase": phase}, exception, self.cited(shown, outcomes),
                                         sentence, probes[smallest].get("where"), probes[smallest].get("facts")))
            entries[-1]["table"] = self._table(smallest, probes)
        return entries

    def _elsewhere_entries(self, probes, W, entries, outcomes):
        """One entry per function and exception raised outside every op (elsewhere.py), for the failing tests
        no entry explains yet."""
        explained = {t for e in entries for t in e.get("tests", [])}
        by_place: dict[tuple, list[str]] = {}
        for p in W:
            obs = probes[p]
            found = obs.get("status") == "error" and raised_elsewhere(obs.get("exception"), obs.get("facts"),
                                                                       obs.get("where"))
            if found:
                by_place.setdefault((found["phase"], found["function"], obs["exception"]), []).append(p)
        found = []
        for (phase, function, exception), shown in by_place.items():
            tests = [t for t in self.cited(shown, outcomes) if t not in explained]
            if not tests:
                continue
            smallest = min(shown, key=lambda p: self._size(p, probes))
            sentence, _ = evidence(getattr(self.suite.probes, smallest), probes[smallest], self.reference(smallest))
            where = probes[smallest].get("where") or (probes[smallest].get("facts") or {}).get("compiled")
            found.append(elsewhere_entry({"phase": phase, "function": function}, exception, tests, sentence, where,
                                         probes[smallest].get("facts")))
            found[-1]["table"] = self._table(smallest, probes)
            explained.update(tests)
        return found

    def _taught(self, hints: list[dict]) -> list[dict]:
        """The hints about what this exercise or one before it teaches. A hint about a lesson still to
        come is about code the student was handed, or written as the lesson so far says: 01's starter
        sets `grad` with `=` on purpose, since `+=` is 02's lesson (TAUGHT_IN)."""
        exercise = getattr(self.suite, "name", None)
        if exercise not in COURSE:
            return hints  # the engine suite: every lesson at once
        return [h for h in hints if TAUGHT_IN.get(h["hint"]) not in COURSE
                or not comes_before(exercise, TAUGHT_IN[h["hint"]])]
