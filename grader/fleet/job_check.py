"""What a worker checks of a job taken from the queue before it runs any of it (worker.FleetWorker.check_job).

Redis is a trust boundary (auth.py): whoever can write to it can write a job. A grade worker runs one function,
`observe_job`, on one payload whose files hash to the job's id (payload.py). RQ reads more from a job's hash than its
function and arguments: the functions to call when it ends (`on_success`, `on_failure`, `on_stopped`: any importable
name, called in the worker's own process, outside the sandbox) and webhooks (an HTTP request to any URL, with any
headers, from the worker's machine). A grade never sets them, so a job that holds one was written by someone else:
refused, before RQ could call or send anything (session 34's red team: RQ 3.0 restored and ran them; the worker checked
the function and the payload alone).
"""

from . import JOB_FUNCTION, REFUSED_AS_TAMPERED, job_id
from .payload import ObservationJob, PayloadError, read_job

# RQ's Job attributes restored from the job's hash that make the worker call or send something when the job ends
_CALLS = {"_success_callback_name": "a success callback", "_failure_callback_name": "a failure callback",
          "_stopped_callback_name": "a stopped callback", "webhooks": "webhooks"}


def checked_job(job) -> ObservationJob:
    """The observation an RQ `job` holds; PayloadError for one that is not an honest observation job."""
    if job.func_name != JOB_FUNCTION:
        raise PayloadError(f"the job calls {str(job.func_name)[:100]!r}; a grade worker runs only {JOB_FUNCTION}")
    asked = [what for name, what in _CALLS.items() if getattr(job, name, None)]
    if asked:
        raise PayloadError(f"the job asks for {', '.join(asked)}, which no grade sets; a grade worker runs only "
                           f"{JOB_FUNCTION}")
    if len(job.args) != 1 or job.kwargs:
        raise PayloadError("the job does not hold exactly one payload")
    observation = read_job(job.args[0])
    if job.id != job_id(observation.key):  # rewritten on the queue: another student's files, say
        raise PayloadError(f"the job's files {REFUSED_AS_TAMPERED} ({job.id[:80]})")
    return observation
