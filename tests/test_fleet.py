"""The fleet: `grade --queue` on a real redis-server with real `grade worker` processes.

Scores equal a local run's byte for byte; a killed worker, a killed submitting
`grade` and a crashed Redis lose nothing and run nothing twice; a stale worker
refuses; a job that kills its worker three times is `crashed`; a forged job is
never run. Workers heartbeat every 2 s here (abandoned after 6 s), not 10 s.
What they share is tests/fleet_support.py; the payload's and the result's checks
are tests/test_fleet_payload.py.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from checkout_support import imported_grader
from costs import slow_fixture
from fleet_support import (  # noqa: F401 - fleet and server: fixtures (fleet_support skips without redis)
    FLEET_KEY, Fleet, RedisServer, _children, _descendants, _grade, _grade_command, _job_of, _kill_tree, _payload, _wait,
    assert_starved_at_most, checkout_env, fleet, grade_until_none_starved, server)
from rq import Queue
from rq.serializers import JSONSerializer

from grader.fleet import QUEUE_NAME, STALE_EXIT

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "submissions"
EXAMPLE_IDS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")


@pytest.fixture(autouse=True)
def _fleet_key(monkeypatch):
    monkeypatch.setenv("GRADE_FLEET_KEY", FLEET_KEY)


@slow_fixture(scope="module")
def local_run(tmp_path_factory):
    """The examples graded on this machine's own pool: the bytes every fleet run must reproduce (graded again
    while a starved timeout decided a row: frank loops, and a loaded machine may starve it twice)."""
    folder = tmp_path_factory.mktemp("local")
    result, _ = grade_until_none_starved(EXAMPLES, folder / "scores.json", "--cache-dir", str(folder / "cache"),
                                         cwd=folder)
    rows = json.loads((folder / "scores.json").read_text())["submissions"]
    # really graded (a sandbox that cannot start would make every row `crashed`, equal everywhere)
    assert [(r["id"], r["status"]) for r in rows] == [
        ("alice", "graded"), ("bob", "graded"), ("carol", "graded"), ("dave", "graded"), ("erin", "graded"),
        ("frank", "timeout"), ("grace", "graded")]
    assert rows[0]["score"] == rows[0]["max_score"] > rows[1]["score"] > 0
    return (folder / "scores.json").read_bytes(), result.stdout.splitlines()


def test_grading_the_examples_still_gives_the_golden_scores_their_feedback_pages_are_rendered_from(local_run):
    # tests/golden/examples (issue 32): the examples' feedback in three languages is compared with its goldens
    # rendered from these scores (tests/test_golden.py); this local run, graded with the same limits, keeps them
    # true: numbers to a few ulps (the last bits of this CPU's tanh and exp), everything else exactly
    from grader.torch_adapter import compare

    golden = json.loads((ROOT / "tests" / "golden" / "examples" / "scores.json").read_text())
    beyond = [c.describe() for c in compare({"scores": golden}, {"scores": json.loads(local_run[0])})
              if not c.within_tolerance]
    assert beyond == [], "grading examples/submissions no longer gives tests/golden/examples/scores.json " \
        "(regenerate only if intended: python tests/golden/renderings.py examples)"


def test_a_fleet_of_two_workers_scores_the_examples_byte_for_byte_as_a_local_run(tmp_path, server, fleet,
                                                                                     local_run):
    fleet.start()
    fleet.start("--jobs", "2")  # the README's form: one `grade worker` serving with worker processes of its own
    result, gradings = grade_until_none_starved(EXAMPLES, tmp_path / "scores.json", "--queue", server.url,
                                                "--cache-dir", str(tmp_path / "cache"), cwd=tmp_path)
    scores, table = local_run
    assert (tmp_path / "scores.json").read_bytes() == scores
    assert result.stdout.splitlines()[:-1] == table[:-1]  # the same table
    sandbox = re.compile(r"sandbox: (\w+)\)")
    assert sandbox.search(result.stdout).group(1) == sandbox.search(table[-1]).group(1)
    assert fleet.observed() == {name: 1 for name in EXAMPLE_IDS}
    assert_starved_at_most(fleet, gradings)
    assert server.leftovers() == []
    several = fleet.workers[1][1].read_text()  # its worker processes started and none of them died
    assert "serving " in several and " with 2 worker processes" in several and "ended (exit status" not in several
    # Graded again: every run comes from the cache, no job is put on the queue.
    again = _grade(EXAMPLES, tmp_path / "again.json", "--queue", server.url, "--cache-dir", str(tmp_path / "cache"),
                   cwd=tmp_path)
    assert "7 from the cache" in again.stdout
    assert (tmp_path / "again.json").read_bytes() == scores
    assert sum(fleet.observed().values()) == 7


def test_a_killed_worker_a_killed_grade_and_a_crashed_redis_lose_nothing_and_run_nothing_twice(
        tmp_path, server, fleet, local_run):
    first = fleet.start()
    out = tmp_path / "scores.json"
    command = _grade_command(EXAMPLES, out, "--queue", server.url, "--cache-dir", str(tmp_path / "cache"), "-q")
    submitting = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  start_new_session=True, env=checkout_env())
    client = server.client()
    # frank loops: its job is mid-observation for about 3 s. Then the machine observing it is lost, the
    # submitting grade is killed, and Redis crashes, all at once.
    _wait(lambda: (job := _job_of(client, "frank")) and client.hget(f"rq:job:{job}", "status") == b"started",
          "frank's job to start")
    _kill_tree(first)
    _kill_tree(submitting)
    assert not out.exists()
    # The jobs whose results had not reached Redis: the lost machine may have observed one to the end (the job
    # before frank's, which it fetched ahead) and died before sending its result, so it is observed again.
    unfinished = {name for name in EXAMPLE_IDS
                  if (job := _job_of(client, name)) and client.hget(f"rq:job:{job}", "status") != b"finished"}
    server.crash()
    server.start()
    assert _job_of(server.client(), "frank") is not None  # the queue survived on disk

    later = [fleet.start(), fleet.start()]
    result, gradings = grade_until_none_starved(EXAMPLES, out, "--queue", server.url, "--cache-dir",
                                                str(tmp_path / "cache"), cwd=tmp_path)
    assert out.read_bytes() == local_run[0]
    rows = [row["id"] for row in json.loads(out.read_text())["submissions"]]
    assert rows == list(EXAMPLE_IDS)
    # Every submission observed to the end exactly once, counting the lost machine's observations whose results
    # reached Redis: frank's killed attempt never finished, and the runs the first grade had not collected were
    # taken from Redis, not observed again.
    lost = {name: times for name, times in fleet.observed(by=[first]).items() if name not in unfinished}
    assert {name: lost.get(name, 0) + fleet.observed(by=later).get(name, 0) for name in rows} == {
        name: 1 for name in rows}, (lost, fleet.observed(by=later), unfinished)
    assert "frank" in unfinished
    # ... and none more but a starved timeout's observations again (frank's loops on a loaded machine), by the
    # killed grade and by each grading since
    assert_starved_at_most(fleet, 1 + gradings)
    assert server.leftovers() == []
    assert "from the cache" in result.stdout


def _stale_install(folder):
    """A copy of the grader whose engine suite's probes differ by a comment: another version of the suite."""
    shutil.copytree(ROOT / "grader", folder / "grader", ignore=shutil.ignore_patterns("__pycache__"))
    probes = folder / "grader" / "suites" / "engine" / "probes.py"
    probes.write_text(probes.read_text() + "\n# a later edit\n")
    return folder


