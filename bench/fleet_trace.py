"""Where a queued job's time goes: a trace of each job's stages in the worker, its horse and the submitting grade.

    python bench/fleet_trace.py                  # 200 submissions, 2 workers, the pool and the queue once each
    python bench/fleet_trace.py -n 100 --rounds 2 --json trace.json

It grades the same N distinct submissions as bench/fleet.py (bench/run.py's), once with the local pool
(`--jobs W`) and once through the queue with W `grade worker`s, each process run with timing wrappers
around the grader's own functions (nothing in grader/ is changed: the wrappers are installed by this file
before `grade` starts). Every wrapped call writes one line (stage, pid, job, wall start and end, the
process's own CPU before and after: a sandboxed worker's CPU is not in it) to a file per process; the
figures printed are per job, medians and means:

  the sandboxed observation itself (observe_submission), in the pool's threads and in the horses;
  the serial gap between one observation's end and the next one's start in the same slot (pool) or horse
      (queue): what a slot waits for between two submissions;
  each stage of the queue around it (dequeue, checking the payload, the hand-off, signing, storing the result,
      collecting and deleting on the submitting side), wall and CPU;
  the CPU outside the sandboxes: the pool's grade process against the queue's workers, horses, Redis and
      submitting grade, per job (a stage's CPU is its calling thread's);
  the tail: from the last observation's end to the grade's exit.
"""

import argparse
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ENV = "GRADE_FLEET_TRACE"  # the folder the wrapped processes write their lines to


# -- inside a traced process ----------------------------------------------------------------------------------

