"""`grade worker`: observe the queue's jobs in this machine's sandbox.

Each worker process is an RQ `Worker` that keeps one warm work horse: forked
when its first job comes, it runs the worker's jobs one after another (each
submission in a sandboxed process of its own, as in a local run), while the
worker keeps the job's heartbeat. Before it hands a job on, it checks it: the only function
it runs is `observe_job` (no callback, no webhook: job_check.py), the payload must match its schema, and the suite
named by the job must be installed here with the very digest the job names.
A job this machine cannot observe faithfully is put back where it was, and the
worker stops with a message that says why (`STALE_EXIT`): it never grades
against another version of a suite. A job whose files do not hash to its id
(rewritten on the queue) is refused and never run; the submitting grade puts
it on again.

A worker starts only with the full sandbox (bubblewrap with the memory bound:
grader/sandbox/), unless told `--allow-weaker-sandbox`: without bubblewrap's
namespaces a submission can reach the network, Redis included, and read what
the worker's user can read. Every result is signed with the fleet's key
(auth.py), which the worker takes out of its environment at start; the worker's
processes are not dumpable, and each work horse dies with its worker
(PR_SET_PDEATHSIG), so a `kill -9` of a worker leaves no horse observing on.
A horse that dies fails its job as RQ's forked horse would (retried, then
`crashed`), and the next job gets a new one. Why the horse is warm, not forked
per job: docs/scaling.md, "Where the queue's time went".
"""

import json
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
import time
import traceback

from rq import Queue, Worker
from rq.exceptions import StopRequested
from rq.job import JobStatus, get_current_job
from rq.serializers import JSONSerializer
from rq.suspension import WORKERS_SUSPENDED
from rq.timeouts import BaseTimeoutException
from rq.utils import now
from rq.worker import WorkerStatus

from ..observe import observe_submission
from ..observe.protocol import clean_text
from ..records import Strength
from ..sandbox import Limits, Sandbox
from ..suites import SuiteError, load_suite
from . import (DONE_CHANNEL, HEARTBEAT, QUEUE_NAME, REFUSED_AS_TAMPERED, REFUSED_CHANNEL, STALE_EXIT,
               FleetError, connect, job_id, observer_digest, redacted)
from .auth import die_with_parent, fleet_key, not_dumpable
from .cut import while_queued
from .horse import KeptJob, WarmHorse
from .job_check import checked_job
from .payload import PayloadError, given_draws, job_result, read_job
from .submit import REFUSED_BY

log = logging.getLogger("grader.fleet")


class CannotServe(Exception):
    """A well-formed job this machine must not observe: another suite digest, or a weaker sandbox."""


class QueuedSubmission:
    """A submission as a job carries it: what observe_submission reads."""

    def __init__(self, id, files, package, notebooks=()):
        self.id, self.files, self.package, self.notebooks = id, files, package, tuple(notebooks)


class Machine:
    """What a worker process prepares once and its work horse inherits by fork: the sandbox
    (bubblewrap checked, a uid leased, runner files compiled) and the suites installed here."""

    def __init__(self, name, require_sandbox, key):
        self.name, self.key = name, key
        self.sandbox = Sandbox(Limits(), require=require_sandbox)
        self.observer = observer_digest()
        self._suites = {}

    def suite(self, name):
        if name not in self._suites:
            self._suites[name] = load_suite(name)
        return self._suites[name]

    def check(self, job):
        """The installed suite for an ObservationJob; CannotServe when this machine must not observe it."""
        try:
            suite = self.suite(job.suite)
        except SuiteError:
            raise CannotServe(f"the job asks for suite {job.suite!r}, which is not installed on this worker") from None
        if suite.digest != job.suite_digest:
            raise CannotServe(f"suite {job.suite!r} here has digest {suite.digest[:12]}, the job's has "
                              f"{job.suite_digest[:12]}: this worker's grader is another version than the "
                              "submitting grade's; install the same version on both")
        if self.observer != job.observer:
            raise CannotServe(f"this worker's observation code (grader/observe/, grader/sandbox/) has digest "
                              f"{self.observer[:12]}, the submitting grade's has {job.observer[:12]}: "
                              "install the same grader version on both")
        if job.require_sandbox and self.sandbox.strength != Strength.BUBBLEWRAP:
            raise CannotServe(f"the batch was submitted with --require-sandbox and this worker has no full "
                              f"sandbox ({self.sandbox.warning})")
        return suite if job.draws is None else given_draws(suite, job.draws)  # the grade draws (judge/drawn.py)


_machine = None  # this worker process's Machine, inherited by each work horse


