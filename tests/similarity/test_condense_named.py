"""Padding a condensed file cannot keep its unused helpers by naming them where no code does (session 36's review):
a name in a string (`__all__`'s) or a comment is no caller, so the helpers are left out as when nothing names them."""

import pytest

from grader.similarity import compare
from grader.similarity.condense import condensed
from tests.similarity.test_padded_past_limits import ENGINE, helpers
from tests.similarity.test_similarity import cohort_with

PAD = helpers(300)


def strings(prefix):
    return "\n__all__ = [" + ", ".join(repr(f"{prefix}_{i}") for i in range(300)) + "]\n"


def comment(prefix):
    return "\nVERSION = 2  # " + " ".join(f"{prefix}_{i}" for i in range(300)) + "\n"


# each attack names the 300 helpers (spare_0...); its twin has the same line naming nothing of the file
ATTACKS = {"all-strings": (ENGINE + PAD + strings("spare"), ENGINE + PAD + strings("other")),
           "trailing-comment": (ENGINE + PAD + comment("spare"), ENGINE + PAD + comment("other"))}


@pytest.fixture(scope="module")
def scored():
    extra = {"source": ENGINE}
    for name, (attack, twin) in ATTACKS.items():
        extra |= {name: attack, f"{name}-twin": twin}
    docs = cohort_with(extra)
    record = compare(docs, [], threshold=0.0)
    pairs = {}
    for pair in record["pairs"]:
        pairs[(pair["a"], pair["b"])] = pairs[(pair["b"], pair["a"])] = pair["score"]
    return pairs, {doc.id: doc.limits for doc in docs}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_helpers_named_only_in_a_string_or_a_comment_are_left_out(attack):
    text, twin = ATTACKS[attack]
    # every helper is left out, as from the twin and from the padded copy that names nothing (2117: 300 helpers of 7
    # lines with the blank line before each, and the engine's 17 blank and comment-only lines), and the blank line
    # before the naming line
    assert condensed(text).left_out == condensed(twin).left_out == condensed(ENGINE + PAD).left_out + 1 == 2118
    assert "def spare_" not in condensed(text).text


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_copy_whose_helpers_are_named_in_a_string_or_a_comment_scores_as_its_twin(scored, attack):
    pairs, limits = scored
    # before: not listed even at threshold 0 (the helpers kept, the file went over the budget and was read lexical);
    # 0.1: the naming line's own tokens differ from the twin's (the strings' words), nothing else does
    assert (attack, "source") in pairs
    assert pairs[(attack, "source")] == pytest.approx(pairs[(f"{attack}-twin", "source")], abs=0.1)
    assert limits[attack] == [{"file": "engine.py", "what": "condensed", "lines_left_out": 2118}]


def test_names_in_code_still_keep_a_helper():
    # a helper named by code (a call, an f-string's field) is kept; one named in a string or a comment is not
    text = ENGINE + PAD + "\nREPORT = f'{spare_1(values=[1.0])}'  # spare_2\nTABLE = [spare_3, 'spare_4']\n"
    kept = condensed(text).text
    assert [n for n in range(6) if f"def spare_{n}(" in kept] == [1, 3]
