"""The service's schema (SQLAlchemy 2), its database and its migrations (Alembic).

SQLite in the course folder by default, in WAL mode (readers never wait for
the writer), with every write transaction opened `BEGIN IMMEDIATE`: a
transaction that counts a student's attempts and then inserts one holds the
write lock from its first read, so three server processes admitting twenty
requests each admit exactly the limit (tests/serve/test_concurrency.py). On
PostgreSQL (`--db postgresql://...`) the same transaction locks the student's
row (SELECT ... FOR UPDATE) instead. Times are stored in UTC.
"""

from __future__ import annotations

import contextlib
import os
import threading
from datetime import datetime
from pathlib import Path

from sqlalchemy import (JSON, Boolean, DateTime, Float, ForeignKey, Integer, LargeBinary, String, Text, UniqueConstraint,
                        create_engine, event, text)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

DB_FILE = "serve.sqlite3"
SQLITE_PRAGMAS = ("PRAGMA journal_mode=WAL",
                  "PRAGMA synchronous=NORMAL",  # durable across a process's death; WAL's advice
                  "PRAGMA foreign_keys=ON",
                  "PRAGMA busy_timeout=60000")


class Base(DeclarativeBase):
    pass


class Person(Base):
    """A student or an instructor of the roster; bumping `token_generation` revokes their links, their API token and
    their sessions; `links_used` counts the sign-in links they used (a link is good while its number is that count:
    single-use, auth.py). Migration 0007 dropped `sign_outs`, unread since session 40 (a sign-out ends its own
    BrowserSession)."""
    __tablename__ = "people"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    role: Mapped[str] = mapped_column(String(16))
    token_generation: Mapped[int] = mapped_column(Integer, default=0)
    links_used: Mapped[int] = mapped_column(Integer, default=0)


class BrowserSession(Base):
    """A browser's session, started by a sign-in link or an LTI launch: its cookie names this row (auth.py), and
    signing out deletes it, so a copy of the cookie signs in no more; the person's other browsers are not touched."""
    __tablename__ = "browser_sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    person: Mapped[str] = mapped_column(ForeignKey("people.name"), index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime)


class Submission(Base):
    __tablename__ = "submissions"
    __table_args__ = (UniqueConstraint("student", "idempotency_key", name="uq_submissions_student_key"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    student: Mapped[str] = mapped_column(ForeignKey("people.name"), index=True)
    exercise: Mapped[str] = mapped_column(String(64), index=True)
    received_at: Mapped[datetime] = mapped_column(DateTime)
    filename: Mapped[str] = mapped_column(String(255))  # as the student named it (shown, never used as a path)
    path: Mapped[str] = mapped_column(String(255))  # the stored file, relative to the course folder
    digest: Mapped[str] = mapped_column(String(64))  # sha256 of the upload
    size: Mapped[int] = mapped_column(Integer)
    via: Mapped[str] = mapped_column(String(16), default="api")  # api, page, lti
    # received (row committed, no job yet) -> queued -> running -> graded | rejected | error
    status: Mapped[str] = mapped_column(String(16), default="received", index=True)
    charged: Mapped[bool] = mapped_column(Boolean, default=True)  # counts against the attempt limit
    refund_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    lateness: Mapped[str] = mapped_column(String(16), default="on_time")  # rules.ON_TIME / LATE
    credit: Mapped[float] = mapped_column(Float, default=1.0)  # the share of the score it earns
    score: Mapped[float | None] = mapped_column(Float, nullable=True)  # as graded, before late credit
    max_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    record: Mapped[dict | None] = mapped_column(JSON, nullable=True)  # the pipeline's scores row
    message: Mapped[str | None] = mapped_column(Text, nullable=True)
    graded_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    times_graded: Mapped[int] = mapped_column(Integer, default=0)  # results committed (1 unless regraded)
    seconds: Mapped[float | None] = mapped_column(Float, nullable=True)  # the pipeline's time for it
    idempotency_key: Mapped[str | None] = mapped_column(String(128), nullable=True)  # a retry is the same attempt
    # The uploaded bytes, committed with the row (admission.py); the file at `path` is written from them
    # when grading first needs it (grading.upload_file). Deferred: listing rows never reads them.
    content: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True, deferred=True)


class Job(Base):
    """A unit of work for the pool: grade a submission, run a regrade, pass a grade back to an LMS."""
    __tablename__ = "jobs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16))  # grade, regrade, passback
    priority: Mapped[int] = mapped_column(Integer)  # 0 interactive, 1 regrades and passbacks
    submission_id: Mapped[str | None] = mapped_column(ForeignKey("submissions.id"), nullable=True, index=True)
    regrade_id: Mapped[int | None] = mapped_column(ForeignKey("regrades.id"), nullable=True)
    state: Mapped[str] = mapped_column(String(16), default="queued", index=True)  # queued running done failed
    tries: Mapped[int] = mapped_column(Integer, default=0)
    worker: Mapped[str | None] = mapped_column(String(64), nullable=True)  # host:pid of its holder
    lease_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    not_before: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)  # a retry's back-off
    created_at: Mapped[datetime] = mapped_column(DateTime)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)