def _one_submission_class(tmp_path, name="alice"):
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copytree(EXAMPLES / name, folder / name)
    return folder


def test_a_worker_with_another_version_of_the_suite_refuses_the_job_and_stops(tmp_path, server, fleet, local_run):
    stale = _stale_install(tmp_path / "stale")
    worker = fleet.start(env={"PYTHONPATH": str(stale)}, cwd=stale)
    folder = _one_submission_class(tmp_path)
    out = tmp_path / "scores.json"
    submitting = subprocess.Popen(_grade_command(folder, out, "--queue", server.url, "--no-cache"), cwd=tmp_path,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
    assert worker.wait(timeout=120) == STALE_EXIT
    log = fleet.workers[0][1].read_text()
    assert re.search(r"refused job observe-[0-9a-f]{64} and stopped: suite 'engine' here has digest [0-9a-f]{12}, "
                     r"the job's has [0-9a-f]{12}: this worker's grader is another version", log), log
    assert "observed alice" not in log
    client = server.client()
    assert client.llen(f"rq:queue:{QUEUE_NAME}") == 1  # put back, untouched

    fleet.start()  # a worker of the submitting grade's version takes it
    stdout, stderr = submitting.communicate(timeout=120)
    assert submitting.returncode == 0, stderr
    assert "warning: worker " in stderr and "refused the job observing alice and stopped: suite 'engine'" in stderr
    local = json.loads(local_run[0])
    assert json.loads(out.read_text())["submissions"] == [r for r in local["submissions"] if r["id"] == "alice"]
    assert server.leftovers() == []


# A worker machine whose kernel cannot tell waiting for a CPU from sleeping (no cpu.pressure, no schedstat):
# every worker's usage says so (tests/test_sandbox_accounting.py simulates it the same way in one process).
UNMEASURED_WAITING = """
import grader.sandbox
from grader.sandbox.accounting import Usage
grader.sandbox.Sandbox.usage = lambda self, slot, proc: Usage(0.0, 0.0, waiting_measured=False)
"""


def test_a_starved_timeout_on_a_worker_is_observed_again_and_never_cached(tmp_path, server, fleet):
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(UNMEASURED_WAITING)
    fleet.start(env={"PYTHONPATH": str(tmp_path / "site")})
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "sleepy.py").write_text("import time\ntime.sleep(30)\n\nclass Value:\n    pass\n")
    out, cache = tmp_path / "scores.json", tmp_path / "cache"
    _grade(folder, out, "--queue", server.url, "--import-timeout", "0.3", "--cache-dir", str(cache), cwd=tmp_path)
    row, = json.loads(out.read_text())["submissions"]
    assert (row["status"], row["message"]) == (
        "timeout", "importing sleepy.py did not finish within 0.3 s by the wall clock (this machine cannot tell a busy "
                   "CPU from a slow engine): it will be observed again, and is not cached")
    assert fleet.observed(starved=True) == {"sleepy": 2} and fleet.observed() == {}  # starved both times
    assert list(cache.glob("*.json")) == []
    assert server.leftovers() == []


