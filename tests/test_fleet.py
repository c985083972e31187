"""The fleet: `grade --queue` on a real redis-server with real `grade worker` processes.

Scores equal a local run's byte for byte; a killed worker, a killed submitting
`grade` and a crashed Redis lose nothing and run nothing twice; a stale worker
refuses; a job that kills its worker three times is `crashed`; a forged job is
never run. Workers heartbeat every 2 s here (abandoned after 6 s), not 10 s.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from costs import slow_fixture

redis = pytest.importorskip("redis")
from rq import Queue  # noqa: E402
from rq.serializers import JSONSerializer  # noqa: E402

from grader.fleet import QUEUE_NAME, STALE_EXIT  # noqa: E402
from grader.observe import STARVED_RETRIES  # noqa: E402
from grader.fleet.auth import Unauthenticated, sign  # noqa: E402
from grader.fleet.payload import PayloadError, read_job, read_result  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "submissions"
FLEET_KEY = "k" * 64  # $GRADE_FLEET_KEY of the submitting grades and the workers these tests start


@pytest.fixture(autouse=True)
def _fleet_key(monkeypatch):
    monkeypatch.setenv("GRADE_FLEET_KEY", FLEET_KEY)
LIMITS = ["--probe-timeout", "1"]  # frank's three looping probes cost 3 s, not 9
HEARTBEAT = "2"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """Debian's redis-server on a free port, its append-only file in a temporary folder; with `tls`, a
    certificate for 127.0.0.1 made by openssl, TLS only, and a password."""

    def __init__(self, folder, password=None, tls=False):
        self.folder, self.port, self.password, self.tls = folder, _free_port(), password, tls
        self.process = None
        auth = f":{password}@" if password else ""
        if tls:
            self.certificate = folder / "redis.crt"
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                            "-keyout", str(folder / "redis.key"), "-out", str(self.certificate)],
                           check=True, capture_output=True)
            self.url = f"rediss://{auth}127.0.0.1:{self.port}/0?ssl_ca_certs={self.certificate}"
        else:
            self.url = f"redis://{auth}127.0.0.1:{self.port}/0"

    def start(self):
        # appendfsync always: every write is on disk before Redis answers, so even kill -9 loses nothing
        command = [shutil.which("redis-server") or "redis-server", "--port", "0" if self.tls else str(self.port),
                   "--bind", "127.0.0.1",
                   "--dir", str(self.folder), "--appendonly", "yes", "--appendfsync", "always", "--save", ""]
        if self.password:
            command += ["--requirepass", self.password]
        if self.tls:
            command += ["--tls-port", str(self.port), "--tls-cert-file", str(self.certificate),
                        "--tls-key-file", str(self.folder / "redis.key"), "--tls-ca-cert-file",
                        str(self.certificate), "--tls-auth-clients", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                self.client().ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("redis-server did not start")
                time.sleep(0.05)

    def crash(self):
        self.process.kill()
        self.process.wait()

    def client(self):
        return redis.Redis.from_url(self.url)

    def leftovers(self):
        """Keys of jobs, results and non-empty registries and queues: what a finished batch must not leave."""
        client = self.client()
        left = [k.decode() for k in client.keys("rq:job:*") + client.keys("rq:results:*")]
        for key in client.keys("rq:*"):
            kind = client.type(key).decode()
            if kind == "zset" and client.zcard(key) and key.decode() != "rq:workers":
                left.append(key.decode())
            if kind == "list" and client.llen(key):
                left.append(key.decode())
        return sorted(left)


@slow_fixture
def server(tmp_path):
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    folder = tmp_path / "redis"
    folder.mkdir()
    server = RedisServer(folder)
    server.start()
    yield server
    server.crash()


def _descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _children(pid):
    """The live direct children of `pid`: a worker's work horse (the sandbox is the horse's child)."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    state, ppid = f.read().rsplit(")", 1)[1].split()[:2]
            except (OSError, ValueError):
                continue
            if int(ppid) == pid and state != "Z":
                found.add(int(entry))
    return found


