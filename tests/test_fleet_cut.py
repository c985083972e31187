"""A job cut from the queue leaves no trace in any RQ list or registry, and a worker never runs it (fleet/cut.py).

Session 30 saw a cut job's id stay in `rq:queue:grade-observe:intermediate` under load (test_hostile_round3's
queue-cut test): the submitting grade's removal raced a worker's dequeue, or its job fetched ahead. Each race is
driven here step by step, in one process, against a real Redis: the worker's side is a FleetWorker whose checks
are replaced (it runs no horse), the grade's side a QueueObserver, and each step happens at the exact point between
two of the other side's, with no sleep."""

import multiprocessing
import types

import pytest
from fleet_support import FLEET_KEY, server  # noqa: F401 - a fixture

from grader.fleet import JOB_FUNCTION, QUEUE_NAME
from grader.fleet.payload import PayloadError
from grader.fleet.submit import QueueObserver
from grader.fleet.worker import CannotServe, FleetWorker

JID = "observe-" + "ab" * 32


@pytest.fixture
def sides(server, monkeypatch):  # noqa: F811
    """(the grade's QueueObserver, a FleetWorker, the queue), one job enqueued as the grade enqueues it."""
    from rq import Queue, Retry
    from rq.serializers import JSONSerializer

    monkeypatch.setenv("GRADE_FLEET_KEY", FLEET_KEY)
    grade = QueueObserver(server.url)
    queue = Queue(QUEUE_NAME, connection=grade.connection, serializer=JSONSerializer)
    worker = FleetWorker([Queue(QUEUE_NAME, connection=server.client(), serializer=JSONSerializer)],
                         connection=server.client(), machine=types.SimpleNamespace(name="worker-1"), heartbeat=2)
    worker.check_job = lambda job: None  # an honest job this machine can observe
    queue.enqueue_many([Queue.prepare_data(JOB_FUNCTION, args=("payload",), job_id=JID, timeout=10, ttl=None,
                                           retry=Retry(max=2, enqueue_at_front=True))])
    yield grade, worker, queue
    worker._stop_horse()


def _dequeue(worker):
    """RQ's dequeue, as the worker's loop (or its fetch ahead) makes it: the id moved to the intermediate list."""
    job, queue = worker.queue_class.dequeue_any(worker.queues, None, connection=worker.connection,
                                                job_class=worker.job_class, serializer=worker.serializer)
    assert worker.connection.lrange(queue.intermediate_queue_key, 0, -1) == [JID.encode()]
    return job, queue


def _status(queue):
    raw = queue.connection.hget(f"rq:job:{JID}", "status")
    return raw and raw.decode()


def test_a_job_cut_between_its_dequeue_and_its_start_is_never_started_and_leaves_nothing(server, sides):  # noqa: F811
    grade, worker, queue = sides
    job, queue = _dequeue(worker)
    assert grade._delete(JID, "queued")  # the grade, stopped with --no-cache, removes its queued job
    assert server.leftovers() == []  # before: ['rq:queue:grade-observe:intermediate']
    assert worker._run_in_horse(job, queue) is None  # before: started (the job's hash written back) and run
    assert worker._horse is None and worker.executions == {}
    assert server.leftovers() == []


def test_a_job_fetched_ahead_and_cut_before_its_start_is_never_sent_to_the_horse(server, sides):  # noqa: F811
    grade, worker, _ = sides
    ours, theirs = multiprocessing.Pipe()
    # the grade removes the job while the worker checks it: after the dequeue, before the start
    worker.check_job = lambda job: grade._delete(JID, "queued")
    worker._fetch_ahead(0, ours)
    assert (worker._ahead, worker._held, theirs.poll(0)) == (None, None, False)
    assert server.leftovers() == []


def test_a_job_cut_while_its_start_is_being_written_is_not_started(server, sides):  # noqa: F811
    grade, worker, _ = sides
    ours, theirs = multiprocessing.Pipe()
    start = worker._start

    def cut_then_start(job, queue, pipeline):  # the start's transaction is queued; the grade removes the job now
        worker._start = start
        assert grade._delete(JID, "queued")
        return start(job, queue, pipeline)

    worker._start = cut_then_start
    worker._fetch_ahead(0, ours)  # the transaction, WATCHing the job, is aborted; read again, the job is gone
    assert (worker._ahead, worker._held, theirs.poll(0), worker.executions) == (None, None, False, {})
    assert server.leftovers() == []