def test_a_job_that_kills_its_worker_three_times_is_crashed_and_not_tried_again(tmp_path, server, fleet, local_run):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "sleeper.py").write_text("import time\ntime.sleep(60)\n")
    shutil.copy(EXAMPLES / "bob.py", folder / "bob.py")
    worker = fleet.start()
    out = tmp_path / "scores.json"
    submitting = subprocess.Popen(
        _grade_command(folder, out, "--queue", server.url, "--no-cache", "--import-timeout", "60", "-q"),
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=checkout_env())
    client = server.client()
    killed = set()
    while len(killed) < 3:
        horse, seen = [], {}

        def sleeping():
            # the sleeper's job is started (so is a job fetched ahead of its turn, worker/horse.py), bob's observation
            # is over (the worker's log says so: the only other job; on a loaded machine it may last any time), and
            # the horse has had one sandboxed process for 2 s: the sleeper's
            job = _job_of(client, "sleeper")
            if not job or client.hget(f"rq:job:{job}", "status") != b"started" or "bob" not in fleet.observed():
                return False
            now = time.monotonic()
            for pid in _children(worker.pid) - killed:
                for process in _descendants(pid):
                    if now - seen.setdefault(process, now) >= 2:
                        horse.append(pid)
                        return True
            return False
        _wait(sleeping, "the sleeper's work horse")
        os.kill(horse[0], signal.SIGKILL)
        killed.add(horse[0])
    stdout, stderr = submitting.communicate(timeout=600)
    assert submitting.returncode == 0, stderr
    rows = {row["id"]: row for row in json.loads(out.read_text())["submissions"]}
    assert rows["sleeper"]["status"] == "crashed"
    assert rows["sleeper"]["score"] == 0
    assert rows["sleeper"]["message"] == ("the grading worker observing it died 3 times (killed, or its machine "
                                          "lost); it was not tried again")
    assert rows["bob"] == next(r for r in json.loads(local_run[0])["submissions"] if r["id"] == "bob")
    assert "the job observing sleeper failed 3 times on the workers" in stderr
    assert worker.poll() is None  # the worker itself lives on; only its horses died
    assert server.leftovers() == []