def _kill_tree(process):
    """kill -9 a process and everything under it: a grading machine lost mid-job."""
    for pid in [process.pid, *_descendants(process.pid)]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait()


class Fleet:
    """`grade worker` processes started by a test, each logging to its own file; all killed at the end."""

    def __init__(self, folder, url):
        self.folder, self.url, self.workers = folder, url, []

    def start(self, *extra, env=None, cwd=None):
        log = self.folder / f"worker{len(self.workers)}.log"
        process = subprocess.Popen(
            [sys.executable, "-m", "grader", "worker", *([self.url] if self.url else []), "--heartbeat", HEARTBEAT,
             *extra],
            stdout=subprocess.DEVNULL, stderr=open(log, "w"), cwd=cwd or self.folder,
            env=env, start_new_session=True)
        self.workers.append((process, log))
        return process

    def observed(self, starved=False):
        """How many times each submission was observed to the end, over every worker's log: its observations
        that were not starved timeouts, or (`starved`) those that were. A starved timeout (a worker kept from a
        CPU long enough for the wall clock to decide: a loaded machine's doing) is observed again once, by
        design (fleet/submit.py), as a local batch does; that second observation is no job run twice."""
        counts = {}
        for _, log in self.workers:
            for name, was_starved in re.findall(r": observed (\S+) against \S+ \(\w+(, starved)?\) ", log.read_text()):
                if bool(was_starved) == starved:
                    counts[name] = counts.get(name, 0) + 1
        return counts

    def stop(self):
        for process, _ in self.workers:
            if process.poll() is None:
                _kill_tree(process)


@pytest.fixture
def fleet(tmp_path, server):
    fleet = Fleet(tmp_path, server.url)
    yield fleet
    fleet.stop()


def _grade_command(folder, out, *extra):
    return [sys.executable, "-m", "grader", "run", str(folder), "-o", str(out), *LIMITS, *extra]


