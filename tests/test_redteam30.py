"""Session 30's red team: fresh samples by a student who has read the grader's source, aimed at the seams between
surfaces (docs/security.md, "Session 30's red team"): `grade serve`'s uploads (a body sent slowly across the
deadline, many at once), a notebook's own `check()` against the grade of record of the same notebook, and
Gradescope's submission folder against the class folder's rules. The notebooks are graded in one batch; the rest
is checked in process. Each closed one failed before its fix, as its test says; the ones that held are kept so
that the next change that opens one fails."""

import json
import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap
from nbformat.v4 import new_code_cell, new_notebook
from sign_in_support import open_link

from grader.integrations.gradescope import submission_entry
from grader.load import load_submissions
from grader.load.notebooks import join_code_cells
from grader.pipeline import grade
from grader.sandbox import Limits
from grader.suites import load_suite

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "reference" / "engine.py"
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")

# -- a notebook's own check(), in the forms the docs show, against the grade of record of that notebook ---------

# Each is what a student writes after the engine's cell to see their check (grader/__init__.py's docstring: "a
# table in Jupyter, `grade check`'s text when printed"); graded, only `check("...")` and `grader.check("...")`
# were dropped, and every other form imported the grader in the sandbox (forbidden) or, its import dropped,
# called a `check` that was not there: 0/63 with a NameError or ImportError, beside a check that had run.
CHECK_FORMS = {
    "nb-print": ['from grader import check', 'print(check("engine"))'],
    "nb-exercise-keyword": ['from grader import check\ncheck(exercise="engine")'],
    "nb-alias": ['from grader import check as grade_me\ngrade_me("engine")'],
    "nb-kept-result": ['from grader import check', 'result = check("engine")\nresult'],
    "nb-display-lang": ['from grader import check', 'display(check("engine", lang="ru"))'],
    "nb-module-alias": ['import grader as g\ng.check("engine")'],
}


def _notebook(cells):
    return json.dumps(new_notebook(cells=[new_code_cell(CORRECT)] + [new_code_cell(c) for c in cells]))


@pytest.mark.parametrize("form", sorted(CHECK_FORMS))
def test_every_documented_form_of_a_notebooks_check_is_left_out_when_graded(form):
    """Closed: each form's cells are left out, so the graded code is the engine's cell alone."""
    assert join_code_cells([CORRECT, *CHECK_FORMS[form]]) == join_code_cells([CORRECT])


@pytest.mark.parametrize("cell", ["print(check(a))", 'result = check("engine")\nprint(result.tests)',
                                  'grade_me("engine")', 'check("engine")\nx = 1', "print(x)"])
def test_a_cell_that_does_more_than_check_is_the_students_code(cell):
    """Held: a call of the student's own `check(a)`, a check's result read further, a name imported in another
    cell, or anything else in the cell keeps it (a limit written in grader/load/check_cells.py)."""
    assert join_code_cells([CORRECT, cell]) != join_code_cells([CORRECT])


@slow_fixture(scope="module")
def notebook_rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("redteam30") / "class"
    folder.mkdir()
    for name, cells in CHECK_FORMS.items():
        (folder / f"{name}.ipynb").write_text(_notebook(cells), encoding="utf-8")
    graded = grade(folder, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2)
    return {r["id"]: r for r in graded.scores["submissions"]}


@needs_bwrap
def test_a_notebook_ending_in_its_check_grades_as_its_engine(notebook_rows):
    """Closed: 0/63 for every form on 64cbaea ("NameError: name 'check' is not defined", or the grader's import
    refused in the sandbox); now the engine's score, 63/63."""
    assert {sid: (row["status"], row["score"]) for sid, row in notebook_rows.items()} == {
        name: ("graded", 63.0) for name in CHECK_FORMS}


# -- Gradescope's submission folder: what a linked repository or an upload may hold ---------------------------

def _graded_as(folder):
    (sub,) = load_submissions(submission_entry(folder), load_suite("engine"), one_submission=True)
    return sub.id, sorted(sub.files) if sub.files else None, sub.problem and str(sub.problem)


