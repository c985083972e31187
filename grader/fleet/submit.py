"""Submitting a batch: one observation job per distinct submission on the queue, runs collected as they finish.

A job's id is the observation cache's key (grader version, suite digest,
limits, the submission's content), so a `grade` that was stopped and is run
again finds its jobs where they are: queued, running, or finished with the
result waiting in Redis. It enqueues only the jobs that are not there, runs
none twice, and deletes each job once its run is in the cache: a finished
batch leaves nothing on the queue.

Nothing that goes wrong with one job stops the batch: a submission that cannot
be put on the queue, a result that cannot be read back or is not signed with
the fleet's key, a worker that could not observe it, each makes that row's
`crashed` run with the reason in the run log (scores.log), never cached. A job
refused as tampered with, or a result that fails its signature, is put on
again (TAMPERED_RETRIES times) before that. Only a run a worker observed and
signed is cached; a job that failed on the workers, or was cut by the queue's
time limit, is not.
"""

import json
import time
import traceback

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rq import Queue, Retry, Worker
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from ..observe import STARVED_RETRIES
from ..observe.cache import ObservationCache, share_observations
from ..observe.drawn_pass import left_to_run
from ..observe.protocol import clean_text
from ..records import WEAKEST_FIRST, RunStatus, Strength, never_ran, weakest
from ..sandbox.accounting import STARVED_BACKSTOP
from ..student_text import valid_utf8
from . import (DONE_CHANNEL, JOB_FUNCTION, QUEUE_NAME, REFUSED_AS_TAMPERED, REFUSED_CHANNEL, FleetError, connect, job_id,
               observer_digest, redacted)
from .auth import Unauthenticated, fleet_key
from .cut import remove
from .payload import PayloadError, job_payload, read_result

RETRIES = 2  # a job whose work horse dies (killed, its machine lost) runs at most three times
KEEP_SECONDS = 7 * 24 * 3600  # how long Redis keeps a finished job that no submitting grade collected
ENQUEUE_CHUNK = 200  # payloads built and enqueued at a time (a payload holds a submission's files)
ANNOUNCEMENT_WAIT = 0.5  # seconds one wait for a worker's announcement lasts (then the clock is looked at)
SWEEP_SECONDS = 5.0  # every pending job's status is read at least this often ...
SWEEP_RATE = 2000  # ... or, for a large batch, at most this many statuses a second
HOUSEKEEPING_SECONDS = 2.0  # abandoned jobs requeued, refusals and an idle fleet reported, this often
NO_WORKER_SECONDS = 10.0  # with no worker serving the queue this long, say so (once)
_DONE = (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)
TAMPERED_RETRIES = 2  # a job refused as tampered with, or a result that fails its signature: put on again
QUEUE_MARGIN = 60  # seconds a job may take beyond its submission's own bound: sandbox start-up and cleanup
REFUSED_BY = "refused by "  # how a worker's refusal of a job that is not an honest one begins (worker.py)
_QUEUE_TIMEOUT = "JobTimeoutException"  # in RQ's failure text when the queue's time limit cut the job


def job_timeout(limits):
    """RQ's limit on one job, in seconds: the local pool's own bound on one submission's wall time (a worker
    starved of CPU is cut at STARVED_BACKSTOP times --timeout: sandbox/accounting.py) and a margin. A shorter
    one would cut an honest slow engine on a busy worker machine."""
    return int(STARVED_BACKSTOP * limits.submission_seconds) + QUEUE_MARGIN


def _status(raw):
    """A job's status as RQ wrote it; None for no job (or a status no RQ writes: the job is put on again)."""
    try:
        return JobStatus(raw.decode()) if raw else None
    except (ValueError, UnicodeDecodeError):
        return None


