"""What the API and the pages share: who is asking, and a submission as its owner may see it.

Each function here is synchronous and touches the database: the async routes
call them through a thread (starlette's run_in_threadpool), never inline. An
upload is accepted by admission.py, on its own thread.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import delete, func, select, text, update

from ..i18n import msg
from . import Refused, jobs  # noqa: F401 (Refused: the routes import it from here)
from .admission import GENERATION, Admission
from .auth import Tokens, secret
from .course import load
from .db import BrowserSession, Database, Extension, Person, Regrade, Submission, url_for
from .rules import aware, deadline, released, utcnow

# Built once: every request signed in by a token runs it (SQLAlchemy then reuses its compiled form).
CURRENT = text(GENERATION)
SUBMIT_RATE = parse_rate("30/minute")  # requests per person, whatever their attempt limits say
SIGN_IN_RATE = parse_rate("20/minute")  # sign-in tries per client address: tokens are not to be guessed
# links a signed-in person asks for, for another device (sign_in.device_link): a phone, a second computer; a few a
# day, so that a copied session cookie is not a fountain of links (docs/security.md)
DEVICE_LINK_RATE = parse_rate("5/hour")
# Status streams (server-sent events) one person may hold open at once: a few pages or tabs. Each polls the
# database four times a second for as long as its submission is not final, on the threads that answer every
# request: a script that opened hundreds of them on a queued submission slowed every student's uploads.
STREAMS_PER_PERSON = 8
# Uploads one person may have arriving at once (their bodies still being read). Session 30: a body may arrive as
# slowly as its sender likes (uvicorn sets no time for it), and each held a connection and its descriptor for as
# long: a student's token opened one after another, 30 a minute under the rate limit, until the server ran out
# of descriptors for the class. A proxy in front (docs/serve.md) also bounds how long a body may take.
UPLOADS_PER_PERSON = 2


class Counters(MemoryStorage):
    """limits' in-memory storage, its expired entries swept inline at most once a second.

    The library's own sweep starts a new threading.Timer thread at a hit once
    the last one has ended (10 ms later): in a burst of uploads that was a
    thread started for every other request, the largest CPU cost of an upload
    after the framework's (tests/serve/test_api.py holds that none starts). The
    strategies' answers do not depend on the sweep (they compare entries' times),
    only the memory it frees does.
    """
    SWEEP_SECONDS = 1.0
    _next_sweep = 0.0

    def _MemoryStorage__schedule_expiry(self):  # the private hook every hit calls (limits 3.10 to 5.x)
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.SWEEP_SECONDS
            self._MemoryStorage__expire_events()


@dataclass(frozen=True)
class Who:
    name: str
    role: str
    token: str
    generation: int = 0
    session: str | None = None  # a session's token: its row of browser_sessions (auth.py); None: the API token

    def current(self, generation: int, session_open) -> bool:
        """Is this token still good, the person's generation being this, and its session (if any) open or not?"""
        return generation == self.generation and (self.session is None or bool(session_open))

    @property
    def instructor(self) -> bool:
        return self.role == "instructor"


