"""Scoring a cohort: fingerprints weighed by rarity, pairs found through an index, clusters of flagged pairs.

- **Starter subtraction.** Every k-gram of the starter (all of them, not only
  the winnowed ones) is removed from every document first: code the
  instructor handed out is evidence of nothing.
- **Rarity.** A fingerprint shared by df of the cohort's N documents weighs
  (log((N + 1) / df) / log(N + 1))²: 1 for a fragment one student wrote, near
  0 for one that nearly everybody wrote (the canonical line of a tiny
  exercise). N is at least MIN_CLASS.
- **Score of a pair.** S, the weight of the fingerprints both hold, over the geometric mean of their total weights (a
  weighted cosine: 1 for a verbatim copy, whatever its weights), times S² / (S² + EVIDENCE²): a pair must share some
  weight of rare code before it can score high, so two students whose solutions differ by a token, in an exercise whose
  solution everybody writes alike, stay low. In that factor each function holds at most UNIT_MOST of S (units.py): one
  function written alike is one choice, however long. Test files' cases alike are evidence of their own (case_scores).
- **Canonical lines.** Between two students neither of whom copied a public
  source, the code both hold that the canonical code's variants hold
  (variants.py: lines independent students write alike) counts in full in
  the cosine and at CANONICAL_EVIDENCE of its weight in the evidence factor
  (at most CANONICAL_MOST weighted tokens there, however much of it they share; CANONICAL_ONLY_MOST when it
  is all they have in common);
  so does, between any two, canonical code recombined
  (documents.py: its statements with some left out), and between two who
  copied no public source the class's common lines written again with
  another operator (forced.py): a pair whose shared own
  code is only such lines scores low however small their own code is. So
  does the code of a smoke test both run (smoke_tests.py: leaves, the
  exercise's ops, a print) when their smoke tests differ in their constants.
- **The index.** A fingerprint held by more than max(COMMON_MIN,
  COMMON_SHARE × N) documents weighs 0 (common knowledge), and S of every
  pair is summed through an inverted index of the others (each fingerprint
  adds its weight to the pairs of its holders), not by comparing every pair.
- **What is usual for each student.** Some students resemble many of their
  classmates (the same habits, the textbook walk, a starter filled the
  likeliest way): a pair of them scores high by chance. Each student's
  *typical* score is the mean of their 5th to 8th highest pair scores
  (TYPICAL_RANKS: a copy in a ring of up to five has at most four partners,
  so these are classmates it did not copy), and a pair's score is how far it rises above
  the higher of the two: (s − t) / (1 − t). A copy that shares far more with
  one classmate than with anyone else keeps its score; two students who are
  as close to each other as to five others lose it (a larger ring of one file: rings.py).
- **An identical rare mistake.** With a scores file, two submissions that
  fail the same tests with the same output (the same numbers on the same
  probes, the same diagnosis), a combination shared by c submissions, add
  MISTAKE_WEIGHT × log((N + 1) / c) / log(N + 1) as independent evidence:
  score' = 1 − (1 − score)(1 − bonus). On its own it never reaches the flag.
- **Public sources.** Each file of a public archive is scored against each
  submission the same way, with the cohort's weights (its own code uncut: public_match).
- **Matched regions.** For a reported pair, functions are matched one to one
  by the weight they share (greedily, heaviest first; a function left over
  then takes its best partner, so an extracted helper still finds where it
  came from), and within each matched pair the shared fingerprints are
  chained into regions of lines.
"""

from __future__ import annotations

import math
from collections import defaultdict
from itertools import combinations

# reading a document (documents.py), re-exported: the cohort's callers read with it
from .documents import (PARALLEL_FROM, Document, own_code, read_document, read_documents, read_public,  # noqa: F401
                        shared_unreached, starter_kgrams)
from .public_match import against
from .rings import rarity_weights, ring_and_one, typical_scores  # noqa: F401 (typical_scores: re-exported)
from .scores import (Pair, above_typical, alone_score, clusters, combined, containment_score, copied_surely,  # noqa: F401
                     evidence, float_sum, STRINGS_HELD_BY, group_traits, mistake_bonuses, named_line_scores, pair_score,
                     shared_alone, shared_smoke, shared_stock, shared_through, shared_written,
                     smaller_share_score, strings_held_by_three, written_items,
                     written_score)  # clusters: re-exported
