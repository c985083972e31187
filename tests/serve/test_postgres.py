"""PostgreSQL by URL (`grade serve DIR --db postgresql+psycopg://...`): Alembic's migrations, an upload and
its grading against a throwaway cluster that the fixture makes (initdb in a temporary folder, a free
loopback port) and removes.

Debian's `postgresql` package (installed by .ci/run) puts initdb and pg_ctl in
/usr/lib/postgresql/VERSION/bin, off the PATH. PostgreSQL refuses to run as
root, so as root (CI) the cluster belongs to the `postgres` user that the
package creates.
"""

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from costs import slow_fixture
from fastapi.testclient import TestClient
from sqlalchemy import text

from grader.serve.app import create_app
from grader.serve.course import write_new
from grader.serve.db import Submission
from grader.serve.grading import Worker

from .conftest import OWN_VALUE, REFERENCE, Course, set_in_course
from .server import free_port

pytest.importorskip("psycopg", reason="the [serve] extra's PostgreSQL driver (psycopg) is not installed")


def postgres_bin(program):
    found = shutil.which(program) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{program}"),
                                                      reverse=True)), None)
    if found is None:
        pytest.fail(f"{program} not found: install Debian's postgresql package (.ci/run does)")
    return found


@slow_fixture
def postgres_url():
    """postgresql+psycopg://... of a new cluster on a free port; stopped and removed after the test."""
    as_root = os.geteuid() == 0
    user = pwd.getpwnam("postgres") if as_root else None
    folder = Path(tempfile.mkdtemp(prefix="grade-serve-pg-"))
    data, port = folder / "data", free_port()
    if user:
        os.chown(folder, user.pw_uid, user.pw_gid)
    prefix = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"] if user else []

    def run(*command):
        subprocess.run([*prefix, *command], check=True, capture_output=True, cwd=folder)
    run(postgres_bin("initdb"), "-D", str(data), "-U", "grader", "--auth=trust", "-E", "UTF8", "--no-sync")
    run(postgres_bin("pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    try:
        yield f"postgresql+psycopg://grader@127.0.0.1:{port}/postgres"
    finally:
        run(postgres_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def test_postgresql_by_url_migrates_admits_within_the_limit_and_grades(tmp_path, postgres_url):
    folder = tmp_path / "course"
    write_new(folder, ["alice", "bob"], ["01-mul-backward"])
    set_in_course(folder, attempts=2, cooldown_seconds=0)
    app = create_app(folder, db_url=postgres_url, start_pool=False)
    assert app.state.service.db.engine.dialect.name == "postgresql"
    with TestClient(app) as client:
        served = Course(folder, app, client)
        buggy, fixed = (served.submit("bob", code).json() for code in (OWN_VALUE, REFERENCE))
        over = served.submit("bob", REFERENCE)
        assert over.status_code == 429 and over.json()["attempts_left"] == 0
        assert Worker(folder, db_url=postgres_url).drain() == 2
        seen = [served.get("instructor", x["url"]).json() for x in (buggy, fixed)]
        assert [(s["status"], s["score"], s["max_score"]) for s in seen] == [("graded", 0.0, 14.0),
                                                                               ("graded", 14.0, 14.0)]
        book = served.get("instructor", "/api/v1/gradebook").json()
        bob = next(r for r in book["students"] if r["student"] == "bob")
        assert bob["exercises"]["01-mul-backward"]["score"] == 14.0
    with app.state.service.db.read() as session:  # the rows are in PostgreSQL, none in a SQLite file
        assert session.query(Submission).count() == 2
    assert not (folder / "serve.sqlite3").exists()
    with app.state.service.db.engine.connect() as conn:  # Alembic's head, as on SQLite
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