def _grade(folder, out, *extra, cwd):
    result = subprocess.run(_grade_command(folder, out, *extra), capture_output=True, text=True, cwd=cwd,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


@slow_fixture(scope="module")
def local_run(tmp_path_factory):
    """The examples graded on this machine's own pool: the bytes every fleet run must reproduce."""
    folder = tmp_path_factory.mktemp("local")
    result = _grade(EXAMPLES, folder / "scores.json", "--no-cache", cwd=folder)
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
    fleet.start()
    result = _grade(EXAMPLES, tmp_path / "scores.json", "--queue", server.url, "--cache-dir", str(tmp_path / "cache"),
                    cwd=tmp_path)
    scores, table = local_run
    assert (tmp_path / "scores.json").read_bytes() == scores
    assert result.stdout.splitlines()[:-1] == table[:-1]  # the same table
    sandbox = re.compile(r"sandbox: (\w+)\)")
    assert sandbox.search(result.stdout).group(1) == sandbox.search(table[-1]).group(1)
    assert fleet.observed() == {name: 1 for name in ("alice", "bob", "carol", "dave", "erin", "frank", "grace")}
    assert all(times <= STARVED_RETRIES for times in fleet.observed(starved=True).values())
    assert server.leftovers() == []
    # Graded again: every run comes from the cache, no job is put on the queue.
    again = _grade(EXAMPLES, tmp_path / "again.json", "--queue", server.url, "--cache-dir", str(tmp_path / "cache"),
                   cwd=tmp_path)
    assert "7 from the cache" in again.stdout
    assert (tmp_path / "again.json").read_bytes() == scores
    assert sum(fleet.observed().values()) == 7


def _job_of(client, submission_id):
    for key in client.keys("rq:job:*"):
        if client.hget(key, "description") == f"engine: {submission_id}".encode():
            return key.decode().removeprefix("rq:job:")
    return None


def _wait(condition, what, seconds=120):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_a_killed_worker_a_killed_grade_and_a_crashed_redis_lose_nothing_and_run_nothing_twice(
        tmp_path, server, fleet, local_run):
    first = fleet.start()
    out = tmp_path / "scores.json"
    command = _grade_command(EXAMPLES, out, "--queue", server.url, "--cache-dir", str(tmp_path / "cache"), "-q")
    submitting = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  start_new_session=True)
    client = server.client()
    # frank loops: its job is mid-observation for about 3 s. Then the machine observing it is lost, the
    # submitting grade is killed, and Redis crashes, all at once.
    _wait(lambda: (job := _job_of(client, "frank")) and client.hget(f"rq:job:{job}", "status") == b"started",
          "frank's job to start")
    _kill_tree(first)
    _kill_tree(submitting)
    assert not out.exists()
    server.crash()
    server.start()
    assert _job_of(server.client(), "frank") is not None  # the queue survived on disk

    fleet.start()
    fleet.start()
    result = _grade(EXAMPLES, out, "--queue", server.url, "--cache-dir", str(tmp_path / "cache"), cwd=tmp_path)
    assert out.read_bytes() == local_run[0]
    rows = [row["id"] for row in json.loads(out.read_text())["submissions"]]
    assert rows == ["alice", "bob", "carol", "dave", "erin", "frank", "grace"]
    # Every submission observed to the end exactly once: frank's killed attempt never finished, and the
    # runs the first grade had not collected were taken from Redis, not observed again.
    assert fleet.observed() == {name: 1 for name in rows}
    # ... and none more but a starved timeout's one observation again (frank's loops on a loaded machine)
    assert all(times <= STARVED_RETRIES for times in fleet.observed(starved=True).values())
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
    worker = fleet.start(env=dict(os.environ, PYTHONPATH=str(stale)), cwd=stale)
    folder = _one_submission_class(tmp_path)
    out = tmp_path / "scores.json"
    submitting = subprocess.Popen(_grade_command(folder, out, "--queue", server.url, "--no-cache"), cwd=tmp_path,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
    fleet.start(env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path / "site"), str(ROOT)])))
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "sleepy.py").write_text("import time\ntime.sleep(30)\n\nclass Value:\n    pass\n")
    out, cache = tmp_path / "scores.json", tmp_path / "cache"
    _grade(folder, out, "--queue", server.url, "--import-timeout", "0.3", "--cache-dir", str(cache), cwd=tmp_path)
    row, = json.loads(out.read_text())["submissions"]
    assert (row["status"], row["message"]) == (
        "timeout", "importing engine.py did not finish within 0.3 s by the wall clock (this machine cannot tell a busy "
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
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    client = server.client()
    killed = set()
    while len(killed) < 3:
        horse, seen = [], {}

        def sleeping():
            # the sleeper's job is started (so is a job fetched ahead of its turn, worker/horse.py) and its horse
            # has had one sandboxed process for 2 s: the sleeper's (bob's observation ends well within that)
            job = _job_of(client, "sleeper")
            if not job or client.hget(f"rq:job:{job}", "status") != b"started":
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
    stdout, stderr = submitting.communicate(timeout=120)
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
        fleet.start(env=dict(os.environ, GRADE_QUEUE=server.url))
        folder = _one_submission_class(tmp_path)
        bare = server.url.replace(":correct-horse@", "")
        result = subprocess.run(_grade_command(folder, tmp_path / "scores.json", "--queue", bare, "--no-cache"),
                                capture_output=True, text=True, cwd=tmp_path, timeout=300,
                                env=dict(os.environ, GRADE_QUEUE_PASSWORD="correct-horse"))
        assert result.returncode == 0, result.stderr
        local = json.loads(local_run[0])
        assert json.loads((tmp_path / "scores.json").read_text())["submissions"] == [
            r for r in local["submissions"] if r["id"] == "alice"]
        assert "correct-horse" not in fleet.workers[0][1].read_text()
        wrong = subprocess.run(_grade_command(folder, tmp_path / "x.json", "--queue", bare),
                               capture_output=True, text=True, timeout=120, cwd=tmp_path,
                               env=dict(os.environ, GRADE_QUEUE_PASSWORD="wrong"))
        assert wrong.returncode == 1
        assert f"cannot reach the queue at rediss://127.0.0.1:{server.port}/0?ssl_ca_certs=" in wrong.stderr
        assert "wrong" not in wrong.stderr.replace("wrong password", "")
        plain = subprocess.run(_grade_command(folder, tmp_path / "x.json", "--queue",
                                              f"redis://127.0.0.1:{server.port}/0"),
                               capture_output=True, text=True, timeout=120, cwd=tmp_path,
                               env=dict(os.environ, GRADE_QUEUE_PASSWORD="correct-horse"))
        assert plain.returncode == 1 and "cannot reach the queue" in plain.stderr
    finally:
        fleet.stop()
        server.crash()


def test_grade_without_a_reachable_queue_says_so():
    result = subprocess.run(_grade_command(EXAMPLES, "/nonexistent/x.json", "--queue", "redis://127.0.0.1:1/0"),
                            capture_output=True, text=True, timeout=120,
                            env=dict(os.environ, GRADE_QUEUE_PASSWORD="secret"))
    assert result.returncode == 1
    assert "cannot reach the queue at redis://127.0.0.1:1/0" in result.stderr
    assert "secret" not in result.stderr


@pytest.mark.parametrize("command", [["run", str(EXAMPLES), "--queue"], ["worker"]])
def test_a_password_on_the_command_line_is_refused(command):
    """Every process of a machine can read a command line (/proc/PID/cmdline): a submission's code too."""
    result = subprocess.run([sys.executable, "-m", "grader", *command, "redis://:s3cret@127.0.0.1:1/0"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "the queue's URL holds a password, and a command line can be read by every process" in result.stderr
    assert "$GRADE_QUEUE_PASSWORD" in result.stderr


def test_the_fleet_needs_its_key(tmp_path):
    env = {name: value for name, value in os.environ.items() if name != "GRADE_FLEET_KEY"}
    for command in (["run", str(EXAMPLES), "-o", str(tmp_path / "x.json"), "--queue"], ["worker"]):
        result = subprocess.run([sys.executable, "-m", "grader", *command, "redis://127.0.0.1:1/0"],
                                capture_output=True, text=True, timeout=120, env=env)
        assert result.returncode == 1
        assert "the fleet needs a key that signs every result: set $GRADE_FLEET_KEY" in result.stderr
    short = subprocess.run([sys.executable, "-m", "grader", "worker", "redis://127.0.0.1:1/0"], capture_output=True,
                           text=True, timeout=120, env=dict(env, GRADE_FLEET_KEY="short"))
    assert short.returncode == 1 and "$GRADE_FLEET_KEY holds 5 characters; a key of at least 32" in short.stderr


# -- the payload's schema, both ends ---------------------------------------------------------------


def _payload(**changes):
    payload = {"format": 2, "grader": "0.1.0", "submission": {"files": {"engine.py": "eCA9IDE="}},
               "suite": {"name": "engine", "digest": "a" * 64, "observer": "b" * 64},
               "limits": {"probe_seconds": 3.0, "import_seconds": 10.0, "submission_seconds": 60.0,
                          "memory_mb": 2048, "processes": 64, "file_size_mb": 64, "open_files": 64,
                          "output_kb": 1024},
               "require_sandbox": False}
    for path, value in changes.items():
        *parents, last = path.split(".")
        target = payload
        for part in parents:
            target = target[part]
        target[last] = value
    return payload


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
    ({"format": 1}, "schema: format must be same as const definition: 2"),
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
    result = {"format": 2, "worker": "w", "sandbox": "bubblewrap", "run": dict(base, **run)}
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


def test_a_result_is_verified_with_the_fleet_key_for_its_own_job():
    honest = _result()
    forged = dict(honest, run=dict(honest["run"], probes={"add_values": {"status": "ok", "values": {"y": 2.0}}}))
    for result, job_key, key in ((forged, JOB_KEY, KEY), (honest, "d" * 64, KEY), (honest, JOB_KEY, b"x" * 64),
                                 (dict(honest, sandbox="rlimits"), JOB_KEY, KEY)):
        with pytest.raises(Unauthenticated, match="its signature is not the fleet key's for this job"):
            read_result(result, ["add_values"], key=key, job_key=job_key)


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
