"""The arithmetic of similarity scores: a pair's score (and the `Pair` a cohort reports), each student's typical score,
clusters.

cohort.py explains the method; this module holds its formulas, which need
nothing but numbers (the benchmark and the tests call them directly).
"""

from __future__ import annotations

import functools
import hashlib
import math
import operator
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations

from .fingerprints import K
from .normalise import python_lines
from .words import word_count


@dataclass(frozen=True)
class Pair:
    """A pair of a cohort as `Cohort.pairs` reports it."""

    a: str
    b: str
    score: float
    shared: float  # S: the weight both hold
    mistake: dict | None  # the identical rare mistake, when one adds to the score
    via: str | None = None  # the public source both match (its code is not counted between them)
    typical: float = 0.0  # the higher of the two students' typical scores, taken away (see `above_typical`)


EVIDENCE = 5.0  # rarity-weighted tokens: sharing this much gives half of the cosine, ten 0.8 (see `evidence`)
# Every sum of floats in grader/similarity/: added left to right, as Python 3.11's sum() adds them. From 3.12 sum()
# compensates the rounding of floats (gh-100425), which moved a score's last bits and, near a half, its fourth
# decimal: the same class scored otherwise on another Python (tests/similarity/test_reach.py, 0.9688 and 0.9689).
if sys.version_info < (3, 12):
    float_sum = sum
else:
    def float_sum(values, start=0):
        return functools.reduce(operator.add, values, start)


def pair_score(shared: float, total_a: float, total_b: float, enough: float = None, rare: float = None) -> float:
    """How much of each one's own code the other holds (a weighted cosine), times how much rare code that is."""
    if shared <= 0 or total_a <= 0 or total_b <= 0:
        return 0.0
    cosine = shared / math.sqrt(total_a * total_b)
    return min(1.0, cosine) * evidence(max(0.0, shared if rare is None else rare), EVIDENCE if enough is None else enough)


def combined(raw: dict, channels: dict | None, pair: tuple[int, int], piece: str, score: float) -> None:
    """A pair's piece of evidence (cohort.pairs) in RAW, combined with the others as independent evidence is, 1 − (1 −
    raw)(1 − score), the code's first; kept by its name in CHANNELS when given ({pair: {piece: score}}: the
    benchmark's bench/similarity/fusion.py fits combinations of them)."""
    raw[pair] = score if piece == "code" else 1 - (1 - raw.get(pair, 0.0)) * (1 - score)
    if channels is not None:
        channels.setdefault(pair, {})[piece] = score


def smaller_share_score(shared: float, total_a: float, total_b: float, enough: float = None,
                        rare: float = None) -> float:
    """The share of the smaller one's total that both hold, times how much that is (a method shape's score)."""
    smaller = min(total_a, total_b)
    if shared <= 0 or smaller <= 0:
        return 0.0
    return min(1.0, shared / smaller) * evidence(max(0.0, shared if rare is None else rare),
                                                 EVIDENCE if enough is None else enough)


# code that only two students of the whole class hold (ALONE_EVIDENCE plays EVIDENCE's part: `alone_score`)
ALONE_EVIDENCE = 20.0


def shared_alone(postings: dict[int, list[int]], weights: dict[int, float], documents: list) -> dict:
    """(i, j) -> the weighed tokens of the fragments that I and J hold and no other student of the class does, none of
    them explained (a public source's, the reference's), a variant's or canonical code recombined (DOCUMENTS: each
    one's reading, POSTINGS and WEIGHTS the cohort's index): code only the two of them wrote. Its share of each one's
    own code, times how much it is (`alone_score`), is evidence of its own: a restructured copy of a large engine
    holds little of its source's code as written, a small share of either one's (a low cosine), but what it holds
    nobody else in the class holds (docs/similarity.md, session 15)."""
    found: dict[tuple[int, int], float] = defaultdict(float)
    for h, holders in postings.items():
        if len(holders) == 2:
            a, b = documents[holders[0]], documents[holders[1]]
            if not any(h in d.explained or h in d.variants or h in d.recombined for d in (a, b)) and \
                    not (h in a.smoke and a.smoke_test != b.smoke_test):
                found[(holders[0], holders[1])] += weights[h] * min(a.tokens.get(h, 0.0), b.tokens.get(h, 0.0))
    return found


