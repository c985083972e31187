"""An upload gets the row `grade run` gives the student's own file (tests/test_seams.py for the other surfaces).

The service keeps an upload as `uploads/<student>/<id>.py` and graded that file: every place and message of the
row named the stored file (`3f9a….py, line 52`, `3f9a….py could not be used`), only the row's `source` was put
back to the student's name afterwards. Now the stored file is loaded under the student's name (load_entry's
`name`, pipeline.grade_files), so its row is the one `grade run my_engine.py` makes, a batch's rows too.
"""

import json
from pathlib import Path

import pytest

from click.testing import CliRunner
from endings_support import exited

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
    assert _stored(served, ids["hw1.py"])["message"] == exited("hw1.py", 4)


def test_one_upload_alone_is_named_as_its_student_named_it(served):
    sid = served.submit("alice", TYPO, filename="Мой движок.py").json()["id"]
    assert served.grade_all() == 1
    row = _stored(served, sid)
    assert {t["file"] for t in row["tests"] if "file" in t} == {"Мой движок.py"}
    assert sid not in json.dumps(row, ensure_ascii=False)
    assert Path(row["source"]).name == "Мой движок.py"


@pytest.mark.slow  # grades twice in the sandbox
def test_the_courses_language_is_the_feedbacks_as_grade_checks(served, tmp_path):
    """`grade check --lang ru`, `grade ci --lang ru`, Gradescope and the feedback pages speak Russian; the service
    showed the same row in English on its page and in its API, having no language at all. course.toml's `lang`
    is now its feedback's language (session 22's seams)."""
    from grader.i18n import translator
    from grader.serve import ServeError
    from grader.serve.course import load

    from .conftest import set_in_course
    from .test_pages import signed_in

    set_in_course(served.folder, lang='"ru"')  # `grade serve init` writes lang = "en"
    served.svc.course = load(served.folder)
    assert served.svc.course.lang == "ru"
    sid = served.submit("alice", TYPO, filename="my_engine.py").json()["id"]
    assert served.grade_all() == 1
    own = _run_row(tmp_path, "my_engine.py", TYPO)
    failed = next(t for t in own["tests"] if t["status"] == "error")
    russian = translator("ru").render(failed["output_message"])
    assert russian != failed["output"] and "ваш движок" in russian
    answer = served.get("alice", f"/api/v1/submissions/{sid}").json()
    assert next(t["output"] for t in answer["tests"] if t["name"] == failed["name"]) == russian
    student, _ = signed_in(served, "alice")
    page = student.get(f"/submissions/{sid}").text
    assert "Отзыв" in page and "What went wrong" not in page
    set_in_course(served.folder, lang='"de"')
    with pytest.raises(ServeError, match="lang must be one of en, ru, zh; got 'de'"):
        load(served.folder)


@pytest.mark.slow  # a batch graded in the sandbox, and each file again by `grade run`
def test_fresh_shapes_get_grade_runs_row_gradebook_cell_and_passback(tmp_path, monkeypatch):
    """Session 22's fresh shapes uploaded (a BOM, CRLF cells, a macOS zip, a crash after stderr, a Latin-1 file):
    each stored row is `grade run`'s for the file, and the gradebook's cell and the score its LTI passback sends
    are that row's score; a refused upload is one row, refunded, with no cell and nothing sent."""
    import sys
    from types import SimpleNamespace

    from fastapi.testclient import TestClient

    from grader.serve import jobs, lti
    from grader.serve.app import create_app
    from grader.serve.course import load, write_new
    from grader.serve.db import LtiLink
    from grader.serve.gradebook import gradebook
    from grader.serve.grading import Worker

    from .conftest import set_in_course

    sys.path.insert(0, str(Path(__file__).parents[2] / "bench" / "seams"))
    try:
        import fresh22
    finally:
        sys.path.pop(0)
    shapes = fresh22.fresh_class(tmp_path / "class")
    names = ["bom.py", "crlf-cells.ipynb", "macosx.zip", "stderr-crash.py", "latin1.py"]
    assert set(names) <= set(shapes)
    folder = tmp_path / "course"
    students = [f"s{n}" for n in range(len(names))]
    write_new(folder, students, ["engine"])
    set_in_course(folder, cooldown_seconds=0)
    sent = {}

    class Captured:
        def send(self, link, score, maximum, comment):
            sent[link.student] = (score, maximum)

    monkeypatch.setattr(lti.Lti, "of", classmethod(lambda cls, folder: Captured()))
    monkeypatch.setattr(jobs, "RETRY_BACKOFF_SECONDS", (0, 0, 0))
    app = create_app(folder, start_pool=False)
    with TestClient(app) as client:
        svc = app.state.service
        served = SimpleNamespace(svc=svc)  # what _stored reads
        with svc.db.write() as session:
            for who in students:
                session.add(LtiLink(student=who, exercise="engine", issuer="i", client_id="c", user_id=who, service={}))
        ids = {}
        for who, name in zip(students, names):
            answer = client.post("/api/v1/submissions", data={"exercise": "engine"},
                                 headers={"Authorization": f"Bearer {svc.token_for(who)}"},
                                 files={"file": (name, (tmp_path / "class" / name).read_bytes())})
            assert answer.status_code == 202, answer.text
            ids[name] = answer.json()["id"]
        Worker(folder).drain()
        with svc.db.read() as session:
            book = {r["student"]: r["exercises"]["engine"] for r in gradebook(session, load(folder))["students"]}
        for who, name in zip(students, names):
            row = _stored(served, ids[name])
            out = tmp_path / f"{who}.json"
            CliRunner().invoke(main, ["run", str(tmp_path / "class" / name), "-o", str(out), "--no-cache", "-q"])
            (own,) = json.loads(out.read_text())["submissions"]
            assert {k: row.get(k) for k in ("status", "score", "tests", "diagnosis", "message", "message_data")} == \
                {k: own.get(k) for k in ("status", "score", "tests", "diagnosis", "message", "message_data")}, name
            if own["status"] == "rejected":
                assert (book[who], sent.get(who)) == (None, None)
            else:
                assert (book[who]["score"], sent[who]) == (own["score"], (own["score"], own["max_score"]))
        assert [(row["status"], row["score"]) for row in (_stored(served, ids[n]) for n in names)] == [
            ("graded", 59.0), ("graded", 59.0), ("graded", 59.0), ("crashed", 0.0), ("rejected", 0.0)]


def test_the_apis_diagnosis_is_in_the_courses_language_as_its_tests(served):
    """review22: the API said a Russian course's test outputs in Russian but its findings (title, explanation)
    in English; each is rendered from its Message record, as the feedback page renders it."""
    from grader.i18n import translator
    from grader.serve.course import load

    from .conftest import OWN_VALUE, set_in_course

    set_in_course(served.folder, lang='"ru"')
    served.svc.course = load(served.folder)
    sid = served.submit("alice", OWN_VALUE).json()["id"]
    assert served.grade_all() == 1
    answer = served.get("instructor", f"/api/v1/submissions/{sid}").json()
    ru = translator("ru")
    findings = answer["diagnosis"]
    assert findings and all(d["title"] == ru.render(d["messages"]["title"]) for d in findings if "messages" in d)
    first = findings[0]
    assert first["title"] != translator("en").render(first["messages"]["title"])
    assert first["explanation"] == ru.render(first["messages"]["explanation"])