def observe_job(payload):
    """The job RQ runs in a work horse: one submission observed in this machine's sandbox, as signed JSON."""
    machine = _machine
    if machine is None:
        raise RuntimeError("observe_job runs only in a `grade worker`")
    current = get_current_job()
    label = clean_text((current.description or "").partition(": ")[2], 100) if current else "?"
    job = None
    try:
        job = read_job(payload)  # checked again here: the horse trusts nothing it did not check itself
        if current is None or current.id != job_id(job.key):
            raise PayloadError(f"the job's files {REFUSED_AS_TAMPERED}")
        suite = machine.check(job)
    except (PayloadError, CannotServe) as exc:
        return job_result(key=machine.key, job_key=job.key if job else "", worker=machine.name,
                          sandbox=machine.sandbox.strength, error=str(exc))
    sandbox = machine.sandbox
    sandbox.limits = job.limits  # this horse's own copy of the sandbox: the worker's is untouched
    started = time.monotonic()
    try:
        queued = QueuedSubmission("submission", job.files, job.package, job.notebooks)
        run = observe_submission(queued, suite, sandbox, 0)
    except BaseTimeoutException:
        raise  # RQ's own job timeout: the job failed, and is retried
    except Exception:
        return job_result(key=machine.key, job_key=job.key, worker=machine.name, sandbox=sandbox.strength,
                          error="observing failed on the worker: " + traceback.format_exc(limit=-3)[-2000:])
    # a starved timeout says so: the submitting grade puts its job on again (fleet/submit.py), by design
    log.info("%s: observed %s against %s (%s%s) in %.2f s", machine.name, label, suite.name, run["status"],
             ", starved" if run.get("starved") else "", time.monotonic() - started)
    return job_result(key=machine.key, job_key=job.key, worker=machine.name, sandbox=sandbox.strength, run=run)


