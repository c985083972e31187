"""The fleet: observation jobs on a Redis queue (RQ), observed by `grade worker` on many machines.

An observation is the unit of work, as in a local run: a job carries one
submission's files, the suite's name and digests and the limits, as plain JSON
(never a pickle); a worker observes it in its own machine's sandbox and
returns the run record, also JSON. The `grade` that submitted the batch judges,
diagnoses and scores exactly as it does locally. See docs/scaling.md.

RQ and redis-py are an optional extra: `pip install 'micrograd-grader[fleet]'`.
"""

from urllib.parse import urlsplit, urlunsplit

from ..observe.cache import observer_digest  # noqa: F401 - grader.fleet.observer_digest, as before

QUEUE_NAME = "grade-observe"
DONE_CHANNEL = "grade-observe:done"  # workers publish the id of each job they are done with
REFUSED_CHANNEL = "grade-observe:refused"  # and {"job", "worker", "reason"} for each job they put back
JOB_FUNCTION = "grader.fleet.worker.observe_job"  # the only function a grade worker runs
HEARTBEAT = 10  # seconds between a busy worker's heartbeats; a job is abandoned after three missed ones
STALE_EXIT = 78  # EX_CONFIG: a worker whose suites differ from the jobs' stops with this status
REFUSED_AS_TAMPERED = "do not hash to its id"  # in a worker's refusal of a job rewritten on the queue
MISSING = ("the fleet needs RQ and redis-py, which are not installed here: "
           "pip install 'micrograd-grader[fleet]'")


def job_id(key):
    """The RQ job id of the observation whose cache key (the hash of its content) is `key`."""
    return f"observe-{key}"


class FleetError(RuntimeError):
    """The queue cannot be used (unreachable Redis, a worker that cannot observe): the grader cannot do its job."""


def redacted(url):
    """The queue's URL as it may be shown: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def connect(url):
    """A redis-py connection for redis://[:password@]host:port/db or rediss:// (TLS), checked with a PING; the
    password may come from $GRADE_QUEUE_PASSWORD instead (auth.py)."""
    try:
        import redis
    except ImportError as exc:
        from ..distribution import library_missing

        if not library_missing(exc):
            raise
        raise FleetError(MISSING) from None
    if urlsplit(url).scheme not in ("redis", "rediss", "unix"):
        raise FleetError(f"{redacted(url)} is not a Redis URL: give redis://[:PASSWORD@]HOST:PORT/DB "
                         "(rediss:// for TLS)")
    from .auth import with_password

    try:
        connection = redis.Redis.from_url(with_password(url), socket_connect_timeout=10, health_check_interval=30)
        connection.ping()
    except (redis.RedisError, ValueError) as exc:
        raise FleetError(f"cannot reach the queue at {redacted(url)}: {exc}") from None
    return connection
