"""The sample record is coherent, and the shared reading of it is right."""

import pytest

from grader.report.record import (concept_points, first_failing, number, pass_rates, printable,
                                  student_view)

from .conftest import MALLORY


def test_sample_scores_add_up(scores):
    assert [r["id"] for r in scores["submissions"]] == ["alice", "bob", MALLORY, "carol", "dave", "erin", "frank"]
    assert [r["status"] for r in scores["submissions"]] == [
        "graded", "graded", "graded", "graded", "timeout", "crashed", "rejected"]
    for record in scores["submissions"]:
        assert record["score"] == sum(t["score"] for t in record["tests"])
        assert sum(t["max_score"] for t in record["tests"]) in (0, record["max_score"])


@pytest.mark.parametrize("value, text", [
    (38.0, "38"), (38.5, "38.5"), (0.1 + 0.2, "0.3"), (-0.0, "0"), (1 / 3, "0.3333"), (None, "0"), (40, "40"),
])
def test_number_is_written_without_float_noise(value, text):
    assert number(value) == text


def test_printable_shows_control_characters_and_keeps_newlines():
    assert printable("\x1b[31mred\x1b[0m\r\nnext\tcol\x00") == "\\x1b[31mred\\x1b[0m\nnext\tcol\\x00"


def test_printable_shows_bidi_overrides_and_isolates():
    # issue 11: U+202E reversed what followed it in a report ("exe.txt" shown as "txt.exe")
    text = "a\u202atxt.exe\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200f\u061cz"
    assert printable(text) == ("a\\u202atxt.exe\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069"
                               "\\u200f\\u061cz")


def test_printable_on_one_line_escapes_newlines_and_tabs():
    assert printable("a\nb\tc\r\n", one_line=True) == "a\\x0ab\\x09c\\x0d\\x0a"


def test_concept_points_and_first_failing(by_id):
    assert concept_points(by_id[MALLORY]) == {
        "accumulate": (2.0, 2.0), "chain-rule": (1.5, 3.0), "ops": (6.0, 10.0), "topological-order": (3.0, 5.0)}
    assert first_failing(by_id["bob"]) == "mul/shared-node"
    assert first_failing(by_id["carol"]) == "pow/constant"      # the error, not the skipped tests after it
    assert first_failing(by_id["alice"]) is None
    assert concept_points(by_id["frank"]) == {}


def test_pass_rates_count_only_submissions_that_ran_the_test(scores):
    # issue 30: a test skipped (carol's tanh/chain) or cut by a timeout (dave's) did not run
    rates = pass_rates(scores)
    assert rates["add/basic"] == (5, 5)
    assert rates["pow/constant"] == (2, 4)        # carol's error ran it; dave's timeout did not
    assert rates["tanh/chain"] == (2, 3)          # nor carol's skip
    assert rates["backward/deep-chain"] == (3, 4)


def test_student_view_before_and_after_the_due_date(by_id):
    before = student_view(by_id[MALLORY])
    assert [t["name"] for t in before.tests] == ["add/basic", "mul/shared-node", "pow/constant", "tanh/chain"]
    assert (before.withheld_hidden, before.withheld_until_due) == (2, 3)
    assert before.diagnosis == []
    assert not before.total_shown
    assert (before.shown_score, before.shown_max) == (5.5, 9.0)

    after = student_view(by_id[MALLORY], after_due_date=True)
    assert len(after.tests) == 7 and (after.withheld_hidden, after.withheld_until_due) == (2, 0)
    assert [d["variant"] for d in after.diagnosis] == ["relu-grad-at-zero"]   # the hidden one stays withheld

    instructor = student_view(by_id[MALLORY], show_hidden=True)
    assert len(instructor.tests) == 9 and len(instructor.diagnosis) == 2 and instructor.total_shown


def test_a_diagnosis_citing_a_test_shown_only_later_waits_for_it(by_id):
    assert student_view(by_id["carol"]).diagnosis == []
    assert [d["variant"] for d in student_view(by_id["carol"], after_due_date=True).diagnosis] == ["missing-pow"]
    assert [d["variant"] for d in student_view(by_id["bob"]).diagnosis] == ["mul-assign"]
