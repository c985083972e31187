"""How much of a public source each submission of a cohort holds (Cohort.against): the share of the source's code
beyond the starter, weighed by rarity (the source's own code never cut as common: `_source_rarity`), with a fragment
held whole where a copy holds it as often as the source does, and, where the course's reference explains part of the
source, the share of the source's own choices."""

from __future__ import annotations

from collections import defaultdict

from .documents import Document
from .scores import containment_score, evidence, float_sum
from .spacing import held_runs, own_lines


# a public source restyled (restyles.py) is read only for a submission that matches it as written at this much (the
# report's floor): a copy restyled keeps the rest of the source; an engine of one's own whose walk is written as a
# guard clause holds, in an exercise whose starter has all of the source but its walk, nothing else of it (session 17:
# the fifth class's 04-more-ops, an honest engine 0.10 as written, 0.76 restyled, without this floor)
RESTYLED_FROM = 0.2


def against(cohort, source: Document) -> list[tuple[str, float]]:
    """(submission id, score) of every submission that shares a fingerprint with a public source: its score against
    the source as written or, from RESTYLED_FROM of that, against it restyled (`source.restyled`), the higher."""
    return list(matched(cohort, source)[0].items())


def matched(cohort, source: Document) -> tuple[dict[str, float], dict[str, float]]:
    """({submission id: score} as `against` says it, {submission id: score} by the source's code alone, without its
    own comments (`_as_worded`)). The first attributes (a submission "matches public X"); only the second explains a
    pair's evidence away (Cohort.pairs): a match made by the text's comments alone says nothing of the code two
    students share besides it (session 36, review36: pasting a tutorial's two `# Step` comments into the tanh of two
    copy clusters took their pairs from 0.80-0.997 to 0.31-0.45, none flagged)."""
    code = dict(_against(cohort, source))
    for reading in source.restyled:
        for doc_id, score in _against(cohort, reading):
            if code.get(doc_id, 0.0) >= RESTYLED_FROM:
                code[doc_id] = max(code[doc_id], score)
    for doc_id, score in _as_spaced(cohort, source).items():
        if score > code.get(doc_id, 0.0):
            code[doc_id] = score
    best = dict(code)
    for doc_id, score in _as_worded(cohort, source).items():
        if score > best.get(doc_id, 0.0):
            best[doc_id] = score
    return best, code


def _as_worded(cohort, source: Document) -> dict[str, float]:
    """{submission id: score} against the source's own comments (its comment traits, runs of three words: words.py,
    that neither the starter nor the course's reference has): the share of them a submission holds, each weighed by
    its rarity in the class (a comment many write is a habit of the class: the cohort's cut), times the evidence
    factor (TRAIT_EVIDENCE) on their size. A text whose code is the exercise's canonical answer (the README dictates
    it, the reference explains all of it) has nothing else a copy keeps: without this a copy that pasted it with its
    comments matched it at 0 (session 36, sim36p: three public copies at 0.000, paired with each other instead)."""
    wanted = {h: size for h, size in source.traits.items() if size > 0 and source.trait_text[h][0] == "comment"
              and not source.trait_text[h][1].startswith(DOCSTRING)}
    if not wanted:
        return {}
    holders: dict[int, list[int]] = defaultdict(list)
    for index, document in enumerate(cohort.documents):
        for h in wanted:
            if document.known_traits.get(h, 0.0) > 0 or document.traits.get(h, 0.0) > 0:
                holders[h].append(index)
    weight = {h: cohort._rarity(len(holders.get(h, ()))) for h in wanted}
    total = float_sum(weight[h] * wanted[h] for h in sorted(wanted))
    share: dict[int, float] = defaultdict(float)
    size: dict[int, float] = defaultdict(float)
    for h in sorted(holders):
        for index in holders[h]:
            document = cohort.documents[index]
            held = min(1.0, max(document.known_traits.get(h, 0.0), document.traits.get(h, 0.0)) / wanted[h])
            share[index] += weight[h] * wanted[h] * held
            size[index] += wanted[h] * held if weight[h] > 0 else 0.0
    if total <= 0:
        return {}
    return {cohort.documents[i].id: round(min(1.0, share[i] / total) * evidence(size[i], WORDED_EVIDENCE), 4)
            for i in sorted(share) if share[i] > 0}


# a docstring read as a comment (its words as the source wrote them, quotes first): not a choice a copy keeps, as
# kept_traits leaves docstrings out (read_public: counting micrograd's took its level-3 copies from 0.99 to 0.65)
DOCSTRING = ('" " "', "' ' '")
# comments are traits: as much of them as TRAIT_EVIDENCE's 5 (cohort.py) says half (two comments of a dozen words)
WORDED_EVIDENCE = 5.0