def _writer():
    folder = os.environ[ENV]
    files = {}

    def write(record):
        pid = os.getpid()
        if pid not in files:  # a forked horse writes its own file
            files[pid] = os.open(os.path.join(folder, f"{pid}.jsonl"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.write(files[pid], (json.dumps(record) + "\n").encode())
    return write


def _job_of(args, kwargs):
    for value in list(args) + list(kwargs.values()):
        jid = getattr(value, "id", None)
        if isinstance(jid, str) and jid.startswith("observe-"):
            return jid[8:20]
        if isinstance(value, str) and value.startswith("observe-"):
            return value[8:20]
    return None


def _wrap(owner, name, stage, write):
    original = getattr(owner, name)

    @functools.wraps(original)
    def traced(*args, **kwargs):
        t0, c0, pc0 = time.monotonic(), time.thread_time(), time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            write({"s": stage, "p": os.getpid(), "j": _job_of(args, kwargs), "t0": t0, "t1": time.monotonic(),
                   "c0": c0, "c1": time.thread_time(), "pc0": pc0, "pc": time.process_time()})
    if not hasattr(original, "__wrapped__"):  # a name imported from a module wrapped already is not wrapped twice
        setattr(owner, name, traced)


def install():
    """Wrap the stages of the pool, the worker, its horse and the submitting grade."""
    import atexit

    import grader.observe as observe
    import grader.pipeline_rows as rows

    write = _writer()
    _wrap(observe, "observe_submission", "observe", write)
    _wrap(rows.Rows, "finish", "rows_finish", write)
    import grader.judge.plugin as plugin
    import grader.pipeline as pipeline

    _wrap(plugin, "_run_pytest", "pytest_session", write)
    _wrap(pipeline, "_judge_contained", "judge", write)
    _wrap(pipeline, "_diagnose", "diagnose", write)
    try:
        import grader.fleet.submit as submit
        import grader.fleet.worker as worker
    except ImportError:
        submit = worker = None
    if worker is not None:
        _wrap(worker, "observe_submission", "observe", write)
        _wrap(worker, "read_job", "read_job", write)
        _wrap(worker, "job_result", "sign", write)
        for name, stage in [("dequeue_job_and_maintain_ttl", "dequeue"), ("execute_job", "execute"),
                            ("_run_in_horse", "in_horse"), ("perform_job", "perform"),
                            ("handle_execution_ended", "await_start"), ("handle_job_success", "store_result"),
                            ("heartbeat", "heartbeat"), ("check_for_suspension", "suspension")]:
            _wrap(worker.FleetWorker, name, stage, write)
        for name, stage in [("_collect", "collect"), ("_delete", "delete"), ("_enqueue", "enqueue"),
                            ("_statuses", "statuses"), ("observe_all", "observe_all")]:
            _wrap(submit.QueueObserver, name, stage, write)
    started = time.monotonic()
    pid = os.getpid()
    atexit.register(lambda: os.getpid() == pid and write(
        {"s": "process", "p": pid, "j": None, "t0": started, "t1": time.monotonic(), "c0": 0,
         "c1": 0, "pc": time.process_time()}))


# -- the bench ------------------------------------------------------------------------------------------------

def traced_command(*args):
    return [sys.executable, str(Path(__file__).resolve()), "--hook", "--", *args]


def run_grade(folder, out, trace, *extra):
    env = dict(os.environ, **{ENV: str(trace)})
    started = time.monotonic()
    result = subprocess.run(traced_command("run", str(folder), "-o", str(out), "-q", *extra), env=env,
                            capture_output=True, text=True, cwd=out.parent)
    if result.returncode != 0:
        raise SystemExit(f"grade failed:\n{result.stdout}\n{result.stderr}")
    return started, time.monotonic()


def read_trace(folder):
    records = []
    for path in Path(folder).glob("*.jsonl"):
        records += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return records


def _ms(values):
    values = list(values)
    if not values:
        return "-"
    return f"{statistics.median(values) * 1000:6.2f} / {statistics.fmean(values) * 1000:6.2f}"


def _gaps(observations):
    """Per slot (a pid, or a pool thread's alternation): the time between one observation's end and the next's
    start, in the process that observes them one after another."""
    gaps = []
    by_pid = {}
    for r in observations:
        by_pid.setdefault(r["p"], []).append(r)
    for rs in by_pid.values():
        rs.sort(key=lambda r: r["t0"])
        # the pool's W threads share one pid: an observation's slot is freed when it ends, and the next start
        # after an end is that slot's next submission
        ends = []
        for r in rs:
            free = [e for e in ends if e <= r["t0"]]
            if free:
                gaps.append(r["t0"] - max(free))
                ends.remove(max(free))
            ends.append(r["t1"])
    return gaps


def summarise(records, wall, n, redis_cpu=None, label=""):
    by = {}
    for r in records:
        by.setdefault(r["s"], []).append(r)
    observe = by.get("observe", [])
    last_end = max(r["t1"] for r in observe) if observe else wall[1]
    first_start = min(r["t0"] for r in observe) if observe else wall[0]
    lines = {"wall_s": wall[1] - wall[0], "observations": len(observe),
             "start_to_first_observation_s": first_start - wall[0], "last_observation_to_exit_s": wall[1] - last_end}
    print(f"\n{label}: {wall[1] - wall[0]:.2f} s wall; first observation {first_start - wall[0]:.2f} s after the "
          f"start; last one ends {wall[1] - last_end:.2f} s before the grade's exit")
    print(f"  {'stage':28} {'calls':>6}  {'wall ms med / mean':>18}  {'CPU ms med / mean':>18}")
    for stage, rs in sorted(by.items(), key=lambda kv: min(r["t0"] for r in kv[1])):
        if stage == "process":
            continue
        wall_ms = [r["t1"] - r["t0"] for r in rs]
        cpu_ms = [r["c1"] - r["c0"] for r in rs]
        lines[stage] = {"calls": len(rs), "wall_median_ms": statistics.median(wall_ms) * 1000,
                        "wall_mean_ms": statistics.fmean(wall_ms) * 1000,
                        "cpu_median_ms": statistics.median(cpu_ms) * 1000,
                        "cpu_mean_ms": statistics.fmean(cpu_ms) * 1000}
        print(f"  {stage:28} {len(rs):6}  {_ms(wall_ms):>18}  {_ms(cpu_ms):>18}")
    gaps = _gaps(observe)
    lines["gap_between_observations"] = {"median_ms": statistics.median(gaps) * 1000 if gaps else None,
                                         "mean_ms": statistics.fmean(gaps) * 1000 if gaps else None}
    print(f"  {'gap between observations':28} {len(gaps):6}  {_ms(gaps):>18}   (a slot's wait between two)")
    # the CPU of each process outside the sandbox (its own, not its children's), per job
    # each process's CPU from its first wrapped call to its last (its start-up, imports and all, is left out: a
    # worker is started before the batch; a horse ends by os._exit, so its last line is what there is)
    first, last, roles = {}, {}, {}
    for r in records:
        if r["s"] == "process":
            continue
        first[r["p"]] = min(first.get(r["p"], r["pc0"]), r["pc0"])
        last[r["p"]] = max(last.get(r["p"], 0), r["pc"])
        roles.setdefault(r["p"], set()).add(r["s"])
    by_role = {}
    for pid in first:
        role = ("horse" if "perform" in roles[pid] else "worker" if "execute" in roles[pid]
                else "grade (submitting, judging)" if "observe_all" in roles[pid] else "grade (pool, judging)")
        by_role[role] = by_role.get(role, 0) + last[pid] - first[pid]
    if redis_cpu is not None:
        by_role["redis-server"] = redis_cpu
    total = sum(by_role.values())
    lines["cpu_outside_sandbox_ms_per_job"] = total / n * 1000
    lines["cpu_ms_per_job"] = {role: cpu / n * 1000 for role, cpu in by_role.items()}
    print(f"  CPU outside the sandboxes, per job: {total / n * 1000:.1f} ms ("
          + ", ".join(f"{role} {cpu / n * 1000:.1f}" for role, cpu in sorted(by_role.items())) + ")")
    return lines


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--hook":
        sys.argv = ["grade"] + sys.argv[3:]
        install()
        from grader.cli import main as grade

        grade(prog_name="grade")
        return
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(HERE))
    from fleet import Redis, stop_workers  # bench/fleet.py
    from run import build_submissions  # bench/run.py

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2, help="the queue's workers and the pool's --jobs")
    parser.add_argument("--rounds", type=int, default=1, help="pool and queue alternated this many times")
    parser.add_argument("--queue-only", action="store_true")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--keep", action="store_true", help="keep the trace files (their folder is printed)")
    args = parser.parse_args()
    import secrets

    os.environ.setdefault("GRADE_FLEET_KEY", secrets.token_hex(32))
    tmp = Path(tempfile.mkdtemp(prefix="grade-fleet-trace-"))
    (tmp / "redis").mkdir()
    redis = Redis(tmp / "redis")
    figures = {"n": args.n, "workers": args.workers, "rounds": []}
    try:
        build_submissions(tmp / "submissions", args.n)
        log = open(tmp / "workers.log", "w")
        for round_ in range(args.rounds):
            figures_round = {"load": os.getloadavg()[0]}
            print(f"\nround {round_ + 1}, load average {os.getloadavg()[0]:.2f}")
            if not args.queue_only:
                trace = tmp / f"pool{round_}"
                trace.mkdir()
                wall = run_grade(tmp / "submissions", tmp / "pool.json", trace, "--no-cache", "--jobs",
                                 str(args.workers))
                figures_round["pool"] = summarise(read_trace(trace), wall, args.n, label=f"pool, --jobs {args.workers}")
            trace = tmp / f"queue{round_}"
            trace.mkdir()
            env = dict(os.environ, **{ENV: str(trace)})
            workers = [subprocess.Popen(traced_command("worker", redis.url), stdout=subprocess.DEVNULL, stderr=log,
                                        start_new_session=True, env=env) for _ in range(args.workers)]
            from rq import Worker

            while Worker.count(connection=redis.client) < args.workers:
                time.sleep(0.1)
            cpu_before = redis.client.info("cpu")
            try:
                wall = run_grade(tmp / "submissions", tmp / "queue.json", trace, "--no-cache", "--queue", redis.url)
            finally:
                cpu_after = redis.client.info("cpu")
                stop_workers(workers)
            redis_cpu = sum(cpu_after[k] - cpu_before[k] for k in ("used_cpu_sys", "used_cpu_user"))
            figures_round["queue"] = summarise(read_trace(trace), wall, args.n, redis_cpu,
                                               label=f"queue, {args.workers} workers")
            if not args.queue_only:
                same = (tmp / "queue.json").read_bytes() == (tmp / "pool.json").read_bytes()
                figures_round["identical_scores"] = same
                print("  scores identical to the pool's" if same else "  SCORES DIFFER FROM THE POOL'S")
            figures["rounds"].append(figures_round)
        log.close()
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")
    finally:
        redis.stop()
        if args.keep:
            print(f"trace files kept in {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
