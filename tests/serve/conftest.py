"""A course of the service in a temporary folder, its client, its people's headers, and its pool run in-process."""

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the [serve] extra is not installed")

from fastapi.testclient import TestClient  # noqa: E402

from grader.serve.app import create_app  # noqa: E402
from grader.serve.course import write_new  # noqa: E402
from grader.serve.grading import Worker  # noqa: E402

REFERENCE = (Path(__file__).parents[2] / "reference" / "engine.py").read_text(encoding="utf-8")
# A fresh buggy engine for the tests: mul's backward gives the first factor its own value as the local
# derivative (written here rather than taken from the repo's variants).
OWN_VALUE = REFERENCE.replace("self.grad += other.data * out.grad", "self.grad += self.data * out.grad")
assert OWN_VALUE != REFERENCE


def set_in_course(folder, **values):
    """Rewrite course.toml's top-level or [exercises.*] keys: set_in_course(f, attempts=3, cooldown_seconds=0)."""
    path = Path(folder) / "course.toml"
    text = path.read_text()
    for key, value in values.items():
        text = re.sub(rf"(?m)^{key} = .*$", f"{key} = {value}", text)
    path.write_text(text)


@pytest.fixture
def course(tmp_path):
    folder = tmp_path / "course"
    write_new(folder, ["alice", "bob"], ["01-mul-backward"])
    set_in_course(folder, cooldown_seconds=0)
    return folder


class Course:
    def __init__(self, folder, app, client):
        self.folder, self.app, self.client = folder, app, client
        self.svc = app.state.service

    def auth(self, name):
        return {"Authorization": f"Bearer {self.svc.token_for(name)}"}

    def submit(self, name, code, exercise="01-mul-backward", filename="engine.py"):
        return self.client.post("/api/v1/submissions", headers=self.auth(name), data={"exercise": exercise},
                                files={"file": (filename, code.encode() if isinstance(code, str) else code)})

    def get(self, name, url):
        return self.client.get(url, headers=self.auth(name))

    def grade_all(self):
        return Worker(self.folder).drain()


@pytest.fixture
def served(course):
    app = create_app(course, start_pool=False)
    with TestClient(app) as client:
        yield Course(course, app, client)
