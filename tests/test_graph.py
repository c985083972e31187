"""The picture of the smallest failing expression on a feedback page (issue 28): drawn by graphviz as
micrograd's draw_dot draws it, each node with its operation, value, expected and actual gradient, the
first difference from the output back marked; one line instead where graphviz is missing."""

import re
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.pipeline import grade
from grader.report.html_feedback import graph_html, submission_html
from grader.sandbox import Limits


EXAMPLES = Path(__file__).parent.parent / "examples" / "submissions"


@slow_fixture(scope="module")
def examples(tmp_path_factory):
    # all but frank, whose engine loops: three probes each ran out their 2 s of CPU, and a timeout's row shows
    # no expression (tests/test_grade.py and tests/test_fleet.py grade it and pin that row)
    tmp = tmp_path_factory.mktemp("examples")
    shutil.copytree(EXAMPLES, tmp / "class", ignore=shutil.ignore_patterns("frank.py", "__pycache__"))
    result = grade(tmp / "class", limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2,
                   cache_dir=tmp / "cache")
    return result.scores["submissions"]


def _value_ids(svg):
    return sorted(re.findall(r'<g id="(value\d+|first_difference)"', svg))


def test_every_failing_example_shows_its_expression_as_a_graph(examples):
    # every row that imported and lost points (grace's file is a SyntaxError: no expression ever ran)
    failing = [row for row in examples if row["status"] == "graded" and row["score"] < row["max_score"]
               and all(t["status"] == "passed" for t in row["tests"] if t["name"] == "engine/imports")]
    assert len(failing) >= 3
    for row in failing:
        page = submission_html(row, show_hidden=True)
        tables = [d["table"] for d in row["diagnosis"] if d.get("table")]
        assert tables, row["id"]
        pictures = re.findall(r'<figure class="graph">(.*?)</figure>', page, flags=re.DOTALL)
        assert len(pictures) == len([t for t in tables if t.get("graph")]) >= 1, row["id"]
        for table, svg in zip([t for t in tables if t.get("graph")], pictures):
            graph = table["graph"]
            # a box per value, an oval per operation
            assert len(_value_ids(svg)) == len(graph["nodes"]), row["id"]
            assert len(re.findall(r'<g id="op\d+"', svg)) == sum(1 for n in graph["nodes"] if n["op"]), row["id"]
            first = [n for n in graph["nodes"] if n.get("first")]
            if first:  # the first difference from the output back, marked and named
                (node,) = first
                assert node["name"] == table["first_differing"]
                marked = re.search(r'<g id="first_difference".*?</g>', svg, flags=re.DOTALL)[0]
                assert "first difference" in marked and f">{node['name']}<" in marked


def test_without_graphviz_the_table_stays_and_one_line_says_why(monkeypatch):
    import grader.report.html_feedback as feedback

    graph = {"nodes": [{"id": 0, "op": "*", "data": 9.0, "expected": 1.0},
                       {"id": 1, "op": "", "data": 3.0, "expected": 6.0, "name": "a", "observed": 3.0,
                        "differs": True, "first": True}], "edges": [[1, 0]], "output": 0}
    assert '<g id="first_difference"' in graph_html(graph)
    monkeypatch.setattr(feedback, "graph_svg", lambda graph, lang="en": None)
    assert graph_html(graph) == (
        '<p class="note">The picture of this graph needs graphviz (the <code>dot</code> program and the '
        '<code>graphviz</code> Python package); the table below has the same numbers.</p>')
    assert graph_html(None) == ""
