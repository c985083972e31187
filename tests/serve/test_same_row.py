"""An upload gets the row `grade run` gives the student's own file (tests/test_seams.py for the other surfaces).

The service keeps an upload as `uploads/<student>/<id>.py` and graded that file: every place and message of the
row named the stored file (`3f9a….py, line 52`, `3f9a….py could not be used`), only the row's `source` was put
back to the student's name afterwards. Now the stored file is loaded under the student's name (load_entry's
`name`, pipeline.grade_files), so its row is the one `grade run my_engine.py` makes, a batch's rows too.
"""

import json
from pathlib import Path

from click.testing import CliRunner

from .conftest import REFERENCE

from grader.cli import main

RULE = "self.grad += other.data * out.grad"  # mul's backward rule, which 01-mul-backward tests
TYPO = REFERENCE.replace(RULE, RULE.replace("other.data", "other.dat"))
assert TYPO.count("other.dat *") == 1
EXIT = "import sys\nsys.exit(4)\n"


def _run_row(tmp_path, name, code):
    """`grade run` on the student's own file: its one row."""
    own = tmp_path / "own"
    own.mkdir(exist_ok=True)
    (own / name).write_text(code, encoding="utf-8")
    out = tmp_path / "own.json"
    result = CliRunner().invoke(main, ["run", str(own / name), "-e", "01-mul-backward", "-o", str(out),
                                       "--no-cache", "-q"])
    assert out.exists(), result.output
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def _stored(served, sid):
    from grader.serve.db import Submission

    with served.svc.db.read() as session:
        return session.get(Submission, sid).record


def test_an_upload_names_the_students_file_as_grade_run_does(served, tmp_path):
    ids = {name: served.submit(who, code, filename=name).json()["id"]
           for who, name, code in (("alice", "my_engine.py", TYPO), ("bob", "hw1.py", EXIT))}
    assert served.grade_all() == 2  # one batch of two
    for name, code in (("my_engine.py", TYPO), ("hw1.py", EXIT)):
        row, own = _stored(served, ids[name]), _run_row(tmp_path, name, code)
        assert (row["status"], row["score"], row["source"]) == (own["status"], own["score"], name)
        assert row["tests"] == own["tests"] and row["diagnosis"] == own["diagnosis"]
        assert row.get("message") == own.get("message")
        assert ids[name] not in json.dumps(row)  # no word of the stored file's name
    typo = _stored(served, ids["my_engine.py"])
    line = next(n for n, text in enumerate(TYPO.splitlines(), 1) if "other.dat *" in text)
    assert {(t["file"], t["line"]) for t in typo["tests"] if "file" in t} == {("my_engine.py", line)}
    assert _stored(served, ids["hw1.py"])["message"] == "hw1.py called sys.exit(4) while being imported"


def test_one_upload_alone_is_named_as_its_student_named_it(served):
    sid = served.submit("alice", TYPO, filename="Мой движок.py").json()["id"]
    assert served.grade_all() == 1
    row = _stored(served, sid)
    assert {t["file"] for t in row["tests"] if "file" in t} == {"Мой движок.py"}
    assert sid not in json.dumps(row, ensure_ascii=False)
    assert Path(row["source"]).name == "Мой движок.py"
