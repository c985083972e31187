"""What the API and the pages share: who is asking, accepting an upload, and a submission as its owner may see it.

Each function here is synchronous and touches the database: the async routes
call them through a thread (starlette's run_in_threadpool), never inline.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import bindparam, func, insert, select

from . import jobs
from .auth import Tokens, secret
from .course import load
from .db import Database, Extension, Person, Regrade, Submission, url_for
from .rules import CLOSED, admit, aware, deadline, lateness, released, utcnow

SUFFIXES = (".py", ".ipynb", ".zip")
# The statements every upload runs, built once (SQLAlchemy then reuses their compiled form; building them
# per request was most of an upload's CPU time).
GENERATION = select(Person.token_generation).where(Person.name == bindparam("name"))
BY_KEY = select(Submission.id, Submission.status, Submission.lateness).where(
    Submission.student == bindparam("student"), Submission.idempotency_key == bindparam("key")).limit(1)
EXTENSION = select(Extension.due, Extension.late_until).where(
    Extension.student == bindparam("student"), Extension.exercise == bindparam("exercise"))
CHARGED = select(Submission.received_at).where(
    Submission.student == bindparam("student"), Submission.exercise == bindparam("exercise"), Submission.charged)
INSERT_SUBMISSION = insert(Submission)
SUBMIT_RATE = parse_rate("30/minute")  # requests per person, whatever their attempt limits say
SIGN_IN_RATE = parse_rate("20/minute")  # sign-in tries per client address: tokens are not to be guessed


@dataclass(frozen=True)
class Who:
    name: str
    role: str
    token: str

    @property
    def instructor(self) -> bool:
        return self.role == "instructor"


class Refused(Exception):
    """A request the course's rules refuse: an HTTP status, the words, and headers/fields for a script."""

    def __init__(self, status: int, detail: str, headers: dict | None = None, **fields):
        super().__init__(detail)
        self.status, self.detail, self.headers, self.fields = status, detail, headers or {}, fields


def _lti_of(folder):
    """The course's LTI registration (lti.py), or None: without an [lti] table, pylti1p3 is not even imported."""
    import tomllib
    if "lti" not in tomllib.loads((folder / "course.toml").read_text(encoding="utf-8")):
        return None
    from .lti import Lti
    return Lti.of(folder)