def _as_spaced(cohort, source: Document) -> dict[str, float]:
    """{submission id: score} against the source as it spaced its lines and worded its comments (`source.spaced`,
    spacing.py): the share of those runs that the submission holds on its own lines, each run weighed by its rarity
    in the class (a spacing many write is a habit), times the evidence factor on how many it holds."""
    wanted = source.spaced
    if not wanted:
        return {}
    seen: dict[str, frozenset] = {}
    held = [held_runs(document.texts, wanted, own_lines(document), seen) for document in cohort.documents]
    holders: dict[tuple, int] = defaultdict(int)
    for found in held:
        for run in found:
            holders[run] += 1
    weight = {run: 1.0 if cohort._rarity(holders[run]) > 0 else 0.0 for run in sorted(wanted)}
    total = float_sum(weight.values())
    scores = {}
    for document, found in zip(cohort.documents, held):
        share = float_sum(weight[run] for run in sorted(found))
        if share > 0 and total > 0:
            scores[document.id] = round(share / total * evidence(len(found)), 4)
    return scores


def _against(cohort, source: Document) -> list[tuple[str, float]]:
    """(submission id, score) of every submission that shares a fingerprint with one reading of a public source.

    The score is the share of the source (its code beyond the starter, weighed by
    rarity) that the submission contains, times the evidence factor on the
    tokens it holds: a student who copies the public engine and adds ops of
    their own still contains all of it. When the course's reference explains
    part of the source (`source.explained`, read_public), that score is also
    multiplied by the share of the rest, the source's own choices, that the
    submission holds (weighed the same way): the reference's code is the
    lecture's answer, which an engine written in the lecture's style holds
    without having seen the source, and a copy holds both all of the source
    and all of what it chose beyond the lecture. That factor counts as far as
    there is enough of those choices to say it (1 − E × (1 − their share), E
    the evidence factor on their plain tokens of weight above 0): a source
    whose every choice is common in the class is matched on all its code.
    """
    shared: dict[int, float] = defaultdict(float)  # the source's code the submission holds, weighed
    chosen: dict[int, float] = defaultdict(float)  # of it, what the reference does not explain
    raw: dict[int, float] = defaultdict(float)
    total = chosen_total = chosen_tokens = 0.0
    parts = _Parts(source)
    for h in source.prints:
        tokens = source.tokens.get(h, 0.0)
        own = h not in source.explained
        w = (_source_rarity(cohort, len(cohort.postings.get(h, ()))) if own else cohort.weight(h)) * tokens
        total += w
        if own:
            chosen_total += w
            chosen_tokens += tokens if w > 0 else 0.0
        parts.add(h, w, tokens, own)
        # a fragment held by more than PART_CHOICE of the class is what every student writes, no evidence a part was
        # taken (a share of such fragments' small weights is near 1 whenever they are all the part has)
        chosen_here = len(cohort.postings.get(h, ())) <= PART_CHOICE * cohort.weighed_size()
        for index in cohort.postings.get(h, ()):
            held = _held(cohort.documents[index], source, h, tokens)
            shared[index] += w * held
            raw[index] += tokens * held
            if own:
                chosen[index] += w * held
            parts.held(index, h, w, tokens, held, own, chosen_here)
    if source.explained:
        # what the source wrote beyond the starter and the reference that a disguised copy keeps (its strings,
        # numbers and method shapes: read_public) are its own choices too, weighed as its code by how many hold
        # them: an engine written in the lecture's style holds the lecture's code, not the source's words
        kept = source.kept_traits
        holders: dict[int, list[int]] = defaultdict(list)
        for index, document in enumerate(cohort.documents):
            for h in document.known_traits.keys() & kept.keys():
                holders[h].append(index)
        for h, size in kept.items():
            w = _source_rarity(cohort, len(holders.get(h, ()))) * size
            chosen_total += w
            chosen_tokens += size if w > 0 else 0.0
            for index in holders.get(h, ()):
                chosen[index] += w * min(1.0, cohort.documents[index].known_traits[h] / size)
    said = evidence(chosen_tokens) if source.explained and chosen_total > 0 else 0.0
    scores = []
    for i, s in shared.items():
        score = containment_score(s, total, raw[i])
        if said:
            score *= 1 - said * (1 - min(1.0, chosen[i] / chosen_total))
        score = max(score, parts.score(i, bool(source.explained)))
        scores.append((cohort.documents[i].id, round(score, 4)))
    return [(doc_id, score) for doc_id, score in scores if score > 0]