class FleetWorker(WarmHorse, Worker):
    """RQ's worker with a warm horse, that runs nothing but observation jobs it can observe faithfully."""

    def __init__(self, queues, *, machine, heartbeat=HEARTBEAT, **kw):
        abandoned_after = 3 * heartbeat
        self._horse = None  # (pid, pipe) of the warm horse, once a job has started it
        self._beat = None  # (when, for how many seconds) of this worker's last heartbeat
        self._suspension_checked, self._suspension_seen = 0.0, False  # when `rq suspend` was last looked for
        self._ahead = None  # (job, queue, execution, horse pid) of the next job, fetched and started (horse.py)
        self._held = None  # (job, queue) fetched ahead but not started: its checks failed
        super().__init__(queues, name=machine.name, serializer=JSONSerializer, job_class=KeptJob,
                         job_monitoring_interval=heartbeat,
                         # an idle worker wakes up this often to requeue the jobs of dead workers
                         worker_ttl=max(abandoned_after, 5) + 15, maintenance_interval=max(abandoned_after, 5),
                         **kw)
        for queue in self.queues:  # RQ's maintenance reads a queue's registries with its job class: ours (KeptJob)
            queue.job_class = self.job_class
        self.machine = machine
        self.abandoned_after = abandoned_after
        self.stale = None  # why this worker stopped instead of observing a job
        self._worker_pid = os.getpid()

    def get_heartbeat_ttl(self, job, working_time=0.0):
        # RQ keeps a job for a heartbeat plus a minute; a fleet wants a dead machine's job back sooner:
        # it is abandoned (and retried elsewhere) once three heartbeats in a row were missed.
        return self.abandoned_after

    def check_job(self, job):
        """Check a job before it is run: PayloadError for one that is not an honest observation job,
        CannotServe for one this machine must not observe (the job's own checks: job_check.py)."""
        suite = self.machine.check(checked_job(job))
        self.machine.sandbox.compiled(suite.runner_files)  # once per suite, here, so a new horse inherits it

    def execute_job(self, job, queue):
        try:
            self.check_job(job)
        except CannotServe as exc:
            self.put_back(job, queue, str(exc))
            raise StopRequested() from None
        except Exception as exc:  # a forged or corrupted job: never run, never retried
            self.refuse(job, queue, str(exc) if isinstance(exc, PayloadError) else f"unreadable job: {exc!r}")
            return
        self._execute(job, queue, None)
        while self._ahead is not None:  # fetched and started while the one before it ran (horse.py)
            self._execute(*self._next_ahead())

    def _execute(self, job, queue, ahead):
        ended = False
        try:
            ended = self._run_in_horse(job, queue, ahead)
        finally:
            if ended is None:  # cut from the queue before its start: nothing of it was written, nor run
                self._state = WorkerStatus.IDLE
            elif ended:  # the job's end said all (cleanup_execution), the heartbeat too
                self._state = WorkerStatus.IDLE
                self._beat = (time.monotonic(), self.worker_ttl + 60)
            else:
                with self.connection.pipeline(transaction=False) as pipeline:  # one round trip
                    self._ended(job, pipeline)
                    pipeline.execute()

    def cleanup_execution(self, job, pipeline, execution=None):
        # RQ calls this in the transaction that writes a job's end (finished, failed, retried), in the horse or
        # in the worker: the rest of the end goes in the same transaction, not in writes of its own
        super().cleanup_execution(job, pipeline, execution)
        self._ended(job, pipeline)

    def _ended(self, job, pipeline):
        self.set_state(WorkerStatus.IDLE, pipeline=pipeline)
        self.heartbeat(pipeline=pipeline)
        # finished, failed or retried: the submitting grade looks at it now rather than at its next sweep
        pipeline.publish(DONE_CHANNEL, job.id)

    # -- fewer writes: with `appendfsync always` each write Redis answers waits for a disk flush -------------
    # RQ's worker and horse wrote about 17 times per job, one round trip each; these make it four: the
    # dequeue, the start (horse.py: _start), the horse's result, and the worker's "idle" with its announcement.

    def handle_execution_ended(self, job, queue, heartbeat_ttl):
        # RQ also beats the job's heartbeat here, a write of its own, to cover callbacks: a fleet job has none,
        # and its result (or failure) is written at once, in one transaction
        job.ended_at = now()
        if self._is_horse and self._awaiting_start:
            # the end is written next: not before the worker has written the start (_run_in_horse)
            self._awaiting_start = False
            try:
                written = self._pipe.recv()
            except EOFError:
                written = False
            if not written:  # the worker is gone (or could not write): the job is its to fail or retry
                os._exit(1)

    def heartbeat(self, timeout=None, pipeline=None):
        ttl = timeout or self.worker_ttl + 60
        if pipeline is not None:
            self._beat = (time.monotonic(), ttl)
            return super().heartbeat(timeout, pipeline)
        if self._beat is not None and time.monotonic() - self._beat[0] < 1 and self._beat[1] >= ttl:
            return None  # RQ beats before and after each dequeue and job: one a second, as long, keeps every TTL
        with self.connection.pipeline() as own:  # RQ's three writes in one round trip
            self._beat = (time.monotonic(), ttl)
            super().heartbeat(timeout, own)
            own.execute()
        return None

    def check_for_suspension(self, burst):
        # RQ's check (before every dequeue) sends a heartbeat with its read, a write each time: a read here, at
        # most once a second, and RQ's own check, with its wait, only for a suspended fleet (`rq suspend`)
        self.heartbeat()
        if self._suspended():
            super().check_for_suspension(burst)

    def _suspended(self):
        """Whether `rq suspend` was seen, looked for at most once a second."""
        if time.monotonic() - self._suspension_checked >= 1:
            self._suspension_checked = time.monotonic()
            self._suspension_seen = bool(self.connection.exists(WORKERS_SUSPENDED))
        return self._suspension_seen

    def handle_job_success(self, job, queue, started_job_registry, execution):
        """RQ's, in one round trip: less the WATCH and read of the job's dependents (two more round trips) and
        its repeats, which an observation job never has; in the horse, written while it observes the next job
        (horse.py)."""
        pipeline = self.connection.pipeline()
        self.increment_successful_job_count(pipeline=pipeline)
        self.increment_total_working_time(job.ended_at - job.started_at, pipeline)
        result_ttl = job.get_result_ttl(self.default_result_ttl)
        if result_ttl != 0:
            job._handle_success(result_ttl, pipeline=pipeline, worker_name=self.name, execution_id=execution.id,
                                execution_started_at=execution.created_at, execution_ended_at=job.ended_at)
        job.cleanup(result_ttl, pipeline=pipeline, remove_from_queue=False)
        job._status = JobStatus.FINISHED
        self.cleanup_execution(job, pipeline=pipeline, execution=execution)
        self._write(pipeline)

    def set_state(self, state, pipeline=None):
        if pipeline is None and state == self._state == WorkerStatus.IDLE:
            return  # said already (RQ says it after each job and again before each dequeue)
        super().set_state(state, pipeline)

    def put_back(self, job, queue, why):
        """Return the job to the front of its queue untouched, note why on it, and stop this worker (a job cut from
        the queue meanwhile stays cut: fleet/cut.py)."""
        log.error("%s: refused job %s and stopped: %s", self.name, job.id, why)
        self.stale = why
        job.meta["refused"] = list(job.meta.get("refused", []))[-9:] + [{"worker": self.name, "reason": why}]

        def back(pipeline):
            pipeline.hset(job.key, "meta", job.serializer.dumps(job.meta))
            pipeline.lrem(queue.intermediate_queue_key, 1, job.id)
            queue.push_job_id(job.id, pipeline=pipeline, at_front=True)
            pipeline.publish(REFUSED_CHANNEL, json.dumps({"job": job.id, "worker": self.name, "reason": why}))

        while_queued(self.connection, job, queue, back)

    def refuse(self, job, queue, why):
        """Fail a job that is not an honest observation job, without running any of it or trying it again (a job
        cut from the queue meanwhile stays cut: fleet/cut.py)."""
        log.error("%s: refused job %s, which is not an observation job: %s", self.name, job.id, why)

        def fail(pipeline):  # RQ's handle_job_failure for a job never started, in the transaction while_queued makes
            job.set_status(JobStatus.FAILED, pipeline=pipeline)
            job._handle_failure(f"{REFUSED_BY}{self.name}: {why}", pipeline, worker_name=self.name)
            pipeline.lrem(queue.intermediate_queue_key, 1, job.id)
            self.increment_failed_job_count(pipeline)
            self._ended(job, pipeline)

        while_queued(self.connection, job, queue, fail)


