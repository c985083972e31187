"""The queue, kept in the service's database: two priorities, leases, retries, and the reconciler.

A submission's row and file are committed first; its job is inserted in a
transaction of its own after that. The pool's workers claim the oldest job
of the most urgent priority (0: a student waiting for feedback; 1: regrades
and grade passbacks), so a regrade never holds a student up: it is taken
only when no interactive job waits. A claimed job has a lease that its
worker renews while it works; the reconciler (run by the server every few
seconds, and once at its start) puts back a job whose lease ran out or whose
worker is known dead, and queues a job for any accepted submission that has
none. A job lost MAX_TRIES times fails: its submission says so, and the
attempt is refunded (the infrastructure's failure, not the student's).
"""

from __future__ import annotations

import os
import socket
from datetime import timedelta

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.orm import Session

from .db import Job, Submission
from .rules import aware, utcnow

INTERACTIVE, BACKGROUND = 0, 1
LEASE_SECONDS = 30  # a worker renews its lease every LEASE_SECONDS / 3 while it works
MAX_TRIES = 3
ORPHAN_GRACE_SECONDS = 10  # a row this young may be about to get its job from the request that wrote it
RETRY_BACKOFF_SECONDS = (0, 5, 30)  # seconds before a failed grade passback is tried again


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def naive(t):
    """For the database: UTC without a zone (SQLite keeps none)."""
    return aware(t).replace(tzinfo=None)


def enqueue(session, kind, priority, *, submission_id=None, regrade_id=None, not_before=None):
    """A new job's id; for a submission that already has its grade job (the reconciler came first), that one's.

    Called in a write transaction (serialised), so check-then-insert holds; `session` is an ORM Session
    or a Core Connection (an upload's path, db.write_core).
    """
    if kind == "grade" and submission_id:
        existing = session.execute(GRADE_JOB_OF, {"sid": submission_id}).scalar()
        if existing is not None:
            return existing
    conn = session.connection() if isinstance(session, Session) else session  # a Session, or a Core Connection
    job_id = conn.execute(INSERT_JOB, dict(
        kind=kind, priority=priority, submission_id=submission_id, regrade_id=regrade_id, state="queued", tries=0,
        created_at=naive(utcnow()), not_before=naive(not_before) if not_before else None, worker=None,
        lease_until=None, last_error=None)).inserted_primary_key[0]
    if kind == "grade" and submission_id:
        session.execute(MARK_QUEUED, {"sid": submission_id})
    return job_id


# Built once: an upload runs them (see service.py)
GRADE_JOB_OF = select(Job.id).where(Job.submission_id == bindparam("sid"), Job.kind == "grade").limit(1)
INSERT_JOB = insert(Job)
MARK_QUEUED = update(Submission).where(Submission.id == bindparam("sid")).values(status="queued")


def claim(db, worker, batch=1):
    """The next jobs for `worker`, now running under its lease: [] when nothing waits.

    The oldest job of the most urgent priority; when it grades a submission,
    up to `batch` - 1 more waiting submissions of the same exercise with it
    (graded as one batch: the suite, the sandbox and the judge's dry run are
    set up once for all of them). They are chosen by a read, without the write
    lock; the write transaction then only takes those still queued (one UPDATE
    each, re-checked under the lock, so two workers never take one job). A
    worker holds the lock for as little as it can: it runs at a low priority,
    and an upload waits while it holds it (docs/serve.md, "Measured").
    """
    now = naive(utcnow())
    ready = (Job.state == "queued") & ((Job.not_before.is_(None)) | (Job.not_before <= now))
    with db.read() as session:
        first = session.execute(select(Job.id, Job.kind, Job.priority, Job.submission_id).where(ready)
                                .order_by(Job.priority, Job.id).limit(1)).first()
        if first is None:
            return []
        ids = [first.id]
        if first.kind == "grade" and batch > 1:
            exercise = session.scalar(select(Submission.exercise).where(Submission.id == first.submission_id))
            ids += session.scalars(select(Job.id).join(Submission, Submission.id == Job.submission_id)
                                   .where(ready, Job.kind == "grade", Job.priority == first.priority,
                                          Job.id != first.id, Submission.exercise == exercise)
                                   .order_by(Job.id).limit(batch - 1)).all()
    lease = now + timedelta(seconds=LEASE_SECONDS)
    with db.write() as session:
        conn = session.connection()
        taken = [i for i in ids if conn.execute(TAKE, {"job": i, "holder": worker, "lease": lease}).rowcount == 1]
        for i in taken:  # a passback job points at its submission too, and leaves it as it is
            conn.execute(MARK_RUNNING, {"job": i})
    if not taken:
        return []
    with db.read() as session:
        found = {job.id: job for job in session.scalars(select(Job).where(Job.id.in_(taken))).all()}
    return [found[i] for i in taken]


