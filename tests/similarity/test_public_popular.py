"""Issue 27, session 21: a public source many students of a class copied. Code held by more than max(COMMON_MIN,
COMMON_SHARE × N) students weighs nothing in the cohort (common knowledge); when more than that copied micrograd,
every fragment of it was common and every copy, a verbatim one too, was matched to it at 0 (then its copiers paired
with each other). The source's own code (beyond the course's reference) is graded by rarity but never cut in the
public match (public_match._source_rarity): held by many because many copied it, it is the source's."""

import functools

from grader.similarity import canonical_sources, public_match
from grader.similarity.cohort import REPORT_FLOOR, THRESHOLD, Cohort, Document, read_public, starter_kgrams

from .public_known import MICROGRAD
from .test_public_copies import ALIASED, LECTURE, SOURCE, read_engine, with_ops
from .test_similarity import CLASS, disguised, engine

OPS = (LECTURE, ALIASED, LECTURE.replace("t**2", "t*t"))
HEADERS = ("import math\n", "import math\nfrom math import tanh as _tanh, exp as _exp, log as _log\n")


def copies(count: int) -> dict[str, str]:
    """COUNT copies of micrograd with the homework's ops in three hands: two disguised (renamed, reordered), then
    verbatim copies each with a header of its own."""
    out = {"dis1": disguised(with_ops(LECTURE)), "dis2": disguised(with_ops(ALIASED, HEADERS[1]))}
    for k in range(count - 2):
        ops = OPS[k % 3]
        out[f"c{k:02d}"] = f"# homework 4, student {k}\n" + with_ops(ops, HEADERS[ops is ALIASED])
    return out


@functools.cache
def source() -> Document:
    """micrograd read as a public source, once: the reading does not depend on the rarity the tests swap."""
    return read_public(SOURCE.id, MICROGRAD, frozenset(), starter_kgrams(canonical_sources()), canonical_sources())


def scored(count: int) -> tuple[dict[str, float], dict[tuple[str, str], float], set[str]]:
    extra = copies(count)
    # each engine read once (read_engine): the class's engines and the copies of ten are those of twenty-four
    documents = [read_engine(name.split("/")[-1], engine(name)) for name in CLASS]
    documents += [read_engine(i, text) for i, text in extra.items()]
    cohort = Cohort(documents)
    public = {i: round(s, 4) for i, s in cohort.against(source())}
    pairs = {(p.a, p.b): p.score for p in cohort.pairs(public={SOURCE.id: public}, threshold=THRESHOLD)}
    return public, pairs, set(extra)


def test_a_source_a_third_of_the_class_copied_is_still_the_source_of_every_copy(monkeypatch):
    """24 copies in a class of 35 (with the class's own copy of micrograd, 25 hold each of its fragments: more than
    COMMON_MIN): every copy, the two disguised ones too, matched at 0.9997 (as with ten copies), no pair of them above
    0.0001 (under REPORT_FLOOR: never listed; 0.0 before session 29's rings.py, which counts each group of copies that
    added the same ops, one file of eight, as five holders in the rarity), and the honest engines at most 0.0116. With
    the cohort's cut on the source's own code (as before), every one was matched at 0.0 (nothing of micrograd weighed
    anything), and the copies paired at most 0.0896 (0.0334 before rings.py)."""
    public, pairs, extra = scored(24)
    assert {public.get(i, 0.0) for i in extra} == {0.9997} and public["correct-recursive-raised-limit"] == 0.9997
    assert max(s for i, s in public.items() if i not in extra and i != "correct-recursive-raised-limit") == 0.0116
    assert max(s for (a, b), s in pairs.items() if {a, b} <= extra) == 0.0001 < REPORT_FLOOR
    monkeypatch.setattr(public_match, "_source_rarity", lambda cohort, df: cohort._rarity(df))
    public, pairs, extra = scored(24)
    assert public == {} and max(s for (a, b), s in pairs.items() if {a, b} <= extra) == 0.0896  # 0.0334 before rings.py


def test_below_the_common_cut_nothing_moves(monkeypatch):
    """Ten copies in a class of 21: no fragment of micrograd is common, and every match is the cohort's as before
    (each copy 0.9997, the honest engines 0.0015-0.0485; 0.0491 before session 22's `max` for relu's choice)."""
    now = scored(10)
    assert {now[0][i] for i in now[2]} == {0.9997} and max(s for i, s in now[0].items() if s < 0.5) == 0.0485
    monkeypatch.setattr(public_match, "_source_rarity", lambda cohort, df: cohort._rarity(df))
    assert scored(10) == now
