"""Every surface gives the same answer (issue 25): one pipeline, one set of records.

Each test here reproduces a disagreement between two surfaces that grade the same work, as a user met it:
a crashed row's score, the file `grade check` names, the fleet taking every run a local batch makes,
and the student install checking the reference engine.
"""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.report.formats import BESIDE_SCORES, render

REFERENCE = Path(__file__).resolve().parent.parent / "reference" / "engine.py"


def _reference_with(old, new):
    text = REFERENCE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    return text.replace(old, new)


# A correct engine whose tanh kills its own worker: SIGKILL, as a memory limit would.
KILLING_TANH = _reference_with("        t = math.tanh(self.data)\n",
                               "        import os, signal\n        os.kill(os.getpid(), signal.SIGKILL)\n"
                               "        t = math.tanh(self.data)\n")


def _score_in(fmt, text, sid):
    """The score one rendering gives submission `sid`, read as a reader of that format would."""
    if fmt == "csv":
        header, *rows = [line.split(",") for line in text.splitlines()]
        return float(dict(zip(header, next(r for r in rows if r[0] == sid)))["score"])
    if fmt == "gradescope":
        return json.loads(text)["score"]
    if fmt == "junit":
        import xml.etree.ElementTree as ET

        suite = next(s for s in ET.fromstring(text) if s.get("name") == sid)
        return float(next(p.get("value") for p in suite.iter("property") if p.get("name") == "score"))
    if fmt == "markdown":
        line = next(line for line in text.splitlines() if line.startswith(f"| {sid} |"))
        return float(line.split("|")[3].split("/")[0])
    if fmt == "html":
        import re

        row = re.search(rf"<tr><td>{sid}</td>.*?<td class=\"num\">([0-9.]+) / ", text)
        return float(row.group(1))
    raise AssertionError(fmt)


def test_a_crashed_row_has_one_score_in_every_format(tmp_path):
    """A correct engine whose tanh SIGKILLs its worker: scores.json said `crashed 53/63`, and the CSV,
    Markdown, HTML, JUnit and Gradescope files said 0 (docs/contract.md §4 now says which is right)."""
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "killer.py").write_text(KILLING_TANH, encoding="utf-8")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(subs), "-o", str(out), "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text())
    (row,) = scores["submissions"]
    assert row["status"] == "crashed"
    assert row["score"] == sum(t["score"] for t in row["tests"]) == 53.0  # every test without tanh passes
    for fmt in BESIDE_SCORES:
        assert _score_in(fmt, render(scores, fmt), "killer") == 53.0, fmt
