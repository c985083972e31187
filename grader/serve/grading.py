"""Grading a submission: the one adapter to the grader's pipeline, and the pool's worker process.

`pipeline()` is the only place the service asks for grading: the same call as
`grade run` (issue 25's one pipeline), so a submission gets the same scores,
feedback and diagnosis here as anywhere. A worker (`python -m
grader.serve.grading DIR`) claims jobs from the database (jobs.py), renews
their leases while it works, and commits each result in the same transaction
that marks its job done, only if the job is still its own.

What costs a student nothing: a file the grader cannot read (rejected), and
any failure of the infrastructure (the grader's own error, a worker lost
jobs.MAX_TRIES times): the attempt is refunded and the feedback says so.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import signal
import sys
import threading
import time
import traceback
from pathlib import Path

from sqlalchemy import select, update

from ..i18n import msg
from . import jobs
from .auth import draws_secret
from .db import Database, LtiLink, Regrade, Submission, url_for
from .rules import utcnow

IDLE_POLL_SECONDS = 0.05
WORKER_NICE = 10  # the pool (and the sandboxes it starts) yield the CPU to the server answering uploads
BATCH = 8  # waiting submissions of one exercise graded together by one worker (jobs.claim)


def pipeline(files, exercise, *, queue=None, cache_dir=None, draw_secret=None):
    """The grader's one pipeline (grader/pipeline.py): a Graded for uploads, `files` [(the stored file, the name
    its student gave it)], each one submission whose id is the stored file's name and whose places and messages
    name the student's file (`my_engine.py, line 12`, not the stored `<id>.py`), as `grade run` does.
    `draw_secret`: the course's (auth.draws_secret), where MICROGRAD_GRADER_SECRET is not set (judge/drawn.secret)."""
    from ..pipeline import Settings, grade_files

    return grade_files(files, Settings(exercise=exercise, queue=queue, cache_dir=cache_dir, draw_secret=draw_secret))


# A refund's reason is kept as its English words (the row's `refund_reason`, the API's `refund`); the student's page
# says it in the course's language, as a message id of the catalogs (templates/_final.html)
REFUND_INFRASTRUCTURE = msg("The grader failed on this submission, not your code: this attempt was not counted.").id
UPLOAD_LOST = ("the uploaded file was lost or damaged on the server; please upload it again")
# a timeout the machine caused (the row's `starved`: its worker waited for a CPU, twice): the server's, not the student's
REFUND_BUSY = msg("The server was too busy to run your code in time, which is not your code's doing: this attempt "
                  "was not counted; submit it again.").id
REFUND_REJECTED = msg("The grader could not read this file, so it was not graded and the attempt was not counted.").id


def job_failed(session, job):
    """A job lost jobs.MAX_TRIES times: its submission ends in `error`, and its attempt is refunded."""
    if job.kind == "grade" and job.submission_id:
        sub = session.get(Submission, job.submission_id)
        sub.status, sub.charged, sub.refund_reason = "error", False, REFUND_INFRASTRUCTURE
        last = (job.last_error or "").strip().splitlines()
        sub.message = f"Grading failed {job.tries} times; the last time: {last[-1] if last else 'no error recorded'}"
    elif job.kind == "regrade" and job.regrade_id:
        regrade = session.get(Regrade, job.regrade_id)
        regrade.status, regrade.message = "error", job.last_error


def upload_file(folder, db, sub) -> Path | None:
    """The path of the upload's file, written from its row the first time it is needed.

    admission.py commits the uploaded bytes in the row (the one durable copy,
    so an upload is exactly as durable as the database's commit) and writes no
    file on the request's path. The file is checked against the row's SHA-256;
    None when neither holds the upload intact (a row from before the bytes were
    kept, whose file a crash of the machine cut): the caller's to refund.
    """
    path = folder / sub.path
    try:
        if hashlib.sha256(path.read_bytes()).hexdigest() == sub.digest:
            return path
    except OSError:
        pass
    with db.read() as session:
        content = session.scalar(select(Submission.content).where(Submission.id == sub.id))
    if content is None or hashlib.sha256(content).hexdigest() != sub.digest:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(content)
    os.replace(part, path)
    return path