def alone_score(alone: float, total_a: float, total_b: float) -> float:
    """The share of each one's own code (the lower of the two: of the larger one's) that ALONE, the code only the two
    of them hold, is, times how much it is (`evidence` with ALONE_EVIDENCE): 20 weighted tokens give half the share."""
    larger = max(total_a, total_b)
    if alone <= 0 or larger <= 0:
        return 0.0
    return min(1.0, alone / larger) * evidence(alone, ALONE_EVIDENCE)


# three students who share this many traits that nobody else has, and who hold together GROUP_CODE of each one's own
# code, are a ring of three (a source and two copies keep its names and lines as written); three students who share a
# few such traits, or one method of their code, are the class's habits (docs/similarity.md)
GROUP_TRAITS = 5
GROUP_CODE = 0.9


def group_traits(postings: dict[int, list[int]], weights: dict[int, float], held_by_three: float, own) -> None:
    """A trait that exactly three students have weighs held_by_three (in WEIGHTS) when they are a ring: those three,
    and nobody else, have GROUP_TRAITS traits or more, these are at least half of the traits each of them shares
    with at most two others, and their code is one code (held_together; OWN(i): student i's own code)."""
    trios: dict[frozenset, int] = defaultdict(int)
    rare: dict[int, int] = defaultdict(int)  # each student's traits held by three or fewer
    for holders in postings.values():
        if len(holders) <= 3:
            for i in holders:
                rare[i] += 1
            if len(holders) == 3:
                trios[frozenset(holders)] += 1
    groups = {trio: n >= GROUP_TRAITS and all(2 * n >= rare[i] for i in trio) and held_together([own(i) for i in sorted(trio)])
              for trio, n in trios.items()}
    for h, holders in postings.items():
        if len(holders) == 3 and groups[frozenset(holders)]:
            weights[h] = held_by_three


# a string (an error message, a repr's format, a label of three words or more: traits.py weighs shorter ones nothing)
# that exactly three students wrote alike weighs as three holders do, where the traits' cut of two (TRAIT_COMMON) gives
# it nothing: a source copied twice keeps its messages in both copies, and its three holders are the source and its
# copies as often as a habit of the class. Comments are not among them: a copying tool inserts one comment into copies
# of unrelated sources, and a stock phrase is any three students' (both measured: docs/similarity.md, session 18)
STRINGS_HELD_BY = 3


def strings_held_by_three(postings: dict[int, list[int]], weights: dict[int, float], held_by_three: float,
                          kind) -> None:
    """A trait of kind "string" (KIND(h)) that exactly STRINGS_HELD_BY students have weighs HELD_BY_THREE (in
    WEIGHTS): the rarity of three holders."""
    for h, holders in postings.items():
        if len(holders) == STRINGS_HELD_BY and kind(h) == "string":
            weights[h] = held_by_three


def held_together(owns: list[dict[int, float]]) -> bool:
    """Whether the code all of them hold (each fragment held by every one) is at least GROUP_CODE of each one's own
    code; OWNS: each one's own code, fragment -> its weighed tokens (one with no code of their own holds it all)."""
    common = set.intersection(*(set(own) for own in owns))
    return all(float_sum(own[h] for h in common) >= GROUP_CODE * float_sum(own.values()) for own in owns)


def above_typical(score: float, typical: float) -> float:
    """How far a pair's score rises above the higher typical score of its two students: (s − t) / (1 − t), ≥ 0."""
    if typical >= 1.0:
        return 0.0
    return max(0.0, (score - typical) / (1.0 - typical))


def evidence(shared: float, enough: float = EVIDENCE) -> float:
    """How much the shared code says, from 0 to 1: S² / (S² + EVIDENCE²).

    Slow to start, so that a few shared tokens say little (two weighted tokens
    give 0.14, five 0.5, ten 0.8), and growing without a cap (thirty give
    0.97, a hundred 0.998): a cap would tie every pair past it, and a ring of
    honest students who share one common answer would rank with a copied
    engine.
    """
    return shared ** 2 / (shared ** 2 + enough ** 2)


def containment_score(shared: float, total_source: float, shared_tokens: float) -> float:
    """The share of the source's code (weighed by rarity) a submission holds, times the evidence of its tokens.

    The amount is counted in plain tokens: a public source every student copies
    is no rarer for it, and its distinctive parts already weigh most in the share.
    """
    if shared <= 0 or total_source <= 0:
        return 0.0
    return min(1.0, shared / total_source) * evidence(shared_tokens)


def copied_surely(match: float, threshold: float, surely: float) -> float:
    """How surely a public match at the THRESHOLD or more is a copy: (match - threshold) / (SURELY - threshold), from 0
    at the flag to 1 at SURELY (1 from the flag when the flag is SURELY or above it; cohort.SURELY)."""
    if threshold >= surely:
        return 1.0
    return min(1.0, max(0.0, (match - threshold) / (surely - threshold)))


def clusters(pairs: list[dict]) -> list[list[str]]:
    """Connected groups of flagged pairs, each sorted; the largest group first."""
    parent: dict[str, str] = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for pair in pairs:
        if pair["flagged"]:
            parent[root(pair["a"])] = root(pair["b"])
    groups: dict[str, list[str]] = defaultdict(list)
    for member in parent:
        groups[root(member)].append(member)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: (-len(g), g))


# the traits a copier keeps unless they rewrite each one by hand, as written (traits.py): comments, strings, names and
# numbers. Besides being evidence of their own (the traits' score), the weight of those two students share counts as
# rare code in the code's evidence factor: a pair whose shared code is a few lines and who also wrote the same rare
# comment or name has more to go on than two students who wrote the same few lines alone. Lines as written and method
# shapes are not among them: two honest students who write the lecture's lines alike share those (the hard pairs).
WRITTEN_KINDS = frozenset({"comment", "string", "number"})


def shared_written(postings: dict[int, list[int]], weights: dict[int, float], documents: list) -> dict:
    """(i, j) -> the weight of traits of WRITTEN_KINDS both DOCUMENTS hold (as shared_through counts it)."""
    written = {h: holders for h, holders in postings.items() if documents[holders[0]].trait_text[h][0] in WRITTEN_KINDS}
    return shared_through(written, weights, [d.traits for d in documents])


# two students' written traits again, counted apart from their other traits (session 17): a copy restructured by hand
# (level 4) renames every name and restyles every line, which are most of each one's traits (the traits' score is a share
# of them), and keeps its source's error messages, repr formats and comments. WRITTEN_ITEMS distinct comments or strings
# that only the two hold (or a ring of three) are evidence of their own, W² / (W² + WRITTEN_EVIDENCE²) on their weight W;
# one shared comment is a stock phrase two honest students can both write (`# chain rule: local times upstream`), and a
# number is no item (0, 1 and 2 are any program's: in a small class two students may be the only ones to write them).
# Chosen on the tuning seeds among 1, 2 and 3 items and an evidence of 3 to 10 (docs/similarity.md)
WRITTEN_ITEMS = 2
WRITTEN_EVIDENCE = 5.0
ITEM_KINDS = frozenset({"comment", "string"})
# session 36: a string only the two wrote (a repr's format, an error message) beside a name, a number or a line as
# written that only the two wrote (BESIDE_KINDS) is two items. A restructured copy (level 4: a dataclass with `match`,
# an op registry) rewrites every comment and line of its source and keeps its `__repr__` and its messages, and with
# them a few of its source's names or numbers (nine by-hand level-4 pairs of sim29l4, sim30l4, sim34b1 and sim35b1 share
# their source's repr and one such trait); two honest students who write the same common repr format
# (`Value({self.data:.4f}, grad={self.grad:.4f})`: the fourth class's seed 8, sim36ctl's d2 and d3) share that string
# and nothing else of their own. The weight is the written items' alone, as before (docs/similarity.md, session 36).
BESIDE_KINDS = frozenset({"name", "number", "line"})


# session 37: three numbers or more (NUMBER_ITEMS) only the two wrote, none whole (a count, an index, an exponent: any
# program's), are as many items, each weighing NUMBER_SIZE (a string of five words): a restructured copy keeps its
# source's constants (sim35b1's c10, sim34b1's table copy: 0.125, 1.3, 1e-9); two are an honest coincidence (sim37actl's
# f1 and f2 try 0.7 and 2.5). Chosen among 2 or 3 items and sizes 1 to 5 (docs/similarity.md, session 37).
NUMBER_ITEMS, NUMBER_SIZE = 3, 3.0


def _whole_number(text: str) -> bool:
    """Whether a number as written is whole (`2`, `3.0`, `10_000`, `0x1f`) or no real one (`1j`): no choice."""
    try:
        return float(text.replace("_", "")).is_integer()
    except ValueError:
        return True


def written_items(postings: dict[int, list[int]], weights: dict[int, float], documents: list) -> dict:
    """(i, j) -> (how many distinct comments and strings (ITEM_KINDS) I and J both hold, their weight as shared_written
    counts it): a comment shared by its runs of words (words.phrases) is one item, however many runs; a string beside a
    trait of BESIDE_KINDS that both hold is two; NUMBER_ITEMS numbers (not whole) or more both hold are as many."""
    found: dict[tuple[int, int], dict[tuple[str, str], float]] = defaultdict(lambda: defaultdict(float))
    numbers: dict[tuple[int, int], dict[tuple[str, str], float]] = defaultdict(dict)
    beside: set[tuple[int, int]] = set()
    for h, holders in postings.items():
        w = weights[h]
        if w > 0 and len(holders) >= 2:
            item = documents[holders[0]].trait_text[h]
            if item[0] in BESIDE_KINDS:
                beside.update(combinations(holders, 2))
            if item[0] == "number":
                if not _whole_number(item[1]):
                    for pair in combinations(holders, 2):
                        numbers[pair][item] = w * NUMBER_SIZE
            elif item[0] in ITEM_KINDS:
                for i, j in combinations(holders, 2):
                    found[(i, j)][item] += w * min(documents[i].traits[h], documents[j].traits[h])
    for pair, items in numbers.items():
        if len(items) >= NUMBER_ITEMS:
            found[pair].update(items)
    return {pair: (len(items) + (pair in beside and any(kind == "string" for kind, _ in items)),
                   float_sum(items.values())) for pair, items in found.items()}


def written_score(items: int, weight: float) -> float:
    """The evidence of WEIGHT in ITEMS distinct written traits two students share (`written_items`)."""
    return evidence(weight, WRITTEN_EVIDENCE) if items >= WRITTEN_ITEMS else 0.0


# the lines of a student's own code as written, each with a name that at most NAMES_HELD_BY students of the class write
# (session 24, simhard7): evidence for a copy from what the structure reads past. Two students whose own code is the
# same plain lines write them alike with the names everybody writes (`out`, `other`, `node`); a copy keeps its source's
# lines with the names its source chose (`for cur in reversed(graph):`, `lst[i]._backward()`), short ones too, which the
# traits leave out (a name of four characters or more, a line of five words or more). Only a name's own rarity says
# it: a line that many students wrote with another name is rare as a line however plain it is (the hard pairs' lines)
NAMES_HELD_BY = 2
NAME = re.compile(r"[^\W\d]\w*")


def named_lines(documents: list, weights: dict[int, float], held_by: int = NAMES_HELD_BY) -> list[dict[int, float]]:
    """Each of DOCUMENTS' own lines as written (right-stripped, indentation kept: a hash -> 1): the lines of its files
    that hold a token of a fragment of its own code that counts in full (of weight above 0 in WEIGHTS, not explained,
    not a canonical variant's, canonical code recombined or a smoke test's), and a name (an identifier, or a word of a
    comment or string) that at most HELD_BY of DOCUMENTS write anywhere in their files."""
    names = [set(NAME.findall("\n".join(d.texts.values()))) for d in documents]
    held: dict[str, int] = defaultdict(int)
    for found in names:
        for name in found:
            held[name] += 1
    out = []
    for document in documents:
        places = set()
        for h, occurrences in document.prints.items():
            if weights.get(h, 0.0) > 0 and h not in document.explained and h not in document.variants and \
                    h not in document.recombined and h not in document.smoke:
                for occurrence in occurrences:
                    unit = document.units[occurrence.unit]
                    places.update((unit.file, line) for line in unit.lines[occurrence.start:occurrence.start + K])
        lines = {}
        for name in sorted(document.texts):
            for number, line in enumerate(python_lines(document.texts[name]), 1):  # as the units number them
                if (name, number) in places and any(held[x] <= held_by for x in NAME.findall(line)):
                    lines[line_hash(line.rstrip())] = 1.0
        out.append(lines)
    return out


