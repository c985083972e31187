"""`grade diff OLD NEW`: the students a regrade moved, by how much, and the tests that flipped."""

import json

from click.testing import CliRunner

from grader.cli import main
from grader.report.diff import diff, render_diff


def _record(sid, *statuses):
    tests = [{"name": f"t{i}", "status": s, "score": 1.0 if s == "passed" else 0.0, "max_score": 1.0}
             for i, s in enumerate(statuses, start=1)]
    return {"id": sid, "status": "graded", "score": sum(t["score"] for t in tests), "max_score": 6.0, "tests": tests}


def _scores(*records, exercise="engine", max_score=6.0):
    return {"exercise": exercise, "max_score": max_score, "submissions": list(records)}


OLD = _scores(_record("ann", "passed", "failed", "failed", "failed", "failed", "failed"),
              _record("ben", "passed", "passed", "passed", "passed", "passed", "passed"),
              _record("cat", "passed", "passed", "failed", "failed", "failed", "failed"),
              _record("dan", "passed", "passed", "passed", "failed", "failed", "failed"),
              _record("eve", "passed", "failed", "failed", "failed", "failed", "failed"))
NEW = _scores(_record("ann", "passed", "passed", "passed", "passed", "passed", "passed"),   # +5
              _record("ben", "passed", "passed", "passed", "passed", "failed", "failed"),  # -2
              _record("cat", "passed", "passed", "passed", "failed", "failed", "failed"),  # +1
              _record("dan", "passed", "passed", "passed", "failed", "failed", "failed"),  # the same
              _record("fay", "passed", "failed", "failed", "failed", "failed", "failed"))  # new; eve is gone


def test_changes_are_sorted_by_their_size():
    d = diff(OLD, NEW)
    assert [(c.id, c.change) for c in d.changes] == [("ann", 5.0), ("ben", -2.0), ("cat", 1.0), ("eve", -1.0),
                                                      ("fay", 1.0)]
    assert d.unchanged == 1


def test_text_table():
    assert render_diff(diff(OLD, NEW), "text") == (
        "5 students changed (3 up, 2 down), 1 unchanged.\n"
        "id      old     new  change  tests flipped\n"
        "ann       1       6      +5  t2: failed → passed; t3: failed → passed; t4: failed → passed; "
        "t5: failed → passed; t6: failed → passed\n"
        "ben       6       4      -2  t5: passed → failed; t6: passed → failed\n"
        "cat       2       3      +1  t3: failed → passed\n"
        "eve       1       —      -1  not in NEW\n"
        "fay       —       1      +1  not in OLD; t1: absent → passed; t2: absent → failed; t3: absent → failed; "
        "t4: absent → failed; t5: absent → failed; t6: absent → failed\n")


def test_markdown_and_json():
    new = _scores(*NEW["submissions"][:3], max_score=7.0)
    old = _scores(*OLD["submissions"][:3])
    assert render_diff(diff(old, new), "md") == (
        "# engine: what the regrade changed\n\n"
        "3 students changed (2 up, 1 down), 0 unchanged; maximum 6 → 7.\n\n"
        "| id | old | new | change | tests flipped |\n"
        "| --- | ---: | ---: | ---: | --- |\n"
        "| ann | 1 | 6 | +5 | t2: failed → passed<br>t3: failed → passed<br>t4: failed → passed<br>"
        "t5: failed → passed<br>t6: failed → passed |\n"
        "| ben | 6 | 4 | -2 | t5: passed → failed<br>t6: passed → failed |\n"
        "| cat | 2 | 3 | +1 | t3: failed → passed |\n")
    document = json.loads(render_diff(diff(old, new), "json"))
    assert document["old_max_score"] == 6.0 and document["new_max_score"] == 7.0
    assert document["changed"][1] == {"id": "ben", "old_score": 6.0, "new_score": 4.0, "change": -2.0, "flipped": [
        {"test": "t5", "old": "passed", "new": "failed"}, {"test": "t6", "old": "passed", "new": "failed"}]}


def test_the_command(tmp_path):
    (tmp_path / "old.json").write_text(json.dumps(OLD))
    (tmp_path / "new.json").write_text(json.dumps(NEW))
    (tmp_path / "tanh.json").write_text(json.dumps(_scores(exercise="03-tanh")))
    runner = CliRunner()
    text = runner.invoke(main, ["diff", str(tmp_path / "old.json"), str(tmp_path / "new.json")])
    assert text.exit_code == 0
    assert text.output == render_diff(diff(OLD, NEW), "text")
    md = runner.invoke(main, ["diff", str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--format", "md",
                              "-o", str(tmp_path / "diff.md")])
    assert md.exit_code == 0 and (tmp_path / "diff.md").read_text() == render_diff(diff(OLD, NEW), "md")
    other = runner.invoke(main, ["diff", str(tmp_path / "old.json"), str(tmp_path / "tanh.json")])
    assert other.exit_code == 1
    assert other.output == "Error: the scores files grade different exercises: 'engine' and '03-tanh'\n"
    same = runner.invoke(main, ["diff", str(tmp_path / "old.json"), str(tmp_path / "old.json")])
    assert same.output == "No score changed (5 students).\n"
