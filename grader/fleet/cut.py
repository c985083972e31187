"""A job cut from the queue leaves nothing there, and a worker never starts one that was cut.

A submitting grade removes each job it is done with (its run cached or scored: fleet/submit.py) and, stopped with
--no-cache, each job still queued. RQ's own Job.delete() removed the job's hash and its entry in the registry of
its status, but not its id from the queue's intermediate list, where a worker's dequeue moves an id before it
reads the job; and a worker that had read the job just before wrote its start, and later its end, back into the
removed job. Under load (session 30, test_hostile_round3's queue-cut test) an id stayed in
`rq:queue:grade-observe:intermediate`: a job cut by the queue's time limit, put on again by RQ's registry cleanup
while its horse still ran it, had its id twice on the queue, and the worker moved the second one while the grade
removed the job.

Here both sides decide on the job's status, in Redis, atomically:

- `remove` is one Lua script: only while the job's status is one the grade saw (finished, failed, still queued;
  or the job already gone), it takes the id out of the queue, its intermediate list and every registry, and
  deletes the job's hash, result, executions and RQ's other keys of it;
- `while_queued` writes what a worker writes of a job it dequeued (its start, a refusal, its return to the queue)
  in a transaction that WATCHes the job's hash and runs only while the job is `queued`. A job removed before the
  transaction ends, or a stale copy of an id whose job already ran, is not written, never started, never run, and
  its id leaves the intermediate list.
"""

from redis.exceptions import WatchError
from rq.executions import Execution
from rq.job import Job, JobStatus
from rq.results import Result

_REMOVE = """
-- KEYS: the job's hash, its execution registry, the started registry, the queue, its intermediate list, the other
-- registries, then the job's other keys. ARGV: the job id, its executions' key prefix, how many other registries,
-- then the statuses it may be removed in
local status = redis.call('HGET', KEYS[1], 'status')
if status then
  local allowed = false
  for i = 4, #ARGV do
    if status == ARGV[i] then allowed = true end
  end
  if not allowed then return 0 end
end
for _, execution in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  redis.call('DEL', ARGV[2] .. execution)
end
local cursor = '0'
repeat
  local found = redis.call('ZSCAN', KEYS[3], cursor, 'MATCH', ARGV[1] .. ':*')
  cursor = found[1]
  for i = 1, #found[2], 2 do
    redis.call('ZREM', KEYS[3], found[2][i])
  end
until cursor == '0'
redis.call('LREM', KEYS[4], 0, ARGV[1])
redis.call('LREM', KEYS[5], 0, ARGV[1])
local others = 5 + tonumber(ARGV[3])
for i = 6, others do
  redis.call('ZREM', KEYS[i], ARGV[1])
end
for i = others + 1, #KEYS do
  redis.call('DEL', KEYS[i])
end
redis.call('DEL', KEYS[1], KEYS[2])
return 1
"""


def remove(connection, queue, jid, statuses):
    """Remove job `jid` of `queue` and every trace of it, in one step, if its status is one of `statuses` (or the
    job is gone already); whether it was removed. A job started meanwhile (a worker took it) is left alone."""
    job = Job(jid, connection=connection)  # its keys' names only: nothing is read
    intermediate = queue.intermediate_queue
    registries = [queue.finished_job_registry, queue.failed_job_registry, queue.deferred_job_registry,
                  queue.ready_job_registry, queue.scheduled_job_registry, queue.canceled_job_registry]
    keys = [job.key, job.execution_registry.key, queue.started_job_registry.key, queue.key, intermediate.key,
            *(registry.key for registry in registries), job.dependents_key, job.dependencies_key,
            Result.get_key(jid), intermediate.get_first_seen_key(jid)]
    prefix = Execution("", jid, connection).key  # an execution's key is this and its id
    script = connection.register_script(_REMOVE)  # sent once per server (EVALSHA), not with every job
    return bool(script(keys=keys, args=[jid, prefix, len(registries), *(JobStatus(s).value for s in statuses)]))


def while_queued(connection, job, queue, write):
    """Write `write(pipeline)` (a transaction) only while `job` is still queued; whether it was written. Else (the
    job cut, or a stale copy of an id whose job already ran) its id, which this worker's dequeue put in the
    queue's intermediate list, leaves it, and nothing of the job is written."""
    with connection.pipeline() as pipeline:
        while True:
            try:
                pipeline.watch(job.key)
                status = pipeline.hget(job.key, "status")
                if status is None or status.decode(errors="replace") != JobStatus.QUEUED.value:
                    pipeline.reset()
                    connection.lrem(queue.intermediate_queue_key, 1, job.id)
                    return False
                pipeline.multi()
                write(pipeline)
                pipeline.execute()
                return True
            except WatchError:  # the job's hash changed between the read and the write: read it again
                continue