def test_a_gradescope_submission_linking_to_the_reference_is_refused(tmp_path):
    """Held: a GitHub repository linked to Gradescope may hold symbolic links, which the class folder's own
    entries may be (the instructor's); in a submission folder every link is refused, whether it is the only file
    (`engine.py -> /autograder/source/reference/engine.py`), a helper beside a decoy, or a folder."""
    only, helper, folder = tmp_path / "only", tmp_path / "helper", tmp_path / "folder"
    for made in (only, helper, folder):
        made.mkdir()
    os.symlink(REFERENCE, only / "engine.py")
    (helper / "engine.py").write_text("from helper import *\n", encoding="utf-8")
    os.symlink(REFERENCE, helper / "helper.py")
    os.symlink(REFERENCE.parent, folder / "src")
    assert [_graded_as(f) for f in (only, helper, folder)] == [
        ("only", None, "only/engine.py is a symbolic link, which is not followed; submit the file itself"),
        ("helper", None, "helper/helper.py is a symbolic link, which is not followed; submit the file itself"),
        ("folder", None, "folder/src is a symbolic link to a folder, which is not followed; submit the folder "
                         "itself")]


def test_an_upload_shaped_as_an_lms_export_is_its_uploaders(tmp_path):
    """Held: one student's Gradescope upload is never read as an LMS export: a `submission_metadata.yml` naming
    victor beside `submission_1/engine.py` is mallory's folder (wrapped once, as exports wrap), and a file named
    as Blackboard names victor's attempt is mallory's engine.py; `ENGINE.PY` is engine.py."""
    export = tmp_path / "export"
    (export / "submission_1").mkdir(parents=True)
    (export / "submission_1" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    (export / "submission_metadata.yml").write_text(
        "submission_1:\n  :submitters:\n  - :name: Victor\n    :sid: '1'\n    :email: victor@example.edu\n",
        encoding="utf-8")
    attempt, upper = tmp_path / "attempt", tmp_path / "upper"
    attempt.mkdir()
    upper.mkdir()
    (attempt / "HW1_victor_attempt_2099-01-01-00-00-00_engine.py").write_text("x = 1\n", encoding="utf-8")
    (upper / "ENGINE.PY").write_text("x = 1\n", encoding="utf-8")
    assert [_graded_as(f) for f in (export, attempt, upper)] == [
        ("export", ["engine.py"], None), ("HW1_victor_attempt_2099-01-01-00-00-00_engine", ["engine.py"], None),
        ("ENGINE", ["engine.py"], None)]


# -- grade serve: an upload's body, sent slowly ---------------------------------------------------------------

def _multipart(exercise, filename, data, csrf=None):
    boundary = "redteam30boundary"
    fields = [("exercise", exercise)] + ([("csrf", csrf)] if csrf else [])
    body = b"".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                    for k, v in fields)
    body += (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
             f"Content-Type: text/x-python\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


async def _post_slowly(app, path, headers, body, later):
    """POST `body` to the app as a client that sends its first 40 bytes, then waits for `later()` (an awaitable:
    an event, a move of the clock), then sends the rest; the response's status and its JSON or location."""
    chunks, sent = [body[:40], body[40:]], []

    async def receive():
        if len(chunks) == 2:
            return {"type": "http.request", "body": chunks.pop(0), "more_body": True}
        if chunks:
            await later()
            return {"type": "http.request", "body": chunks.pop(0), "more_body": False}
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
             "server": ("testserver", 80), "client": ("testclient", 50000),
             "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}
    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    if start["status"] == 303:
        return 303, dict(start["headers"])[b"location"].decode()
    if dict(start["headers"]).get(b"content-type", b"").startswith(b"application/json"):
        return start["status"], json.loads(body)
    return start["status"], body.decode()  # the page, its refusal in its words


@pytest.fixture
def served(tmp_path):
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "mallory"], ["01-mul-backward"])
    course = folder / "course.toml"
    course.write_text(re.sub(r"(?m)^cooldown_seconds = .*$", "cooldown_seconds = 0", course.read_text()))
    app = create_app(folder, start_pool=False)
    with TestClient(app) as client:
        yield app, client


def _bearer(app, who):
    return {"Authorization": f"Bearer {app.state.service.token_for(who)}"}