from .case_scores import case_scores
from .forced import forced_code
from .labels import with_labels
from .traits import LINE_SIZE, SHORT
from .units import UNIT_MOST, shared_code

# Chosen on the benchmark (docs/similarity.md has the table): at 0.5, in the second and third classes every
# copy and every copy of micrograd with ops added is flagged, with 1 honest pair in 170 to 400; in the first,
# the copies of levels 1 and 2 and about half of those of levels 3 and 4, with 1 honest pair in 2,000.
THRESHOLD = 0.5
RARITY_POWER = 2  # squared: a fragment a third of the class shares weighs 0.1, one that two share 0.6
# Rarity needs a class: a smaller cohort is weighed as if it had MIN_CLASS members, the others without
# the fragment, so that seven students who all hand in one engine still share something rare.
MIN_CLASS = 30
COMMON_MIN, COMMON_SHARE = 20, 0.1
MISTAKE_WEIGHT = 0.35
# a public match of SURELY or more is a copy for certain: its public code none of its own between two such copies
# (below it, from the flag up, more of it each step). 1.0 until session 16: two copies matched at 0.55-0.65 kept most
# of a pair (c 0.1-0.3); 0.75 on bench/similarity/pubcopies: public pairs in the top k 38 -> 31 of 45 classes,
# tuning and validation unchanged
SURELY = 0.75
# traits (traits.py): only one another student may share a trait for it to count (a comment, a name, a line three
# students wrote alike is a habit of the class), unless the three are a ring (scores.group_traits) or it is a string
# (scores.strings_held_by_three: a source and its two copies keep its messages); TRAIT_EVIDENCE plays
# EVIDENCE's part. Both chosen on the first class (generate.SEED) alone, among 2 and 3, and 2, 3 and 5 (docs/similarity.md)
TRAIT_COMMON = 2
TRAIT_EVIDENCE = 5.0
# a method's shape (traits.py) is code: besides being a trait, it is weighed as the code's fragments are (graded
# rarity, the common cut), and a pair's shape score is the share of the smaller student's shapes that the other has,
# times the evidence factor with EVIDENCE's 5 (docs/similarity.md: What a score means)
SHAPE_EVIDENCE = 5.0
# the canonical code written another way (variants.py) that two students share, when neither copied a public source:
# it counts in full in how much of each one's code the other holds, and at this share in how much code that is (the
# evidence factor): two students whose own code is the lecture's lines score low however little else they wrote
# (chosen on fourth 1-6 and fifth 1-9 among 0.5, 0.4, 0.25 and 0; docs/similarity.md)
CANONICAL_EVIDENCE = 0.4
# and however much of it two students share, it is at most this much rare code in that factor (session 16): a whole
# file of the course's code written the plainest way (the eleventh class's index loops, 70 weighted tokens of variants)
# is the course's answer once, not 28 tokens of evidence (chosen among 4, 5, 6, 8 and 12 on the tuning classes)
CANONICAL_MOST = 5.0
# and when canonical code is all two students have in common (no other code, no comment, string or number written
# alike, not nearly all of their traits: `only_lines`), at most this much (session 18): two students who wrote the
# lecture's lines share the course's answer, and the copy of a student whose own code is those lines holds no more than
# they do (chosen among 0.5, 1, 1.5 and 2 on the tuning classes, 2.5 to 4.5 measured before the traits' exception; 1.5
# for every pair cost the copies that keep a comment or all of the traits, and the examples' dave)
CANONICAL_ONLY_MOST = 1.5
CANONICAL_ONLY_TRAITS = 0.9  # "nearly all": the share of their traits (a weighted cosine) two students share
REPORT_FLOOR = 0.2  # pairs below this are counted in the record, not listed


