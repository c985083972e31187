"""`grade serve`'s API beside the feedback page it shows (session 23's seams; tests/test_seams23.py for the rest):
the API rendered a row's words with code of its own, beside the page's renderer, and the two had drifted once
(review22: English findings in a Russian course). Both now read the row through grader.report.record.Said; and
the API's place of a test kept `file` and `line` but dropped a notebook's `cell` (a line of which cell?)."""

import html
import json

from grader.report.html_feedback import submission_html

from .conftest import REFERENCE

RULE = "self.grad += other.data * out.grad"
TYPO = REFERENCE.replace(RULE, RULE.replace("other.data", "other.dat"))


def _notebook(*cells):
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": c} for c in cells]})


def test_the_apis_tests_are_placed_and_said_as_the_feedback_page_says_them(served):
    sid = served.submit("alice", _notebook("x = 1", TYPO), filename="hw1.ipynb").json()["id"]
    assert served.grade_all() == 1
    from grader.serve.db import Submission

    with served.svc.db.read() as session:
        row = session.get(Submission, sid).record
    answer = served.get("instructor", f"/api/v1/submissions/{sid}").json()
    line = next(n for n, text in enumerate(TYPO.splitlines(), 1) if "other.dat *" in text)
    placed = [(t["name"], t.get("file"), t.get("cell"), t.get("line")) for t in answer["tests"] if t.get("file")]
    assert placed == [(t["name"], t["file"], t.get("cell"), t["line"]) for t in row["tests"] if t.get("file")]
    assert placed and {tuple(where) for _, *where in placed} == {("hw1.ipynb", 2, line)}
    page = submission_html(dict(row, id="alice: 01-mul-backward"), show_hidden=True, lang="en")
    outputs = [t["output"] for t in answer["tests"] if t.get("output")]
    assert outputs and all(html.escape(output) in page for output in outputs)
    assert [d["title"] for d in answer["diagnosis"]] == [d["title"] for d in row["diagnosis"]]
