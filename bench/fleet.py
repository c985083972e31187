"""Benchmark: the queue (`grade --queue` with `grade worker`s) against the local pool, on one machine.

    python bench/fleet.py                      # 200 submissions; the pool, then 1, 2 and 4 workers
    python bench/fleet.py -n 400 --workers 2 --json fleet.json
    python bench/fleet.py --workers 4 --parallelism 4   # the pool with --jobs 4 against 4 workers

It builds N distinct submissions (as bench/run.py does), starts its own
redis-server (append-only, fsync on every write, a password: the configuration
docs/scaling.md recommends) on a free port in a temporary folder, and times

  (a) `grade SUBMISSIONS --no-cache`, the local pool, --jobs = the cores
      (or --parallelism);
  (b) `grade SUBMISSIONS --queue URL --no-cache`, with W `grade worker`
      processes already running on this machine, for each W of --workers;
      at W = --parallelism, (a) and (b) run twice each, in the order (a), (b),
      (b), (a), and each is the mean of its two: a shared machine's load that
      rises or falls during the run weighs on both alike;
  (c) the same queued batch graded again from the cache of its observations (the
      rows' verdicts removed from it): what the submitting machine spends on
      loading, judging, diagnosing and scoring alone.

For each it prints wall time and submissions per second; for the queue, the
overhead against the pool at the same parallelism (W = --jobs), and what each
job costs Redis: commands, bytes written to the append-only file, and the
payload and result sizes. docs/scaling.md turns these into an estimate for
50,000 submissions on K machines.
"""

