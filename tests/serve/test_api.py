"""The service's API end to end in-process: submit, grade through the pipeline, see, limits, gradebook, regrade."""

import asyncio
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import time_machine
from click.testing import CliRunner

from grader.cli import main
from grader.serve.app import UploadCap
from grader.serve.db import Submission

from .conftest import OWN_VALUE, REFERENCE, set_in_course


def test_a_student_submits_is_graded_by_the_pipeline_and_sees_only_what_is_visible(served):
    answer = served.submit("bob", OWN_VALUE)
    assert answer.status_code == 202
    body = answer.json()
    assert body["status"] == "queued" and body["url"] == f"/api/v1/submissions/{body['id']}"
    assert body["attempts_left"] == 9
    waiting = served.get("bob", body["url"]).json()
    assert (waiting["status"], waiting["queue_position"]) == ("queued", 0)

    assert served.grade_all() == 1
    seen = served.get("bob", body["url"]).json()
    assert seen["status"] == "graded" and seen["outcome"] == "graded"
    # 01-mul-backward has hidden tests: the total is withheld, the visible tests and their points are shown.
    assert seen["score"] is None and seen["withheld"]["hidden"] == 6
    assert all(t["visibility"] == "visible" for t in seen["tests"])
    assert (seen["shown_score"], seen["shown_max_score"]) == (0.0, 8.0)
    assert seen["withheld"]["failed"].startswith("6 withheld tests did not pass, on ")
    # The student sees only a finding made from the tests they are shown (record.student_view); the
    # instructor's cites the hidden tests too.
    shown = {t["name"] for t in seen["tests"]}
    assert seen["diagnosis"] and all(set(d.get("tests") or []) <= shown for d in seen["diagnosis"])

    # The instructor sees everything, the hidden tests and the total included.
    full = served.get("instructor", body["url"]).json()
    assert full["score"] == 0.0 and len(full["tests"]) == len(seen["tests"]) + 6
    assert "`self.data`" in full["diagnosis"][0]["title"]
    # Another student's id is a 404, exactly as an id that does not exist.
    assert served.get("alice", body["url"]).status_code == 404
    assert served.get("alice", "/api/v1/submissions/0123456789abcdef").status_code == 404


def test_the_correct_engine_scores_full_marks_and_a_repeat_is_served_by_the_cache(served):
    first = served.submit("alice", REFERENCE).json()
    served.grade_all()
    second = served.submit("alice", REFERENCE).json()
    served.grade_all()
    a, b = (served.get("instructor", x["url"]).json() for x in (first, second))
    assert a["score"] == a["max_score"] == b["score"] == 14.0
    with served.svc.db.read() as session:
        seconds = [session.get(Submission, x["id"]).seconds for x in (first, second)]
    assert seconds[1] < seconds[0]  # the repeat's observation came from the content-keyed cache


def test_who_may_do_what(served):
    assert served.client.get("/api/v1/gradebook").status_code == 401
    tampered = served.svc.token_for("alice")[:-2] + "xx"
    assert served.client.get("/api/v1/exercises", headers={"Authorization": f"Bearer {tampered}"}).status_code == 401
    assert served.get("alice", "/api/v1/gradebook").status_code == 403
    assert served.client.post("/api/v1/regrade", headers=served.auth("bob"),
                              json={"exercise": "01-mul-backward"}).status_code == 403
    assert served.get("instructor", "/api/v1/gradebook").status_code == 200