def _serve(url, heartbeat, require_sandbox, name, key):
    """One worker process: observe jobs until stopped; STALE_EXIT when it refused a job it must not observe."""
    global _machine
    not_dumpable()
    connection = connect(url)
    _machine = Machine(name, require_sandbox, key)
    try:
        if _machine.sandbox.warning:
            log.warning("%s: %s", name, _machine.sandbox.warning)
        queue = Queue(QUEUE_NAME, connection=connection, serializer=JSONSerializer)
        worker = FleetWorker([queue], connection=connection, machine=_machine, heartbeat=heartbeat)
        worker.work(logging_level="INFO")
        return STALE_EXIT if worker.stale else 0
    finally:
        _machine.sandbox.close()


def _serve_process(url, heartbeat, require_sandbox, name, key, supervisor):
    # A process group of its own: a Ctrl-C at the terminal reaches only the supervisor, which passes one
    # SIGTERM on (a warm stop); RQ would take the terminal's SIGINT and that SIGTERM as two, a cold stop.
    os.setpgrp()
    die_with_parent(supervisor)  # a `kill -9` of `grade worker` ends its worker processes, and so their horses
    sys.exit(_serve(url, heartbeat, require_sandbox, name, key))


def run_workers(url, *, jobs=1, heartbeat=HEARTBEAT, require_sandbox=True):
    """Serve the queue at `url` with `jobs` worker processes; returns the exit status.

    require_sandbox=False (`--allow-weaker-sandbox`) lets a machine without the full sandbox observe.
    A worker process that dies (killed, out of memory) is started again; one that refused a job
    it must not observe stops them all, with STALE_EXIT.
    """
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(message)s")
    not_dumpable()
    try:
        key = fleet_key()
    except ValueError as exc:
        raise FleetError(str(exc)) from None
    connect(url)  # fail here, with the reason, when the queue cannot be reached
    if jobs > 1:  # here, not in each worker process: a sandbox refused is the command's error, said once
        Sandbox(Limits(), require=require_sandbox).close()
    host = socket.gethostname()
    log.info("serving %s with %d worker process%s", redacted(url), jobs, "es" * (jobs != 1))
    if jobs == 1:
        return _serve(url, heartbeat, require_sandbox, f"{host}.{os.getpid()}", key)
    context = multiprocessing.get_context("fork")
    stopping = []

    def forward(signum, frame):
        # First signal: each worker finishes its job and stops (RQ's warm shutdown); a second one cuts it short.
        stopping.append(signum)
        for process in processes:
            if process.is_alive():
                os.kill(process.pid, signal.SIGTERM)

    def start(number):
        process = context.Process(target=_serve_process, args=(url, heartbeat, require_sandbox,
                                                               f"{host}.{os.getpid()}.{number}", key, os.getpid()))
        process.start()
        return process

    processes = [start(number) for number in range(jobs)]
    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    status = 0
    while True:
        alive = [process for process in processes if process.is_alive()]
        if (stopping or status) and not alive:
            return status
        multiprocessing.connection.wait([process.sentinel for process in alive], timeout=1)
        for number, process in enumerate(processes):
            if process.is_alive():
                continue
            if process.exitcode == STALE_EXIT:
                if not status:
                    status = STALE_EXIT
                    forward(signal.SIGTERM, None)
            elif not stopping and not status:
                log.warning("worker process %d ended (exit status %s); starting another", process.pid,
                            process.exitcode)
                time.sleep(1)
                processes[number] = start(number)
