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
import random

from rq.exceptions import InvalidJobOperation
from rq.executions import Execution
from rq.job import Job, JobStatus
from rq.utils import now

from .auth import die_with_parent

log = logging.getLogger("grader.fleet")


class KeptJob(Job):
    """An RQ job that keeps the hash it was read from, to hand it to the warm horse as it is."""

    raw = None

    def restore(self, raw_data):
        self.raw = raw_data
        return super().restore(raw_data)


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
            pipe.send(True)

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

    def _run_in_horse(self, job, queue):
        """Run `job` in the warm horse and watch it, as RQ's monitor_work_horse watches a forked one. Whether
        the job's end was written (by the horse, or here for a horse that died)."""
        if self._horse is None:
            self._start_horse()
        pid, pipe = self._horse
        self._horse_pid = pid
        dead, ended = False, False
        pipeline = self.connection.pipeline()
        execution = self._start(job, queue, pipeline)
        try:
            # The horse starts observing while the job's start is written; it writes the job's end only once
            # told the start is written (handle_execution_ended), so the end never comes first.
            pipe.send((job.id, job.raw, (job.worker_name, job.last_heartbeat, job.started_at), queue.name,
                       (execution.id, execution.created_at)))
            try:
                pipeline.execute()
            finally:
                pipeline.reset()
            pipe.send(True)
            while True:
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

    def teardown(self):
        self._stop_horse()
        super().teardown()
