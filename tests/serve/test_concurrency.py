"""Attempt limits under concurrency: three server processes on one course database, twenty requests to
each, for one student, as many at once as a server reads from one person (UPLOADS_PER_PERSON, 2: six at once across
the three): exactly the limit is admitted (SQLite's BEGIN IMMEDIATE serialises the count and the insert;
docs/serve.md)."""

import contextlib
import json
import threading
import urllib.error
import urllib.request
import uuid

import pytest

from grader.serve.auth import Tokens, secret
from grader.serve.course import write_new
from grader.serve.db import Database, Submission, url_for
from grader.serve.service import UPLOADS_PER_PERSON

from .conftest import REFERENCE, set_in_course
from .server import free_port, start, stop, wait_ready

pytestmark = pytest.mark.slow
LIMIT = 7


def post_submission(base, token, code, exercise="01-mul-backward"):
    """(status, JSON answer) of a multipart upload, as a script would send it."""
    return post_submission_with_key(base, token, code, None, exercise)


def post_submission_with_key(base, token, code, key, exercise="01-mul-backward"):
    """The same, with an Idempotency-Key (None: without); a connection error is raised."""
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"exercise\"\r\n\r\n{exercise}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"engine.py\"\r\n"
            f"Content-Type: text/x-python\r\n\r\n{code}\r\n--{boundary}--\r\n").encode()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": f"multipart/form-data; boundary={boundary}"}
    if key:
        headers["Idempotency-Key"] = key
    request = urllib.request.Request(base + "/api/v1/submissions", data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_three_servers_and_sixty_concurrent_requests_admit_exactly_the_limit(tmp_path):
    folder = tmp_path / "course"
    write_new(folder, ["alice"], ["01-mul-backward"])
    set_in_course(folder, attempts=LIMIT, cooldown_seconds=0)
    with contextlib.ExitStack() as stack:
        bases = []
        log = stack.enter_context(open(folder / "servers.log", "ab"))
        for _ in range(3):
            port = free_port()
            proc = start(folder, port, 0, log)  # no pools: nothing else competes for the database
            stack.callback(stop, proc)
            bases.append((f"http://127.0.0.1:{port}", proc))
        for base, proc in bases:
            wait_ready(base, proc)
        token = Tokens(secret(folder)).make("alice", 0)  # `grade serve tokens`'s (test_api), without a 4th Python
        results, go = [], threading.Barrier(60)
        # A server refuses a person's third upload while two of theirs are still arriving (a 429 of its own, without
        # attempts_left): session 32's CI met it once with twenty at once. The client keeps two in flight a server, so
        # that refusal cannot happen under any interleaving, and the admissions still race across the processes.
        arriving = [threading.Semaphore(UPLOADS_PER_PERSON) for _ in bases]

        def one(server, i):
            go.wait()
            with arriving[server]:
                results.append(post_submission(bases[server][0], token, REFERENCE + f"# {i}\n"))
        threads = [threading.Thread(target=one, args=(i % 3, i)) for i in range(60)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
    statuses = sorted(status for status, _ in results)
    assert statuses == [202] * LIMIT + [429] * (60 - LIMIT)
    assert sorted(answer["attempts_left"] for status, answer in results if status == 202) == list(range(LIMIT))
    assert all(answer["attempts_left"] == 0 for status, answer in results if status == 429)
    db = Database(url_for(folder, None))
    with db.read() as session:
        assert session.query(Submission).count() == LIMIT  # the refused wrote nothing
