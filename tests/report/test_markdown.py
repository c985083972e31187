"""The Markdown class summary and feedback page say the exact words, and escape what students wrote."""

from grader.report.markdown import code_block, md, submission_markdown, to_markdown

from .conftest import MALLORY


def test_class_summary(scores, timings):
    text = to_markdown(scores, timings)
    lines = text.splitlines()
    assert lines[0] == "# engine: class report"
    assert lines[2] == ("7 submissions: 4 graded, 1 timeout, 1 crashed, 1 rejected. "
                        "Mean score 9.6, median 12.5 (out of 20).")
    table = [line for line in lines[4:] if line.startswith("| ")]
    assert table[0] == "| id | status | score | first failing test | time (s) |"
    assert "| bob | graded | 18 / 20 | mul/shared-node | 2.1 |" in lines
    assert "| carol | graded | 13 / 20 | pow/constant | 3.3 |" in lines
    assert "| frank | rejected | 0 / 20 | — | — |" in lines
    assert f"| {md(MALLORY)} | graded | 12.5 / 20 | pow/constant | 7.4 |" in lines
    assert "| pow/constant | ops | visible | 2 / 4 | 50% |" in lines  # dave timed out in it: it did not run
    assert "| relu/at-zero | ops | after\\_due\\_date | 3 / 4 | 75% |" in lines
    assert "| tanh/chain | chain-rule | visible | 2 / 3 | 67% |" in lines  # carol skipped it
    rates = lines[lines.index("## Pass rate per test"):lines.index("## Did not run")]
    assert sum(line.startswith("| ") and line.endswith("% |") for line in rates) == 9
    assert lines[lines.index("## Did not run") + 2:] == [
        "- **dave** (timeout): the run overstayed its 60 s time limit",
        "- **erin** (crashed): the worker was killed by signal 9 (memory limit 256 MiB)",
        "- **frank** (rejected): not a notebook: invalid JSON (Expecting value: line 1 column 1 (char 0))",
    ]
    assert "time (s)" not in to_markdown(scores)


def test_student_text_cannot_become_markup(scores):
    text = to_markdown(scores)
    assert "<script>" not in text
    assert "mallory\\<script\\>alert(\"pwn\")\\</script\\>,x" in text
    assert md("a|b *c* [d](e) # f") == "a\\|b \\*c\\* \\[d\\](e) # f"
    assert md("# heading") == "\\# heading" and md("1. item") == "1\\. item" and md("2.5 points") == "2.5 points"
    assert md("line\nbreak & <tag>") == "line break &amp; \\<tag\\>"


def test_code_block_fence_outgrows_the_output():
    assert code_block("x ```` y") == "`````text\nx ```` y\n`````"
    assert code_block("\x1b[31mred") == "```text\n\\x1b[31mred\n```"


def test_feedback_page_for_a_student(by_id):
    text = submission_markdown(by_id["bob"])
    assert text.startswith("# Feedback: bob\n\nSubmitted file: bob.py\n\n"
                           "**Score on the tests shown: 7 / 9.** Your total includes tests whose results are withheld")
    assert "### Gradients are assigned, not accumulated" in text
    assert "| 2 | mul/shared-node | failed | 0 / 2 |" in text
    assert "In engine.py, line 31." in text
    assert "Hidden tests: 2, details withheld." in text
    assert "Tests shown after the due date: 3, details withheld until then." in text
    assert "backward/" not in text and "relu" not in text


def test_instructor_page_shows_everything(by_id):
    text = submission_markdown(by_id[MALLORY], show_hidden=True)
    assert "**Score: 12.5 / 20**" in text
    assert "| 6 | backward/deep-chain | error | 0 / 2 | hidden |" in text
    assert "### build\\_topo recurses once per node" in text
    assert "Hidden tests" not in text


def test_not_graded_page(by_id):
    text = submission_markdown(by_id["frank"])
    assert ("**Not graded: rejected.** not a notebook: invalid JSON (Expecting value: line 1 column 1 (char 0))"
            in text)
    assert "**Score: 0 / 20**" in text
    assert "No tests were run." in text


def test_code_spans_in_a_diagnosis_stay_code(by_id):
    bob = by_id["bob"]
    bob["diagnosis"][0].update(
        title="`=` instead of `+=` in `__mul__`",
        explanation="Your gradients match an engine that overwrites `grad` with `=` in `__mul__`'s backward: "
                    "for y = a * a at a = 3, a.grad is 3.0, not 6.0. Use `+=`; a_b <b> stays text.")
    text = submission_markdown(bob)
    assert "### `=` instead of `+=` in `__mul__`" in text
    assert ("Your gradients match an engine that overwrites `grad` with `=` in `__mul__`'s backward: for y = a \\* a "
            "at a = 3, a.grad is 3.0, not 6.0. Use `+=`; a\\_b \\<b\\> stays text.") in text
    assert "\\_\\_mul" not in text and "\\`" not in text


def test_a_page_says_how_many_withheld_tests_failed_and_on_what(by_id):
    text = submission_markdown(by_id[MALLORY])
    assert "2 withheld tests did not pass, on ops and topological-order." in text
    assert "deep-chain" not in text and "relu/at-zero" not in text
    after = submission_markdown(by_id[MALLORY], after_due_date=True)
    assert "1 withheld test did not pass, on topological-order." in after
    assert "withheld test" not in submission_markdown(by_id[MALLORY], show_hidden=True)
    assert "did not pass" not in submission_markdown(by_id["bob"])  # bob's withheld tests all pass
