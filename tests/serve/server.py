"""`grade serve` started for real, on a free loopback port, for the browser, kill -9 and load tests."""

import contextlib
import csv
import io
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from checkout_support import checkout_env

from .conftest import set_in_course


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def links_of(folder, base):
    out = subprocess.run([sys.executable, "-m", "grader", "serve", "tokens", str(folder)], check=True,
                         capture_output=True, text=True, env=checkout_env()).stdout
    return {row["student"]: row["link"] for row in csv.DictReader(io.StringIO(out))}


def start(folder, port, workers, log):
    return subprocess.Popen([sys.executable, "-m", "grader", "serve", str(folder), "--port", str(port),
                             "--workers", str(workers)], stdout=log, stderr=subprocess.STDOUT, env=checkout_env())


# How long a started `grade serve` may take to answer. Its start costs about 1.4 s of CPU (imports, the
# database's migrations) beside its grading workers' starts: at load 31 on 2 cores one answered after 32-36 s
# and three started at once (test_concurrency) took over 60 s. A server that has neither answered nor exited
# (checked on every try) in 5 minutes is hung.
READY_SECONDS = 300


def wait_ready(base, proc, timeout=READY_SECONDS):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"grade serve ended with {proc.returncode} before it served")
        try:
            urllib.request.urlopen(base + "/api/v1/exercises", timeout=2)
        except urllib.error.HTTPError as exc:
            if exc.code == 401:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"grade serve did not answer on {base} within {timeout} s")


def stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=40)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def running_server(folder, workers=1):
    """(base URL, {name: sign-in link}) of `grade serve FOLDER` on a free port; stopped on exit."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    set_in_course(folder, base_url=f'"{base}"')
    with open(Path(folder) / "server.log", "ab") as log:
        proc = start(folder, port, workers, log)
        try:
            wait_ready(base, proc)
            yield base, links_of(folder, base)
        finally:
            stop(proc)