def test_a_stale_copy_of_an_id_whose_job_failed_is_not_run_and_the_failure_is_collected_whole(server, sides):  # noqa: F811
    grade, worker, queue = sides
    # RQ's registry cleanup put the job on again while its horse still ran it, then its last attempt failed:
    # its id is on the queue once more, its status failed
    queue.connection.hset(f"rq:job:{JID}", "status", "failed")
    queue.connection.zadd(queue.failed_job_registry.key, {JID: 1})
    job, queue = _dequeue(worker)
    assert worker._run_in_horse(job, queue) is None
    assert queue.connection.lrange(queue.intermediate_queue_key, 0, -1) == []
    assert _status(queue) == "failed"  # as the grade will read it
    assert grade._delete(JID, "failed")
    assert server.leftovers() == []


def test_a_job_a_worker_started_is_not_removed_by_a_stopped_grade(server, sides):  # noqa: F811
    grade, worker, queue = sides
    job, queue = _dequeue(worker)
    assert worker._begin(job, queue) is not None
    assert not grade._delete(JID, "queued")  # it runs to its end; a grade run again finds it
    assert _status(queue) == "started"
    assert queue.connection.lrange(queue.intermediate_queue_key, 0, -1) == []


@pytest.mark.parametrize("check", [CannotServe("another suite digest"), PayloadError("forged")])
def test_a_held_job_cut_before_its_turn_is_neither_put_back_nor_failed(server, sides, check):  # noqa: F811
    from rq.exceptions import StopRequested

    grade, worker, queue = sides
    ours, theirs = multiprocessing.Pipe()

    def fails(job):
        raise check

    worker.check_job = fails
    worker._fetch_ahead(0, ours)  # its checks fail: held for its turn
    assert worker._held is not None and not theirs.poll(0)
    assert grade._delete(JID, "queued")
    job, held_queue = worker.dequeue_job_and_maintain_ttl(None)
    if isinstance(check, CannotServe):
        with pytest.raises(StopRequested):  # this worker stops (another version's job), and puts back nothing
            worker.execute_job(job, held_queue)
    else:
        worker.execute_job(job, held_queue)  # refused, and nothing of it written
    assert server.leftovers() == []
    assert queue.connection.exists(f"rq:job:{JID}") == 0


def test_a_held_job_not_cut_is_put_back_or_refused_as_before(server, sides):  # noqa: F811
    grade, worker, queue = sides
    ours, _ = multiprocessing.Pipe()

    def fails(job):
        raise PayloadError("the job's files do not hash to its id")

    worker.check_job = fails
    worker._fetch_ahead(0, ours)
    job, held_queue = worker.dequeue_job_and_maintain_ttl(None)
    worker.execute_job(job, held_queue)
    assert _status(queue) == "failed"
    assert queue.connection.lrange(queue.intermediate_queue_key, 0, -1) == []
    result = queue.fetch_job(JID).latest_result()
    assert result.exc_string == "refused by worker-1: the job's files do not hash to its id"
    assert grade._delete(JID, "failed")
    assert server.leftovers() == []


def test_a_failed_job_is_collected_from_its_result_alone_then_removed(server, sides, monkeypatch):  # noqa: F811
    # review31: the grade read a failed job's whole hash (Job.fetch: the payload and all) only to hand the job back
    # to a removal that, since fleet/cut.py, needs its id alone; its latest result is all that is read, as of a
    # finished job
    from rq.job import Job

    grade, worker, queue = sides

    def forged(job):
        raise PayloadError("the job's files do not hash to its id")

    worker.check_job = forged
    job, queue = _dequeue(worker)
    worker.execute_job(job, queue)  # refused: failed, never run

    def fetched(*args, **kwargs):
        raise AssertionError("the job's hash was read")

    monkeypatch.setattr(Job, "fetch", fetched)
    group = [types.SimpleNamespace(id="alice")]
    run, keep, rewritten = grade._collect(JID, "key", _status(queue), group, types.SimpleNamespace(probe_names=[]),
                                          None)
    assert (run["status"], run["grader_error"], keep, rewritten) == (
        "crashed", {"stage": "observing it on the fleet",
                    "detail": "refused by worker-1: the job's files do not hash to its id"}, False, True)
    assert grade._delete(JID, "failed")
    assert server.leftovers() == []


