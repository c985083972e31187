"""`kill -9` of the server and of a grading worker in the middle of 100 uploads, then a restart.

Every upload that got a 202 ends graded, none is graded twice into the
gradebook, and no attempt is charged for the failure: a client whose request
died with the server sends it again with the same Idempotency-Key, and gets
the same attempt, not a second one.
"""

import os
import signal
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import select

from grader.serve.auth import Tokens, secret
from grader.serve.course import write_new
from grader.serve.db import Database, Job, Submission, url_for

from .conftest import REFERENCE, set_in_course
from .server import free_port, start, stop, wait_ready

pytestmark = pytest.mark.slow
UPLOADS, STUDENTS, DISTINCT = 100, 10, 5  # 5 different files: the rest are served by the content-keyed cache


def children(pid):
    """The grading workers the server started (their command says grader.serve.grading)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"grader.serve.grading" in cmdline:
            found.append(int(entry.name))
    return found


def _running_jobs(db, workers):
    """{job id: pid} of the running jobs held by one of `workers`."""
    with db.read() as session:
        return {job.id: int(job.worker.rsplit(":", 1)[1]) for job in
                session.scalars(select(Job).where(Job.state == "running")).all()
                if int(job.worker.rsplit(":", 1)[1]) in workers}


def holding_a_job(folder, server):
    """(pid, job id) of one of the server's grading workers in the middle of a job, stopped there (SIGSTOP): a
    job seen running may end before the test's next step (a job whose run is in the cache takes milliseconds), so
    the worker is stopped first and the job is its only if the database still says so then; else it goes on
    (SIGCONT) and the look starts again. The workers are looked for at each look (on a loaded machine they may
    start after the first uploads are answered); the wait is bounded only against a hang (README: a test waits for
    the event it needs), and says what it saw when it ends."""
    db = Database(url_for(folder, None))
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"the server exited ({server.returncode}) before a worker took a job")
        workers = children(server.pid)
        for job_id, pid in _running_jobs(db, workers).items():
            os.kill(pid, signal.SIGSTOP)
            if _running_jobs(db, [pid]).get(job_id) == pid:
                return pid, job_id  # stopped in the middle of it
            os.kill(pid, signal.SIGCONT)
        with db.read() as session:
            states = sorted(session.scalars(select(Job.state)).all())
        time.sleep(0.02)
    raise AssertionError(f"no worker of the server was seen in a job within 600 s (workers {workers}, "
                         f"jobs' states {dict((s, states.count(s)) for s in set(states))})")


def upload(base, token, i):
    """Send upload i until the server answers (the same Idempotency-Key each time); its final answer."""
    from .test_concurrency import post_submission_with_key
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            return post_submission_with_key(base, token, REFERENCE + f"# variant {i % DISTINCT}\n", f"upload-{i}")
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)  # the server is down: a student's browser would try again
    raise AssertionError(f"upload {i} never got an answer")


def test_kill_9_of_the_server_and_a_worker_mid_batch_loses_nothing_and_charges_nothing(tmp_path):
    folder = tmp_path / "course"
    names = [f"s{i}" for i in range(STUDENTS)]
    write_new(folder, names, ["01-mul-backward"])
    set_in_course(folder, attempts=0, cooldown_seconds=0)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    set_in_course(folder, base_url=f'"{base}"')
    log = open(folder / "server.log", "ab")
    server = start(folder, port, 2, log)
    restarted = None
    try:
        wait_ready(base, server)
        tokens = {name: Tokens(secret(folder)).make(name, 0) for name in names}  # `grade serve tokens`'s (test_api)
        answered = []

        def one(i):
            answer = upload(base, tokens[names[i % STUDENTS]], i)
            answered.append(answer)
            return answer

        with ThreadPoolExecutor(max_workers=8) as pool:
            futures = [pool.submit(one, i) for i in range(UPLOADS)]
            while len(answered) < 30:
                failed = next((f for f in futures if f.done() and f.exception()), None)
                if failed is not None:
                    raise failed.exception()  # an upload that never got an answer: no 30th answer will come
                time.sleep(0.05)
            # Mid-batch: a worker dies in the middle of its job (stopped there), then the server itself.
            victim, job_id = holding_a_job(folder, server)
            os.kill(victim, signal.SIGKILL)
            os.kill(server.pid, signal.SIGKILL)
            server.wait()
            restarted = start(folder, port, 2, log)
            wait_ready(base, restarted)
            results = [f.result(timeout=300) for f in futures]
        assert [status for status, _ in results] == [202] * UPLOADS
        accepted = {answer["id"] for _, answer in results}

        db = Database(url_for(folder, None))
        deadline = time.monotonic() + 400
        while time.monotonic() < deadline:
            with db.read() as session:
                waiting = session.scalar(select(Submission.id).where(
                    Submission.status.in_(("received", "queued", "running"))).limit(1))
            if waiting is None:
                break
            time.sleep(0.5)
        with db.read() as session:
            rows = session.scalars(select(Submission)).all()
            jobs = session.scalars(select(Job)).all()
        assert len(rows) == UPLOADS and {r.id for r in rows} == accepted  # a retried upload was not a second one
        assert {r.status for r in rows} == {"graded"} and all(r.score == r.max_score == 14.0 for r in rows)
        assert all(r.times_graded == 1 for r in rows)  # no result committed twice
        assert all(r.charged for r in rows) and not any(r.refund_reason for r in rows)
        assert {j.state for j in jobs} == {"done"} and len(jobs) == UPLOADS
        assert next(j for j in jobs if j.id == job_id).tries == 2  # the killed worker's job ran again
    finally:
        if server.poll() is None:
            server.kill()
        if restarted is not None:
            stop(restarted)
        log.close()
