"""The explaining rule: which variant, or pair of variants, explains where a student is wrong.

Steps 2 to 5 of docs/diagnosis.md ("The rule"): refuted variants are left out;
an exact match wins, else a match up to implementation style, else two mistakes
together; otherwise nothing is said.
"""

from __future__ import annotations

import dataclasses
import itertools

from ..variants import Variant
from .compare import agree, not_run, wrong
from ..i18n import items, msg
from .evidence import evidence, finding_words, lead_in, table

PAIR_CANDIDATES = 8  # variants considered for two-mistake explanations, the best first
MAX_NAMED = 2  # variants that explain equally well and are named together; more than that: say nothing


@dataclasses.dataclass
class Finding:
    variants: list  # the variant first, then any that explain equally (named together)
    match: str  # "exact" | "style" | "pair"
    reproduced: list  # probes of W it reproduces (in its own style, or for "style", in any)
    disagreements: int  # probes of R where it does not agree with the student
    partner: Variant | None = None  # the other mistake of a pair


class ExplainingRule:
    """The rule over one batch's variant book, for one suite.

    `reference(probe)` gives the reference engine's values of a probe;
    `size(probe, probes)` orders probes smallest first, the order in which
    evidence is chosen and refutations are tried.
    """

    def __init__(self, suite, book, reference, size):
        self.suite, self.book, self.reference, self._size = suite, book, reference, size

    def findings(self, probes: dict, W: list[str], unseen=frozenset()) -> list[Finding]:
        """The rule (docs/diagnosis.md, 2 to 6) on W; `unseen`: probes that show nothing (a missing op)."""
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
            return [Finding([t[2] for t in best], "exact", best[0][3], best[0][0])]

        styled = []
        by_size = sorted(W, key=lambda p: self._size(p, probes))
        for v in book.variants:
            reproduced = self._accounts_for(v, probes, by_size)
            if reproduced and not self._refuted(v, right):
                styled.append((-len(reproduced), self._disagreements_in_any_style(v, probes, R),
                               book.index[v.name], v, reproduced))
        if styled:
            styled.sort(key=lambda t: t[:3])
            best = [t for t in styled if t[:2] == styled[0][:2]]
            if len(best) > MAX_NAMED:
                return []
            return [Finding([t[3] for t in best], "style", best[0][4], best[0][1])]

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

    def _disagreements_in_any_style(self, v, probes, R) -> int:
        """The probes of R where the variant disagrees with the student in its own style and in every other.

        A match up to style is weighed on R in the same terms: `=` everywhere in an engine walked by Kahn's
        algorithm agrees, on the probes the student gets right, with that mistake walked Kahn's way, not
        with the reference's depth-first walk; counted in the variant's own style only, `=` in `__mul__`
        alone would seem closer. The styles run only where the variant's own run disagrees."""
        return sum(not agree(probes[p], self.book.base(v, p))
                   and not any(agree(probes[p], obs) for obs in self.book.styled(v, p)) for p in R)

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

    def _pair(self, probes, W, R, scored) -> list[Finding]:
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
        return [Finding([a], "pair", rep_a, d, partner=b), Finding([b], "pair", rep_b, d, partner=a)]

    # -- words ------------------------------------------------------------------------------

    def entry(self, finding: Finding, probes: dict, tests: list[str]) -> dict:
        v, others = finding.variants[0], finding.variants[1:]
        # the evidence: the smallest probe of W the finding reproduces
        shown = min(finding.reproduced, key=lambda p: self._size(p, probes))
        probe = getattr(self.suite.probes, shown)
        sentence, facts = evidence(probe, probes[shown], self.reference(shown))
        engines = items([lead_in(v), *map(lead_in, others)], join="or")
        if finding.partner is not None:
            title = msg("Your gradients match {engines} (one of two mistakes)", engines=engines)
        else:
            title = msg("Your gradients match {engines}", engines=engines)
        reasons = v.explanation_message()
        for other in others:
            reasons = msg("{explanation} Or: {other}", explanation=reasons, other=other.explanation_message())
        entry = {
            "kind": "variant",
            "variant": v.name,
            "concept": v.concept,
            "match": finding.match,
            "evidence": facts,
            "table": table(probe, probes[shown], self.reference(shown)),
            "tests": tests,
        }
        finding_words(entry, title, sentence, reasons)
        if others:
            entry["also"] = [o.name for o in others]
        if finding.partner is not None:
            entry["with"] = finding.partner.name
        return entry
