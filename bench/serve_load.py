"""Load test of `grade serve` on loopback: submit latency and feedback latency against one submission's time.

    python bench/serve_load.py                    # W=2 workers, N = 10, 50, 100, exercise 01-mul-backward
    python bench/serve_load.py --workers 4 -n 10 -n 50 --exercise engine

It starts `grade serve` on a free 127.0.0.1 port with W workers in a fresh
course folder, then, in the same run:

  t1: one submission's feedback time on the idle server (upload → graded, as
      the student's page sees it), the median of 3 lone uploads;
  for each N: N uploads sent at once (each on its own connection, from one
      asyncio loop: a client of threads would add its own GIL queue to what it
      measures; each file made distinct by a comment so that no observation
      comes from the cache); per upload, the submit time (from opening its
      connection until its 202 was read) and the feedback time (until the
      service committed its result, read from the course's database).

It prints p50/p95 of both and the bounds of issue 31: submit p95 ≤ 200 ms at
N = 100; feedback p95 ≤ 1.25·⌈N/W⌉·t1 + 1 s. Bounded: at most 100 uploads a
round, each round given at most 600 s; it stops the server whatever happens.
Only loopback is contacted.
"""

import argparse
import asyncio
import json
import math
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import datetime
from urllib.parse import urlsplit
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.serve.conftest import REFERENCE, set_in_course  # noqa: E402
from tests.serve.server import free_port, links_of, start, stop, wait_ready  # noqa: E402

ROUND_SECONDS = 600


def floor_server(log):
    """bench/serve_floor.py under uvicorn on a free port: (base URL, process)."""
    import subprocess
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "bench.serve_floor:app", "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    return f"http://127.0.0.1:{port}", proc


def multipart(token, code, exercise):
    """The bytes of one upload request, as a script sends it (headers and body)."""
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"exercise\"\r\n\r\n{exercise}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"engine.py\"\r\n"
            f"Content-Type: text/x-python\r\n\r\n{code}\r\n--{boundary}--\r\n").encode()
    head = (f"POST /api/v1/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode()
    return head + body


async def _one(host, port, request, go):
    await go.wait()
    t0 = time.monotonic()
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(request)
    answer = await reader.read()  # Connection: close: the whole answer, until the server closes
    seconds = time.monotonic() - t0
    writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), json.loads(body), seconds


def burst(base, requests):
    """[(status, JSON answer, seconds)] of the requests (bytes of multipart()), all sent at once."""
    url = urlsplit(base)

    async def all_at_once():
        go = asyncio.Event()
        tasks = [asyncio.create_task(_one(url.hostname, url.port, r, go)) for r in requests]
        await asyncio.sleep(0.05)  # every task waits at the gate
        go.set()
        return await asyncio.wait_for(asyncio.gather(*tasks), ROUND_SECONDS)
    return asyncio.run(all_at_once())


def submit_only(base, n):
    """Submit latencies of n uploads sent at once to the floor server (which answers 202 to anything)."""
    answers = burst(base, [multipart("none", REFERENCE + f"# floor {k}\n", "none") for k in range(n)])
    assert all(status == 202 for status, _, _ in answers)
    return [seconds for _, _, seconds in answers]