def test_a_forged_job_is_refused_and_never_run(tmp_path, server, fleet):
    marker = tmp_path / "pwned"
    queue = Queue(QUEUE_NAME, connection=server.client(), serializer=JSONSerializer)
    forged = queue.enqueue("os.system", f"touch {marker}")
    bad_path = queue.enqueue("grader.fleet.worker.observe_job",
                             _payload(**{"submission.files": {"../../etc/cron.d/x": "eA=="}}))
    fleet.start()
    _wait(lambda: forged.get_status() == "failed" and bad_path.get_status() == "failed", "the refusals")
    assert not marker.exists()
    assert "a grade worker runs only grader.fleet.worker.observe_job" in forged.latest_result().exc_string
    assert "the job's file name '../../etc/cron.d/x' leaves" in bad_path.latest_result().exc_string
    assert fleet.workers[0][0].poll() is None  # refusing is not stopping


def test_a_queue_behind_tls_and_a_password(tmp_path, local_run):
    if not shutil.which("redis-server") or not shutil.which("openssl"):
        pytest.skip("redis-server and openssl are needed (apt-get install redis-server openssl)")
    (tmp_path / "redis").mkdir()
    server = RedisServer(tmp_path / "redis", password="correct-horse", tls=True)
    server.start()
    fleet = Fleet(tmp_path, url=None)
    try:
        # the worker takes the URL from $GRADE_QUEUE, the submitting grade its password from
        # $GRADE_QUEUE_PASSWORD: the password stays out of the process list
        fleet.start(env={"GRADE_QUEUE": server.url})
        folder = _one_submission_class(tmp_path)
        bare = server.url.replace(":correct-horse@", "")
        result = subprocess.run(_grade_command(folder, tmp_path / "scores.json", "--queue", bare, "--no-cache"),
                                capture_output=True, text=True, cwd=tmp_path, timeout=300,
                                env=checkout_env(GRADE_QUEUE_PASSWORD="correct-horse"))
        assert result.returncode == 0, result.stderr
        local = json.loads(local_run[0])
        assert json.loads((tmp_path / "scores.json").read_text())["submissions"] == [
            r for r in local["submissions"] if r["id"] == "alice"]
        assert "correct-horse" not in fleet.workers[0][1].read_text()
        wrong = subprocess.run(_grade_command(folder, tmp_path / "x.json", "--queue", bare),
                               capture_output=True, text=True, timeout=120, cwd=tmp_path,
                               env=checkout_env(GRADE_QUEUE_PASSWORD="wrong"))
        assert wrong.returncode == 1
        assert f"cannot reach the queue at rediss://127.0.0.1:{server.port}/0?ssl_ca_certs=" in wrong.stderr
        assert "wrong" not in wrong.stderr.replace("wrong password", "")
        plain = subprocess.run(_grade_command(folder, tmp_path / "x.json", "--queue",
                                              f"redis://127.0.0.1:{server.port}/0"),
                               capture_output=True, text=True, timeout=120, cwd=tmp_path,
                               env=checkout_env(GRADE_QUEUE_PASSWORD="correct-horse"))
        assert plain.returncode == 1 and "cannot reach the queue" in plain.stderr
    finally:
        fleet.stop()
        server.crash()


def test_grade_without_a_reachable_queue_says_so():
    result = subprocess.run(_grade_command(EXAMPLES, "/nonexistent/x.json", "--queue", "redis://127.0.0.1:1/0"),
                            capture_output=True, text=True, timeout=120,
                            env=checkout_env(GRADE_QUEUE_PASSWORD="secret"))
    assert result.returncode == 1
    assert "cannot reach the queue at redis://127.0.0.1:1/0" in result.stderr
    assert "secret" not in result.stderr


@pytest.mark.parametrize("command", [["run", str(EXAMPLES), "--queue"], ["worker"]])
def test_a_password_on_the_command_line_is_refused(command):
    """Every process of a machine can read a command line (/proc/PID/cmdline): a submission's code too."""
    result = subprocess.run([sys.executable, "-m", "grader", *command, "redis://:s3cret@127.0.0.1:1/0"],
                            capture_output=True, text=True, timeout=120, env=checkout_env())
    assert result.returncode == 2
    assert "the queue's URL holds a password, and a command line can be read by every process" in result.stderr
    assert "$GRADE_QUEUE_PASSWORD" in result.stderr