def _source_rarity(cohort, df: int) -> float:
    """The weight of a fragment (or a trait) of the source's own, beyond the course's reference, that DF submissions
    hold: graded by rarity as the cohort grades it, but never cut as common knowledge (Cohort.common): code the source
    chose that many students hold is the source's, held by many because many copied it (a class where a third copied
    micrograd), not the class's habit. The reference's code (the lecture's answer) keeps the cohort's cut."""
    return 1.0 if df <= 1 else cohort._held_by(df)


def _held(document: Document, source: Document, h: int, tokens: float) -> float:
    """How much of the source's fragment H (TOKENS of it) DOCUMENT holds, from 0 to 1: as many occurrences of it as
    the source has hold all of it. A fragment's tokens are shared among the fragments that overlap it, which
    depends on the code around it (a copy whose next method was restyled shares them otherwise), so they only
    count where the document holds it in functions that nothing runs (read at UNREACHED_WEIGHT: padding)."""
    if not tokens:
        return 0.0
    size = min(1.0, document.tokens.get(h, 0.0) / tokens)
    if h in document.unreached.get("tokens", {}):
        return size
    return max(size, min(1.0, len(document.prints.get(h, ())) / max(1, len(source.prints.get(h, ())))))


# a part of a public source (one of its top-level classes or functions) is taken when a submission holds this share of
# it, weighed as the source is
TAKEN = 0.5
# and its own code is evidence it was taken only in the fragments at most this share of the class holds (N at least
# cohort.MIN_CLASS): a part whose code is the exercise's likeliest answer (11-fit-line's running-sum mse, which 18 to 25 of
# sim36q's 32 students write) holds all of its small weights in every honest file (session 36, sim36q: six honest
# files matched a tutorial at 0.939 through its mse alone, above two of its three copies). A third: a part copied by
# a few (the sixteenth class's Module and Neuron, two or three holders) keeps all of it
PART_CHOICE = 1 / 3


class _Parts:
    """A public source as its top-level definitions (a class and its methods, a function): a submission that took
    some of them whole and left the others (micrograd's `Module` and `Neuron` pasted into a neuron.py, its `Layer` and
    `MLP` left out) holds a share of the whole source as small as the part it left out is large, though what it
    holds is a copy. Its score against the parts it took (each held at TAKEN or more): the share of them it holds,
    times the evidence on their tokens, times the share it holds of their own choices (the code the reference does
    not explain, `source.explained`) and the evidence on those tokens: a part the lecture's answer explains (the
    course's own `Module`) says nothing of the source. The source's code outside any definition is no part."""

    def __init__(self, source: Document):
        self.part = {}
        for h, occurrences in source.prints.items():
            names = sorted({source.units[o.unit].name.split(".")[0] for o in occurrences} - {"<module>"})
            if names:
                self.part[h] = names[0]
        self.total: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # part -> [weight, own weight]
        self.holds: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0] * 4))

    def add(self, h: int, w: float, tokens: float, own: bool) -> None:
        if h in self.part:
            total = self.total[self.part[h]]
            total[0] += w
            total[1] += w if own else 0.0

    def held(self, index: int, h: int, w: float, tokens: float, held: float, own: bool, chosen: bool) -> None:
        """OWN: the fragment is the source's own (not the reference's); CHOSEN: held by at most PART_CHOICE of the
        class, its tokens evidence of the part."""
        if h in self.part:
            holds = self.holds[index][self.part[h]]  # weight, tokens, own weight, own tokens held
            holds[0] += w * held
            holds[1] += tokens * held
            if own:
                holds[2] += w * held
                holds[3] += tokens * held if w > 0 and chosen else 0.0

    def score(self, index: int, explained: bool) -> float:
        holds = self.holds.get(index)
        if not holds or len(self.total) < 2:
            return 0.0
        taken = [p for p in sorted(holds) if self.total[p][0] > 0 and holds[p][0] / self.total[p][0] >= TAKEN]
        if not taken or len(taken) == len(self.total):
            return 0.0  # none taken, or all of it: the whole source's score says it
        weight = float_sum(holds[p][0] for p in taken)
        score = containment_score(weight, float_sum(self.total[p][0] for p in taken),
                                  float_sum(holds[p][1] for p in taken))
        if explained:
            own_total = float_sum(self.total[p][1] for p in taken)
            if own_total <= 0:
                return 0.0
            score *= (min(1.0, float_sum(holds[p][2] for p in taken) / own_total)
                      * evidence(float_sum(holds[p][3] for p in taken)))
        return round(score, 4)
