"""The fleet worker's warm work horse (a mixin of worker.FleetWorker).

RQ's Worker forks a work horse per job. This worker forks one when a job comes and keeps it for the
next jobs: the fork, the horse's new Redis connection and everything the first observation of a
process warms (imports, the sandbox's caches) are paid once, not per job (docs/scaling.md, "Where
the queue's time goes"). The horse still runs RQ's own perform_job, so a job's records, retries and
timeouts are RQ's; what changes is only that its process outlives one job. A horse that dies (killed,
out of memory, a bug) fails its job exactly as a forked horse's death does (retried; then `crashed`),
and the next job gets a fresh horse. Student code never runs in the horse: each submission runs in a
sandboxed process of its own, started by the horse, so nothing of one submission reaches the next.
"""

import logging
import multiprocessing
import multiprocessing.connection
import os
import queue as queue_module
import random
import threading

from redis.exceptions import RedisError
from rq.exceptions import InvalidJobOperation
from rq.executions import Execution
from rq.job import Job, JobStatus
from rq.utils import now
from rq.worker import WorkerStatus

from .auth import die_with_parent
from .cut import while_queued

log = logging.getLogger("grader.fleet")


class KeptJob(Job):
    """An RQ job that keeps the hash it was read from, to hand it to the warm horse as it is, and that calls no
    callback and sends no webhook, whatever its hash names.

    A grade sets neither (job_check.py refuses a job that holds one before it is run). But RQ reads them from a
    job's hash on other paths than the run the worker checks: its maintenance, in the worker's own process, fails a
    job left in the started registry by calling its failure callback and sending its webhooks
    (StartedJobRegistry.cleanup). Session 34's review: a Redis writer who planted a job marked started, with
    `failure_callback_name` and a webhook, in that registry had the worker call the function and send the request,
    no job check on the way."""

    raw = None

    def restore(self, raw_data):
        self.raw = raw_data
        return super().restore(raw_data)

    success_callback = failure_callback = stopped_callback = property(lambda self: None)

    def send_webhooks(self, status, *, exc_string=None):
        return None