@pytest.mark.parametrize("via", ["api", "page"])
def test_an_upload_is_received_when_its_last_byte_arrives(served, via):
    """Closed: lateness was decided by the moment the request began, before its body was read, and uvicorn sets no
    time for a body: mallory's upload begun a minute before the deadline, its file sent five hours after it, was
    on time (`late` False), and one whose file came after the late window was admitted (202), on the API and on
    the page's form alike. Now it is received when its last byte has arrived: late, and refused as closed."""
    time_machine = pytest.importorskip("time_machine")
    app, client = served
    exercise = app.state.service.course.exercises["01-mul-backward"]
    if via == "api":
        path, headers, csrf = "/api/v1/submissions", _bearer(app, "mallory"), None
    else:
        open_link(client, f"/login/{app.state.service.link_for('mallory')}")
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/").text).group(1)
        path, headers = "/upload", {"Cookie": f"grade_session={client.cookies['grade_session']}"}
    outcomes = []
    for arrives in (exercise.due + timedelta(hours=5), exercise.late_until + timedelta(hours=5)):
        body, kind = _multipart("01-mul-backward", "engine.py", f"x = {len(outcomes)}\n".encode(), csrf)
        with time_machine.travel(exercise.due - timedelta(minutes=1), tick=False) as clock:
            async def later(when=arrives):
                clock.move_to(when)

            status, answer = client.portal.call(_post_slowly, app, path, dict(headers, **{"Content-Type": kind}),
                                                body, later)
        outcomes.append((status, answer if via == "page" or status != 202 else answer["late"]))
    if via == "api":
        assert outcomes[0] == (202, True)
    else:
        assert outcomes[0][0] == 303
        with app.state.service.db.read() as session:
            from grader.serve.db import Submission

            assert session.get(Submission, outcomes[0][1].rsplit("/", 1)[1]).lateness != "on_time"
    assert outcomes[1][0] == 403 and "closed at" in str(outcomes[1][1])


def test_a_persons_uploads_arriving_at_once_are_capped(served):
    """Closed: each upload whose body was still arriving held a connection for as long as its sender liked, and a
    student's token could open one after another (30 a minute under the rate limit) until the server ran out of
    descriptors for the class: two held open, a third was admitted as well (202). Now a third of the same
    student's is refused while two are arriving (429, Retry-After), and taken once they have; a classmate's is
    not held up."""
    import anyio

    app, client = served

    async def scenario():
        arrived = anyio.Event()
        statuses = {}

        async def slow(n):
            body, kind = _multipart("01-mul-backward", "engine.py", f"x = {n}\n".encode())
            statuses[n] = (await _post_slowly(app, "/api/v1/submissions", dict(_bearer(app, "mallory"),
                                              **{"Content-Type": kind}), body, arrived.wait))[0]

        async def quick(who, n):
            body, kind = _multipart("01-mul-backward", "engine.py", f"y = {n}\n".encode())

            async def now():
                return None
            return (await _post_slowly(app, "/api/v1/submissions", dict(_bearer(app, who), **{"Content-Type": kind}),
                                       body, now))[0]

        async with anyio.create_task_group() as group:
            group.start_soon(slow, 1)
            group.start_soon(slow, 2)
            await anyio.sleep(0.2)
            during = (await quick("mallory", 3), await quick("alice", 4))
            arrived.set()
        return during, statuses, await quick("mallory", 5)

    during, statuses, after = client.portal.call(scenario)
    assert (during, statuses, after) == ((429, 202), {1: 202, 2: 202}, 202)