def p(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def graded_times(folder, ids, started_at, timeout):
    """{id: seconds from its upload's start (wall clock) until the service committed its result}.

    Read from the course's database (read-only, every 0.1 s) rather than by
    polling the API, so that the measuring does not load the server it measures;
    a student's page hears of the result within its 0.25 s stream step of that.
    """
    import sqlite3
    from datetime import timezone

    done, deadline = {}, time.monotonic() + timeout
    db = sqlite3.connect(f"file:{folder / 'serve.sqlite3'}?mode=ro", uri=True, timeout=30)
    marks = ",".join("?" * len(ids))
    while len(done) < len(ids) and time.monotonic() < deadline:
        for sid, status, graded_at, message in db.execute(
                f"SELECT id, status, graded_at, message FROM submissions WHERE id IN ({marks}) "
                "AND status IN ('graded', 'rejected', 'error')", list(ids)):
            if status != "graded":
                raise SystemExit(f"a load-test upload ended {status}: {message}")
            if sid not in done:
                when = datetime.fromisoformat(graded_at).replace(tzinfo=timezone.utc).timestamp()
                done[sid] = when - started_at[sid]
        time.sleep(0.1)
    db.close()
    if len(done) < len(ids):
        raise SystemExit(f"only {len(done)} of {len(ids)} graded within {timeout} s")
    return done


class Round:
    def __init__(self, base, tokens, folder, exercise):
        self.base, self.tokens, self.folder, self.exercise = base, tokens, folder, exercise
        self.serial = 0

    def run(self, n):
        """(submit seconds, feedback seconds) per upload, for n uploads sent at once."""
        names = list(self.tokens)
        requests = []
        for k in range(n):
            self.serial += 1
            requests.append(multipart(self.tokens[names[k % len(names)]],
                                      REFERENCE + f"# load test upload {self.serial}\n", self.exercise))
        wall = time.time()
        answers = burst(self.base, requests)
        refused = [(status, answer) for status, answer, _ in answers if status != 202]
        if refused:
            raise SystemExit(f"upload refused: {refused[0]}")
        started_at = {answer["id"]: wall for _, answer, _ in answers}
        feedback = graded_times(self.folder, set(started_at), started_at, ROUND_SECONDS)
        return [seconds for _, _, seconds in answers], list(feedback.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", "-w", type=int, default=2)
    parser.add_argument("-n", dest="sizes", type=int, action="append")
    parser.add_argument("--exercise", default="01-mul-backward")
    args = parser.parse_args()
    sizes = args.sizes or [10, 50, 100]
    if max(sizes) > 100:
        parser.error("at most 100 uploads a round: this is a bounded test")
    from grader.serve.course import write_new

    with tempfile.TemporaryDirectory(prefix="grade-serve-load-") as tmp:
        folder = Path(tmp) / "course"
        write_new(folder, [f"s{i:03d}" for i in range(100)], [args.exercise])
        set_in_course(folder, attempts=0, cooldown_seconds=0)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        set_in_course(folder, base_url=f'"{base}"')
        with open(folder / "server.log", "ab") as log:
            server = start(folder, port, args.workers, log)
            floor_base, floor = floor_server(log)
            try:
                wait_ready(base, server)
                wait_ready(floor_base, floor)
                links = links_of(folder, base)
                tokens = {k: v.rsplit("/", 1)[1] for k, v in links.items()}
                tokens.pop("instructor")
                rounds = Round(base, tokens, folder, args.exercise)
                rounds.run(1)  # warm: the workers import the suite once
                lone = [rounds.run(1)[1][0] for _ in range(3)]
                t1 = statistics.median(lone)
                print(f"grade serve, W={args.workers} workers, exercise {args.exercise}, {os.cpu_count()} CPUs")
                print(f"t1 (one submission's feedback time, idle, median of 3): {t1:.3f} s "
                      f"({', '.join(f'{x:.3f}' for x in lone)})")
                print(f"{'N':>4} {'submit p50':>11} {'submit p95':>11} {'feedback p50':>13} {'feedback p95':>13} "
                      f"{'bound':>8} {'p95/bound':>10}")
                floors = []
                for n in sizes:
                    floors.append((n, submit_only(floor_base, n)))  # interleaved with the service's rounds
                    submit, feedback = rounds.run(n)
                    bound = 1.25 * math.ceil(n / args.workers) * t1 + 1
                    print(f"{n:>4} {p(submit, .5) * 1000:>9.0f}ms {p(submit, .95) * 1000:>9.0f}ms "
                          f"{p(feedback, .5):>12.2f}s {p(feedback, .95):>12.2f}s {bound:>7.1f}s "
                          f"{p(feedback, .95) / bound:>10.2f}")
                print("The floor (bench/serve_floor.py: the same framework and multipart parsing, nothing else), "
                      "measured just before each round:")
                for n, latencies in floors:
                    print(f"{n:>4} submit p50 {p(latencies, .5) * 1000:.0f}ms p95 {p(latencies, .95) * 1000:.0f}ms")
            finally:
                stop(server)
                stop(floor)


if __name__ == "__main__":
    main()