def test_the_fleet_needs_its_key(tmp_path):
    env = checkout_env(without=("GRADE_FLEET_KEY",))
    for command in (["run", str(EXAMPLES), "-o", str(tmp_path / "x.json"), "--queue"], ["worker"]):
        result = subprocess.run([sys.executable, "-m", "grader", *command, "redis://127.0.0.1:1/0"],
                                capture_output=True, text=True, timeout=120, env=env)
        assert result.returncode == 1
        assert "the fleet needs a key that signs every result: set $GRADE_FLEET_KEY" in result.stderr
    short = subprocess.run([sys.executable, "-m", "grader", "worker", "redis://127.0.0.1:1/0"], capture_output=True,
                           text=True, timeout=120, env=dict(env, GRADE_FLEET_KEY="short"))
    assert short.returncode == 1 and "$GRADE_FLEET_KEY holds 5 characters; a key of at least 32" in short.stderr


def test_a_09_batch_with_skipped_runs_is_graded_by_the_fleet_as_locally(tmp_path, server, fleet):
    """09-write-tests: tests that fail on the reference stop the runs on the buggy engines, which are
    observed as `skipped`. The fleet's result schema allowed only ok/error/timeout/crashed: the job
    failed three times and the row said crashed (issue 25). The schema is now made from
    grader/records.py's Run, which a local batch makes."""
    folder = tmp_path / "class"
    for name, tests in (("wrong-tests", "def test_always_fails():\n    assert 1 == 2\n"),
                        ("good-tests", (ROOT / "reference" / "test_engine.py").read_text())):
        (folder / name).mkdir(parents=True)
        shutil.copy(ROOT / "exercises" / "09-write-tests" / "engine.py", folder / name / "engine.py")
        (folder / name / "test_engine.py").write_text(tests)
    local = tmp_path / "local.json"
    _grade(folder, local, "-e", "09-write-tests", "--no-cache", "-q", cwd=tmp_path)
    fleet.start()
    queued = tmp_path / "fleet.json"
    _grade(folder, queued, "-e", "09-write-tests", "--queue", server.url, "--no-cache", "-q", cwd=tmp_path)
    rows = {row["id"]: row for row in json.loads(queued.read_text())["submissions"]}
    assert rows["wrong-tests"]["status"] == "graded"
    assert "fail on the reference engine" in rows["wrong-tests"]["tests"][2]["output"]
    assert rows["good-tests"]["score"] == rows["good-tests"]["max_score"]
    assert queued.read_bytes() == local.read_bytes()
    assert server.leftovers() == []


def test_an_engine_whose_fixed_probe_times_out_is_graded_by_the_fleet_as_locally(tmp_path, server, fleet):
    """A drawn probe whose fixed twin ran out of time is not run (grader/observe/drawn_pass.py), so the run names
    fewer draws than the grade made; the submitting grade took that for a job rewritten on the queue and crashed
    the row 0/63 (review34, on trust34's branch), where a local batch grades it."""
    folder = tmp_path / "class"
    folder.mkdir()
    engine = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
    spin = "        t = math.tanh(self.data)\n"
    assert spin in engine
    (folder / "one-slow.py").write_text(engine.replace(spin, "        while self.data > 4:\n            pass\n" + spin),
                                        encoding="utf-8")
    local = tmp_path / "local.json"
    _grade(folder, local, "--no-cache", "-q", cwd=tmp_path)
    fleet.start()
    queued = tmp_path / "fleet.json"
    _grade(folder, queued, "--queue", server.url, "--no-cache", "-q", cwd=tmp_path)
    row, = json.loads(queued.read_text())["submissions"]
    assert (row["status"], row["score"]) == ("graded", 62.0)
    assert queued.read_bytes() == local.read_bytes()
    assert server.leftovers() == []


def test_the_fleets_processes_import_the_checkout_under_test(tmp_path):
    """A `grade worker` (Fleet.start) and a submitting `grade` (checkout_env, as every command of these tests is run)
    import the grader of the checkout this file is in, wherever they run (a temporary folder) and whatever is
    installed: a worktree or a fresh clone tests its own code. They imported the venv's editable install, another
    checkout, unless PYTHONPATH happened to name this one."""
    fleet = Fleet(tmp_path, url=None)
    worker = fleet.start(env={"PYTHONVERBOSE": "1"})  # no queue's URL: a usage error, once the grader is imported
    assert worker.wait(timeout=120) == 2
    assert imported_grader(fleet.workers[0][1].read_text()) == [str(ROOT)]
    grade = subprocess.run([sys.executable, "-m", "grader", "--version"], capture_output=True, text=True,
                           timeout=120, cwd=tmp_path, env=checkout_env(PYTHONVERBOSE="1"))
    assert grade.returncode == 0 and imported_grader(grade.stderr) == [str(ROOT)]