TAKE = (update(Job).where(Job.id == bindparam("job"), Job.state == "queued")
        .values(state="running", worker=bindparam("holder"), tries=Job.tries + 1, lease_until=bindparam("lease")))
MARK_RUNNING = (update(Submission).where(Submission.id == select(Job.submission_id).where(
    Job.id == bindparam("job"), Job.kind == "grade").scalar_subquery()).values(status="running"))


def renew(db, job_id, worker) -> bool:
    """Extend the lease; False when the job is no longer this worker's (the reconciler gave it away)."""
    with db.write() as session:
        done = session.execute(update(Job).where(Job.id == job_id, Job.worker == worker, Job.state == "running")
                               .values(lease_until=naive(utcnow()) + timedelta(seconds=LEASE_SECONDS)))
        return done.rowcount == 1


def still_mine(session, job_id, worker) -> bool:
    """Inside the transaction that commits a job's result: mark it done if it is still this worker's.

    A worker whose lease ran out while it worked (the job was given to
    another) commits nothing: one result per job reaches the gradebook.
    """
    done = session.execute(update(Job).where(Job.id == job_id, Job.worker == worker, Job.state == "running")
                           .values(state="done", lease_until=None))
    return done.rowcount == 1


def retry_or_fail(session, job, error, on_fail):
    """After an infrastructure failure: queue the job again (with a back-off), or after MAX_TRIES fail it."""
    job = session.get(Job, job.id)
    job.last_error = error[-4000:]
    job.worker, job.lease_until = None, None
    if job.tries >= MAX_TRIES:
        job.state = "failed"
        on_fail(session, job)
        return
    job.state = "queued"
    if job.kind == "passback":  # another's server: give it time; grading again on this machine waits for nothing
        job.not_before = naive(utcnow()) + timedelta(seconds=RETRY_BACKOFF_SECONDS[min(job.tries, 2)])
    if job.kind == "grade":
        session.execute(update(Submission).where(Submission.id == job.submission_id).values(status="queued"))


def _dead_here(worker: str | None) -> bool:
    host, _, pid = (worker or "").rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def reconcile(db, on_fail) -> dict:
    """Put back lost jobs, fail those lost too often, and queue a job for any submission without one.

    on_fail(session, job) records a failed job's consequence (grading.job_failed: the refund).
    Returns the counts, for the log.
    """
    now = naive(utcnow())
    counts = {"requeued": 0, "failed": 0, "queued_orphans": 0}
    if not _anything_to_reconcile(db, now):  # the usual case: no write lock taken (an upload may want it)
        return counts
    with db.write() as session:
        for job in session.scalars(select(Job).where(Job.state == "running")).all():
            if not _lost(job.lease_until, job.worker, now):
                continue
            counts["failed" if job.tries >= MAX_TRIES else "requeued"] += 1
            retry_or_fail(session, job, f"the worker {job.worker} was lost (lease ended or process gone)", on_fail)
        for sid in session.scalars(_orphans(now)).all():
            enqueue(session, "grade", INTERACTIVE, submission_id=sid)
            counts["queued_orphans"] += 1
    return counts


def _lost(lease_until, worker, now) -> bool:
    return aware(lease_until) <= aware(now) or _dead_here(worker)


def _orphans(now):
    """The ids of accepted submissions, older than the grace, that have no grade job."""
    with_job = select(Job.submission_id).where(Job.submission_id.is_not(None), Job.kind == "grade")
    return select(Submission.id).where(Submission.status.in_(("received", "queued")),
                                       Submission.received_at < now - timedelta(seconds=ORPHAN_GRACE_SECONDS),
                                       Submission.id.not_in(with_job))


def _anything_to_reconcile(db, now) -> bool:
    """A look without the write lock: a running job whose lease ran out or whose worker here is gone, or an
    accepted submission old enough that has no grade job. reconcile() decides again under the lock."""
    with db.read() as session:
        running = session.execute(select(Job.lease_until, Job.worker).where(Job.state == "running")).all()
        return (any(_lost(lease_until, worker, now) for lease_until, worker in running)
                or session.scalar(_orphans(now).limit(1)) is not None)


def position(session, job_id) -> int | None:
    """How many jobs will be taken before this one (0: it is next); None when it is not waiting."""
    job = session.get(Job, job_id)
    if job is None or job.state != "queued":
        return None
    ahead = session.scalar(select(func.count()).select_from(Job).where(
        Job.state == "queued",
        (Job.priority < job.priority) | ((Job.priority == job.priority) & (Job.id < job.id))))
    return int(ahead or 0)


def job_of(session, submission_id):
    return session.scalars(select(Job).where(Job.submission_id == submission_id, Job.kind == "grade")
                           .order_by(Job.id.desc()).limit(1)).first()