def named_line_scores(documents: list, weights: dict[int, float], rarity, enough: float) -> dict:
    """(i, j) -> the evidence of the lines DOCUMENTS I and J share as `named_lines` reads them, each weighed by
    RARITY(its holders) as a trait is: the share of each one's lines the other holds, times the evidence factor with
    ENOUGH on their weight (`pair_score`)."""
    lines = named_lines(documents, weights)
    postings: dict[int, list[int]] = defaultdict(list)
    for index, held in enumerate(lines):
        for h in held:
            postings[h].append(index)
    weighed = {h: rarity(len(holders)) for h, holders in postings.items()}
    totals = [float_sum(weighed[h] * size for h, size in held.items()) for held in lines]
    return {(i, j): pair_score(alike, totals[i], totals[j], enough)
            for (i, j), alike in shared_through(postings, weighed, lines).items()}


def line_hash(text: str) -> int:
    """A line's text as a stable hash (`named_lines`)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


def shared_stock(postings: dict[int, list[int]], weights: dict[int, float], documents: list, words: int) -> dict:
    """(i, j) -> the weight of stock phrases both DOCUMENTS hold (as shared_through counts it): comments and strings of
    fewer than WORDS words, which weigh less than a word (traits.SHORT + 1: a phrase of two words weighs nothing, and
    five characters of Han, `# 测试通过了`, "tests passed", are two and a half), the phrase any student writes."""
    stock = {h: holders for h, holders in postings.items() if documents[holders[0]].trait_text[h][0] in ITEM_KINDS
             and word_count(documents[holders[0]].trait_text[h][1]) < words}
    return shared_through(stock, weights, [d.traits for d in documents])


def shared_smoke(weights: dict[int, float], documents: list) -> dict:
    """(i, j) -> the weight of code I and J hold on their smoke tests' lines only (documents: `smoke`; as
    shared_through counts it) when their smoke tests differ as read (their constants: `smoke_test`): the exercise's
    obvious smoke test, which two students write alike; a copy keeps its source's, constants and all."""
    postings: dict[int, list[int]] = defaultdict(list)
    for index, document in enumerate(documents):
        for h in document.smoke:
            if h not in document.explained:
                postings[h].append(index)
    return {(i, j): w for (i, j), w in shared_through(postings, weights, [d.tokens for d in documents]).items()
            if documents[i].smoke_test != documents[j].smoke_test}


def shared_through(postings: dict[int, list[int]], weights: dict[int, float],
                   sizes: list[dict[int, float]]) -> dict[tuple[int, int], float]:
    """(i, j) -> the weight both hold: each entry held by two or more adds weight × the smaller size to their pairs."""
    found: dict[tuple[int, int], float] = defaultdict(float)
    for h, holders in postings.items():
        w = weights[h]
        if w > 0 and len(holders) >= 2:
            for i, j in combinations(holders, 2):
                found[(i, j)] += w * min(sizes[i][h], sizes[j][h])
    return found


def mistake_bonuses(position: dict[str, int], mistakes: dict[str, str], common: int, n: int,
                    weight: float) -> dict[tuple[int, int], dict]:
    """Each pair of the cohort (indices by POSITION) that failed alike (MISTAKES: submission -> signature), a
    signature held by c of N, at most COMMON of them: WEIGHT x log((N + 1) / c) / log(N + 1) (cohort.py's docstring)."""
    holders: dict[str, list[int]] = defaultdict(list)
    for doc_id, signature in mistakes.items():
        if signature and doc_id in position:
            holders[signature].append(position[doc_id])
    bonuses = {}
    for signature, indices in ((sig, held) for sig, held in holders.items() if 2 <= len(held) <= common):
        c = len(indices)
        rarity = math.log((n + 1) / c) / math.log(n + 1)
        for i, j in combinations(sorted(indices), 2):
            bonuses[(i, j)] = {"bonus": round(weight * rarity, 4), "shared_by": c, "signature": signature}
    return bonuses
