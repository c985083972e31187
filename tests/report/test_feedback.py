"""Feedback pages show each test as its visibility allows, under a file name safe on any system."""

import hashlib
import html
import re

import pytest

from grader.report.feedback import file_stem, unique_stems, write_feedback

from .conftest import MALLORY

HIDDEN_DETAILS = ("backward/topo-order", "backward/deep-chain", "RecursionError", "build_topo recurses",
                  "build\\_topo recurses")
LATER_DETAILS = ("relu/at-zero", "relu'(0)", "div/reflected", "log/domain")


def read(path):
    """A page's text as a reader sees it: HTML entities resolved."""
    text = path.read_text(encoding="utf-8")
    return html.unescape(text) if path.suffix == ".html" else text


def has_script_element(path):
    text = path.read_text(encoding="utf-8")
    return bool(re.search(r"(?<!\\)<script", text))     # Markdown shows `\<script` as text


def test_one_markdown_and_one_html_page_per_submission(scores, tmp_path):
    written = write_feedback(scores, tmp_path / "feedback")
    assert list(written) == [r["id"] for r in scores["submissions"]]
    names = sorted(p.name for p in (tmp_path / "feedback").iterdir())
    assert len(names) == 14
    assert {"alice.md", "alice.html", "frank.md", "frank.html"} <= set(names)
    md_path, html_path = written[MALLORY]
    assert re.fullmatch(r"mallory_script_alert_pwn_script_x-[0-9a-f]{8}", md_path.stem)
    assert html_path.stem == md_path.stem and html_path.suffix == ".html"


@pytest.mark.parametrize("sid, stem", [
    ("alice", "alice"), ("bob.smith-2", "bob.smith-2"), ("../etc/passwd", None), ("CON", None), ("", None)])
def test_file_stems_are_safe(sid, stem):
    got = file_stem(sid)
    assert re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9._-]*", got)
    if stem is not None:
        assert got == stem
    else:
        assert got != sid and re.search(r"-[0-9a-f]{8}$", got)


def test_ids_that_differ_only_in_case_get_distinct_files(scores, tmp_path):
    scores["submissions"][1]["id"] = "Alice"
    written = write_feedback(scores, tmp_path)
    assert written["alice"][0].name.lower() != written["Alice"][0].name.lower()
    assert len(list(tmp_path.iterdir())) == 14


def test_before_the_due_date_hidden_and_later_tests_are_only_counted(scores, tmp_path):
    written = write_feedback(scores, tmp_path)
    for path in written[MALLORY]:
        page = read(path)
        assert "pow/constant" in page and "tanh/chain" in page
        assert "Hidden tests: 2, details withheld." in page
        assert "Tests shown after the due date: 3, details withheld until then." in page
        for words in HIDDEN_DETAILS + LATER_DETAILS:
            assert words not in page, (path.name, words)
        assert "12.5 / 20" not in page        # the total would give the hidden results away
        assert "5.5 / 9" in page
        assert not has_script_element(path)


def test_after_the_due_date_later_tests_and_their_diagnoses_appear(scores, tmp_path):
    written = write_feedback(scores, tmp_path, after_due_date=True)
    for path in written[MALLORY]:
        page = read(path)
        for words in ("relu/at-zero", "relu'(0): expected 0, got 1", "div/reflected", "log/domain"):
            assert words in page, (path.name, words)
        assert "relu'(0) should be 0" in page
        for words in HIDDEN_DETAILS:
            assert words not in page, (path.name, words)
        assert "Hidden tests: 2, details withheld." in page
        assert "Tests shown after the due date" not in page


@pytest.mark.parametrize("after_due_date, shown", [(False, False), (True, True)])
def test_a_diagnosis_waits_for_every_test_it_cites(scores, tmp_path, after_due_date, shown):
    md_path, html_path = write_feedback(scores, tmp_path, after_due_date=after_due_date)["carol"]
    for path in (md_path, html_path):
        page = read(path)
        assert ("Value has no __pow__" in page or "Value has no \\_\\_pow\\_\\_" in page) is shown
        assert "TypeError: unsupported operand type(s) for ** or pow()" in page   # its visible test is there


def test_a_diagnosis_of_visible_tests_is_shown(scores, tmp_path):
    md_path, html_path = write_feedback(scores, tmp_path)["bob"]
    assert "### Gradients are assigned, not accumulated" in md_path.read_text(encoding="utf-8")
    assert "<h3>Gradients are assigned, not accumulated</h3>" in html_path.read_text(encoding="utf-8")


def test_submissions_that_did_not_run_say_why(scores, tmp_path):
    written = write_feedback(scores, tmp_path)
    frank_md = written["frank"][0].read_text(encoding="utf-8")
    assert "**Not graded: rejected.** not a notebook: invalid JSON" in frank_md
    erin_html = written["erin"][1].read_text(encoding="utf-8")
    assert '<span class="badge crashed">crashed</span>' in erin_html
    assert "<pre>the worker was killed by signal 9 (memory limit 256 MiB)</pre>" in erin_html
    assert "No tests were run." in erin_html
    dave_md = written["dave"][0].read_text(encoding="utf-8")
    assert "**Not graded: timeout.** the run overstayed its 60 s time limit" in dave_md
    assert "| 3 | pow/constant | timeout | 0 / 2 |" in dave_md


def test_an_id_named_like_anothers_generated_stem_does_not_take_its_page(scores, tmp_path):
    # issue 11: "Eve" and "eve" share a stem once case is folded, so "eve" is renamed eve-<hash of "eve">;
    # an entry named exactly that kept its name, and replaced eve's page
    renamed = "eve-" + hashlib.sha256(b"eve").hexdigest()[:8]
    ids = ["Eve", "eve", renamed, "eve?", file_stem("eve?"), renamed + "-2"]
    for record, sid in zip(scores["submissions"], ids):
        record["id"] = sid
    stems = unique_stems([r["id"] for r in scores["submissions"]])
    assert len({stem.lower() for stem in stems.values()}) == len(stems)
    written = write_feedback(scores, tmp_path / "feedback")
    assert len(list((tmp_path / "feedback").iterdir())) == 2 * len(scores["submissions"])
    for sid in ids:
        assert written[sid][0].read_text(encoding="utf-8").startswith(f"# Feedback: {sid}\n")