class Service:
    def __init__(self, folder, db_url=None, queue=None, workers=None):
        self.folder = Path(folder).resolve()
        self.course = load(self.folder)
        self.db = Database(url_for(self.folder, db_url))
        self.db.migrate()
        self.queue = queue
        self.workers = self.course.workers if workers is None else workers
        self.tokens = Tokens(secret(self.folder))
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.sync_roster()
        self.lti = _lti_of(self.folder)

    def sync_roster(self):
        """The course.toml's people in the database (a name removed from the roster keeps its rows, signs in no more)."""
        with self.db.write() as session:
            for name in (*self.course.students, *self.course.instructors):
                person = session.get(Person, name)
                if person is None:
                    session.add(Person(name=name, role=self.course.role(name), token_generation=0))
                else:
                    person.role = self.course.role(name)

    def token_for(self, name: str) -> str:
        with self.db.read() as session:
            person = session.get(Person, name)
        return self.tokens.make(name, person.token_generation)

    def revoke(self, name: str) -> str:
        with self.db.write() as session:
            person = session.get(Person, name)
            person.token_generation += 1
        return self.token_for(name)

    def who(self, token: str | None) -> Who | None:
        read = self.tokens.read(token) if token else None
        if read is None:
            return None
        name, generation = read
        role = self.course.role(name)
        if role is None:
            return None
        with self.db.engine.connect() as conn:  # Core, not the ORM: this runs on every request
            current = conn.execute(GENERATION, {"name": name}).scalar()
        if current != generation:
            return None
        return Who(name, role, token)

    def rate_ok(self, rate, *keys) -> bool:
        return self.limiter.hit(rate, *keys)

    def deadline_for(self, session, student, exercise):
        return deadline(self.course.exercise(exercise), session.get(Extension, (student, exercise)))

    # --- accepting an upload --------------------------------------------------------------------------

    def accept(self, who: Who, exercise: str, filename: str, data: bytes, received, via="api", key=None) -> dict:
        """Store the file, then the row (the attempt charged), then the job: each committed before the next.

        Refused (403 after the late window, 429 over the attempt limit or in
        the cool-down, with Retry-After) before anything is charged. An upload
        with the `key` (Idempotency-Key) of one already accepted from this
        student is that one: its answer again, nothing charged twice.
        """
        if exercise not in self.course.exercises:
            raise Refused(422, f"there is no exercise {exercise!r}: choose one of {', '.join(self.course.exercises)}")
        suffix = Path(filename).suffix.lower()
        if suffix not in SUFFIXES:
            raise Refused(422, f"{filename!r} is not a .py, .ipynb or .zip file: upload your engine.py, your "
                               "notebook, or a zip of your folder")
        sid = secrets.token_hex(8)
        relative = Path("uploads") / who.name / f"{sid}{suffix}"
        path = self.folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            with self.db.write_core() as conn:
                self.db.lock_person(conn, who.name)
                if key:
                    earlier = conn.execute(BY_KEY, {"student": who.name, "key": key}).first()
                    if earlier is not None:
                        path.unlink(missing_ok=True)
                        return {"id": earlier.id, "status": "queued" if earlier.status == "received" else earlier.status,
                                "url": f"/api/v1/submissions/{earlier.id}", "attempts_left": None,
                                "late": earlier.lateness != "on_time", "repeated": True}
                extension = conn.execute(EXTENSION, {"student": who.name, "exercise": exercise}).first()
                d = deadline(self.course.exercise(exercise), extension)
                when, credit = lateness(received, d)
                if when == CLOSED:
                    raise Refused(403, f"{exercise} closed at {d.late_until:%Y-%m-%d %H:%M} UTC; ask your "
                                       "instructor for an extension")
                ex = self.course.exercise(exercise)
                charged = [aware(t) for t in conn.execute(CHARGED, {"student": who.name, "exercise": exercise}).scalars()]
                verdict = admit(received, charged, ex.attempts, ex.cooldown_seconds, d)
                if not verdict.admitted:
                    raise Refused(429, verdict.reason, {"Retry-After": str(verdict.retry_after)},
                                  attempts_left=verdict.attempts_left, retry_after=verdict.retry_after)
                conn.execute(INSERT_SUBMISSION, dict(
                    id=sid, student=who.name, exercise=exercise, received_at=jobs.naive(received),
                    filename=filename[:255], path=str(relative), digest=hashlib.sha256(data).hexdigest(),
                    size=len(data), via=via, status="received", charged=True, lateness=when, credit=credit,
                    times_graded=0, idempotency_key=key, refund_reason=None, score=None, max_score=None,
                    record=None, message=None, graded_at=None, seconds=None))
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        with self.db.write_core() as conn:
            jobs.enqueue(conn, "grade", jobs.INTERACTIVE, submission_id=sid)
        return {"id": sid, "status": "queued", "url": f"/api/v1/submissions/{sid}",
                "attempts_left": verdict.attempts_left, "late": when != "on_time"}

    # --- what a submission shows --------------------------------------------------------------------------

    def find(self, session, who: Who, sid: str) -> Submission:
        """The submission if `who` may see it; 404 for another student's, as for one that does not exist."""
        sub = session.get(Submission, sid)
        if sub is None or not (who.instructor or sub.student == who.name):
            raise Refused(404, "no such submission")
        return sub

    def view(self, session, who: Who, sub: Submission, now=None) -> dict:
        """The API's answer for one submission: what the visibility rule allows at `now`."""
        from ..report.record import student_view

        now = now or utcnow()
        d = self.deadline_for(session, sub.student, sub.exercise)
        answer = {"id": sub.id, "student": sub.student, "exercise": sub.exercise, "status": sub.status,
                  "received_at": aware(sub.received_at).isoformat(), "filename": sub.filename,
                  "late": sub.lateness != "on_time", "credit": sub.credit, "charged": sub.charged,
                  "queue_position": None, "wait_seconds": None, "score": None, "max_score": sub.max_score,
                  "tests": [], "diagnosis": [], "message": sub.message, "refund": sub.refund_reason}
        if sub.status in ("received", "queued", "running"):
            answer["status"] = "running" if sub.status == "running" else "queued"
            job = jobs.job_of(session, sub.id)
            ahead = jobs.position(session, job.id) if job else None
            answer["queue_position"] = ahead
            if sub.status != "running":
                answer["wait_seconds"] = round(((ahead or 0) // max(1, self.workers) + 1) * self.mean_seconds(session), 1)
        if sub.record:
            view = student_view(sub.record, show_hidden=who.instructor,
                                after_due_date=released(now, d, self.course.release))
            answer["tests"] = [{k: t.get(k) for k in ("name", "status", "score", "max_score", "visibility", "output",
                                                      "concept", "file", "line") if k in t} for t in view.tests]
            answer["diagnosis"] = view.diagnosis
            answer["outcome"] = sub.record.get("status")
            if view.total_shown:
                answer["score"] = sub.score
            else:
                answer["shown_score"], answer["shown_max_score"] = view.shown_score, view.shown_max
            answer["withheld"] = {"hidden": view.withheld_hidden, "until_due": view.withheld_until_due,
                                  "failed": view.withheld_failures()}
        return answer

    def mean_seconds(self, session) -> float:
        recent = session.scalars(select(Submission.seconds).where(Submission.seconds.is_not(None))
                                 .order_by(Submission.graded_at.desc()).limit(20)).all()
        return sum(recent) / len(recent) if recent else 1.0

    def exercises_for(self, session, student: str, now=None) -> list[dict]:
        """Each exercise with this student's own deadline, attempts used and left, and whether it is open."""
        now = now or utcnow()
        rows = []
        for name, ex in self.course.exercises.items():
            d = self.deadline_for(session, student, name)
            used = session.scalar(select(func.count()).select_from(Submission).where(
                Submission.student == student, Submission.exercise == name, Submission.charged)) or 0
            rows.append({"name": name, "due": d.due.isoformat(), "late_until": d.late_until.isoformat(),
                         "late_credit": d.late_credit, "extended": d.extended, "attempts": ex.attempts,
                         "attempts_used": used, "attempts_left": None if ex.attempts == 0 else max(0, ex.attempts - used),
                         "cooldown_seconds": ex.cooldown_seconds, "open": now <= d.late_until,
                         "late_now": d.due < now <= d.late_until})
        return rows

    # --- the instructor's actions -----------------------------------------------------------------------

    def start_regrade(self, exercise: str, dry_run: bool) -> int:
        self.course.exercise(exercise)
        with self.db.write() as session:
            row = Regrade(exercise=exercise, dry_run=dry_run, status="queued", created_at=jobs.naive(utcnow()))
            session.add(row)
            session.flush()
            jobs.enqueue(session, "regrade", jobs.BACKGROUND, regrade_id=row.id)
            return row.id

    def regrade_view(self, rid: int) -> dict:
        with self.db.read() as session:
            row = session.get(Regrade, rid)
            if row is None:
                raise Refused(404, "no such regrade")
            return {"id": row.id, "exercise": row.exercise, "dry_run": row.dry_run, "status": row.status,
                    "table": row.diff_text, "diff": row.diff, "message": row.message}

    def extend(self, student: str, exercise: str, due, late_until=None) -> dict:
        """Grant (or change) a student's extension; times must carry their zone."""
        self.course.exercise(exercise)
        if student not in self.course.students:
            raise Refused(422, f"{student!r} is not a student of this course")
        if due is None:
            raise Refused(422, "give the new due date")
        if due.tzinfo is None or (late_until and late_until.tzinfo is None):
            raise Refused(422, "write times with their zone, like 2026-12-10T23:59:00Z")
        if late_until and late_until < due:
            raise Refused(422, "late_until is before due")
        with self.db.write() as session:
            row = session.get(Extension, (student, exercise))
            if row is None:
                row = Extension(student=student, exercise=exercise)
                session.add(row)
            row.due = jobs.naive(due)
            row.late_until = jobs.naive(late_until) if late_until else None
            row.granted_at = jobs.naive(utcnow())
            d = self.deadline_for(session, student, exercise)
        return {"student": student, "exercise": exercise, "due": d.due.isoformat(), "late_until": d.late_until.isoformat()}

    def extensions(self) -> list[dict]:
        with self.db.read() as session:
            return [{"student": e.student, "exercise": e.exercise, "due": aware(e.due).isoformat(),
                     "late_until": aware(e.late_until).isoformat() if e.late_until else None}
                    for e in session.scalars(select(Extension).order_by(Extension.student, Extension.exercise)).all()]
