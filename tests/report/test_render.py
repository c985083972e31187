"""`render` gives every format as text, the same text for the same record."""

import json

import pytest

from grader.report import FORMATS, render


def test_formats():
    assert FORMATS == {"json", "junit", "csv", "markdown", "html", "gradescope"}


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
