"""`grade serve --queue redis://...`: the service's workers observe on the fleet (`grade worker`), and the
scores are the local pool's."""

import pytest
from fastapi.testclient import TestClient

from grader.serve.app import create_app
from grader.serve.db import Submission
from grader.serve.grading import Worker, pipeline

from fleet_support import FLEET_KEY, fleet, server  # noqa: F401 - the fleet's own fixtures: Redis and workers
from .conftest import OWN_VALUE, REFERENCE, Course


@pytest.fixture(autouse=True)
def _fleet_key(monkeypatch):
    monkeypatch.setenv("GRADE_FLEET_KEY", FLEET_KEY)


def test_submissions_graded_on_the_fleet_score_as_in_the_local_pool(course, server, fleet):  # noqa: F811
    fleet.start()
    with TestClient(create_app(course, queue=server.url, start_pool=False)) as client:
        served = Course(course, client.app, client)
        ids = [served.submit(name, code).json()["id"] for name, code in (("alice", REFERENCE), ("bob", OWN_VALUE))]
        assert Worker(course, queue=server.url).drain() == 2
        on_fleet = [served.get("instructor", f"/api/v1/submissions/{sid}").json() for sid in ids]
        with served.svc.db.read() as session:
            rows = {sid: session.get(Submission, sid) for sid in ids}
    assert sum(fleet.observed().values()) == 2  # observed by `grade worker`, not here
    assert [(v["status"], v["score"]) for v in on_fleet] == [("graded", 14.0), ("graded", 0.0)]
    for sid in ids:  # the same files through the same pipeline in the local pool: the same rows
        sub = rows[sid]
        local = pipeline([(course / sub.path, sub.filename)], sub.exercise).scores["submissions"][0]
        assert sub.record["tests"] == local["tests"] and sub.record["diagnosis"] == local["diagnosis"]
        assert sub.score == local["score"]