class WarmHorse:
    """The horse's half of FleetWorker: start it, run a job in it and watch it, stop it."""

    def _start_horse(self):
        ours, theirs = multiprocessing.Pipe()
        pid = os.fork()
        if pid == 0:
            ours.close()
            status = 1
            try:
                self._horse_main(theirs)
                status = 0
            finally:
                os._exit(status)
        theirs.close()
        self._horse = (pid, ours)

    def _horse_main(self, pipe):
        """The horse: runs the jobs its worker sends it, one at a time, until the worker closes the pipe."""
        os.setpgrp()  # as RQ's horse: killed with its whole group (kill_horse), never by the terminal's Ctrl-C
        # dies with its worker: a `kill -9` of the worker must not leave it observing under PID 1 while the
        # job is run again elsewhere after three missed heartbeats
        die_with_parent(self._worker_pid)
        random.seed()
        self.setup_work_horse_signals()
        self._is_horse = True
        self._pipe = pipe
        self._writes = queue_module.SimpleQueue()
        writer = threading.Thread(target=self._write_ends, args=(pipe,), name="grade-horse-writes", daemon=True)
        writer.start()
        try:
            self._run_jobs(pipe)
        finally:
            self._writes.put(None)  # what is left to write is written before the horse exits
            writer.join()

    def _run_jobs(self, pipe):
        while True:
            try:
                job_id_, raw, started, queue_name, (execution_id, execution_created) = pipe.recv()
            except EOFError:
                return
            self._awaiting_start = True
            # The job as the worker read it from Redis and started it (the same hash, the same fields: no
            # round trips to read it again)
            job = self.job_class(job_id_, connection=self.connection, serializer=self.serializer)
            job.restore(raw)
            job.worker_name, job.last_heartbeat, job.started_at = started
            job._status = JobStatus.STARTED
            execution = Execution(execution_id, job.id, connection=self.connection, worker_name=self.name)
            execution.created_at = execution_created
            execution._job = job
            self.execution = execution
            queue = self.queue_class(queue_name, connection=self.connection, job_class=self.job_class,
                                     serializer=self.serializer, death_penalty_class=self.death_penalty_class)
            self.perform_job(job, queue, execution)  # which writes the job's end, whatever it was
            self.executions.pop(execution.id, None)
            self._writes.put(True)  # the worker is told once the end is written

    # -- a job's end written while the horse observes the next one -----------------------------------------------
    # A finished job's result and end are one transaction (worker.handle_job_success) whose reply waits for
    # Redis's fsync: 1-2 ms on a quiet machine, 15-25 ms on a loaded one, between two observations. The horse
    # hands it to a thread of its own and begins the next job (already sent, horse.py: fetched ahead); the
    # thread writes the ends in order and tells the worker of each once it is written. A horse that dies with an
    # end unwritten leaves that job `started`: its worker fails it (retried) as for any horse that died.

    def _write(self, pipeline):
        """Execute `pipeline` (a job's end): in the horse, by its writing thread; else here."""
        if getattr(self, "_writes", None) is not None:
            self._writes.put(pipeline)
            return
        try:
            pipeline.execute()
        finally:
            pipeline.reset()

    def _write_ends(self, pipe):
        while True:
            item = self._writes.get()
            if item is None:
                return
            try:
                if item is True:
                    pipe.send(True)
                    continue
                try:
                    item.execute()
                finally:
                    item.reset()
            except Exception:  # noqa: BLE001 -- Redis or the worker gone: the worker fails the job (see above)
                log.exception("%s: the horse could not write a job's end", self.name)
                os._exit(1)

    def _stop_horse(self):
        """Close the idle horse's pipe (it exits) and reap it."""
        if self._horse is None:
            return
        pid, pipe = self._horse
        self._horse = None
        pipe.close()
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass

    def _handed(self, job, queue, execution):
        """What the horse is sent of a job: the job as the worker read it from Redis and started it."""
        return (job.id, job.raw, (job.worker_name, job.last_heartbeat, job.started_at), queue.name,
                (execution.id, execution.created_at))

    def _run_in_horse(self, job, queue, ahead=None):
        """Run `job` in the warm horse and watch it, as RQ's monitor_work_horse watches a forked one. Whether
        the job's end was written (by the horse, or here for a horse that died); None for a job never started
        (cut from the queue). `ahead`: (execution, the pid of the horse it was sent to) of a job fetched and
        started while the one before it ran."""
        if ahead is None:
            # Started before the horse is sent it, only while still queued: a job cut from the queue (or a stale
            # copy of an id that already ran) is never run (fleet/cut.py); None says so
            execution = self._begin(job, queue)
            if execution is None:
                return None
        if self._horse is None:
            self._start_horse()
        pid, pipe = self._horse
        self._horse_pid = pid
        dead, ended = False, False
        try:
            if ahead is None:
                pipe.send(self._handed(job, queue, execution))
                pipe.send(True)  # its start is written: the horse may write its end (handle_execution_ended)
            else:
                execution, sent_to = ahead
                job.started_at = now()  # for the backstop below: it starts now, not when it was fetched
                if sent_to != pid:  # the horse it was sent to died: this one is told of it
                    pipe.send(self._handed(job, queue, execution))
                    pipe.send(True)
            fetched = False
            while True:
                if not fetched and self._may_fetch_ahead():
                    fetched = True
                    self._fetch_ahead(pid, pipe)
                if multiprocessing.connection.wait([pipe], timeout=self.job_monitoring_interval):
                    ended = pipe.recv()
                    break
                working_time = (now() - job.started_at).total_seconds()
                if job.timeout != -1 and working_time > (job.timeout or 0) + 60:
                    # RQ's own backstop on a horse that outlived the job's timeout (a hung interpreter)
                    self.heartbeat(self.job_monitoring_interval + 60)
                    self.kill_horse()
                    dead = True
                    break
                self.maintain_heartbeats(job, execution)
                if self._ahead is not None:
                    self.maintain_heartbeats(self._ahead[0], self._ahead[2])
        except (EOFError, OSError):  # the horse died: its end of the pipe closed with it
            dead = True
        finally:
            self._horse_pid = 0
        self.executions.pop(execution.id, None)
        if not dead:
            return ended
        self._horse = None
        pipe.close()
        try:
            _, ret_val, rusage = os.wait4(pid, 0)
        except ChildProcessError:
            ret_val, rusage = None, None
        try:
            job_status = job.get_status()
        except InvalidJobOperation:
            return False  # finished, and its result's time to live is over
        if job_status in (JobStatus.FINISHED, JobStatus.FAILED):
            return True  # written by the horse before it died
        job.ended_at = now()
        signal_msg = f" (signal {os.WTERMSIG(ret_val)})" if ret_val and os.WIFSIGNALED(ret_val) else ""
        exc_string = f"Work-horse terminated unexpectedly; waitpid returned {ret_val}{signal_msg}; "
        log.warning("%s: job %s failed (%s)", self.name, job.id, exc_string)
        self.handle_work_horse_killed(job, pid, ret_val, rusage)
        self.handle_job_failure(job, queue=queue, exc_string=exc_string, execution=execution)
        return True

    def prepare_execution(self, job, queue=None):
        """RQ's execution record and the job's start (what RQ's horse wrote first: prepare_job_execution), in
        one transaction."""
        with self.connection.pipeline() as pipeline:
            execution = self._start(job, queue, pipeline)
            pipeline.execute()
        return execution

    def _start(self, job, queue, pipeline):
        """The job's start, put in `pipeline` (a transaction) and on `job`: the execution it makes."""
        ttl = self.get_heartbeat_ttl(job)
        execution = Execution.create(job, ttl, pipeline=pipeline, worker_name=self.name)
        self.executions[execution.id] = execution
        self.set_state(WorkerStatus.BUSY, pipeline=pipeline)
        self.heartbeat(ttl, pipeline=pipeline)
        job.heartbeat(now(), ttl, pipeline=pipeline)
        job.prepare_for_execution(self.name, pipeline=pipeline)
        pipeline.persist(job.key)
        if queue is not None and len(self.queues) == 1:
            pipeline.lrem(queue.intermediate_queue_key, 1, job.id)
        return execution

    def _begin(self, job, queue):
        """Write the job's start if it is still queued (fleet/cut.py): its execution, or None (never started)."""
        made = []

        def start(pipeline):
            made.append(self._start(job, queue, pipeline))

        started = while_queued(self.connection, job, queue, start)
        for execution in made[:-1] if started else made:  # transactions aborted by a write to the job meanwhile
            self.executions.pop(execution.id, None)
        return made[-1] if started else None

    def prepare_job_execution(self, job, remove_from_intermediate_queue=False):
        if not self._is_horse:
            super().prepare_job_execution(job, remove_from_intermediate_queue)
        # in the horse: written already, with the execution record (prepare_execution)

    # -- the next job, fetched while this one is observed -----------------------------------------------------
    # Between two jobs a horse would wait for its worker to hear of the end, dequeue the next job (a write that
    # waits for Redis's fsync), check it and send it: ~10 ms of a ~70 ms job on a quiet machine, much more on a
    # loaded one. The worker does that while the horse observes, so the horse goes from one job to the next.
    # The job fetched ahead is started at once (RQ's execution record, the started registry, heartbeated by
    # this worker as the running one is): a worker killed with it loses it no more than the running job; both
    # come back after three missed heartbeats (docs/scaling.md, "The next job, fetched ahead").

    def _may_fetch_ahead(self):
        """Not when stopping, when RQ's maintenance is due (it runs between jobs), or for a suspended fleet."""
        return (self._ahead is None and self._held is None and not self._stop_requested
                and not self.should_run_maintenance_tasks and not self._suspended())

    def _fetch_ahead(self, pid, pipe):
        try:
            result = self.queue_class.dequeue_any(self._ordered_queues, None, connection=self.connection,
                                                  job_class=self.job_class, serializer=self.serializer,
                                                  death_penalty_class=self.death_penalty_class)
        except RedisError:  # the loop's own dequeue waits and tries again after this job
            return
        if result is None:
            return
        job, queue = result
        try:
            self.check_job(job)
            execution = self._begin(job, queue)
        except Exception:  # noqa: BLE001 -- refused, put back or started as it comes next, by execute_job
            self._held = result
            return
        if execution is None:  # cut from the queue since it was dequeued: never sent to the horse, never run
            return
        self._ahead = (job, queue, execution, None)
        pipe.send(self._handed(job, queue, execution))
        pipe.send(True)
        self._ahead = (job, queue, execution, pid)

    def _next_ahead(self):
        """The job fetched ahead, to run next: (job, queue, (execution, the pid of the horse it was sent to))."""
        job, queue, execution, sent_to = self._ahead
        self._ahead = None
        return job, queue, (execution, sent_to)

    def dequeue_job_and_maintain_ttl(self, timeout, max_idle_time=None):
        if self._held is not None:  # fetched ahead, and not started: its checks failed (execute_job says why)
            held, self._held = self._held, None
            return held
        return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)

    def teardown(self):
        self._stop_horse()
        if self._held is not None:  # fetched, never started: back to the head of its queue for another worker
            job, queue = self._held
            self._held = None

            def back(pipeline):
                pipeline.lrem(queue.intermediate_queue_key, 1, job.id)
                queue.push_job_id(job.id, pipeline=pipeline, at_front=True)

            while_queued(self.connection, job, queue, back)  # unless cut from the queue meanwhile
        super().teardown()
