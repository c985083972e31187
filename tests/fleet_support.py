"""What the fleet's tests share (tests/test_fleet.py, tests/test_hostile_round3.py, tests/serve/test_fleet_queue.py):
a real redis-server on a free port, real `grade worker` processes, the submitting `grade` command, the waits,
a job's payload, and how a row decided by a starved timeout is told apart and graded again."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest
from checkout_support import checkout_env
from costs import slow_fixture

from grader.fleet.payload import FORMAT
from grader.observe import STARVED_RETRIES

redis = pytest.importorskip("redis")

FLEET_KEY = "k" * 64  # $GRADE_FLEET_KEY of the submitting grades and the workers these tests start
LIMITS = ["--probe-timeout", "0.5"]  # frank's three looping probes cost 1.5 s, not 9 (tests/golden/renderings.py: the same)
HEARTBEAT = "2"
# What a row says of a timeout the machine may have caused (grader/observe: `_said`): its submission is observed
# again by the next grading, and is not cached. A looping engine (the examples' frank) starved on its first
# observation and again on its one observation again (STARVED_RETRIES) keeps these words in its row: on a machine
# at load 30 and more, by design.
STARVED_WORDS = "it will be observed again, and is not cached"
STARVED_GRADINGS = 3  # gradings, at most, of a class until no row says STARVED_WORDS


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
        deadline = time.monotonic() + 120  # a hang's bound (it starts in milliseconds; on a loaded machine, seconds)
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
        """A `grade worker` with `extra` arguments, its environment this process's with the changes `env`
        (checkout_env)."""
        log = self.folder / f"worker{len(self.workers)}.log"
        process = subprocess.Popen(
            [sys.executable, "-m", "grader", "worker", *([self.url] if self.url else []), "--heartbeat", HEARTBEAT,
             *extra],
            stdout=subprocess.DEVNULL, stderr=open(log, "w"), cwd=cwd or self.folder,
            env=checkout_env(**(env or {})), start_new_session=True)
        self.workers.append((process, log))
        return process

    def observed(self, starved=False, by=None):
        """How many times each submission was observed to the end, over every worker's log (or those of the
        worker processes `by`): its observations that were not starved timeouts, or (`starved`) those that were.
        A starved timeout (a worker kept from a CPU long enough for the wall clock to decide: a loaded machine's
        doing) is observed again once, by design (fleet/submit.py), as a local batch does; that second
        observation is no job run twice."""
        counts = {}
        for process, log in self.workers:
            if by is not None and process not in by:
                continue
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
                            timeout=300, env=checkout_env())
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def starved_rows(out):
    """The ids of the rows of the scores file `out` that a starved timeout decided (STARVED_WORDS)."""
    return [row["id"] for row in json.loads(out.read_text())["submissions"] if STARVED_WORDS in json.dumps(row)]


def grade_until_none_starved(folder, out, *extra, cwd):
    """_grade(...), with a cache (`--cache-dir` in `extra`), again while a row says a starved timeout decided it:
    each grading again observes only those rows' submissions (a starved run is never cached), the others come from
    the cache with the same bytes. (the last grading's result, how many gradings it took)."""
    assert "--cache-dir" in extra
    for gradings in range(1, STARVED_GRADINGS + 1):
        result = _grade(folder, out, *extra, cwd=cwd)
        if not starved_rows(out):
            return result, gradings
    pytest.fail(f"{STARVED_GRADINGS} gradings of {folder} in a row left rows decided by a starved timeout: "
                f"{starved_rows(out)}")


def assert_starved_at_most(fleet, gradings):
    """Each submission's starved observations (a worker kept from a CPU so long that the wall clock decided) are
    at most what `gradings` gradings of the class may make: each puts a starved job on again STARVED_RETRIES
    times, and only the last grading (whose rows no starved timeout decided) ends with one not starved."""
    most = (gradings - 1) * (STARVED_RETRIES + 1) + STARVED_RETRIES
    starved = fleet.observed(starved=True)
    assert all(times <= most for times in starved.values()), (starved, gradings)


def _job_of(client, submission_id):
    for key in client.keys("rq:job:*"):
        if client.hget(key, "description") == f"engine: {submission_id}".encode():
            return key.decode().removeprefix("rq:job:")
    return None


def _wait(condition, what, seconds=600):
    """Until `condition()`: a hang's bound (README), since on a loaded machine a worker's start alone may take a
    minute."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def _payload(**changes):
    payload = {"format": FORMAT, "grader": "0.1.0", "submission": {"files": {"engine.py": "eCA9IDE="}},
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
