"""The CSV gradebook round-trips through csv.DictReader with the record's numbers."""

import csv
import io

from grader.report.gradebook import to_csv
from grader.report.record import concept_points, score_of

from .conftest import MALLORY


def read(text):
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_header_and_rows(scores):
    text = to_csv(scores)
    assert text.splitlines()[0] == "id,score,max_score,status,accumulate,chain-rule,ops,topological-order"
    assert text.endswith("\r\n") and text.count("\r\n") == 8
    assert text.splitlines()[1] == "alice,20,20,graded,2,3,10,5"
    assert text.splitlines()[3] == '"mallory<script>alert(""pwn"")</script>,x",12.5,20,graded,2,1.5,6,3'
    assert text.splitlines()[7] == "frank,0,20,rejected,0,0,0,0"


def test_round_trip_gives_the_same_numbers(scores):
    rows = read(to_csv(scores))
    assert [row["id"] for row in rows] == [r["id"] for r in scores["submissions"]]
    for row, record in zip(rows, scores["submissions"]):
        assert float(row["score"]) == score_of(record)
        assert float(row["max_score"]) == record["max_score"]
        assert row["status"] == record["status"]
        earned = concept_points(record)
        for concept in ("accumulate", "chain-rule", "ops", "topological-order"):
            assert float(row[concept]) == earned.get(concept, (0.0, 0.0))[0]
        if record["status"] == "graded":
            assert sum(float(row[c]) for c in ("accumulate", "chain-rule", "ops", "topological-order")) == float(row["score"])
    assert rows[2]["id"] == MALLORY


def test_no_float_noise(scores):
    record = scores["submissions"][0]
    record["tests"][0]["score"], record["tests"][2]["score"] = 0.1, 0.2    # both "ops"
    record["score"] = 0.1 + 0.2 + 16
    row = read(to_csv(scores))[0]
    assert (row["score"], row["ops"]) == ("16.3", "6.3")


def test_formula_like_ids_are_defused(scores):
    scores["submissions"][0]["id"] = "=HYPERLINK(\"x\")"
    scores["submissions"][1]["id"] = "-bob"
    rows = read(to_csv(scores))
    assert (rows[0]["id"], rows[1]["id"]) == ("'=HYPERLINK(\"x\")", "'-bob")


def test_ids_never_carry_terminal_controls_into_the_csv(scores):
    # issue 11: ids are names students choose; the CSV carried their ESC, BEL and CR bytes raw
    scores["submissions"][0]["id"] = "\x1b[2J\x1b]52;c;cHduZWQ=\x07eve\rmallory\u202e.py\n"
    text = to_csv(scores)
    assert not any(c in text.replace("\r\n", "") for c in "\x1b\x07\r\n\u202e")
    assert read(text)[0]["id"] == "\\x1b[2J\\x1b]52;c;cHduZWQ=\\x07eve\\x0dmallory\\u202e.py\\x0a"


def test_a_concept_named_like_a_column_is_prefixed(scores):
    for record in scores["submissions"]:
        for test in record["tests"]:
            if test["concept"] == "ops":
                test["concept"] = "score"
    header = to_csv(scores).splitlines()[0]
    assert header == "id,score,max_score,status,accumulate,chain-rule,concept:score,topological-order"