import argparse
import json
import os
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import build_submissions  # noqa: E402  (bench/run.py: the same N distinct submissions)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    def __init__(self, folder):
        import redis

        self.port = _free_port()
        # With a password, given to the workers and the grades in $GRADE_QUEUE_PASSWORD (never on a command line):
        # on a shared machine, a hostile submission graded meanwhile by someone's test (tests/fixtures/
        # hostile-round3/queue-tamper.py) finds every Redis URL on a command line and rewrites its queued jobs,
        # which the workers then refuse: an open Redis made one run of this bench three times slower.
        password = secrets.token_hex(16)
        os.environ["GRADE_QUEUE_PASSWORD"] = password
        self.url = f"redis://127.0.0.1:{self.port}/0"
        config = folder / "redis.conf"  # the password in a file, not on redis-server's command line either
        config.write_text(f"requirepass {password}\n")
        config.chmod(0o600)
        self.process = subprocess.Popen(
            ["redis-server", str(config), "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(folder),
             "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.client = redis.Redis.from_url(self.url, password=password)
        for _ in range(200):
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise SystemExit("redis-server did not start")

    def counters(self):
        stats = self.client.info("stats")
        persistence = self.client.info("persistence")
        return {"commands": stats["total_commands_processed"], "aof_bytes": persistence.get("aof_current_size", 0),
                "memory_peak": self.client.info("memory")["used_memory_peak"]}

    def write_milliseconds(self, count=50):
        """The mean round trip of one write (with appendfsync always, it waits for the disk): what each of a job's
        writes waits for on this machine at the moment, the disk shared with whatever else runs."""
        started = time.perf_counter()
        for i in range(count):
            self.client.set("grade-fleet-bench:probe", i)
        self.client.delete("grade-fleet-bench:probe")
        return (time.perf_counter() - started) / count * 1000

    def stop(self):
        self.process.kill()
        self.process.wait()


def grade(folder, out, *extra):
    """Wall seconds of one `grade` run, and the CPU seconds the grade process itself used."""
    started, cpu = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run([sys.executable, "-m", "grader", "run", str(folder), "-o", str(out), "-q", *extra],
                            capture_output=True, text=True, cwd=out.parent)
    if result.returncode != 0:
        raise SystemExit(f"grade failed:\n{result.stdout}\n{result.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - started, (after.ru_utime + after.ru_stime) - (cpu.ru_utime + cpu.ru_stime)


def start_workers(url, count, log):
    from redis import Redis as Client
    from rq import Worker

    processes = [subprocess.Popen([sys.executable, "-m", "grader", "worker", url], stdout=subprocess.DEVNULL,
                                  stderr=log, start_new_session=True) for _ in range(count)]
    client = Client.from_url(url, password=os.environ.get("GRADE_QUEUE_PASSWORD"))
    deadline = time.monotonic() + 60
    while Worker.count(connection=client) < count:
        if time.monotonic() > deadline:
            raise SystemExit("the workers did not start")
        time.sleep(0.1)
    return processes


def stop_workers(processes):
    for process in processes:
        process.terminate()  # warm shutdown: idle workers leave at once
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def job_sizes(folder):
    """Bytes of one job's payload and of one result, averaged over the submissions (as JSON in Redis)."""
    from grader.fleet import observer_digest
    from grader.fleet.payload import job_payload
    from grader.load import load_folder
    from grader.sandbox import Limits
    from grader.suites import load_suite

    suite = load_suite("engine")
    submissions = load_folder(folder)
    digest = observer_digest()
    sizes = [len(json.dumps(job_payload(s, suite, Limits(), digest, require_sandbox=False))) for s in submissions]
    return sum(sizes) / len(sizes)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=200, help="submissions (default 200)")
    parser.add_argument("--workers", default="1,2,4", help="worker processes to time the queue with (default 1,2,4)")
    parser.add_argument("--parallelism", type=int, default=os.cpu_count() or 1,
                        help="the pool's --jobs, and the worker count the overhead is measured at (default: cores)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if not shutil.which("redis-server"):
        raise SystemExit("redis-server is not installed (apt-get install redis-server)")
    # the fleet signs every result with a key both ends hold (grader/fleet/auth.py): the bench's own, unless given
    os.environ.setdefault("GRADE_FLEET_KEY", secrets.token_hex(32))
    cores = os.cpu_count() or 1
    parallelism = args.parallelism
    tmp = Path(tempfile.mkdtemp(prefix="grade-fleet-bench-"))
    (tmp / "redis").mkdir()
    redis = Redis(tmp / "redis")
    log = open(tmp / "workers.log", "w")
    try:
        build_submissions(tmp / "submissions", args.n)
        figures = {"n": args.n, "cores": cores, "load_average": os.getloadavg()[0], "queue": {}}
        print(f"{args.n} submissions, {cores} cores, load average {os.getloadavg()[0]:.1f} at the start")
        pool = ["--no-cache", "--jobs", str(parallelism)]
        counts = [int(w) for w in args.workers.split(",")]
        # The pool and the queue at the same parallelism in the order pool, queue, queue, pool: a load that rises
        # or falls during the run (a shared machine's) weighs on both alike; the other worker counts after.
        local_runs = [grade(tmp / "submissions", tmp / "local.json", *pool)[0]]
        for count in sorted(counts, key=lambda c: c != parallelism):
            workers = start_workers(redis.url, count, log)
            walls, cpus, writes = [], [], [redis.write_milliseconds()]
            try:
                before = redis.counters()
                for _ in range(2 if count == parallelism else 1):
                    wall, submitter_cpu = grade(tmp / "submissions", tmp / f"queue{count}.json", "--no-cache",
                                                "--queue", redis.url)
                    walls.append(wall)
                    cpus.append(submitter_cpu)
                    writes.append(redis.write_milliseconds())
                after = redis.counters()
            finally:
                stop_workers(workers)
            if count == parallelism:
                local_runs.append(grade(tmp / "submissions", tmp / "local2.json", *pool)[0])
            same = (tmp / f"queue{count}.json").read_bytes() == (tmp / "local.json").read_bytes()
            wall = sum(walls) / len(walls)
            figures["queue"][count] = {
                "seconds": wall, "runs": walls, "identical_scores": same,
                # less the write probes' own commands (51 each)
                "redis_commands_per_job": (after["commands"] - before["commands"] - 51 * len(walls)) / args.n
                / len(walls),
                "aof_bytes_per_job": (after["aof_bytes"] - before["aof_bytes"]) / args.n / len(walls),
                "redis_peak_memory": after["memory_peak"], "submitter_cpu_seconds": sum(cpus) / len(cpus),
                "write_ms": writes}
            note = "scores identical to (a)" if same else "SCORES DIFFER FROM (a)"
            each = f" (mean of {', '.join(f'{w:.2f}' for w in walls)})" if len(walls) > 1 else ""
            print(f"{'(b) queue, ' + str(count) + ' worker' + 's' * (count != 1):34} {wall:8.2f} s "
                  f"{args.n / wall:8.1f} /s  {note}{each}")
        local = sum(local_runs) / len(local_runs)
        figures["local"] = {"seconds": local, "runs": local_runs, "jobs": parallelism}
        each = f" (mean of {', '.join(f'{w:.2f}' for w in local_runs)})" if len(local_runs) > 1 else ""
        print(f"{'(a) local pool, --jobs ' + str(parallelism):34} {local:8.2f} s {args.n / local:8.1f} /s{each}")
        # the submitting machine's own share: everything but observing (a batch whose runs are all cached)
        grade(tmp / "submissions", tmp / "warm.json", "--cache-dir", str(tmp / "cache"))
        # without the rows' verdicts (grader/verdicts.py), which would spare the rerun the judge and the diagnosis
        shutil.rmtree(tmp / "cache" / "verdicts", ignore_errors=True)
        judge, judge_cpu = grade(tmp / "submissions", tmp / "warm.json", "--cache-dir", str(tmp / "cache"))
        figures["submitter_seconds_per_job"] = judge / args.n
        print(f"{'(c) graded again from the cache':34} {judge:8.2f} s {args.n / judge:8.1f} /s  "
              "(load, judge, diagnose, score: the submitting machine's share)")
        figures["payload_bytes"] = job_sizes(tmp / "submissions")
        same_parallelism = figures["queue"].get(parallelism)
        if same_parallelism:
            overhead = same_parallelism["seconds"] / local - 1
            figures["overhead"] = overhead
            busy_cores = min(parallelism, cores)
            figures["overhead_ms_per_job"] = (same_parallelism["seconds"] - local) * busy_cores / args.n * 1000
            figures["ratio"] = same_parallelism["seconds"] / local
            print(f"queue with {parallelism} workers vs the pool with {parallelism} jobs: {overhead:+.1%} wall, queue ÷ "
                  f"pool {figures['ratio']:.3f} ({figures['overhead_ms_per_job']:+.1f} ms of a worker per job; "
                  f"target: queue ÷ pool at most 1.15); load average {os.getloadavg()[0]:.1f} at the end")
            # the queue's own cost on the submitting machine: enqueueing and collecting, beyond what a
            # batch graded from the cache costs (load, judge, diagnose, score)
            figures["enqueue_and_collect_ms_per_job"] = (
                (same_parallelism["submitter_cpu_seconds"] - judge_cpu) / args.n * 1000)
            print(f"the submitting grade's CPU for enqueueing and collecting: "
                  f"{figures['enqueue_and_collect_ms_per_job']:.1f} ms per job")
            print(f"one write's round trip (fsync'd) before and after each queued run: "
                  f"{', '.join(f'{ms:.1f}' for ms in same_parallelism['write_ms'])} ms")
            print(f"per job: {same_parallelism['redis_commands_per_job']:.0f} Redis commands, "
                  f"{same_parallelism['aof_bytes_per_job'] / 1024:.1f} KiB appended to the AOF, "
                  f"payload {figures['payload_bytes'] / 1024:.1f} KiB")
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")
    finally:
        log.close()
        redis.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