def test_a_result_whose_drawn_probes_are_not_those_the_grade_drew_is_a_rewritten_job(server, sides):  # noqa: F811
    # review31: a job's `probe@token` names are not in its key (only the draws' digest is), so a job rewritten on
    # the queue with other tokens (or none) still hashed to its id, and its signed result was judged at the inputs
    # the rewriter chose (judge/drawn.py reads each token back), or at the fixed inputs alone
    from rq.job import Job
    from rq.results import Result
    from rq.serializers import JSONSerializer

    from grader.fleet.payload import job_result

    grade, _, queue = sides
    drew = {"add_values": "add_values@0123456789abcdef"}
    suite = types.SimpleNamespace(probe_names=["add_values"], draws=types.SimpleNamespace(names=lambda digest: drew))
    group = [types.SimpleNamespace(id="alice", digest="d" * 64)]
    ok = {"status": "ok", "values": {"y": 1.0}}
    job = Job(JID, connection=queue.connection, serializer=JSONSerializer)

    def collected(probes, drawn):
        run = {"id": "alice", "status": "ok", "message": None, "import_error": None, "probes": probes, "output": "",
               "seconds": 0.0, "drawn": drawn}
        signed = job_result(key=grade.key, job_key="key", worker="w", sandbox="bubblewrap", run=run)
        Result.create(job, Result.Type.SUCCESSFUL, 60, return_value=signed)
        run, keep, rewritten = grade._collect(JID, "key", "finished", group, suite, None)
        return run.get("grader_error"), keep, rewritten

    assert collected({"add_values": ok}, {"add_values@0123456789abcdef": ok}) == (None, "bubblewrap", False)
    assert collected({}, {}) == (None, "bubblewrap", False)  # nothing ran (its import failed): nothing drawn either
    rewritten = ({"stage": "observing it on the fleet", "detail": f"job {JID}: its drawn probes are not those this "
                  "grade drew (the job was rewritten on the queue)"}, False, True)
    assert collected({"add_values": ok}, {"add_values@fedcba9876543210": ok}) == rewritten  # before: judged there
    assert collected({"add_values": ok}, {}) == rewritten  # before: judged at the fixed inputs alone


def test_a_job_planted_in_the_started_registry_calls_nothing_and_sends_nothing(server, monkeypatch):  # noqa: F811
    """Session 34's review: RQ's maintenance, run by the worker in its own process (at its start, then every few
    seconds), fails a job left in the started registry by calling the failure callback and sending the webhooks its
    hash names (StartedJobRegistry.cleanup), with no job check on the way (job_check.py checks a job the worker runs).
    A Redis writer planted such a job: before, the worker called `grader.fleet._planted(job, connection,
    AbandonedJobError, ...)` and sent the POST to the metadata address. The worker's jobs now call and send nothing;
    the planted job is failed as any abandoned job is."""
    from rq import Queue
    from rq.job import Job, JobStatus
    from rq.registry import FailedJobRegistry, StartedJobRegistry
    from rq.serializers import JSONSerializer
    from rq.webhook import Webhook

    import grader.fleet

    called, sent = [], []
    monkeypatch.setattr(grader.fleet, "_planted", lambda *args: called.append(args[2].__name__), raising=False)
    monkeypatch.setattr(Webhook, "send", lambda self, job, exc_string=None: sent.append(self.url))
    connection = server.client()
    planted = Job.create(JOB_FUNCTION, args=("payload",), id=JID, connection=connection, serializer=JSONSerializer,
                         webhooks=[Webhook("http://169.254.169.254/latest/meta-data/", "failed", method="POST")])
    planted._failure_callback_name = "grader.fleet._planted"
    planted.origin = QUEUE_NAME
    planted.save()
    planted.set_status(JobStatus.STARTED)
    connection.zadd(StartedJobRegistry(QUEUE_NAME, connection=connection).key, {f"{JID}:planted": 1})  # long expired
    worker = FleetWorker([Queue(QUEUE_NAME, connection=connection, serializer=JSONSerializer)],  # as _serve makes it
                         connection=connection, machine=types.SimpleNamespace(name="worker-1"), heartbeat=2)
    worker.clean_registries()
    assert (called, sent) == ([], [])  # before: (["AbandonedJobError"], ["http://169.254.169.254/latest/meta-data/"])
    assert FailedJobRegistry(QUEUE_NAME, connection=connection).get_job_ids() == [JID]
