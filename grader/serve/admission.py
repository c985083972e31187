"""Accepting an upload: the one path every upload takes (the API's and the page's), kept short, because a
class uploads in the same minute before a deadline (docs/serve.md, "Measured").

    in the request (the event loop): the checks that need nothing (the exercise, the file's kind)
    -> handed to this process's admission thread, which takes every upload waiting at that moment
       and admits them in ONE transaction (a group commit): per upload, the token's generation (a
       revoked token is refused here) and whether a cookie's session is open (one signed out is refused),
       the Idempotency-Key, the extension, the charged attempts, then
       its row, with the uploaded bytes in it, and its job
    -> each request answered: 202, or its refusal (nothing written, nothing charged)

The transaction is plain SQL: on SQLite through the sqlite3 module itself, on a
connection of its own opened `BEGIN IMMEDIATE` (the write lock from the first
read: three servers admitting at once admit exactly the limit); on PostgreSQL
through SQLAlchemy's `text()`, the student's row locked `FOR UPDATE` by the
first read. SQLAlchemy's ORM and Core cost about 1 ms of CPU for these
statements; sqlite3 about 0.1 ms, and a burst of 100 uploads waits on the sum.

What a burst of 100 uploads at once waited on, measured, and what replaced it:
a thread hop per upload (each a wait for the GIL behind the event loop), a
commit per upload, and a file created per upload (3 to 6 ms each on a busy
disk, and 200 ms for 100 fsyncs). Now one hop, one commit per batch, and no
file: the bytes are in the row, so the row, its file and its job are one
commit, exactly as durable as the database's commits (the worker writes the
file from the row when it grades it: grading.upload_file). Inside the one
transaction each upload sees the rows of those before it, so limits hold
within a batch as across batches. A refusal writes nothing; a failure of the
database itself is retried one upload at a time, so one cannot sink the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import queue
import secrets
import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from ..i18n import moment, msg
from ..load import not_a_submission_file
from . import Refused, jobs
from .db import SQLITE_PRAGMAS
from .rules import CLOSED, admit, aware, deadline, lateness, utcnow

BUSY_STEP_SECONDS = 0.0005
REVOKED = msg("this sign-in link was revoked: ask your instructor for your new one")
# a request with no session (none, an expired one, one signed out: the same words for each, auth.py)
SIGN_IN = msg("sign in: use your personal link, or send `Authorization: Bearer TOKEN`")

# the person's generation, and whether the session a cookie names is still theirs (auth.py); also Service.who's
GENERATION = ("SELECT token_generation, EXISTS (SELECT 1 FROM browser_sessions WHERE browser_sessions.id = :session "
              "AND browser_sessions.person = people.name) FROM people WHERE name = :name")
BY_KEY = ("SELECT id, status, lateness, exercise, digest FROM submissions WHERE student = :student "
          "AND idempotency_key = :key LIMIT 1")

EXTENSION = "SELECT due, late_until FROM extensions WHERE student = :student AND exercise = :exercise"
CHARGED = "SELECT received_at FROM submissions WHERE student = :student AND exercise = :exercise AND charged"
COLUMNS = ("id", "student", "exercise", "received_at", "filename", "path", "digest", "size", "via", "status",
           "charged", "lateness", "credit", "times_graded", "idempotency_key", "content")
INSERT_SUBMISSION = (f"INSERT INTO submissions ({', '.join(COLUMNS)}) "
                     f"VALUES ({', '.join(':' + c for c in COLUMNS)})")
INSERT_JOB = ("INSERT INTO jobs (kind, priority, submission_id, state, tries, created_at) "
              "VALUES ('grade', :priority, :sid, 'queued', 0, :now)")


class _Extension(NamedTuple):
    due: datetime
    late_until: datetime | None


class _Upload:
    """One upload waiting for its admission, and how to answer the request that waits for it."""
    __slots__ = ("who", "row", "loop", "future", "outcome")

    def __init__(self, who, row, loop, future):
        self.who, self.row, self.loop, self.future = who, row, loop, future
        self.outcome = None  # the 202's answer, or the exception to raise

    def answer(self):
        if not self.future.cancelled():  # the client went away: the upload stays admitted, as it would have
            if isinstance(self.outcome, BaseException):
                self.future.set_exception(self.outcome)
            else:
                self.future.set_result(self.outcome)


class Admission:
    """One per server process: its thread, and (SQLite) that thread's own sqlite3 connection."""

    BATCH = 64  # uploads admitted in one transaction at most

    def __init__(self, db, course, folder: Path):
        self.db, self.course, self.folder = db, course, folder
        self._waiting: queue.SimpleQueue[_Upload] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._starting = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    async def accept(self, who, exercise: str, filename: str, data: bytes, received, via="api", key=None) -> dict:
        """Admit the upload: the answer of a 202, or raises Refused (nothing written, nothing charged)."""
        if exercise not in self.course.exercises:
            raise Refused(422, msg("there is no exercise {exercise}: choose one of {exercises}", exercise=repr(exercise),
                                  exercises=", ".join(self.course.exercises)))
        # refused in the words `grade run FILE` rejects it in (one rule: grader.load), in the course's language, and
        # charged nothing
        if (said := not_a_submission_file(filename)) is not None:
            raise Refused(422, said)
        suffix = Path(filename).suffix.lower()
        sid = secrets.token_hex(8)
        row = dict(id=sid, student=who.name, exercise=exercise, received_at=received, filename=filename[:255],
                   path=str(Path("uploads") / who.name / f"{sid}{suffix}"), digest=hashlib.sha256(data).hexdigest(),
                   size=len(data), via=via, status="queued", charged=True, times_graded=0, idempotency_key=key,
                   content=data)
        loop = asyncio.get_running_loop()
        upload = _Upload(who, row, loop, loop.create_future())
        self._waiting.put(upload)
        self._ensure_thread()
        return await upload.future

    def _ensure_thread(self):
        if self._thread is None:
            with self._starting:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="grade-serve-admission", daemon=True)
                    self._thread.start()

    def _run(self):
        """The admission thread: all the uploads waiting, each time, in one transaction (a group commit)."""
        while True:
            batch = [self._waiting.get()]
            while len(batch) < self.BATCH:
                try:
                    batch.append(self._waiting.get_nowait())
                except queue.Empty:
                    break
            try:
                self._admit(batch)
            except BaseException as exc:  # never leave a request waiting
                for upload in batch:
                    if upload.outcome is None:
                        upload.outcome = exc
            for upload in batch:
                upload.loop.call_soon_threadsafe(upload.answer)

    def _admit(self, batch):
        try:
            self._decide_all(batch)
        except Exception:
            if len(batch) == 1:
                raise
            for upload in batch:  # not a refusal: the database failed; each alone, so that one cannot sink all
                try:
                    self._decide_all([upload])
                except Exception as exc:
                    upload.outcome = exc

    def _decide_all(self, uploads):
        """Admit or refuse each, in one transaction; their outcomes are theirs only once it has committed."""
        outcomes = []
        with self._transaction() as (sql, when_in, when_out):
            for upload in uploads:
                try:
                    outcomes.append(self._decide(sql, when_in, when_out, upload.who, upload.row))
                except Refused as exc:
                    outcomes.append(exc)
        for upload, outcome in zip(uploads, outcomes):
            upload.outcome = outcome

    def _decide(self, sql, when_in, when_out, who, row) -> dict:
        student, exercise, received = row["student"], row["exercise"], row["received_at"]
        lock = "" if self.db.sqlite else " FOR UPDATE"  # PostgreSQL: one student's admissions in turn
        generation = sql(GENERATION + lock, name=student, session=who.session)
        if not generation or not who.current(*generation[0]):
            said = REVOKED if not generation or generation[0][0] != who.generation else SIGN_IN
            raise Refused(401, said, {"WWW-Authenticate": "Bearer"})
        if row["idempotency_key"]:
            earlier = sql(BY_KEY, student=student, key=row["idempotency_key"])
            if earlier:
                sid, status, late, exercise_then, digest = earlier[0]
                if (exercise_then, digest) != (exercise, row["digest"]):
                    # a key sent again with another upload (redteam44: answered as the first, `"repeated": true`,
                    # and the new upload never kept nor graded): refused, as the IETF's Idempotency-Key draft says
                    raise Refused(422, msg("this `Idempotency-Key` was sent before with another upload of yours "
                                           "(for {exercise}): send each new upload with a new key",
                                           exercise=exercise_then))
                return {"id": sid, "status": "queued" if status == "received" else status,
                        "url": f"/api/v1/submissions/{sid}", "attempts_left": None, "late": late != "on_time",
                        "repeated": True}
        found = sql(EXTENSION, student=student, exercise=exercise)
        extension = _Extension(when_out(found[0][0]), when_out(found[0][1])) if found else None
        d = deadline(self.course.exercise(exercise), extension)
        when, credit = lateness(received, d)
        if when == CLOSED:
            raise Refused(403, msg("{exercise} closed at {when}; ask your instructor for an extension",
                                  exercise=exercise, when=moment(d.late_until)))
        ex = self.course.exercise(exercise)
        charged = [when_out(t) for (t,) in sql(CHARGED, student=student, exercise=exercise)]
        verdict = admit(received, charged, ex.attempts, ex.cooldown_seconds, d)
        if not verdict.admitted:
            raise Refused(429, verdict.reason, {"Retry-After": str(verdict.retry_after)},
                         attempts_left=verdict.attempts_left, retry_after=verdict.retry_after)
        sql(INSERT_SUBMISSION, **dict(row, received_at=when_in(received), lateness=when, credit=credit))
        sql(INSERT_JOB, priority=jobs.INTERACTIVE, sid=row["id"], now=when_in(utcnow()))
        return {"id": row["id"], "status": "queued", "url": f"/api/v1/submissions/{row['id']}",
                "attempts_left": verdict.attempts_left, "late": when != "on_time"}

    def _transaction(self):
        return self._sqlite_transaction() if self.db.sqlite else self._engine_transaction()

    def _connection(self) -> sqlite3.Connection:
        """The admission thread's own sqlite3 connection, set up as db.Database sets up SQLAlchemy's."""
        if self._conn is None:
            self._conn = sqlite3.connect(self.db.sqlite_path, timeout=60, isolation_level=None)
            for pragma in SQLITE_PRAGMAS:
                self._conn.execute(pragma)
        return self._conn

    @contextlib.contextmanager
    def _sqlite_transaction(self):
        conn = self._connection()
        with self.db.writers:
            self._begin_immediate(conn)
            try:
                yield (lambda statement, **params: conn.execute(statement, params).fetchall()), _sqlite_time, _parse_time
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @staticmethod
    def _begin_immediate(conn, timeout=60.0):
        """BEGIN IMMEDIATE, waiting for another process's write (a grading worker's) in steps of 0.5 ms.

        SQLite's own busy handler sleeps 1, 2, 5, 10 ... up to 100 ms between tries, so an
        upload could wait up to 100 ms after the lock was free; a try costs microseconds.
        """
        deadline = time.monotonic() + timeout
        conn.execute("PRAGMA busy_timeout=0")
        try:
            while True:
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() > deadline:
                        raise
                    time.sleep(BUSY_STEP_SECONDS)
        finally:
            conn.execute("PRAGMA busy_timeout=60000")

    @contextlib.contextmanager
    def _engine_transaction(self):
        from sqlalchemy import text

        with self.db.engine.begin() as conn:
            def sql(statement, **params):
                result = conn.execute(text(statement), params)
                return result.fetchall() if result.returns_rows else []
            yield sql, jobs.naive, aware


def _sqlite_time(t: datetime) -> str:
    """A time as SQLAlchemy's SQLite DateTime stores it (UTC, no zone), so that the ORM reads it back."""
    return jobs.naive(t).strftime("%Y-%m-%d %H:%M:%S.%f")


def _parse_time(value) -> datetime | None:
    return None if value is None else aware(datetime.fromisoformat(value))