class Extension(Base):
    __tablename__ = "extensions"
    student: Mapped[str] = mapped_column(ForeignKey("people.name"), primary_key=True)
    exercise: Mapped[str] = mapped_column(String(64), primary_key=True)
    due: Mapped[datetime] = mapped_column(DateTime)
    late_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    granted_at: Mapped[datetime] = mapped_column(DateTime)


class Regrade(Base):
    __tablename__ = "regrades"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    exercise: Mapped[str] = mapped_column(String(64))
    dry_run: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(16), default="queued")  # queued running done error
    created_at: Mapped[datetime] = mapped_column(DateTime)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    diff_text: Mapped[str | None] = mapped_column(Text, nullable=True)  # `grade diff`'s table
    diff: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    message: Mapped[str | None] = mapped_column(Text, nullable=True)


class Nonce(Base):
    """LTI launch nonces, kept so that a replayed launch is refused (pylti1p3 does not consume them)."""
    __tablename__ = "lti_nonces"
    nonce: Mapped[str] = mapped_column(String(255), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime)


class LtiLink(Base):
    """Where a student's grades for an exercise go: the AGS endpoint of their last LTI launch of it."""
    __tablename__ = "lti_links"
    student: Mapped[str] = mapped_column(ForeignKey("people.name"), primary_key=True)
    exercise: Mapped[str] = mapped_column(String(64), primary_key=True)
    issuer: Mapped[str] = mapped_column(String(255))
    client_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))  # the platform's `sub`
    service: Mapped[dict] = mapped_column(JSON)  # the launch's AGS claim: lineitem, scope


def url_for(folder, db: str | None) -> str:
    return db or f"sqlite:///{Path(folder).resolve() / DB_FILE}"


class Database:
    """The engine and sessions: `db.write()` for a transaction that writes, `db.read()` for one that only reads."""

    def __init__(self, url: str):
        self.url = url
        self.sqlite = url.startswith("sqlite")
        self.sqlite_path = url.split("///", 1)[-1] if self.sqlite else None
        if self.sqlite:
            path = self.sqlite_path
            if path and path != ":memory:" and not Path(path).exists():  # students' work: private to the grader
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
            self.engine = create_engine(url, connect_args={"timeout": 60, "check_same_thread": False})
            self._sqlite_setup(self.engine)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.writers = threading.Lock() if self.sqlite else contextlib.nullcontext()

    @staticmethod
    def _sqlite_setup(engine):
        # pysqlite opens transactions by itself and late; take that over (SQLAlchemy's documented recipe).
        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection, _record):
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            for pragma in SQLITE_PRAGMAS:
                cursor.execute(pragma)
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.info.get("write") else "BEGIN")

    @contextlib.contextmanager
    def write(self):
        """A session whose transaction holds the write lock from its start (SQLite: BEGIN IMMEDIATE); commits on exit.

        On SQLite, this process's threads also queue on a lock of their own first:
        SQLite makes a writer that finds the database locked sleep and retry (up to
        100 ms a time), which under a burst of uploads costs far more than waiting
        in line; other processes (the pool) still meet SQLite's own lock.
        """
        with self.writers, self.engine.connect() as conn:
            conn.info["write"] = True
            try:
                with Session(conn, expire_on_commit=False) as session, session.begin():
                    yield session
            finally:
                conn.info.pop("write", None)

    @contextlib.contextmanager
    def read(self):
        with self._sessions() as session:
            yield session

    def migrate(self):
        """Bring the schema to the newest version (Alembic's `upgrade head`)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self._migration_lock(), self.engine.begin() as conn:
            config.attributes["connection"] = conn
            if not self.sqlite:  # servers starting together on one database migrate one at a time
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(31031)")
            command.upgrade(config, "head")

    @contextlib.contextmanager
    def _migration_lock(self):
        """SQLite: an flock beside the database file, so that servers starting together migrate in turn."""
        path = self.url.split("///", 1)[-1] if self.sqlite else ""
        if not path or path == ":memory:":
            yield
            return
        import fcntl
        with open(path + ".migrate-lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield
