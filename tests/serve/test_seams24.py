"""`grade serve` beside `grade run` (session 24's seams; tests/test_seams24.py for the rest), each failing before:
- an upload that is no .py, .ipynb or .zip was refused in words of the service's own (`'homework.rar' is not a .py,
  .ipynb or .zip file: upload your engine.py, ...`) where `grade run homework.rar` and Gradescope reject it in the
  loader's (`homework.rar is a .rar file; ...: unpack it, or pack it again as a .zip`): the service refuses it (422,
  nothing charged) in the loader's words, as data too (`message_data`), in the course's language;
- the API's tests dropped the type of what the engine raised, which a row's test now carries as `exception`."""

import json

import pytest
from click.testing import CliRunner

from grader.cli import main

from .conftest import REFERENCE, set_in_course

RULE = "self.grad += other.data * out.grad"
TYPO = REFERENCE.replace(RULE, RULE.replace("other.data", "other.dat"))


def _rejected_by_grade_run(tmp_path, name, data):
    entry = tmp_path / name
    entry.write_bytes(data)
    out = tmp_path / "one.json"
    CliRunner().invoke(main, ["run", str(entry), "-e", "01-mul-backward", "-o", str(out), "--no-cache", "-q"])
    (row,) = json.loads(out.read_text())["submissions"]
    assert row["status"] == "rejected"
    return row


@pytest.mark.parametrize("name, text", [
    ("homework.rar", "homework.rar is a .rar file; expected a folder, a .py file, a .ipynb notebook or a .zip of one "
                     "of these: unpack it, or pack it again as a .zip"),
    ("engine.py.txt", "engine.py.txt is a .txt file; expected a folder, a .py file, a .ipynb notebook or a .zip of "
                      "one of these"),
    ("C:\\fakepath\\README", "README has no file extension; expected a folder, a .py file, a .ipynb notebook or a "
                             ".zip of one of these"),
])
def test_an_upload_of_another_kind_is_refused_in_the_words_grade_run_rejects_it_in(served, tmp_path, name, text):
    answer = served.submit("bob", b"Rar!\x1a\x07\x00", filename=name)
    assert answer.status_code == 422
    said = answer.json()
    row = _rejected_by_grade_run(tmp_path, name.rsplit("\\", 1)[-1], b"Rar!\x1a\x07\x00")
    assert said["detail"] == row["message"] == text
    assert said["message_data"] == row["message_data"]
    assert served.get("bob", "/api/v1/exercises").json()[0]["attempts_left"] == 10  # nothing charged


def test_a_russian_course_refuses_it_in_russian(course, tmp_path):
    from fastapi.testclient import TestClient

    from grader.i18n import Message, translator
    from grader.serve.app import create_app

    set_in_course(course, lang='"ru"')
    app = create_app(course, start_pool=False)
    with TestClient(app) as client:
        token = app.state.service.token_for("bob")
        answer = client.post("/api/v1/submissions", headers={"Authorization": f"Bearer {token}"},
                             data={"exercise": "01-mul-backward"}, files={"file": ("homework.rar", b"x")})
    assert answer.status_code == 422
    data = answer.json()["message_data"]
    assert answer.json()["detail"] == translator("ru").render(Message.from_json(data)) != data["text"]
    assert "homework.rar" in answer.json()["detail"] and ".rar" in answer.json()["detail"]


def test_the_apis_tests_name_the_exception_as_the_row_does(served):
    sid = served.submit("alice", TYPO).json()["id"]
    assert served.grade_all() == 1
    from grader.serve.db import Submission

    with served.svc.db.read() as session:
        row = session.get(Submission, sid).record
    answer = served.get("instructor", f"/api/v1/submissions/{sid}").json()
    raised = [(t["name"], t.get("file"), t.get("line"), t.get("exception")) for t in answer["tests"]
              if t.get("exception")]
    assert raised == [(t["name"], t["file"], t["line"], t["exception"]) for t in row["tests"] if t.get("exception")]
    assert raised and {e for *_, e in raised} == {"AttributeError"} and {f for _, f, *_ in raised} == {"engine.py"}