class Cohort:
    """The weights of a cohort's fingerprints and its index."""

    def __init__(self, documents: list[Document]):
        self.documents = shared_unreached(sorted(documents, key=lambda d: d.id))  # documents.py: what never runs
        self.position = {d.id: i for i, d in enumerate(self.documents)}  # id -> index in documents
        self.n = len(self.documents)
        self.postings: dict[int, list[int]] = defaultdict(list)
        for index, document in enumerate(self.documents):
            for h in document.prints:
                self.postings[h].append(index)
        self.common = max(COMMON_MIN, COMMON_SHARE * self.n)
        # a ring of students whose own code is one file counts as five holders at most in a fragment's rarity (rings.py)
        self.alike, self.weights, group = rarity_weights(self.documents, self.postings, self._rarity, int(2 * self.common))
        # what a pair is scored on: each one's own code (weighed tokens), less what a public source or the reference explains
        self.totals = [float_sum(own_code(d, self.weight).values()) for d in self.documents]
        # each one's code in plain tokens: their own, and what a public source, the reference or a variant explains
        self.plain = [(float_sum(n for h, n in d.tokens.items() if h not in d.explained and h not in d.variants),
                       float_sum(n for h, n in d.tokens.items() if h in d.explained or h in d.variants))
                      for d in self.documents]
        # traits: their own index, weighed by rarity with a stricter cut (TRAIT_COMMON, a ring of three, a ring and one)
        self.trait_postings, self.trait_weights, self.trait_totals = self._index(
            [d.traits for d in self.documents], self._trait_rarity,
            lambda p, w: (said := lambda h: self.documents[p[h][0]].trait_text[h],
                          group_traits(p, w, self._held_by(3), lambda i: own_code(self.documents[i], self.weight)),
                          strings_held_by_three(p, w, self._held_by(STRINGS_HELD_BY), lambda h: said(h)[0]),
                          ring_and_one(p, w, group, self._held_by(3), said)))
        # the methods' shapes, also weighed as code (a shape three students wrote still says something)
        self.shape_postings, self.shape_weights, self.shape_totals = self._index([d.shapes for d in self.documents],
                                                                                 self._rarity)
        # and as the structure reads them, weighed the same way: what a restructured copy keeps of its source's methods
        self.structure_postings, self.structure_weights, self.structure_totals = self._index(
            [d.structures for d in self.documents], self._rarity)

    @staticmethod
    def _index(sizes: list[dict[int, float]], rarity, regroup=lambda postings, weights: None):
        """The postings (hash -> holders), the weights (hash -> rarity of its holders, then `regroup`'s) and totals."""
        postings: dict[int, list[int]] = defaultdict(list)
        for index, held in enumerate(sizes):
            for h in held:
                postings[h].append(index)
        weights = {h: rarity(len(holders)) for h, holders in postings.items()}
        regroup(postings, weights)
        return postings, weights, [float_sum(weights[h] * size for h, size in held.items()) for held in sizes]

    def weight(self, h: int) -> float:
        return self.weights.get(h, 1.0)  # a fragment no submission holds (a public source's own): as rare as can be

    def _rarity(self, df: int) -> float:
        if df > self.common:
            return 0.0  # held by more than a tenth of the class: common knowledge
        if df <= 1:
            return 1.0
        return self._held_by(df)

    def _trait_rarity(self, df: int) -> float:
        if df > TRAIT_COMMON:
            return 0.0
        return self._held_by(df)

    def _held_by(self, df: int) -> float:
        """(log((N + 1) / df) / log(N + 1))^RARITY_POWER, N at least MIN_CLASS: 1 for one holder, near 0 for all."""
        n = self.weighed_size()
        return (math.log((n + 1) / df) / math.log(n + 1)) ** RARITY_POWER

    def weighed_size(self) -> int:
        """The class's size as rarity weighs it: N, at least MIN_CLASS."""
        return max(self.n, MIN_CLASS)

    def shared_traits(self) -> dict[tuple[int, int], float]:
        """The weighted traits each pair shares, through the traits' index."""
        return shared_through(self.trait_postings, self.trait_weights, [d.traits for d in self.documents])

    def shared_shapes(self) -> dict[tuple[int, int], float]:
        """The weighted method shapes each pair shares (weighed as code), through the shapes' index."""
        return shared_through(self.shape_postings, self.shape_weights, [d.shapes for d in self.documents])

    def shared_structures(self) -> dict[tuple[int, int], float]:
        """The weighted method shapes as the structure reads them that each pair shares, through their index."""
        return shared_through(self.structure_postings, self.structure_weights, [d.structures for d in self.documents])

    def traits_shared(self, a: Document, b: Document, most: int = 5) -> list[dict]:
        """The rare traits A and B both have, heaviest first (a comment's runs of words as one): {"kind", "text", "weight"}."""
        found: dict[tuple[str, str], float] = defaultdict(float)
        for h in sorted(a.traits.keys() & b.traits.keys()):
            found[a.trait_text[h]] += self.trait_weights.get(h, 0.0) * min(a.traits[h], b.traits[h])
        return [{"kind": kind, "text": text, "weight": round(-w, 3)}
                for w, kind, text in sorted((-w, k, t) for (k, t), w in found.items() if w > 0)[:most]]

    def shared_weights(self) -> dict[tuple[int, int], float]:
        """S of every pair that shares a fingerprint of weight above 0, accumulated through the index."""
        return shared_code(self.postings, self.weights, self.documents)[0]

    def pairs(self, mistakes: dict[str, str] | None = None,
              public: dict[str, dict[str, float]] | None = None, threshold: float = 1.0, channels=None) -> list[Pair]:
        """Every pair with a score above 0, highest first.

        Code a public source explains is not evidence between two students (it
        is subtracted as the starter is); `public` ({source: {id: score}}, from
        `against`) names, for two students who both match the same source at
        THRESHOLD or more, the source they both match (`via`): they are reported
        as matching it, not as copying each other, unless they share more. CHANNELS: as scores.combined keeps them.
        """
        bonuses = mistake_bonuses(self.position, mistakes or {}, self.common, self.n, MISTAKE_WEIGHT)
        both = self._both_public(public or {}, threshold)
        position = self.position
        copiers = {position[i] for scores in (public or {}).values() for i, s in scores.items()
                   if s >= threshold and i in position}
        canonical: dict[tuple[int, int], tuple[float, float, float, float]] = {}
        lines = self.shared_canonical()

        def homework(pair: tuple[int, int]) -> tuple[float, float, float, float]:
            """When one of them copied a public source, the ops the copier added to it written as the course's
            canonical code is written another way (variants.py): the homework's answer, not evidence between them."""
            if pair[0] not in copiers and pair[1] not in copiers:
                return 0.0, 0.0, 0.0, 0.0
            if pair not in canonical:
                canonical[pair] = (lines.get(pair, 0.0), *self._shared_variant_traits(*pair))
            return canonical[pair]

        (shared, spread), (code_r, shapes_r, structures_r) = (shared_code(self.postings, self.weights, self.documents,
                                                                          UNIT_MOST), self.shared_recombined())
        smoke = shared_smoke(self.weights, self.documents)  # the obvious smoke test both run: weak as canonical code
        forced = forced_code(self.postings, self.weights, self.documents, self.common)  # forced.py
        raw, by_hand = {}, shared_written(self.trait_postings, self.trait_weights, self.documents)
        traits = self.shared_traits()
        stock = shared_stock(self.trait_postings, self.trait_weights, self.documents, SHORT + 1)  # stock phrases

        def canonical_share(i: int, j: int) -> float:
            """The share of the code I and J share that is canonical (variants, recombined, the obvious smoke test)."""
            whole, canonical = shared.get((i, j), 0.0), lines.get((i, j), 0.0) + code_r.get((i, j), 0.0)
            # and the class's common lines with an operator changed (forced.py); 1 when they share none; 0 when either
            # is a public copier
            canonical += smoke.get((i, j), 0.0) + forced.get((i, j), 0.0)
            return 0.0 if i in copiers or j in copiers else 1.0 if whole - canonical < 1e-9 else canonical / whole

        def only_lines(i: int, j: int) -> bool:
            """Whether canonical code is all I and J have in common: all the code they share is canonical, they wrote
            no comment, string or number alike but stock phrases (`shared_stock`), and they do not share nearly all of
            their traits (as a verbatim copy does: its lines as written, its names), or those are one line's worth
            (LINE_SIZE, stock phrases apart: nearly all of one line is one line). CANONICAL_ONLY_MOST caps its
            evidence, and that of the lines as written and the methods' shapes they share (that code as written)."""
            phrases = stock.get((i, j), 0.0)
            if canonical_share(i, j) < 1.0 or by_hand.get((i, j), 0.0) - phrases > 1e-9:
                return False
            whole, alike = math.sqrt(self.trait_totals[i] * self.trait_totals[j]), traits.get((i, j), 0.0)
            return whole <= 0 or alike < CANONICAL_ONLY_TRAITS * whole or alike - phrases <= LINE_SIZE

        for (i, j), s in shared.items():
            s -= homework((i, j))[0]
            # the canonical code written another way (variants.py) both hold, unless a public copy took it out: lines
            # independent students write alike, weak evidence (CANONICAL_EVIDENCE); the rare comments, strings, names
            # and numbers both wrote alike count as rare code (by_hand: scores.WRITTEN_KINDS)
            plain = (0.0 if i in copiers or j in copiers else lines.get((i, j), 0.0) + forced.get((i, j), 0.0)) + \
                code_r.get((i, j), 0.0) + smoke.get((i, j), 0.0)
            most = CANONICAL_ONLY_MOST if only_lines(i, j) else CANONICAL_MOST
            rare = s - plain + min(CANONICAL_EVIDENCE * plain, most) + \
                max(0.0, by_hand.get((i, j), 0.0) - homework((i, j))[1])
            # each function's part of it at most UNIT_MOST: one function written alike is one choice (units.py)
            rare *= spread.get((i, j), 1.0)
            combined(raw, channels, (i, j), "code", pair_score(s, self.totals[i], self.totals[j], rare=rare))

        weak = 1 - CANONICAL_EVIDENCE
        for (i, j), t in traits.items():
            # the traits are evidence of their own, combined as independent evidence is: 1 − (1 − s)(1 − t)
            t -= homework((i, j))[1]
            # the variants' lines as written (and names) weak too, in the canonical share of their shared code
            plain = self._shared_variant_traits(i, j)[0] * canonical_share(i, j)
            # and when canonical code is all they have in common, the lines as written they share are that code as
            # written: at most CANONICAL_ONLY_MOST of evidence, as the code (session 19)
            rare = min(t - weak * plain, CANONICAL_ONLY_MOST if only_lines(i, j) else math.inf)
            trait = pair_score(t, self.trait_totals[i], self.trait_totals[j], TRAIT_EVIDENCE, rare=rare)
            combined(raw, channels, (i, j), "traits", trait)
            shared.setdefault((i, j), 0.0)
        written, structural = self.shared_shapes(), self.shared_structures()
        for i, j in set(written) | set(structural):
            # a third piece of evidence: the share of the smaller student's methods, as shapes, the other wrote
            # alike, as written or as the structure reads them (whichever says more: one method, not two pieces)
            _, _, x, y = homework((i, j))
            w, r = written.get((i, j), 0.0) - x, structural.get((i, j), 0.0) - y
            # all the code they share canonical (variants, recombined): its shapes as the variants hold them weak too
            _, vx, vy = self._shared_variant_traits(i, j) if canonical_share(i, j) >= 1.0 else (0.0, 0.0, 0.0)
            most = CANONICAL_ONLY_MOST if only_lines(i, j) else math.inf  # canonical code all they have in common
            shape = max(smaller_share_score(w, self.shape_totals[i], self.shape_totals[j], SHAPE_EVIDENCE,
                                            rare=min(most, w - weak * (shapes_r.get((i, j), 0.0) + vx))),
                        smaller_share_score(r, self.structure_totals[i], self.structure_totals[j], SHAPE_EVIDENCE,
                                            rare=min(most, r - weak * (structures_r.get((i, j), 0.0) + vy))))
            combined(raw, channels, (i, j), "shapes", shape)
            shared.setdefault((i, j), 0.0)
        for (i, j), alone in shared_alone(self.postings, self.weights, self.documents).items():
            # a fourth: the code only the two of them hold in the class, as a share of each one's own code
            alone = alone_score(alone * spread.get((i, j), 1.0), self.totals[i], self.totals[j])  # as the code
            combined(raw, channels, (i, j), "alone", alone)
        labelled = with_labels(written_items(self.trait_postings, self.trait_weights, self.documents), self)
        for (i, j), (items, weight) in labelled.items():
            # a fifth: two or more of the rare comments, strings and numbers they wrote alike (scores.WRITTEN_ITEMS)
            if (written := written_score(items, weight)) > 0:
                combined(raw, channels, (i, j), "written", written)
                shared.setdefault((i, j), 0.0)
        named = named_line_scores(self.documents, self.weights, self._trait_rarity, TRAIT_EVIDENCE)
        for piece, found in (("named", named), ("cases", case_scores(self.documents, self._rarity, self._index))):
            for (i, j), score in found.items():  # a sixth: own lines as written (scores.py); a seventh: cases
                combined(raw, channels, (i, j), piece, score)
                shared.setdefault((i, j), 0.0)
        for pair, (_, surely) in both.items():
            if pair in raw:
                raw[pair] *= self._besides_public(*pair, surely)
        typical, self.raw = typical_scores(raw, self.n, self.alike), raw  # fusion.py reads raw
        out = []
        for i, j in set(shared) | set(bonuses):
            a, b = self.documents[i], self.documents[j]
            usual = max(typical[i], typical[j])
            score = above_typical(raw.get((i, j), 0.0), usual)
            mistake = bonuses.get((i, j))
            if mistake:
                score = 1 - (1 - score) * (1 - mistake["bonus"])
            if score > 0:
                out.append(Pair(a.id, b.id, round(score, 4), round(shared.get((i, j), 0.0), 3), mistake,
                                both[(i, j)][0] if (i, j) in both else None, round(usual, 4)))
        return sorted(out, key=lambda p: (-p.score, p.a, p.b))

    def shared_canonical(self) -> dict[tuple[int, int], float]:
        """The weight of code each pair shares that the canonical code's variants hold (as shared_weights counts
        it), through an index of the variants alone."""
        postings: dict[int, list[int]] = defaultdict(list)
        for index, document in enumerate(self.documents):
            for h in document.variants:
                if h in document.prints:  # a variant is never explained (read_document)
                    postings[h].append(index)
        return shared_through(postings, self.weights, [d.tokens for d in self.documents])

    def shared_recombined(self) -> tuple[dict[tuple[int, int], float], ...]:
        """The code, shapes and structure shapes each pair shares that are canonical code recombined (documents)."""
        out = []
        for weights, held, sizes in ((self.weights, "prints", "tokens"), (self.shape_weights, "shapes", "shapes"),
                                     (self.structure_weights, "structures", "structures")):
            postings: dict[int, list[int]] = defaultdict(list)
            for index, document in enumerate(self.documents):
                for h in document.recombined:
                    if h in getattr(document, held):
                        postings[h].append(index)
            out.append(shared_through(postings, weights, [getattr(d, sizes) for d in self.documents]))
        return tuple(out)

    def _shared_variant_traits(self, i: int, j: int) -> tuple[float, float, float]:
        """The weight of traits, shapes and structures' shapes that documents I and J share and the canonical
        variants hold (as shared_traits, shared_shapes and shared_structures count it; their code: shared_canonical)."""
        a, b = self.documents[i], self.documents[j]
        held = a.variants | b.variants
        return tuple(float_sum(weights[h] * min(x[h], y[h]) for h in held if h in x and h in y)
                     for weights, x, y in ((self.trait_weights, a.traits, b.traits),
                                           (self.shape_weights, a.shapes, b.shapes),
                                           (self.structure_weights, a.structures, b.structures)))

    def _both_public(self, public: dict[str, dict[str, float]],
                     threshold: float) -> dict[tuple[int, int], tuple[str, tuple[float, float]]]:
        """{pair: (the public source both match at the threshold, how surely each of the two copied it)}: each
        match's rise above the threshold, (p - threshold) / (SURELY - threshold), from 0 at the flag to 1 at SURELY."""
        both: dict[tuple[int, int], tuple[float, str, tuple[float, float]]] = {}
        for source, scores in sorted(public.items()):
            holders = sorted((self.position[i], s) for i, s in scores.items() if s >= threshold and i in self.position)
            for (i, si), (j, sj) in combinations(holders, 2):
                if min(si, sj) > both.get((i, j), (0.0,))[0]:
                    both[(i, j)] = (min(si, sj), source, (si, sj))
        return {pair: (source, tuple(copied_surely(s, threshold, SURELY) for s in matches))
                for pair, (_, source, matches) in both.items()}

    def _besides_public(self, i: int, j: int, surely: tuple[float, float]) -> float:
        """For two students who both copied one public source: the share of their code that is their own besides it
        (a geometric mean), what the source, the reference and the variants (the homework's ops) explain in plain
        tokens, each one's as surely as it copied (SURELY). What they share (code, traits and shapes) is scaled by it: a
        few lines each added to the source do not make a pair of them; sharing most of their code besides it does."""
        (own_i, explained_i), (own_j, explained_j) = self.plain[i], self.plain[j]
        whole = (own_i + surely[0] * explained_i) * (own_j + surely[1] * explained_j)
        return math.sqrt(own_i * own_j / whole) if whole > 0 else 0.0

    def against(self, source: Document) -> list[tuple[str, float]]:
        """(submission id, score) of every submission that shares a fingerprint with a public source (public_match.py
        says how much of it each holds)."""
        return against(self, source)
