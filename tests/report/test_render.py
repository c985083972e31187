"""`render` gives every format as text, the same text for the same record."""

import json

import pytest

from grader.cli.report import report_command
from grader.report import FORMATS, render
from grader.report.formats import BESIDE_SCORES, FEEDBACK_PAGES


def test_formats():
    assert list(FORMATS) == ["junit", "csv", "markdown", "html", "gradescope", "json"]
    assert BESIDE_SCORES == ("junit", "csv", "markdown", "html", "gradescope")  # json is the scores file itself
    assert [f.name for f in FEEDBACK_PAGES] == ["markdown", "html"]


def test_no_two_formats_share_a_file_name():
    suffixes = [f.suffix for f in FORMATS.values()]
    assert len(set(suffixes)) == len(suffixes)


def test_the_timings_help_names_the_formats_that_show_timings(scores, timings):
    help_text = next(p.help for p in report_command.params if p.name == "timings")
    named = help_text.rpartition("show them: ")[2].rstrip(".").split(", ")
    assert sorted(named) == sorted(f for f in FORMATS if render(scores, f, timings) != render(scores, f))


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_renders_deterministically(scores, timings, fmt):
    text = render(scores, fmt, timings)
    assert isinstance(text, str) and text.endswith("\n")
    assert render(scores, fmt, timings) == text


def test_json_is_the_record(scores):
    assert json.loads(render(scores, "json")) == scores


def test_gradescope_is_results_json_for_one_submission_and_a_map_for_more(scores, timings):
    one = dict(scores, submissions=scores["submissions"][1:2])
    assert json.loads(render(one, "gradescope", {"bob": 2.1}))["score"] == 18.0
    assert json.loads(render(one, "gradescope", {"bob": 2.1}))["execution_time"] == 2
    batch = json.loads(render(scores, "gradescope", timings))
    assert list(batch) == [r["id"] for r in scores["submissions"]]
    assert batch["dave"]["execution_time"] == 60


def test_unknown_format():
    with pytest.raises(ValueError, match="Invalid format 'pdf': expected one of csv, gradescope, html, json, junit, markdown"):
        render({"submissions": []}, "pdf")
