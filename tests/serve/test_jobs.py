"""The queue in the database: priorities, the reconciler, and the schema Alembic makes."""

import os
import subprocess
import sys

from sqlalchemy import select

from grader.serve import jobs
from grader.serve.db import Base, Database, Job, Submission
from grader.serve.grading import job_failed

from .conftest import REFERENCE


def test_a_regrade_waits_behind_every_interactive_job(served):
    served.client.post("/api/v1/regrade", headers=served.auth("instructor"), json={"exercise": "01-mul-backward"})
    ids = [served.submit(name, REFERENCE).json()["id"] for name in ("alice", "bob")]
    with served.svc.db.read() as session:
        assert [jobs.position(session, jobs.job_of(session, sid).id) for sid in ids] == [0, 1]
    (first,), (second,), (third,) = (jobs.claim(served.svc.db, "test:1") for _ in range(3))
    assert [first.submission_id, second.submission_id, third.kind] == [*ids, "regrade"]
    assert jobs.claim(served.svc.db, "test:1") == []


def test_a_worker_takes_waiting_submissions_of_one_exercise_as_a_batch_but_never_a_regrade(served):
    served.client.post("/api/v1/regrade", headers=served.auth("instructor"), json={"exercise": "01-mul-backward"})
    ids = [served.submit(name, REFERENCE).json()["id"] for name in ("alice", "bob", "alice")]
    taken = jobs.claim(served.svc.db, "test:1", batch=2)
    assert [j.submission_id for j in taken] == ids[:2]
    assert [j.submission_id for j in jobs.claim(served.svc.db, "test:2", batch=8)] == ids[2:]
    assert [j.kind for j in jobs.claim(served.svc.db, "test:2", batch=8)] == ["regrade"]


def test_the_reconciler_queues_an_accepted_submission_that_has_no_job(served):
    sid = served.submit("bob", REFERENCE).json()["id"]
    with served.svc.db.write() as session:  # an accepted row without its job, made by hand
        session.delete(jobs.job_of(session, sid))
        session.get(Submission, sid).status = "received"
    assert jobs.reconcile(served.svc.db, job_failed)["queued_orphans"] == 0  # its request may still be at it
    with served.svc.db.write() as session:
        session.get(Submission, sid).received_at -= jobs.timedelta(seconds=jobs.ORPHAN_GRACE_SECONDS + 1)
    assert jobs.reconcile(served.svc.db, job_failed)["queued_orphans"] == 1
    with served.svc.db.write() as session:  # the request that was slow comes back: no second job
        jobs.enqueue(session, "grade", jobs.INTERACTIVE, submission_id=sid)
    assert served.grade_all() == 1
    assert served.get("bob", f"/api/v1/submissions/{sid}").json()["status"] == "graded"


def test_the_upload_is_graded_from_its_row_and_one_lost_everywhere_is_refunded(served):
    intact, cut, lost = (served.submit("bob", REFERENCE).json()["id"] for _ in range(3))
    assert not (served.folder / "uploads").exists()  # no file on the request's path: the bytes are in the row
    with served.svc.db.write() as session:
        for sid in (cut, lost):  # files on disk that a crash of the machine cut
            path = served.folder / session.get(Submission, sid).path
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(REFERENCE[:100])
        session.get(Submission, lost).content = None  # and a row without its bytes (as rows before 0004)
    assert served.grade_all() == 3  # one batch of three
    with served.svc.db.read() as session:
        rows = {sid: session.get(Submission, sid) for sid in (intact, cut, lost)}
        assert [(r.status, r.charged, r.score) for r in rows.values()] == [
            ("graded", True, 14.0), ("graded", True, 14.0), ("error", False, None)]
        assert rows[lost].message == "upload: the uploaded file was lost or damaged on the server; please upload it again"
        assert (served.folder / rows[cut].path).read_text() == REFERENCE  # rewritten from the row
    seen = served.get("bob", f"/api/v1/submissions/{lost}").json()
    assert seen["refund"] == "The grader failed on this submission, not your code: this attempt was not counted."


def test_a_job_whose_worker_died_runs_again_and_is_charged_once(served):
    sid = served.submit("bob", REFERENCE).json()["id"]
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a pid of this host that no longer runs
    job, = jobs.claim(served.svc.db, f"{jobs.socket.gethostname()}:{dead.pid}")
    assert job.submission_id == sid
    assert jobs.reconcile(served.svc.db, job_failed)["requeued"] == 1
    assert served.grade_all() == 1
    with served.svc.db.read() as session:
        sub = session.get(Submission, sid)
        assert (sub.status, sub.charged, sub.times_graded) == ("graded", True, 1)
        assert session.get(Job, job.id).tries == 2


def test_a_stale_worker_commits_nothing_once_its_job_was_given_away(served):
    sid = served.submit("bob", REFERENCE).json()["id"]
    job, = jobs.claim(served.svc.db, "elsewhere:1")
    with served.svc.db.write() as session:  # the lease ran out; the reconciler gave it to another worker
        session.get(Job, job.id).worker = "elsewhere:2"
        assert not jobs.still_mine(session, job.id, "elsewhere:1")
        assert session.get(Submission, sid).times_graded == 0


def test_a_job_lost_too_often_fails_and_refunds_the_attempt(served):
    sid = served.submit("bob", REFERENCE).json()["id"]
    for _ in range(jobs.MAX_TRIES):
        job, = jobs.claim(served.svc.db, "gone-host:1")
        with served.svc.db.write() as session:
            session.get(Job, job.id).lease_until = jobs.naive(jobs.utcnow()) - jobs.timedelta(seconds=1)
        counts = jobs.reconcile(served.svc.db, job_failed)
    assert counts == {"requeued": 0, "failed": 1, "queued_orphans": 0}
    seen = served.get("bob", f"/api/v1/submissions/{sid}").json()
    assert seen["status"] == "error" and not seen["charged"] and "lost" in seen["message"]


def test_the_migration_makes_exactly_the_models_schema(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    db = Database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    db.migrate()
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0007"
    db.migrate()  # again: nothing to do
    assert os.stat(tmp_path / "x.sqlite3").st_size > 0
    with db.read() as session:
        assert session.scalars(select(Job)).all() == []