def _as_drawn(run, drawn):
    """Whether a run's drawn observations are of exactly the draws this grade made (`drawn`: {probe: "probe@token"})
    that were worth running (not those whose fixed probe timed out, crashed or was not run: `left_to_run`),
    or there are none because the run was not judged at drawn inputs (an import that failed, nothing observed:
    grader/observe/ keeps none then). A run that ended `crashed` or `timeout` has its drawn observations too."""
    names = set(run.get("drawn") or {})
    # less the draws whose fixed probe did not finish: those are not run (observe/drawn_pass.py), here as locally
    expected = set(left_to_run(list(drawn.values()), run.get("probes") or {}))
    return names == expected or not names and (not run.get("probes") or bool(run.get("import_error")))


def fleet_error_run(submission_id, stage, detail, message):
    """The run of a submission the fleet could not observe for a reason that is not the submission's: `crashed`,
    with `message` for its row and `detail` in the run log (grader_error: never cached)."""
    return never_ran(submission_id, RunStatus.CRASHED, valid_utf8(message),
                     grader_error={"stage": stage, "detail": valid_utf8(detail)})


class QueueObserver:
    """The observation backend that puts each submission on the queue at `url` (see observe.observe_all)."""

    def __init__(self, url, *, require_sandbox=False, notify=None):
        self.url = url
        try:
            self.key = fleet_key()  # before the connection: a missing key is the first thing to mend
        except ValueError as exc:
            raise FleetError(str(exc)) from None
        self.connection = connect(url)
        self.queue = Queue(QUEUE_NAME, connection=self.connection, serializer=JSONSerializer)
        self.require_sandbox = require_sandbox
        self.notify = notify or (lambda text: None)
        self.sandboxes = {}  # sandbox strength -> runs observed with it in this batch
        self._told = set()

    def _tell(self, text):
        if text not in self._told:
            self._told.add(text)
            self.notify(text)

    @property
    def strength(self):
        """The weakest sandbox any of this batch's runs was observed in."""
        return weakest(self.sandboxes)

    def _statuses(self, ids):
        with self.connection.pipeline(transaction=False) as pipeline:
            for jid in ids:
                pipeline.hget(Job.key_for(jid), "status")
            return {jid: _status(raw) for jid, raw in zip(ids, pipeline.execute())}

    def observe_all(self, submissions, suite, limits, *, cache=None, on_done=None):
        """Runs for every accepted submission, observed by the fleet; cached runs are reused."""
        cache = cache or ObservationCache(None)
        fresh = cache.folder is None  # --no-cache: a run finished earlier and left in Redis is not reused
        runs = {}
        waiting = {}  # job id -> (cache key, the submissions with that content)
        shared = {}  # equal observations kept once, as in a local batch

        def deliver(submission, run, cached):
            run = dict(run, id=submission.id)
            share_observations(run, shared)
            runs[submission.id] = run
            if on_done:
                on_done(submission, run, cached)

        for submission in submissions:
            if submission.rejected:
                continue
            key = ObservationCache.key(submission, suite, limits)
            # with --require-sandbox, never a run a weaker sandbox observed (as a weaker worker's result is refused)
            run, observed_in = cache.kept(key, at_least=Strength.BUBBLEWRAP if self.require_sandbox else None)
            if run is not None:
                if observed_in in WEAKEST_FIRST and observed_in != Strength.BUBBLEWRAP:  # the summary says the weakest
                    self.sandboxes[observed_in] = self.sandboxes.get(observed_in, 0) + 1  # a kept run's too
                deliver(submission, run, True)
            else:
                waiting.setdefault(job_id(key), (key, []))[1].append(submission)
        if not waiting:
            return runs
        # Workers announce each job they are done with on DONE_CHANNEL; subscribed before anything is
        # enqueued, so no announcement of this batch's jobs is missed while this grade is connected.
        announcements = self.connection.pubsub(ignore_subscribe_messages=True)
        announcements.subscribe(DONE_CHANNEL, REFUSED_CHANNEL)
        try:
            return self._wait(waiting, suite, limits, cache, fresh, deliver, announcements, runs)
        finally:
            announcements.close()

    def _wait(self, waiting, suite, limits, cache, fresh, deliver, announcements, runs):
        before = self._statuses(list(waiting))
        # A run that ended before this batch is not reused with --no-cache; a job stopped by hand is put
        # on again. A job still queued or running is waited for: its run will be a fresh one.
        leftover = [jid for jid, status in before.items() if status in (JobStatus.STOPPED, JobStatus.CANCELED)
                    or (fresh and status in _DONE)]
        for jid in leftover:
            self._delete(jid, before[jid])
            before[jid] = None
        observer = observer_digest()
        pending = set(waiting)

        def finish(jid, run, cached=False):
            pending.discard(jid)
            for submission in waiting[jid][1]:
                deliver(submission, run, cached)

        def enqueue(ids):
            for jid, (stage, detail, message) in self._enqueue(ids, waiting, suite, limits, observer).items():
                finish(jid, fleet_error_run(waiting[jid][1][0].id, stage, detail, message))

        enqueue([jid for jid, status in before.items() if status is None])
        # A run already waiting in Redis was observed for an earlier `grade`: it counts as from the cache.
        was_finished = {jid for jid, status in before.items() if status == JobStatus.FINISHED}
        to_check = set(jid for jid, status in before.items() if status in _DONE)
        swept = housekeeping = idle_since = time.monotonic()
        starved = {}  # job id -> times put on again after a starved timeout
        tampered = {}  # job id -> times put on again after it or its result was found rewritten
        try:
            while pending:
                message = announcements.get_message(timeout=ANNOUNCEMENT_WAIT)
                while message is not None:
                    if message.get("type") == "message" and message["channel"] == DONE_CHANNEL.encode():
                        to_check.add(message["data"].decode(errors="replace"))
                    elif message.get("type") == "message":
                        self._refused(message["data"], pending, waiting)
                    message = announcements.get_message(timeout=0)
                now = time.monotonic()
                if now - swept >= max(SWEEP_SECONDS, len(pending) / SWEEP_RATE):
                    # The safety net: jobs whose announcement came while this grade was not connected, or
                    # never (a job abandoned by a dead worker and failed by the registry's cleanup).
                    swept = now
                    to_check |= pending
                checking = sorted(to_check & pending)
                to_check.clear()
                for start in range(0, len(checking), 1000):
                    for jid, status in self._statuses(checking[start:start + 1000]).items():
                        if status is None:  # deleted or expired while it waited: put it on again
                            enqueue([jid])
                        elif status in _DONE:
                            key, group = waiting[jid]
                            run, keep, rewritten = self._collect(jid, key, status, group, suite, limits)
                            if keep:
                                cache.put(key, run, keep)  # a starved timeout (a busy worker machine) is not kept
                            self._delete(jid, status)  # once its run is cached
                            if rewritten and tampered.get(jid, 0) < TAMPERED_RETRIES:
                                tampered[jid] = tampered.get(jid, 0) + 1
                                self._tell(f"the job observing {group[0].id} or its result was rewritten on the "
                                           f"queue ({run['grader_error']['detail'][:300]}); it is put on again")
                                enqueue([jid])
                                continue
                            if run.get("starved") and starved.get(jid, 0) < STARVED_RETRIES:
                                # as a local batch does: observed again, at the back of the queue, once
                                starved[jid] = starved.get(jid, 0) + 1
                                enqueue([jid])
                                continue
                            idle_since = now
                            finish(jid, run, jid in was_finished and bool(keep))
                if pending and now - housekeeping >= HOUSEKEEPING_SECONDS:
                    housekeeping = now
                    self._housekeeping(pending, waiting, idle_since)
        except BaseException:
            if fresh:
                # Nothing of this batch is cached, so its queued jobs would only be observed for nobody.
                for jid in pending:
                    self._delete(jid, JobStatus.QUEUED)  # not one a worker has started: it is left to finish
            raise
        return runs

    def _delete(self, jid, status):
        """Remove job `jid` and every trace of it (fleet/cut.py), if its status is still `status` (as read here);
        whether it was removed: a queued job a worker started meanwhile is left to finish."""
        return remove(self.connection, self.queue, jid, [status])

    def _enqueue(self, ids, waiting, suite, limits, observer):
        """Put the jobs `ids` on the queue; {job id: (stage, detail, row message)} of those that could not be."""
        failed = {}
        for start in range(0, len(ids), ENQUEUE_CHUNK):
            chunk = []
            for jid in ids[start:start + ENQUEUE_CHUNK]:
                submission = waiting[jid][1][0]
                try:
                    payload = job_payload(submission, suite, limits, observer, require_sandbox=self.require_sandbox)
                    chunk.append(Queue.prepare_data(
                        JOB_FUNCTION, args=(payload,), job_id=jid,
                        description=f"{suite.name}: {clean_text(submission.id, 200)}",
                        # RQ's own limit on a hung work horse: never shorter than the grader's own bound
                        timeout=job_timeout(limits),
                        result_ttl=KEEP_SECONDS, failure_ttl=KEEP_SECONDS, ttl=None,
                        retry=Retry(max=RETRIES, enqueue_at_front=True)))
                except Exception as exc:  # noqa: BLE001 -- that submission's row, never the batch
                    failed[jid] = ("putting it on the queue", traceback.format_exc(),
                                   f"not observed: it could not be put on the queue ({clean_text(str(exc), 300)}); "
                                   "this is the grader's fault, not the submission's, and the details are in the "
                                   "run log")
            try:
                self.queue.enqueue_many(chunk)
            except (RedisConnectionError, RedisTimeoutError):
                raise
            except Exception:  # noqa: BLE001 -- one job Redis refused: find it, the rest go on
                for data in chunk:
                    try:
                        self.queue.enqueue_many([data])
                    except (RedisConnectionError, RedisTimeoutError):
                        raise
                    except Exception as exc:  # noqa: BLE001
                        failed[data.job_id] = ("putting it on the queue", traceback.format_exc(),
                                               f"not observed: the queue refused its job ({clean_text(str(exc), 300)}); "
                                               "the details are in the run log")
        return failed

    def _collect(self, jid, key, status, group, suite, limits):
        """The run of a job that ended: (run, keep it in the cache: the sandbox strength it was observed in, or False,
        put the job on again as tampered)."""
        names = ", ".join(s.id for s in group)
        # its latest result is all that is read, finished or failed: not the job's hash, payload and all (its removal,
        # fleet/cut.py, needs only its id)
        result = Job(jid, connection=self.connection, serializer=JSONSerializer).latest_result()
        sid = group[0].id
        if status != JobStatus.FINISHED:
            why = (result.exc_string or "").strip().splitlines()[-1:] if result else []
            last = clean_text(why[0], 300) if why else ""
            if REFUSED_AS_TAMPERED in last or last.startswith(REFUSED_BY):  # the grade built it honest: rewritten
                return fleet_error_run(sid, "observing it on the fleet", last,
                                       "not observed: its job was rewritten on the queue each time it was put on "
                                       "(the details are in the run log); it is not cached"), False, True
            if _QUEUE_TIMEOUT in last:
                seconds = job_timeout(limits)
                message = (f"the grading worker did not finish observing it within the queue's limit ({seconds} s "
                           f"of wall time; its machine may be too busy): it will be observed again, and is not cached")
                self._tell(f"the job observing {names} was cut by the queue's time limit ({seconds} s)")
                return dict(never_ran(sid, RunStatus.TIMEOUT, message, suite.probe_names), starved=True), False, False
            self._tell(f"the job observing {names} failed {RETRIES + 1} times on the workers"
                       + (f" (last: {last})" if last else "") + "; it is scored as crashed")
            # The row's message is the same whatever the workers said: scores stay deterministic. The run is
            # not cached: RQ wrote the failure, not a worker's signed result.
            return never_ran(sid, RunStatus.CRASHED, f"the grading worker observing it died {RETRIES + 1} times "
                             "(killed, or its machine lost); it was not tried again", suite.probe_names), False, False
        try:
            value = read_result(result.return_value if result else None, suite.probe_names, key=self.key, job_key=key)
        except Unauthenticated as exc:
            return fleet_error_run(sid, "verifying its result", f"the result of job {jid}: {exc}",
                                   "not observed: the result that came back from the queue is not signed with the "
                                   "fleet's key (forged, or rewritten in Redis); it was not used, nor cached"), \
                False, True
        except PayloadError as exc:
            return fleet_error_run(sid, "reading its result", f"the result of job {jid}: {exc}",
                                   f"not observed: the queue returned a result that is not an observation "
                                   f"({clean_text(str(exc), 200)}); the details are in the run log"), False, False
        worker = clean_text(value["worker"], 100)
        if "error" in value:
            self._tell(f"worker {worker} could not observe {names}: {clean_text(value['error'], 300)}")
            return fleet_error_run(sid, f"observing it on worker {worker}", value["error"],
                                   f"not observed: the grading worker {worker} could not observe it (a fault of that "
                                   "machine or of the grader, not of the submission; the details are in the run "
                                   "log)"), False, False
        draws = getattr(suite, "draws", None)
        if draws is not None and not _as_drawn(value["run"], draws.names(group[0].digest)):
            # the job's `probe@token` names are not in its key (only the draws' digest is): rewritten on the queue,
            # they would choose the inputs its drawn probes are judged at (judge/drawn.py reads each token back)
            return fleet_error_run(sid, "observing it on the fleet", f"job {jid}: its drawn probes are not those this "
                                   "grade drew (the job was rewritten on the queue)",
                                   "not observed: its job was rewritten on the queue each time it was put on "
                                   "(the details are in the run log); it is not cached"), False, True
        strength = value["sandbox"]
        if self.require_sandbox and strength != Strength.BUBBLEWRAP:
            return fleet_error_run(sid, f"observing it on worker {worker}", f"observed in a {strength} sandbox",
                                   f"not used: worker {worker} observed it without the full sandbox ({strength}), "
                                   "and the batch was submitted with --require-sandbox"), False, False
        self.sandboxes[strength] = self.sandboxes.get(strength, 0) + 1
        if strength != Strength.BUBBLEWRAP:
            self._tell(f"worker {worker} observes in a weaker sandbox ({strength}); its runs are marked so in the "
                       "summary: install bubblewrap there (docs/security.md), or submit with --require-sandbox")
        return value["run"], strength, False

    def _refused(self, announcement, pending, waiting):
        """Tell of a worker that put one of this batch's jobs back and stopped."""
        try:
            refusal = json.loads(announcement)
            jid, worker, reason = refusal["job"], str(refusal["worker"]), str(refusal["reason"])
        except (ValueError, TypeError, KeyError):
            return
        if jid in pending:
            self._tell(f"worker {clean_text(worker, 100)} refused the job observing {waiting[jid][1][0].id} and "
                       f"stopped: {clean_text(reason, 400)}")

    def _housekeeping(self, pending, waiting, idle_since):
        # Jobs of workers that stopped heartbeating go back on the queue (or fail, after their retries).
        # Idle workers do this too, but a submitting grade that waits for them need not wait for that.
        self.queue.started_job_registry.cleanup()
        # a refused job is put back at the head of the queue, noted: seen here if its announcement was missed
        for jid in [raw.decode() for raw in self.connection.lrange(self.queue.key, 0, 7)]:
            meta = self.connection.hget(Job.key_for(jid), "meta") if jid in pending else None
            try:
                refusals = JSONSerializer.loads(meta).get("refused", []) if meta else []
            except (ValueError, AttributeError):
                continue
            for refusal in refusals if isinstance(refusals, list) else []:
                if isinstance(refusal, dict):
                    self._refused(json.dumps(dict(refusal, job=jid)).encode(), pending, waiting)
        if time.monotonic() - idle_since > NO_WORKER_SECONDS and not Worker.count(queue=self.queue):
            self._tell(f"no grade worker serves the queue at {redacted(self.url)}; start one on a grading "
                       f"machine with `grade worker URL` (the jobs wait on the queue)")
