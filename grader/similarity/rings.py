"""What is usual for each student (the typical score), and rings of one file: students whose own code is one file,
found before any cohort weighs it (session 29).

A fragment's rarity (cohort.py) counts the students who hold it: a fragment held by many is the course's code. A ring
of students who hand in one engine holds each of its fragments as many times as it has members, and a ring of ten in a
class of thirty made the engine's own code look like the course's: the copies' score fell with the ring's size, and a
ring of nine or more verbatim copies listed no pair at all. Code many students hold is the course's only when they do
not hand in one file: the holders that are one file (whole_alike: nearly all of each one's own code in common, and a
file's worth of it) count as a ring of five at most in a fragment's rarity (RING_COUNTED), the largest ring the typical
score assumes (TYPICAL_RANKS) and the rarity the scores were tuned with, and past the first four of them a student's
ring partners are left out of its typical score. Course-forced code is a small part of many different files, and keeps
its count; a small fill many students write alike is not a file's worth (WHOLE_LEAST).
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict

from .scores import float_sum

# a student's typical score: the mean of their 5th to 8th highest pair scores (0-based 4 to 7). A ring of copiers of
# up to five members (an original and four copies) fills only a member's first four places; the next four are
# classmates it did not copy, and the mean of four is steadier than one of them.
TYPICAL_RANKS = (4, 8)
# two students whose own code holds this much of each other's, in plain tokens, are one file (`whole_alike`)
WHOLE_ALIKE = 0.9
# and hold at least this many plain tokens together: a small fill many students write alike (the sixth class's eight
# tanh fills of 18 tokens, each the others' whole code) is the exercise's answer, not a file (session 29)
WHOLE_LEAST = 40.0

# the rarest own fragments of each student (held by two or more) a classmate must hold most of (RARE_HELD) to be read
# against it as a whole file: a copy holds every fragment of its source's, a classmate who wrote some lines alike few
RARE_FRAGMENTS = 8
RARE_HELD = 0.75
# a ring counts as this many holders at most: the rarity a ring of five has, on which the scores were tuned
RING_COUNTED = TYPICAL_RANKS[0] + 1


def one_file_groups(documents: list, postings: dict[int, list[int]], alike, most: int) -> list[int]:
    """Each document's group (the lowest index of its group): documents linked by ALIKE(i, j) are one group. The pairs
    read are those that hold RARE_HELD of one's RARE_FRAGMENTS rarest own fragments held by MOST documents or fewer
    (through POSTINGS, the cohort's index), not every pair of the class."""
    parent = list(range(len(documents)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, document in enumerate(documents):
        rare = sorted((len(postings[h]), h) for h in document.prints
                      if h not in document.explained and 2 <= len(postings[h]) <= most)[:RARE_FRAGMENTS]
        held = Counter(j for _, h in rare for j in postings[h] if j != i)
        for j, count in sorted(held.items()):
            if count >= RARE_HELD * len(rare) and root(i) != root(j) and alike(i, j):
                parent[max(root(i), root(j))] = min(root(i), root(j))
    return [root(i) for i in range(len(documents))]


def holders_counted(group: list[int]):
    """HELD(holders): how many students a fragment's holders count as in its rarity: each group of one file (GROUP, from
    one_file_groups) as RING_COUNTED at most, the ring of five the typical score assumes (scores.TYPICAL_RANKS)."""
    def held(holders: list[int]) -> int:
        return sum(min(count, RING_COUNTED) for count in Counter(group[i] for i in holders).values())
    return held


def typical_scores(scores: dict[tuple[int, int], float], n: int, alike=None) -> list[float]:
    """Each document's typical score: the mean of its TYPICAL_RANKS-th highest pair scores (missing ones are 0).

    ALIKE(i, j), when given, says whether two documents are one file (`whole_alike`). A document's partners that score
    at least its TYPICAL_RANKS[0] + 1-th highest score and are whole-file alike with it are its ring: past the first
    TYPICAL_RANKS[0] of them (the ring of five the ranks assume) they are not among its scores, so that a ring of any
    size counts as one of five, and the classmates it did not copy give its typical score (session 29: a ring of
    seven verbatim copies or more was each member's typical score, and cancelled itself)."""
    first, last = TYPICAL_RANKS
    by_document: list[list[tuple[float, int]]] = [[] for _ in range(n)]
    for (i, j), score in scores.items():
        if score > 0:
            by_document[i].append((score, j))
            by_document[j].append((score, i))
    out = []
    for i, found in enumerate(by_document):
        top = heapq.nlargest(last, found)
        if alike is not None and len(top) > first:
            ring = [(s, j) for s, j in found if s >= top[first][0] and alike(i, j)]
            if len(ring) > first:
                beyond = set(sorted(ring, reverse=True)[first:])  # the ring's members past the first four
                top = heapq.nlargest(last, (pair for pair in found if pair not in beyond))
        out.append(float_sum(s for s, _ in top[first:]) / (last - first))
    return out


def whole_alike(documents: list) -> object:
    """ALIKE(i, j) for typical_scores: whether DOCUMENTS[i] and [j] are one file, read before any cohort weighs it: the
    own code both hold (fragments in plain tokens, what a public source or the reference explains aside) is at least
    WHOLE_ALIKE of each one's, as a copy with its names, comments and layout changed is. Each pair is read once."""
    own = [{h: d.tokens.get(h, 0.0) for h in d.prints if h not in d.explained} for d in documents]
    sizes = [float_sum(code.values()) for code in own]
    found: dict[tuple[int, int], bool] = {}

    def alike(i: int, j: int) -> bool:
        key = (min(i, j), max(i, j))
        if key not in found:
            a, b = own[key[0]], own[key[1]]
            both, larger = float_sum(min(a[h], b[h]) for h in sorted(a.keys() & b.keys())), max(sizes[i], sizes[j])
            found[key] = both >= WHOLE_LEAST and both >= WHOLE_ALIKE * larger
        return found[key]
    return alike


def rarity_weights(documents: list, postings: dict[int, list[int]], rarity, most: int) -> tuple:
    """(ALIKE, the weights, the groups): whole_alike's reading of DOCUMENTS, each fragment's RARITY(holders counted)
    from POSTINGS, a ring of one file counted as RING_COUNTED holders at most (one_file_groups reads MOST as it says),
    and each document's group of one file (one_file_groups')."""
    alike = whole_alike(documents)
    group = one_file_groups(documents, postings, alike, most)
    held = holders_counted(group)
    return alike, {h: rarity(held(holders)) for h, holders in postings.items()}, group


RING_AND_ONE_KINDS = frozenset({"comment", "string", "line"})
# a ring's two members are a source and its verbatim copy when they hold this many traits nobody else has: a copy keeps
# every comment, string and line as written of its source; students whose fills of a starter coincide (one file by
# their code) share the class's comments and lines, held by many
RING_OWN_TRAITS = 5
# and the third holds this many of them with the ring (scores.WRITTEN_ITEMS' two: one comment alike is a phrase)
RING_AND_ONE_LEAST = 2


def ring_and_one(postings: dict[int, list[int]], weights: dict[int, float], group: list[int], held_by_three: float,
                 said) -> None:
    """A trait (SAID(h): its kind and text, the kind in RING_AND_ONE_KINDS: a comment, a string, a line as written)
    that exactly three students have, two of them one file (GROUP, one_file_groups': a source and its verbatim copy)
    with RING_OWN_TRAITS traits (hashes) only the two of them have, and the third not of their file, weighs
    HELD_BY_THREE (in WEIGHTS) where the traits' cut gives it nothing, when the third holds RING_AND_ONE_LEAST texts so
    with the ring: what a source copied twice, once verbatim and once restructured, kept in the restructured copy is
    held by three, as what only two students wrote is held by two (session 44)."""
    own: dict[tuple[int, int], int] = defaultdict(int)
    for holders in postings.values():
        if len(holders) == 2 and group[holders[0]] == group[holders[1]]:
            own[tuple(sorted(holders))] += 1
    found: dict[tuple, list[int]] = defaultdict(list)  # (the ring's two, the third) -> the traits the three hold
    for h, holders in postings.items():
        if len(holders) != 3 or weights.get(h, 0.0) != 0.0 or said(h)[0] not in RING_AND_ONE_KINDS:
            continue
        pairs = [(i, j, k) for i, j, k in ((*holders[:2], holders[2]), (holders[0], holders[2], holders[1]),
                                           (*holders[1:], holders[0])) if group[i] == group[j]]
        if len(pairs) == 1 and own[tuple(sorted(pairs[0][:2]))] >= RING_OWN_TRAITS:
            found[pairs[0]].append(h)
    for held in found.values():
        if len({said(h) for h in held}) >= RING_AND_ONE_LEAST:  # texts (a comment is several runs): one is a phrase
            for h in held:
                weights[h] = held_by_three
