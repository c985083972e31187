"""Where two documents match: their functions paired by shared weight, the regions of lines that match,
and the lines a starter also has (shown greyed). What a pair's page and record show (grader/similarity/)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING

from .fingerprints import K, WINDOW, kgram_hashes
from .scores import float_sum

if TYPE_CHECKING:  # annotations only
    from .cohort import Document
    from .normalise import Unit

MAX_MATCHES = 20  # regions listed for one pair, the heaviest


def matched_units(a: Document, b: Document, weight) -> set[tuple[int, int]]:
    """Functions of a and b matched by shared weight: one to one, heaviest first; then each one left over to its best."""
    between: Counter = Counter()
    for h, where_a in a.prints.items():
        where_b = b.prints.get(h)
        if where_b:
            w = weight(h)
            for ua in {o.unit for o in where_a}:
                for ub in {o.unit for o in where_b}:
                    between[(ua, ub)] += w
    ranked = sorted(between.items(), key=lambda kv: (-kv[1], kv[0]))
    used_a, used_b, chosen = set(), set(), set()
    for (ua, ub), _ in ranked:
        if ua not in used_a and ub not in used_b:
            chosen.add((ua, ub))
            used_a.add(ua)
            used_b.add(ub)
    for (ua, ub), _ in ranked:  # helpers extracted or inlined: a function left over takes its best partner
        if ua not in used_a:
            chosen.add((ua, ub))
            used_a.add(ua)
        if ub not in used_b:
            chosen.add((ua, ub))
            used_b.add(ub)
    return chosen


def matches(a: Document, b: Document, weight) -> list[dict]:
    """Regions of a and b that match: {a_file, a_lines, b_file, b_lines, weight}, heaviest first."""
    chosen = matched_units(a, b, weight)
    hits: dict[tuple[int, int], list[tuple[int, int, float]]] = defaultdict(list)
    for h, where_a in a.prints.items():
        where_b = b.prints.get(h)
        if not where_b:
            continue
        w = weight(h)
        for oa in where_a:
            for ob in where_b:
                if (oa.unit, ob.unit) in chosen:
                    hits[(oa.unit, ob.unit)].append((oa.start, ob.start, w))
    regions = []
    for (ua, ub), found in hits.items():
        found.sort()
        run = [found[0]]
        for hit in found[1:]:
            step_a, step_b = hit[0] - run[-1][0], hit[1] - run[-1][1]
            if 0 <= step_a <= K + WINDOW and 0 <= step_b <= K + WINDOW:
                run.append(hit)
            else:
                regions.append(_region(a.units[ua], b.units[ub], run))
                run = [hit]
        regions.append(_region(a.units[ua], b.units[ub], run))
    regions = [r for r in regions if r["weight"] > 0]
    regions.sort(key=lambda r: (-r["weight"], r["a_file"], r["a_lines"]))
    return regions[:MAX_MATCHES]


def _region(unit_a: Unit, unit_b: Unit, run) -> dict:
    def lines(unit, starts):
        spans = [unit.lines[i] for s in starts for i in range(s, min(s + K, len(unit.lines)))]
        return [min(spans), max(spans)]

    return {"a_file": unit_a.file, "a_lines": lines(unit_a, [h[0] for h in run]),
            "b_file": unit_b.file, "b_lines": lines(unit_b, [h[1] for h in run]),
            "weight": round(float_sum(h[2] for h in run), 3)}


def starter_lines(document: Document, kgrams: frozenset[int]) -> dict[str, set[int]]:
    """Per file, the lines whose every token lies in a k-gram the starter also has: shown greyed."""
    covered: dict[str, dict[int, bool]] = defaultdict(dict)
    for unit in document.units:
        inside = [False] * len(unit.tokens)
        for start, h in enumerate(kgram_hashes(unit.tokens)):
            if h in kgrams:
                for i in range(start, start + K):
                    inside[i] = True
        for line, flag in zip(unit.lines, inside):
            lines = covered[unit.file]
            lines[line] = lines.get(line, True) and flag
    return {file: {line for line, flag in lines.items() if flag} for file, lines in covered.items()}