def _lti_of(folder):
    """The course's LTI registration (lti.py), or None: without an [lti] table, pylti1p3 is not even imported."""
    from .tomlfile import loads
    if "lti" not in loads((folder / "course.toml").read_text(encoding="utf-8")):
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
        self.limiter = MovingWindowRateLimiter(Counters())
        self._streams: dict[str, weakref.WeakSet] = {}  # person -> their status streams that are open
        self._streams_lock = threading.Lock()
        self._arriving: dict[str, int] = {}  # person -> their uploads being read now (receiving())
        self.sync_roster()
        self.lti = _lti_of(self.folder)
        self.admission = Admission(self.db, self.course, self.folder)

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
        """The person's API token (auth.py): the same until revoked."""
        with self.db.read() as session:
            person = session.get(Person, name)
        return self.tokens.make(name, person.token_generation)

    def link_for(self, name: str) -> str:
        """The person's current sign-in link's token (auth.py): the same until it is used, or revoked."""
        with self.db.read() as session:
            person = session.get(Person, name)
        return self.tokens.link(name, person.token_generation, person.links_used)

    def revoke(self, name: str) -> str:
        """Ends the person's API token, link and sessions; their new API token."""
        with self.db.write() as session:
            person = session.get(Person, name)
            person.token_generation += 1
            session.execute(delete(BrowserSession).where(BrowserSession.person == name))
        return self.token_for(name)

    def linked(self, token: str | None) -> Who | None:
        """The person a sign-in link names, if it is their current one (unused, not revoked); it is not used up."""
        read = self.tokens.read_link(token) if token else None
        role = self.course.role(read[0]) if read else None
        if role is None:
            return None
        name, generation, number = read
        with self.db.read() as session:
            person = session.get(Person, name)
        if person is None or (person.token_generation, person.links_used) != (generation, number):
            return None
        return Who(name, role, token, generation)  # its token the link's: it signs nothing by itself

    def use_link(self, token: str) -> str | None:
        """Uses up a sign-in link and starts a session with it: the session's token, or None if the link is not the
        person's current one (used, revoked). One transaction: of two browsers opening one link at once, one signs in."""
        read = self.tokens.read_link(token)
        if read is None or self.course.role(read[0]) is None:
            return None
        name, generation, number = read
        with self.db.write() as session:
            used = session.execute(update(Person).where(
                Person.name == name, Person.token_generation == generation, Person.links_used == number
            ).values(links_used=Person.links_used + 1))
            if used.rowcount != 1:
                return None
            return self._start_session(session, name, generation)

    def session_token(self, name: str) -> str:
        """A new session's token for `name` (an LTI launch's cookie): good until it signs out or is revoked."""
        with self.db.write() as session:
            return self._start_session(session, name, session.get(Person, name).token_generation)

    def _start_session(self, session, name, generation) -> str:
        sid = secrets.token_hex(16)
        session.add(BrowserSession(id=sid, person=name, started_at=utcnow()))
        return self.tokens.make(name, generation, sid)

    def sign_out(self, who: Who):
        """Ends the session `who` was signed in by (a copy of its cookie included); their other browsers' sessions
        and their link are not touched."""
        if who.session is not None:
            with self.db.write() as session:
                session.execute(delete(BrowserSession).where(BrowserSession.id == who.session,
                                                             BrowserSession.person == who.name))

    def signed(self, token: str | None, session=False) -> Who | None:
        """The person a token names, by its signature and the roster alone: no database, so an upload can be
        refused before its body is read; admission.py checks it is current (Who.current) in its transaction.
        session: only a session's token (a cookie), not the API token."""
        read = self.tokens.read(token) if token else None
        if read is None or (session and read[2] is None):
            return None
        name, generation, sid = read
        role = self.course.role(name)
        return None if role is None else Who(name, role, token, generation, sid)

    def who(self, token: str | None, session=False) -> Who | None:
        """The person a token names, if it is theirs now (not revoked, and a session's not signed out)."""
        person = self.signed(token, session)
        if person is None:
            return None
        with self.db.engine.connect() as conn:  # Core, not the ORM: this runs on every request
            current = conn.execute(CURRENT, {"name": person.name, "session": person.session}).first()
        return person if current is not None and person.current(*current) else None

    def rate_ok(self, rate, *keys) -> bool:
        return self.limiter.hit(rate, *keys)

    def hold_stream(self, name: str, stream):
        """Count `stream` (an async generator not yet started) among `name`'s open status streams, and return it;
        Refused (429) when they hold STREAMS_PER_PERSON already. A stream stops counting when it is exhausted
        or let go (a weak set: one whose client left before it started is never run, and is not leaked)."""
        with self._streams_lock:
            held = self._streams.setdefault(name, weakref.WeakSet())
            if sum(1 for other in held if other.ag_frame is not None) >= STREAMS_PER_PERSON:
                raise Refused(429, msg("{n} status streams are open for you already: close a page that follows a "
                                       "submission, or ask again when one has ended", n=STREAMS_PER_PERSON),
                              headers={"Retry-After": "5"})
            held.add(stream)
        return stream

    @contextlib.contextmanager
    def receiving(self, name: str):
        """While `name`'s upload is being read: Refused (429) when UPLOADS_PER_PERSON of theirs are being read
        already (an upload counts from its first byte read to its last)."""
        with self._streams_lock:
            if self._arriving.get(name, 0) >= UPLOADS_PER_PERSON:
                raise Refused(429, msg("{n} uploads of yours are still arriving: wait until they have, then send "
                                       "this one again", n=UPLOADS_PER_PERSON), headers={"Retry-After": "5"})
            self._arriving[name] = self._arriving.get(name, 0) + 1
        try:
            yield
        finally:
            with self._streams_lock:
                self._arriving[name] -= 1
                if not self._arriving[name]:
                    del self._arriving[name]

    def deadline_for(self, session, student, exercise):
        return deadline(self.course.exercise(exercise), session.get(Extension, (student, exercise)))

    # --- what a submission shows --------------------------------------------------------------------------

    def find(self, session, who: Who, sid: str) -> Submission:
        """The submission if `who` may see it; 404 for another student's, as for one that does not exist."""
        sub = session.get(Submission, sid)
        if sub is None or not (who.instructor or sub.student == who.name):
            raise Refused(404, msg("no such submission"))  # said in the course's language (docs/serve.md)
        return sub

    def view(self, session, who: Who, sub: Submission, now=None) -> dict:
        """The API's answer for one submission: what the visibility rule allows at `now`."""
        from ..report.record import PLACE_FIELDS, Said, student_view

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
            say = Said(self.course.lang)  # the course's language, as its feedback page's (pages.py)
            answer["tests"] = [dict(say.test(t, ("name", "status", "score", "max_score", "visibility", "output",
                                                  "concept", *PLACE_FIELDS)), **_limit(t.get("output_message")))
                               for t in view.tests]
            answer["message"] = say.message(sub.record) or answer["message"]
            answer.update(_limit(sub.record.get("message_data")))  # what cut the run short, as fields
            answer["diagnosis"] = [say.finding(d) for d in view.diagnosis]
            answer["outcome"] = sub.record.get("status")
            if view.total_shown:
                answer["score"] = sub.score
            else:
                answer["shown_score"], answer["shown_max_score"] = view.shown_score, view.shown_max
            # the sentence in the course's language; what code needs, as fields (a count, the concepts' ids)
            answer["withheld"] = {"hidden": view.withheld_hidden, "until_due": view.withheld_until_due,
                                  "failed": view.withheld_failures(self.course.lang),
                                  "failed_count": view.withheld_failed, "failed_concepts": view.withheld_failed_concepts}
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
                raise Refused(404, msg("no such regrade"))
            return {"id": row.id, "exercise": row.exercise, "dry_run": row.dry_run, "status": row.status,
                    "table": row.diff_text, "diff": row.diff, "message": row.message}

    def extend(self, student: str, exercise: str, due, late_until=None) -> dict:
        """Grant (or change) a student's extension; times must carry their zone."""
        self.course.exercise(exercise)
        if student not in self.course.students:
            raise Refused(422, msg("{student} is not a student of this course", student=repr(student)))
        if due is None:
            raise Refused(422, msg("give the new due date"))
        if due.tzinfo is None or (late_until and late_until.tzinfo is None):
            raise Refused(422, msg("write times with their zone, like 2026-12-10T23:59:00Z"))
        if late_until and late_until < due:
            raise Refused(422, msg("`late_until` is before `due`"))
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


def _limit(message) -> dict:
    """{"limit": the limit's fields} where a row's or a test's message says one was met (report/record.limit_met),
    else nothing: the API gives it as data, as the scores row and Gradescope's extra_data do."""
    from ..report.record import limit_met

    found = limit_met(message)
    return {"limit": found} if found else {}