def test_what_an_upload_names_and_repeats_stays_within_the_students_own(served):
    """Held: an exercise named with `..`, a NUL or another case is no exercise (422); two files in one form are
    refused (400); an Idempotency-Key sent again after the deadline with other content is refused (422; it answered
    the first upload until session 44: tests/test_redteam44.py), the first's content and its lateness unchanged."""
    time_machine = pytest.importorskip("time_machine")
    from grader.serve.db import Submission

    app, client = served
    mallory = _bearer(app, "mallory")

    def post(exercise="01-mul-backward", files=None, headers=mallory):
        return client.post("/api/v1/submissions", headers=headers, data={"exercise": exercise},
                           files=files or {"file": ("engine.py", b"x = 1\n")})

    assert [post(name).status_code for name in ("../../etc", "01-mul-backward/../engine", "01-mul-backward\x00",
                                                "01-MUL-BACKWARD")] == [422] * 4
    assert post(files=[("file", ("engine.py", b"x = 1\n")), ("file", ("b.py", b"y = 1\n"))]).status_code == 400
    exercise = app.state.service.course.exercises["01-mul-backward"]
    keyed = dict(mallory, **{"Idempotency-Key": "k1"})
    with time_machine.travel(exercise.due - timedelta(minutes=1), tick=False):
        first = post(headers=keyed).json()
    with time_machine.travel(exercise.due + timedelta(hours=2), tick=False):
        again = post(headers=keyed, files={"file": ("engine.py", b"x = 2  # written after the deadline\n")})
    assert (again.status_code, again.json()["detail"]) == (422, "this `Idempotency-Key` was sent before with another "
                                                                "upload of yours (for 01-mul-backward): send each new "
                                                                "upload with a new key")
    assert first["late"] is False
    with app.state.service.db.read() as session:
        row = session.get(Submission, first["id"])
        assert (row.content, row.lateness) == (b"x = 1\n", "on_time")


def test_a_check_says_the_score_grading_gives():
    """Closed: the twin of the informed attacks (tests/test_redteam29.py), graded: 25.8334/63, each test's score
    rounded to 4 decimals and then summed (grader/scores.py; two tests at 2/3 of a point, 0.6667 each); `grade check`
    and a notebook's check() on the very same file summed the exact points: "25.8333/63". A check now sums as
    grading does (measured with `grade` and `grade check` on one engine; here on two such tests and one passed)."""
    from grader.classroom.student_check import CheckResult

    tests = [{"name": f"t{i}", "status": "failed", "points": 1.0, "earned": 2 / 3, "output": "", "doc": ""}
             for i in range(2)] + [{"name": "t2", "status": "passed", "points": 1.0, "output": "", "doc": ""}]
    result = CheckResult("engine", "engine", "engine.py", None, tests, [], 0.0)
    assert result.points == round(0.6667 + 0.6667 + 1, 4) == 2.3334
    assert str(result).splitlines()[-1].startswith("Score on the visible tests: 2.3334/3 points (1 of 3 tests pass).")


def test_a_timeout_the_machine_caused_is_refunded_by_grade_serve(tmp_path):
    """Closed: a run whose worker was starved of CPU is observed again, and only if it is starved again does its
    row keep the `timeout`, its message saying the machine was too busy (docs/security.md, "CPU, beyond a
    point"); `grade serve` kept that row as the student's graded, charged attempt (a neighbour's load cost them an
    attempt, and with policy "last" their grade). The row now says `starved`, and the service refunds it as an
    infrastructure failure; a timeout of the student's own is charged as before."""
    from types import SimpleNamespace

    from grader.load import allowed_files, load_entry
    from grader.scores import submission_record
    from grader.serve.grading import REFUND_BUSY, Worker

    (tmp_path / "bob.py").write_text("x = 1\n", encoding="utf-8")
    submission = load_entry(tmp_path / "bob.py", allowed_files(load_suite("engine")))
    said = ("add/values: did not finish within 3 s while the machine was too busy to run it (it waited for a "
            "CPU): it will be observed again, and is not cached")
    # measured waiting; a wall-clock guess of a machine that cannot tell (the portable worker's every timeout, a
    # loop's too: tests/test_portable.py grades one); a timeout of the student's own
    runs = ({"starved": True, "waited_for_cpu": True}, {"starved": True}, {})
    rows = [submission_record(submission, {"status": "timeout", "message": said, "import_error": None,
                                           "probes": {}, **extra}, [], 63.0) for extra in runs]
    assert [(row["status"], row.get("starved")) for row in rows] == [("timeout", True), ("timeout", None),
                                                                     ("timeout", None)]
    sub = SimpleNamespace(student="bob", filename="bob.py")
    values = [Worker._values(sub, row, None, 1.0) for row in rows]
    assert [(v["status"], v.get("charged", True), v.get("refund_reason")) for v in values] == [
        ("error", False, REFUND_BUSY), ("graded", True, None), ("graded", True, None)]