def test_a_revoked_token_stops_working_at_once(served):
    old = served.auth("alice")
    assert served.client.get("/api/v1/exercises", headers=old).status_code == 200
    result = CliRunner().invoke(main, ["serve", "tokens", str(served.folder), "--revoke", "alice"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "student,token,link" and lines[1].startswith("alice,") and len(lines) == 2
    new_token = lines[1].split(",")[1]
    # the link is no API token (a link signs in once: auth.py), and the new generation's
    assert lines[1].endswith(f"/login/{served.svc.link_for('alice')}") and served.svc.link_for("alice") != new_token
    assert served.client.get("/api/v1/exercises", headers=old).status_code == 401
    assert served.client.get("/api/v1/exercises", headers={"Authorization": f"Bearer {new_token}"}).status_code == 200
    # An upload is let in on the token's signature and refused in its admission's transaction: nothing is kept.
    refused = served.client.post("/api/v1/submissions", headers=old, data={"exercise": "01-mul-backward"},
                                 files={"file": ("engine.py", REFERENCE.encode())})
    assert refused.status_code == 401 and "revoked" in refused.json()["detail"]
    with served.svc.db.read() as session:
        assert session.query(Submission).filter_by(student="alice").count() == 0


def test_tokens_print_every_person_the_same_until_revoked(course):
    runner = CliRunner()
    first = runner.invoke(main, ["serve", "tokens", str(course)])
    again = runner.invoke(main, ["serve", "tokens", str(course)])
    assert first.exit_code == 0 and first.output == again.output
    assert [line.split(",")[0] for line in first.output.splitlines()] == ["student", "alice", "bob", "instructor"]


def test_init_refuses_an_unknown_exercise_and_an_existing_course(tmp_path, course):
    result = CliRunner().invoke(main, ["serve", "init", str(tmp_path / "x"), "--students", "a",
                                       "--exercises", "no-such-suite"])
    assert result.exit_code == 1 and "no-such-suite" in result.output
    result = CliRunner().invoke(main, ["serve", "init", str(course), "--students", "a", "--exercises", "engine"])
    assert result.exit_code == 1 and "exists already" in result.output


def test_attempt_limit_and_cool_down_answer_429_with_retry_after_and_the_quota(course):
    set_in_course(course, attempts=2, cooldown_seconds=600)
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from .conftest import Course
    with TestClient(create_app(course, start_pool=False)) as client:
        served = Course(course, client.app, client)
        start = datetime.now(timezone.utc).replace(microsecond=0)
        with time_machine.travel(start, tick=False):
            assert served.submit("bob", REFERENCE).status_code == 202
            cooling = served.submit("bob", REFERENCE)
            assert cooling.status_code == 429 and cooling.headers["Retry-After"] == "600"
            assert cooling.json()["attempts_left"] == 1 and "cool-down" in cooling.json()["detail"]
        with time_machine.travel(start + timedelta(seconds=601), tick=False):
            assert served.submit("bob", REFERENCE).json()["attempts_left"] == 0
        with time_machine.travel(start + timedelta(seconds=1300), tick=False):
            over = served.submit("bob", REFERENCE)
            assert over.status_code == 429 and over.json()["attempts_left"] == 0
            assert "all 2 attempts" in over.json()["detail"]
            late_until = served.svc.course.exercises["01-mul-backward"].late_until
            assert int(over.headers["Retry-After"]) == (late_until - start).total_seconds() - 1300
        with served.svc.db.read() as session:
            assert session.query(Submission).count() == 2  # a refused request leaves no row (its bytes were in it)


def test_an_upload_over_the_cap_is_refused_before_its_body_is_read(served):
    cap = served.svc.course.max_upload_bytes
    answer = served.submit("bob", b"x" * (cap + 100 * 1024))
    # a refusal like every other: its words as data, the limit in the loader's unit (it said `20 MB` of 20 MiB)
    assert (answer.status_code, answer.json()) == (413, {
        "detail": "the upload is over this course's limit of 20.0 MiB: submit your engine.py, notebook or zip alone",
        "message_data": {"id": "the upload is over this course's limit of {limit}: submit your engine.py, notebook "
                               "or zip alone", "params": {"limit": "20.0 MiB"},
                         "text": "the upload is over this course's limit of 20.0 MiB: submit your engine.py, notebook "
                                 "or zip alone"}})

    async def never_read():
        raise AssertionError("the body was read")

    sent = []

    async def send(message):
        sent.append(message)

    async def app(scope, receive, send):
        await receive()
    scope = {"type": "http", "method": "POST", "path": "/api/v1/submissions",
             "headers": [(b"content-length", str(cap * 2).encode())]}
    asyncio.run(UploadCap(app, cap, lang="ru")(scope, never_read, send))
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"])["detail"] == (  # in the course's language, as every refusal of the service
        "загруженный файл больше предела этого курса, 20.0 MiB: отправьте только engine.py, блокнот или архив .zip")


def test_a_file_the_grader_cannot_read_is_rejected_and_costs_no_attempt(served):
    answer = served.submit("bob", b"{not json", filename="work.ipynb").json()
    served.grade_all()
    seen = served.get("bob", answer["url"]).json()
    assert seen["status"] == "rejected" and seen["charged"] is False and "not counted" in seen["refund"]
    assert served.get("bob", "/api/v1/exercises").json()[0]["attempts_left"] == 10
    assert served.submit("bob", b"print(1)", filename="engine.txt").status_code == 422


def test_a_rejected_upload_keeps_none_of_its_bytes_so_refunds_cannot_fill_the_disk(served):
    """A rejected upload costs no attempt, so whatever of it is kept piles up for free: on 344153b a student
    sent twelve engine.py files of 5 MiB (over the loader's 1 MiB; two more than the attempt limit), each
    rejected and refunded, and the course kept every byte twice (the row and uploads/): 142 MB, at up to 30
    uploads a minute. A rejected upload now keeps its digest and size only; a graded one keeps its bytes (a
    regrade and the similarity report read them)."""
    import hashlib

    big = b"# " + b"x" * (2 * 1024 * 1024) + b"\n"
    ids = []
    for _ in range(12):
        answer = served.submit("alice", big)
        assert answer.status_code == 202, answer.text
        ids.append(answer.json()["id"])
        served.grade_all()
    kept = served.submit("alice", REFERENCE).json()["id"]
    served.grade_all()
    for sid in ids:
        seen = served.get("alice", f"/api/v1/submissions/{sid}").json()
        assert (seen["status"], seen["charged"]) == ("rejected", False), seen
    assert served.get("alice", "/api/v1/exercises").json()[0]["attempts_left"] == 9
    with served.svc.db.read() as session:
        rows = {sub.id: (sub.content, sub.digest, sub.size) for sub in session.query(Submission).all()}
    assert {rows[sid] for sid in ids} == {(None, hashlib.sha256(big).hexdigest(), len(big))}
    assert rows[kept][0] == REFERENCE.encode()
    assert sorted(p.name for p in (served.folder / "uploads" / "alice").iterdir()) == [f"{kept}.py"]


def test_an_infrastructure_failure_is_retried_then_refunded(served, monkeypatch):
    from grader.serve import grading, jobs

    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        raise OSError("the disk went away")
    monkeypatch.setattr(grading, "pipeline", broken)
    answer = served.submit("bob", REFERENCE).json()
    served.grade_all()
    seen = served.get("bob", answer["url"]).json()
    assert len(calls) == jobs.MAX_TRIES
    assert seen["status"] == "error" and seen["charged"] is False
    assert seen["refund"] == grading.REFUND_INFRASTRUCTURE and "the disk went away" in seen["message"]
    assert served.get("bob", "/api/v1/exercises").json()[0]["attempts_left"] == 10


def test_lateness_is_decided_by_receipt_and_the_gradebook_applies_late_credit(served):
    ex = served.svc.course.exercises["01-mul-backward"]
    with time_machine.travel(ex.due + timedelta(hours=1), tick=False):
        late = served.submit("alice", REFERENCE).json()
    assert late["late"] is True
    with time_machine.travel(ex.late_until + timedelta(seconds=1), tick=False):
        closed = served.submit("alice", REFERENCE)
        assert closed.status_code == 403 and "closed" in closed.json()["detail"]
    served.grade_all()  # graded now, after the window: still late, not closed
    book = served.get("instructor", "/api/v1/gradebook").json()
    alice = book["students"][0]
    assert alice["exercises"]["01-mul-backward"]["score"] == 7.0 and alice["exercises"]["01-mul-backward"]["late"]
    assert book["students"][1]["exercises"]["01-mul-backward"] is None
    assert served.get("instructor", "/api/v1/gradebook.csv").text == (
        "student,01-mul-backward,total\r\nalice,7,7\r\nbob,,0\r\n")


def test_the_gradebook_counts_the_best_or_the_last_attempt(course):
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from .conftest import Course

    def bob_in_gradebook():
        with TestClient(create_app(course, start_pool=False)) as client:
            served = Course(course, client.app, client)
            if not served.get("instructor", "/api/v1/submissions").json():
                served.submit("bob", REFERENCE)
                served.submit("bob", OWN_VALUE)  # the last one is the worse
                served.grade_all()
            return served.get("instructor", "/api/v1/gradebook").json()["students"][1]["exercises"]["01-mul-backward"]

    best = bob_in_gradebook()
    assert (best["score"], best["attempts"]) == (14.0, 2)
    set_in_course(course, policy='"last"')
    last = bob_in_gradebook()
    assert last["score"] < 14.0 and last["submission"] != best["submission"]


def test_an_extension_reopens_the_exercise_for_that_student_only(served):
    ex = served.svc.course.exercises["01-mul-backward"]
    new_due = ex.late_until + timedelta(days=3)
    granted = served.client.post("/api/v1/extensions", headers=served.auth("instructor"),
                                 json={"student": "bob", "exercise": "01-mul-backward", "due": new_due.isoformat()})
    assert granted.status_code == 200
    assert granted.json()["late_until"] == (new_due + (ex.late_until - ex.due)).isoformat()
    with time_machine.travel(ex.late_until + timedelta(days=1), tick=False):
        assert served.submit("bob", REFERENCE).json()["late"] is False
        assert served.submit("alice", REFERENCE).status_code == 403
        mine = served.get("bob", "/api/v1/exercises").json()[0]
        assert mine["extended"] and mine["open"] and not mine["late_now"]
    naive = served.client.post("/api/v1/extensions", headers=served.auth("instructor"),
                               json={"student": "bob", "exercise": "01-mul-backward", "due": "2030-01-01T00:00:00"})
    assert naive.status_code == 422 and "zone" in naive.json()["detail"]


@pytest.mark.slow  # two regrades of a class: over the quick loop's 2 s of CPU (tests/costs.py)
def test_regrade_answers_with_grade_diffs_table_and_a_dry_run_changes_nothing(served, monkeypatch):
    answer = served.submit("bob", OWN_VALUE).json()
    served.grade_all()
    before = served.get("instructor", answer["url"]).json()["score"]
    from grader.serve import grading

    real = grading.pipeline

    def stricter(*args, **kwargs):  # a suite change, as an instructor's fix of a test would make
        result = real(*args, **kwargs)
        for row in result.scores["submissions"]:
            row["score"] = row["score"] - 1
        return result
    monkeypatch.setattr(grading, "pipeline", stricter)
    for dry_run in (True, False):
        asked = served.client.post("/api/v1/regrade", headers=served.auth("instructor"),
                                   json={"exercise": "01-mul-backward", "dry_run": dry_run}).json()
        served.grade_all()
        done = served.get("instructor", asked["url"]).json()
        assert done["status"] == "done" and done["diff"]["changes"] == 1
        assert f"bob-{answer['id']}" in done["table"] and "-1" in done["table"]
        after = served.get("instructor", answer["url"]).json()["score"]
        assert after == (before if dry_run else before - 1)


def test_a_regrade_keeps_the_score_where_the_machine_caused_the_timeout(served, monkeypatch):
    """A row `starved` (a timeout the machine caused, as it measured it) is no result of the submission's: its first
    grading refunds it (Worker._values), and a regrade applied keeps the score the submission had and names it in
    its diff. Review30: the regrade put the starved row's 0 and "the machine was too busy" in place of the graded
    score."""
    from types import SimpleNamespace

    from grader.serve import grading

    answer = served.submit("bob", OWN_VALUE).json()
    served.grade_all()
    before = served.get("instructor", answer["url"]).json()

    def busy(uploads, exercise, **kwargs):  # every worker starved twice, as a neighbour's CPU hog makes them
        rows = [{"id": Path(path).stem, "status": "timeout", "score": 0.0, "max_score": before["max_score"],
                 "message": "add/values: did not finish within 3 s while the machine was too busy to run it (it waited "
                            "for a CPU): it will be observed again, and is not cached", "source": Path(path).name,
                 "starved": True, "tests": [], "diagnosis": []} for path, _ in uploads]
        return SimpleNamespace(scores={"exercise": exercise, "max_score": before["max_score"], "submissions": rows})
    monkeypatch.setattr(grading, "pipeline", busy)
    asked = served.client.post("/api/v1/regrade", headers=served.auth("instructor"),
                               json={"exercise": "01-mul-backward", "dry_run": False}).json()
    served.grade_all()
    done = served.get("instructor", asked["url"]).json()
    assert (done["status"], done["diff"]["changes"], done["diff"]["unchanged"], done["diff"]["starved"]) == (
        "done", 0, 1, [f"bob-{answer['id']}"])
    after = served.get("instructor", answer["url"]).json()
    assert (after["status"], after["score"], after["message"]) == ("graded", before["score"], before["message"])


def test_a_retried_upload_with_its_idempotency_key_is_the_same_attempt(served):
    def send(key):
        return served.client.post("/api/v1/submissions", headers={**served.auth("bob"), "Idempotency-Key": key},
                                  data={"exercise": "01-mul-backward"}, files={"file": ("engine.py", REFERENCE)})
    first, again, other = send("upload-1"), send("upload-1"), send("upload-2")
    assert first.status_code == again.status_code == other.status_code == 202
    assert again.json()["id"] == first.json()["id"] and again.json()["repeated"] is True
    assert other.json()["id"] != first.json()["id"]
    assert served.get("bob", "/api/v1/exercises").json()[0]["attempts_used"] == 2
    with served.svc.db.read() as session:
        assert session.query(Submission).count() == 2


def test_hostile_uploads_are_read_with_the_loaders_caps_and_cost_nothing(served):
    import io
    import zipfile

    escaping = io.BytesIO()
    with zipfile.ZipFile(escaping, "w") as z:
        z.writestr("../../engine.py", REFERENCE)  # a member whose path leaves the archive
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("engine.py", b"#" * (30 * 1024 * 1024))  # 30 MB of one byte, over the loader's caps
    ids = [served.submit("bob", data.getvalue(), filename=name).json()["id"]
           for name, data in (("escape.zip", escaping), ("bomb.zip", bomb))]
    served.grade_all()
    for sid in ids:
        seen = served.get("bob", f"/api/v1/submissions/{sid}").json()
        assert (seen["status"], seen["charged"]) == ("rejected", False), seen
    assert served.get("bob", "/api/v1/exercises").json()[0]["attempts_left"] == 10
    assert not (served.folder / "engine.py").exists() and not (served.folder.parent / "engine.py").exists()


def test_the_rate_limit_counts_exactly_and_starts_no_thread_per_request(served, monkeypatch):
    import threading
    import time

    from grader.serve.service import SUBMIT_RATE
    started = []
    monkeypatch.setattr(threading, "Timer", lambda *args, **kwargs: started.append(args))  # limits' own sweep
    answers = []
    for _ in range(31):
        answers.append(served.svc.rate_ok(SUBMIT_RATE, "submit", "carol"))
        time.sleep(0.001)
    assert answers == [True] * 30 + [False]  # 30 a minute
    time.sleep(0.02)  # past the library's 10 ms timer: it would have started one again at the next hit
    assert not served.svc.rate_ok(SUBMIT_RATE, "submit", "carol") and served.svc.rate_ok(SUBMIT_RATE, "submit", "dan")
    assert started == []  # service.Counters sweeps inline


def test_course_toml_is_read_as_toml_1_0_on_every_python(course):
    # 3.10 reads it with tomli below 2.4 (grader/serve/tomlfile.py), 3.11 to 3.13 with tomllib: TOML 1.1's time without
    # seconds, which tomli 2.4 reads, is refused on each, with the same message
    path = course / "course.toml"
    lines = path.read_text(encoding="utf-8").count("\n")
    path.write_text(path.read_text(encoding="utf-8") + "late = 07:32\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["serve", "tokens", str(course)])
    assert result.exit_code == 1
    assert result.output == (f"Error: {path} is not valid TOML: Expected newline or end of document after a statement "
                             f"(at line {lines + 1}, column 9)\n")


async def _held():
    yield ""  # a status stream not started: it counts as open, as a page's stream does


def test_a_person_holds_a_few_status_streams_at_once_and_no_more(served):
    """Each status stream polls the database four times a second on the threads that answer every request,
    for as long as its submission is not final: on 8fbbebb a script could open hundreds on one queued
    submission, and every student's uploads waited behind them. A person holds STREAMS_PER_PERSON at once."""
    from grader.serve.service import STREAMS_PER_PERSON

    sid = served.submit("alice", REFERENCE).json()["id"]
    bobs = served.submit("bob", REFERENCE).json()["id"]
    held = [served.svc.hold_stream("alice", _held()) for _ in range(STREAMS_PER_PERSON)]
    refused = served.get("alice", f"/api/v1/submissions/{sid}/events")
    assert (refused.status_code, refused.headers["Retry-After"], refused.json()["detail"]) == (
        429, "5", "8 status streams are open for you already: close a page that follows a submission, or ask again "
                  "when one has ended")
    served.grade_all()
    assert "event: status" in served.get("bob", f"/api/v1/submissions/{bobs}/events").text  # another's are theirs
    assert served.get("alice", f"/api/v1/submissions/{sid}/events").status_code == 429
    del held[0]  # a stream let go (its page closed, or its client left before it started) counts no more
    assert '"status": "graded"' in served.get("alice", f"/api/v1/submissions/{sid}/events").text
    assert '"status": "graded"' in served.get("alice", f"/api/v1/submissions/{sid}/events").text  # it ended
