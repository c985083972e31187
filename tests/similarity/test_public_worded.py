"""Issue 27, session 36 (sim36p): a public text whose code is the exercise's canonical answer. On 03-tanh the README
dictates the tanh every student writes, and a tutorial's tanh with that shape is all explained by the course's
reference: nothing of its code is its own, and the copies that pasted it with its two comments matched it at 0 (and
paired with each other instead). The text's own comments, weighed by their rarity in the class, now say it
(public_match._as_worded); the students who wrote the README's lines match it at nothing."""

from pathlib import Path

import pytest

from grader.similarity import public_match, read_class, scored

REPO = Path(__file__).resolve().parents[2]
CLASS = REPO / "bench" / "similarity" / "sim36p"
PUBLIC = {"s556", "s775", "s309"}  # P1 verbatim (a demo of its own), P2 verbatim, P3 t renamed r


@pytest.fixture(scope="module")
def reading():
    return read_class(CLASS / "main" / "submissions", starters=(REPO / "exercises" / "03-tanh" / "engine.py",),
                      public=(CLASS / "public" / "engine.py",))


def _public(reading) -> dict[str, float]:
    _, against, _ = scored(reading.documents, reading.sources)
    return {i: s for scores in against.values() for i, s in scores.items() if s > 0}


@pytest.mark.slow
def test_the_copies_that_kept_the_texts_comments_match_it_and_no_one_else_does(reading):
    """The two verbatim copies at 0.8521 (every comment run held: the evidence factor on their size with EVIDENCE 5),
    the renamed one at 0.6848 (its second comment says r**2); Mira's file and its verbatim copy at 0.0002 (the code's
    match: her `local` line), every other student at 0 (none holds a comment of the text's; their code is the
    reference's)."""
    assert _public(reading) == {"s556": 0.8521, "s775": 0.8521, "s309": 0.6848, "s783": 0.0002, "s895": 0.0002}


@pytest.mark.slow
def test_without_the_comments_the_copies_matched_nothing(reading, monkeypatch):
    monkeypatch.setattr(public_match, "_as_worded", lambda cohort, source: {})
    assert not set(_public(reading)) & PUBLIC


def test_a_comment_many_hold_is_the_classs():
    """A comment held by more than the cohort's common cut weighs nothing: a text whose only words are a habit of the
    class matches no one by them (Cohort._rarity)."""
    from grader.similarity.cohort import Cohort

    class Holder:
        def __init__(self, index, held):
            self.id, self.known_traits, self.traits = f"d{index}", {7: 1.0} if held else {}, {}

    class Source:
        traits, trait_text = {7: 1.0}, {7: ("comment", "a habit of the class")}

    cohort = Cohort.__new__(Cohort)
    cohort.documents, cohort.n = [Holder(i, i < 25) for i in range(40)], 40
    cohort.common = max(20, 0.1 * 40)
    assert public_match._as_worded(cohort, Source()) == {}
    cohort.documents = [Holder(i, i < 3) for i in range(40)]
    assert public_match._as_worded(cohort, Source()) == {"d0": 0.0385, "d1": 0.0385, "d2": 0.0385}


C1 = ("s913", "s476", "s895", "s783", "s725")  # copy clusters c1 (s913, s476) and c2 (s895, s783, s725)
STEPS = ("# Step 1: the forward value. math.tanh is stable for large |x|.",
         "# Step 2: the local derivative, 1 - t**2, times the gradient from above.")


@pytest.mark.slow
def test_the_texts_comments_pasted_into_copies_attribute_them_and_do_not_clear_their_pairs(tmp_path):
    """review36's evasion: the text's two comments pasted at the top of the tanh of c1 and c2's members made them
    match it by its comments, and that match scaled their pairs' evidence down as the source's (0.919 / 0.997 / 0.800
    / 0.800 -> 0.445 / 0.389 / 0.312 / 0.312, none flagged). A match by comments alone attributes (each member now
    matches the text) but explains none of the code they share: the pairs keep their scores before the paste (the
    same scores to 0.02: the comments are a little more shared evidence between them) and stay flagged."""
    import re
    import shutil

    from grader.similarity import compare
    shutil.copytree(CLASS, tmp_path / "cls")
    for sid in C1:
        path = tmp_path / "cls" / "main" / "submissions" / f"{sid}.py"
        text, pasted = re.subn(r"(\n(\s+)def tanh\(self[^\n]*\n)",
                               lambda m: m.group(1) + "".join(f"{m.group(2)}    {line}\n" for line in STEPS),
                               path.read_text(encoding="utf-8"), count=1)
        assert pasted == 1
        path.write_text(text, encoding="utf-8")
    reading = read_class(tmp_path / "cls" / "main" / "submissions",
                         starters=(REPO / "exercises" / "03-tanh" / "engine.py",),
                         public=(tmp_path / "cls" / "public" / "engine.py",))
    record = compare(reading.documents, reading.sources)
    pairs = {tuple(sorted((p["a"], p["b"]))): p for p in record["pairs"]}
    # s725's two pairs 0.800 -> 0.735 before and after the paste alike (session 37, mend37b: the text's figures are
    # not a pair's own numbers wherever they stand)
    before = {("s476", "s913"): 0.919, ("s783", "s895"): 0.997, ("s725", "s895"): 0.735, ("s725", "s783"): 0.735}
    for pair, score in before.items():
        assert pairs[pair]["score"] == pytest.approx(score, abs=0.02) and pairs[pair]["flagged"], pair
    assert set(C1) <= {m["id"] for m in record["public_matches"] if m["flagged"]}