class Worker:
    def __init__(self, folder, db_url=None, queue=None):
        self.folder = Path(folder).resolve()
        self.db = Database(url_for(self.folder, db_url))
        self.queue = queue
        self.cache_dir = str(self.folder / "cache")
        self.draw_secret = draws_secret(self.folder)  # the course's own: no student computes its draws
        self.name = jobs.worker_name()
        self.stopping = False

    def run(self, parent=None):
        """Work until stopped, or (`parent`: the server's pid) until the server that started it is gone."""
        while not self.stopping and (parent is None or os.getppid() == parent):
            taken = jobs.claim(self.db, self.name, BATCH)
            if not taken:
                time.sleep(IDLE_POLL_SECONDS)
                continue
            self.work(taken)

    def drain(self) -> int:
        """Work until no job is ready (tests, and a one-off `grade serve` catch-up); the count done."""
        done = 0
        while taken := jobs.claim(self.db, self.name, BATCH):
            self.work(taken)
            done += len(taken)
        return done

    def work(self, taken):
        lease = threading.Event()
        threading.Thread(target=self._keep_leases, args=([j.id for j in taken], lease), daemon=True).start()
        try:
            if taken[0].kind == "grade":
                self.grade(taken)
            elif taken[0].kind == "passback":
                self.passback(taken[0])
            else:
                self.regrade(taken[0])
        except Exception:
            error = traceback.format_exc()
            print(f"grade serve worker {self.name}: jobs {[j.id for j in taken]} failed:\n{error}",
                  file=sys.stderr, flush=True)
            with self.db.write() as session:
                for job in taken:
                    if session.get(type(job), job.id).worker == self.name:
                        jobs.retry_or_fail(session, job, error, job_failed)
        finally:
            lease.set()

    def _keep_leases(self, ids, stop):
        while not stop.wait(jobs.LEASE_SECONDS / 3):
            for job_id in ids:
                jobs.renew(self.db, job_id, self.name)

    def grade(self, taken):
        """Grade the claimed submissions (one, or a batch of one exercise's) and commit each one's result."""
        with self.db.read() as session:
            subs = [session.get(Submission, job.submission_id) for job in taken]
        checked = [(job, sub, upload_file(self.folder, self.db, sub)) for job, sub in zip(taken, subs)]
        self._commit([(job, sub.id, None, [{"stage": "upload", "detail": UPLOAD_LOST}])
                      for job, sub, path in checked if path is None], 0.0)
        taken, subs = [job for job, _, path in checked if path], [sub for _, sub, path in checked if path]
        if not subs:
            return
        started = time.monotonic()
        # each stored file's name is its submission's id (hex): one student's file, named as the student named it
        result = pipeline([(self.folder / sub.path, sub.filename) for sub in subs], subs[0].exercise,
                          queue=self.queue, cache_dir=self.cache_dir, draw_secret=self.draw_secret)
        rows = {row["id"]: row for row in result.scores["submissions"]}
        errors = {}
        for error in result.grader_errors:
            errors.setdefault(error.get("id"), []).append(error)
        seconds = (time.monotonic() - started) / len(subs)
        self._commit([(job, sub.id, rows[sub.id], errors.get(sub.id)) for job, sub in zip(taken, subs)], seconds)

    def _commit(self, results, seconds):
        """Each (job, submission id, scores row, grader errors) in ONE short transaction: the values are made
        before it, and it only writes them (this process runs at a low priority, and uploads wait while it
        holds the write lock)."""
        if not results:
            return
        sids = [sid for _, sid, _, _ in results]
        with self.db.read() as session:
            facts = {r.id: r for r in session.execute(select(Submission.id, Submission.student, Submission.exercise,
                                                             Submission.filename, Submission.path)
                                                      .where(Submission.id.in_(sids)))}
            linked = {tuple(r) for r in session.execute(select(LtiLink.student, LtiLink.exercise).where(
                LtiLink.student.in_({f.student for f in facts.values()})))}
        writes = []
        for job, sid, row, errors in results:
            values = self._values(facts[sid], row, errors, seconds)
            launched = values["status"] == "graded" and (facts[sid].student, facts[sid].exercise) in linked
            writes.append((job, sid, values, launched))
        dropped = []
        with self.db.write() as session:
            conn = session.connection()
            for job, sid, values, launched in writes:
                if jobs.still_mine(conn, job.id, self.name):
                    conn.execute(update(Submission).where(Submission.id == sid)
                                 .values(times_graded=Submission.times_graded + 1, **values))
                    if launched:  # launched from an LMS: its grade goes back
                        jobs.enqueue(conn, "passback", jobs.BACKGROUND, submission_id=sid)
                    if "content" in values:
                        dropped.append(self.folder / facts[sid].path)
        for path in dropped:  # its bytes are gone from the row (committed): its file goes too
            with contextlib.suppress(OSError):
                path.unlink()

    @staticmethod
    def _values(sub, row, errors, seconds) -> dict:
        """The submission's columns once graded (`sub`: its student, exercise and filename)."""
        values = {"graded_at": jobs.naive(utcnow()), "seconds": seconds}
        if errors:
            return dict(values, status="error", charged=False, refund_reason=REFUND_INFRASTRUCTURE,
                        message="; ".join(f"{e.get('stage', 'grading')}: {str(e.get('detail', ''))[:300]}"
                                          for e in errors))
        if row.get("starved"):
            # Refunded, as an infrastructure failure is (session 30: charged, and kept as the graded attempt, a
            # neighbour's load cost a student an attempt and, with policy "last", their grade). Nothing is gained
            # by starving one's own upload: it needs another's load, and shows no feedback.
            return dict(values, status="error", charged=False, refund_reason=REFUND_BUSY, message=row.get("message"))
        row = dict(row, id=sub.student)
        if row.get("source"):
            row["source"] = sub.filename  # the student's name for it, not the stored file's
        values.update(record=row, score=row.get("score"), max_score=row.get("max_score"), message=row.get("message"))
        if row.get("status") == "rejected":
            # Refunded, so free to the student: its bytes are not kept (neither in its row nor on disk). Kept, a
            # student's unreadable uploads (a 19 MB engine.py, 30 a minute, none charged) filled the server's disk
            # beyond every attempt limit; a rejected upload is never graded again (regrades, the similarity
            # report and the gradebook read graded ones), and its digest and size stay.
            return dict(values, status="rejected", charged=False, refund_reason=REFUND_REJECTED, content=None)
        return dict(values, status="graded")

    def passback(self, job):
        """Send the gradebook's score for this student and exercise to their LMS (lti.py); raises to be retried."""
        from .course import load
        from .gradebook import gradebook
        from .lti import Lti

        with self.db.read() as session:
            sub = session.get(Submission, job.submission_id)
            link = session.get(LtiLink, (sub.student, sub.exercise))
            row = next((r for r in gradebook(session, load(self.folder))["students"] if r["student"] == sub.student),
                       {"exercises": {}})
        cell = row["exercises"].get(sub.exercise)
        if link is None or cell is None:
            return self._done(job)
        Lti.of(self.folder).send(link, cell["score"], cell["max_score"],
                                 f"{cell['attempts']} attempt(s); late credit applied" if cell["late"] else None)
        self._done(job)

    def _done(self, job):
        with self.db.write() as session:
            jobs.still_mine(session, job.id, self.name)

    def regrade(self, job):
        from ..report.diff import diff, to_text

        with self.db.read() as session:
            regrade = session.get(Regrade, job.regrade_id)
            subs = session.scalars(select(Submission).where(Submission.exercise == regrade.exercise,
                                                            Submission.status == "graded")
                                   .order_by(Submission.received_at)).all()
        folder = self.folder / "regrades" / str(regrade.id)
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        names = {}
        # an upload lost before the bytes were kept in its row cannot be regraded: it keeps its result
        subs = [sub for sub in subs if upload_file(self.folder, self.db, sub) is not None]
        uploads = []
        for sub in subs:
            name = f"{sub.student}-{sub.id}"
            names[name] = sub.id
            os.symlink(self.folder / sub.path, folder / (name + Path(sub.path).suffix))
            uploads.append((folder / (name + Path(sub.path).suffix), sub.filename))
        old = {"exercise": regrade.exercise, "submissions": [dict(s.record, id=f"{s.student}-{s.id}") for s in subs]}
        new = {"exercise": regrade.exercise, "submissions": []}
        if subs:
            result = pipeline(uploads, regrade.exercise, queue=self.queue, cache_dir=self.cache_dir,
                              draw_secret=self.draw_secret)
            new = result.scores
            old["max_score"] = subs[0].max_score
        # A timeout the machine caused (a row `starved`) is no result of the submission's: it keeps the one it has,
        # as its first grading would have refunded it (_values), and the diff names it (review30: a regrade on a
        # busy machine put 0 and "the machine was too busy" in place of a graded 63)
        before = {row["id"]: row for row in old["submissions"]}
        starved = sorted(row["id"] for row in new["submissions"] if row.get("starved"))
        new["submissions"] = [before[row["id"]] if row.get("starved") else row for row in new["submissions"]]
        shutil.rmtree(folder, ignore_errors=True)
        changes = diff(old, new)
        with self.db.write() as session:
            if not jobs.still_mine(session, job.id, self.name):
                return
            regrade = session.get(Regrade, job.regrade_id)
            regrade.diff_text = to_text(changes)
            regrade.diff = {"changes": len(changes.changes), "unchanged": changes.unchanged,
                            "old_max_score": changes.old_max, "new_max_score": changes.new_max,
                            "students": [{"id": c.id, "old": c.old_score, "new": c.new_score, "change": c.change,
                                          "flips": [[f.test, f.old, f.new] for f in c.flips]}
                                         for c in changes.changes], "starved": starved}
            regrade.status, regrade.finished_at = "done", jobs.naive(utcnow())
            if regrade.dry_run:
                return
            for row in new.get("submissions", []):
                sub = session.get(Submission, names[row["id"]])
                sub.record = dict(row, id=sub.student, **({"source": sub.filename} if row.get("source") else {}))
                sub.score, sub.max_score, sub.message = row.get("score"), row.get("max_score"), row.get("message")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m grader.serve.grading",
                                     description="One grading worker of a `grade serve` course's pool.")
    parser.add_argument("folder")
    parser.add_argument("--db")
    parser.add_argument("--queue")
    parser.add_argument("--parent", type=int, help="stop when this process (the server) is gone")
    args = parser.parse_args(argv)
    os.nice(WORKER_NICE)
    worker = Worker(args.folder, args.db, args.queue)

    def stop(*_):
        worker.stopping = True
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    worker.run(args.parent)


if __name__ == "__main__":
    main()
