"""The fleet's payload and result, checked on both ends (grader/fleet/payload.py, grader/fleet/auth.py): a job is
read into files and limits or refused, a result is checked and verified with the fleet's key before the judge sees
it. No Redis, no worker: the live fleet is tests/test_fleet.py."""

import re

import pytest

from fleet_support import FLEET_KEY, _payload

from grader.fleet.auth import Unauthenticated, sign
from grader.fleet.payload import FORMAT, PayloadError, read_job, read_result


def test_a_payload_is_read_into_files_and_limits():
    job = read_job(_payload())
    assert job.files == {"engine.py": b"x = 1"}
    assert job.limits.probe_seconds == 3.0 and job.limits.memory_mb == 2048


@pytest.mark.parametrize("change, words", [
    ({"submission.files": {"../engine.py": "eA=="}}, "the job's file name '../engine.py' leaves the submission's folder"),
    ({"submission.files": {"/etc/passwd": "eA=="}}, "schema: submission.files must be named by propertyName"),
    ({"submission.files": {"engine.py": "not base64!"}}, "schema: submission.files.engine.py must be encoded by base64"),
    ({"limits.memory_mb": "2048"}, "schema: limits.memory_mb must be integer"),
    ({"limits.probe_seconds": -1}, "schema: limits.probe_seconds must be bigger than 0"),
    ({"format": 1}, "schema: format must be same as const definition: 3"),
    ({"submission.id": "alice"}, "schema: submission must not contain {'id'} properties"),
    ({"suite.digest": "abc"}, "schema: suite.digest must match pattern"),
    ({"submission.pickle": "gASV"}, "schema: submission must not contain {'pickle'} properties"),
])
def test_a_payload_that_is_not_an_honest_job_is_refused(change, words):
    with pytest.raises(PayloadError, match=re.escape(words)):
        read_job(_payload(**change))


KEY, JOB_KEY = FLEET_KEY.encode(), "c" * 64


def _result(**run):
    base = {"id": "alice", "status": "ok", "message": None, "import_error": None,
            "probes": {"add_values": {"status": "ok", "values": {"y": 1.0}}}, "output": "", "seconds": 0.1}
    result = {"format": FORMAT, "worker": "w", "sandbox": "bubblewrap", "run": dict(base, **run)}
    return dict(result, mac=sign(KEY, JOB_KEY, result))


def _read(result, names=("add_values",)):
    return read_result(result, list(names), key=KEY, job_key=JOB_KEY)


def test_a_result_is_checked_before_the_judge_sees_it():
    assert _read(_result())["run"]["probes"]["add_values"]["values"] == {"y": 1.0}
    with pytest.raises(PayloadError, match="non-finite number"):
        _read(_result(probes={"add_values": {"status": "ok", "values": {"y": float("nan")}}}))
    with pytest.raises(PayloadError, match="probes the suite does not have: secret"):
        _read(_result(probes={"secret": {"status": "ok", "values": {}}}))
    with pytest.raises(PayloadError, match=re.escape("schema: run.status must be one of ['ok', 'timeout', 'crashed']")):
        _read(_result(status="graded"))
    # a number an observation never holds (probekit reports every number as a float), as parse_event refuses it
    with pytest.raises(PayloadError, match="an observation holds an int, where probekit reports every number"):
        _read(_result(probes={"add_values": {"status": "ok", "values": {"y": 10 ** 4000}}}))
    with pytest.raises(PayloadError, match="an observation holds a true/false, where probekit reports every number"):
        _read(_result(probes={"add_values": {"status": "ok", "values": {"y": [1.0, {"z": True}]}}}))
    assert _read(_result(seconds=2))["run"]["seconds"] == 2  # a run record's own fields may be ints


def test_a_result_is_verified_with_the_fleet_key_for_its_own_job():
    honest = _result()
    forged = dict(honest, run=dict(honest["run"], probes={"add_values": {"status": "ok", "values": {"y": 2.0}}}))
    for result, job_key, key in ((forged, JOB_KEY, KEY), (honest, "d" * 64, KEY), (honest, JOB_KEY, b"x" * 64),
                                 (dict(honest, sandbox="rlimits"), JOB_KEY, KEY)):
        with pytest.raises(Unauthenticated, match="its signature is not the fleet key's for this job"):
            read_result(result, ["add_values"], key=key, job_key=job_key)
