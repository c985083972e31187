"""Where one submission's time goes: `grade`'s stages, a worker's start hop by hop, and the probes.

    python bench/profile.py                      # 200 submissions of bench/run.py's batch
    python bench/profile.py -n 100 --jobs 1
    python bench/profile.py --root /path/to/an/older/checkout   # the same table for another version

It grades bench/run.py's batch (the reference engine and its named buggy
variants, cache off) in this process, with timers around each stage, and prints
three tables:

1. the batch's stages: load, observe, judge (with the dry run), diagnose, scores;
   wall seconds and this process's CPU seconds (the workers' CPU is not in it), and
   per submission; then the workers' CPU, every process grading started (counted in a
   cgroup of the profile's own, so also before a worker was moved into its slot: OwnCgroup),
   and the part their slots' cgroups counted;
2. one worker's life, per submission (the median over the batch; the means beside it):
   its scratch folder, spawning it, its start until it says hello (every exec hop,
   Python's start-up, worker.py's own), importing the engine, the probes, and ending it
   (waiting for its exit, killing whatever is left, removing the scratch folder); the
   grader's own CPU spent parsing events and reading the accounting;
3. each exec hop of the worker's command: the chain started with `python -c pass` in
   place of the worker, one layer fewer at a time, the median of `--starts` starts each;
   a hop's cost is the difference to the chain without it.

`--root` profiles another checkout of the grader (its own `grader` package is
imported; this file only reads the public names every version since 2afa254
has: grade() (grader.pipeline's, grader.batch's before it), Sandbox.prepare/start/kill/cleanup, observe's parse_event).
Figures on a busy machine are noisy: compare two versions in the same session,
alternating, and read CPU where wall time is disturbed.
"""

import argparse
import collections
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
HOPS = ("sh", "setarch", "prlimit", "choom", "setpriv", "bwrap")  # the exec hops a worker's command may hold


class Clock:
    """Wall and this-process CPU of named stages; per-thread events of each worker."""

    def __init__(self):
        self.stages = collections.OrderedDict()
        self.lock = threading.Lock()
        self.events = collections.defaultdict(list)  # thread id -> [(time, what)]
        self.cpu = collections.Counter()  # grader CPU seconds spent in small functions
        self.workers_cpu = None  # the workers' CPU seconds, from their cgroup where there is one
        self.inside = threading.local()  # each thread's stack of open stages: stages of two threads overlap
        self.spans = []  # (start, end) of each outermost stage call, for the wall no stage covers

    def stage(self, name, function):
        """`function` timed as the stage `name`, less the stages timed inside it in the same thread (the dry
        run in the judge). The pipeline judges and diagnoses rows in one thread while another observes: a stack
        shared by the threads subtracted one thread's stage from another's (negative stage times)."""
        def timed(*args, **kwargs):
            stack = self.inside.__dict__.setdefault("stack", [])
            stack.append([0.0, 0.0])  # wall and CPU of the stages inside this one
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                w, c = time.perf_counter() - wall, time.process_time() - cpu
                inner_w, inner_c = stack.pop()
                if stack:
                    stack[-1][0] += w
                    stack[-1][1] += c
                with self.lock:
                    if not stack:
                        self.spans.append((wall, wall + w))
                    total_w, total_c = self.stages.get(name, (0.0, 0.0))
                    self.stages[name] = (total_w + w - inner_w, total_c + c - inner_c)
        return timed

    def covered(self):
        """Wall seconds inside at least one stage (the union of their spans), and whether any two overlapped."""
        total, end, overlapped = 0.0, float("-inf"), False
        for start, stop in sorted(self.spans):
            overlapped |= start < end
            total += max(0.0, stop - max(start, end))
            end = max(end, stop)
        return total, overlapped

    def mark(self, what):
        self.events[threading.get_ident()].append((time.perf_counter(), what))

    def around(self, what, function, *, cpu=False):
        """Marks `what:start` and `what:end` around each call (or adds its thread's CPU time)."""
        def timed(*args, **kwargs):
            if cpu:
                t = time.thread_time()
                try:
                    return function(*args, **kwargs)
                finally:
                    with self.lock:
                        self.cpu[what] += time.thread_time() - t
            self.mark(what + ":start")
            try:
                return function(*args, **kwargs)
            finally:
                self.mark(what + ":end")
        return timed


def pipeline_module():
    """grader.pipeline (the one pipeline), or grader.batch in versions before it."""
    try:
        import grader.pipeline as module
    except ImportError:
        import grader.batch as module
    return module


def instrument(clock):
    """Timers around the stages of whichever version of the grader is imported."""
    batch = pipeline_module()
    import grader.sandbox as sandbox

    for name, stage in (("load_folder", "load"), ("observe_all", "observe"), ("judge", "judge"),
                        ("Expectations", "judge"), ("scores_record", "scores"), ("diagnose_batch", "diagnose")):
        if hasattr(batch, name):
            setattr(batch, name, clock.stage(stage, getattr(batch, name)))
    try:  # the judge's dry run on the reference (versions that have one)
        import grader.judge.dry_run as dry
        dry.dry_run = clock.stage("dry run (judge)", dry.dry_run)
    except ImportError:
        pass
    try:  # imported inside grade() by newer versions
        import grader.diagnose as diagnose
        diagnose.diagnose_batch = clock.stage("diagnose", diagnose.diagnose_batch)
    except ImportError:
        pass
    cls = sandbox.Sandbox
    for name in ("prepare", "start", "kill", "cleanup"):
        setattr(cls, name, clock.around(name, getattr(cls, name)))
    if hasattr(cls, "usage"):
        cls.usage = clock.around("accounting", cls.usage, cpu=True)
    close = cls.close

    def closed(self):  # every worker's CPU, all their processes, where a cgroup counted it
        folder = getattr(getattr(self, "accounting", None), "folder", None)
        if folder:
            try:
                with open(os.path.join(folder, "cpu.stat")) as f:
                    clock.workers_cpu = (clock.workers_cpu or 0.0) + int(f.read().split()[1]) / 1e6
            except (OSError, IndexError, ValueError):
                pass
        return close(self)
    cls.close = closed
    # the worker's events, as the grader reads them
    for module_name in ("grader.observe.attempt", "grader.observe"):
        try:
            module = __import__(module_name, fromlist=["parse_event"])
        except ImportError:
            continue
        if hasattr(module, "parse_event"):
            parse = module.parse_event

            def parsed(line, expected, parse=parse):
                t = time.thread_time()
                event = parse(line, expected)
                with clock.lock:
                    clock.cpu["parsing events"] += time.thread_time() - t
                clock.mark("event:" + event["event"])
                return event
            module.parse_event = parsed
            break


class OwnCgroup:
    """This process in a cgroup v2 of its own, under the one it was in, where that one enables no controllers (so
    nothing of the grader's behaviour changes: its slots' cgroups are made under this one). Its cpu.stat counts
    every process started from here, before a worker was moved into its slot too (a grader that moves them while
    they start, grader/sandbox/claim.py, would otherwise show less than they cost); less this process's own CPU,
    that is the workers'. `cpu()` is None where this cannot be done."""

    def __init__(self):
        self.folder = None
        try:
            with open("/proc/self/cgroup") as f:
                own = next(line[3:].strip() for line in f if line.startswith("0::"))
            with open("/proc/self/mounts") as f:
                mount = next(line.split()[1] for line in f if line.split()[2] == "cgroup2")
            parent = mount + own.rstrip("/")
            with open(os.path.join(parent, "cgroup.subtree_control")) as f:
                if f.read().strip():
                    return
            folder = os.path.join(parent, f"grade-profile-{os.getpid()}")
            os.mkdir(folder)
            with open(os.path.join(folder, "cgroup.procs"), "w") as f:
                f.write("0")
            self.folder, self.parent = folder, parent
        except (OSError, StopIteration, IndexError):
            pass

    def cpu(self):
        if self.folder is None:
            return None
        with open(os.path.join(self.folder, "cpu.stat")) as f:
            return int(f.read().split()[1]) / 1e6

    def close(self):
        if self.folder is not None:
            try:
                with open(os.path.join(self.parent, "cgroup.procs"), "w") as f:
                    f.write("0")
                os.rmdir(self.folder)
            except OSError:
                pass


def worker_lives(clock):
    """Per attempt: {phase: seconds}, from each thread's marks."""
    lives = []
    for marks in clock.events.values():
        life, prepared, spawned, last = {}, None, None, {}
        for t, what in marks:
            last[what] = t
            if what == "prepare:end":
                life = {"scratch folder": t - last["prepare:start"]}
            elif what == "start:end":
                life["spawn (fork, exec)"] = t - last["start:start"]
                spawned = t
            elif what == "event:hello" and spawned is not None:
                life["start until hello"] = t - spawned
            elif what == "event:imported" and "event:hello" in last:
                life["import the engine"] = t - last["event:hello"]
            elif what in ("event:done", "kill:start") and "event:imported" in last and "probes" not in life:
                life["probes"] = t - last["event:imported"]
            elif what == "kill:end":
                life["end it (wait, kill)"] = t - last.get("event:done", last["kill:start"])
            elif what == "cleanup:end":
                life["remove the scratch folder"] = t - last["cleanup:start"]
                if "start until hello" in life:
                    lives.append(life)
                life, spawned = {}, None
    return lives


def hop_costs(starts):
    """Median start-to-exit of the worker's command chain with `python -c pass`, one layer fewer at a time."""
    from grader.sandbox import Limits, Sandbox

    box = Sandbox(Limits())
    try:
        base = box.prepare(0, {"engine.py": b""}, {"worker.py": b""})
        os.chmod(base, 0o755)  # the rows without setpriv start as root: bwrap's namespace must reach it too
        try:  # as Sandbox.start runs it: no setarch hop where the starting thread turns ASLR off itself, and no
            # prlimit and setpriv hops where it gives the uid and the limits (sandbox/thread_ids.py; then started as root)
            command = box.command(0, base, {"module": "engine"}, aslr_hop=False,
                                  hops=getattr(box, "thread_ids", None) is None)
        except TypeError:  # versions before that
            try:
                command = box.command(0, base, {"module": "engine"}, aslr_hop=False)
            except TypeError:
                command = box.command(0, base, {"module": "engine"})
        python = len(command) - 1 - command[::-1].index(box.python)  # bwrap binds the same path earlier
        command = command[:python] + [box.python, "-I", "-S", "-c", "pass"]
        starts_at = [i for i in range(python) if os.path.isabs(command[i]) and os.path.basename(command[i]) in HOPS]
        layers = [(os.path.basename(command[i]), command[i:j]) for i, j in zip(starts_at, starts_at[1:] + [python])]
        rows = []
        for k in range(len(layers) + 1):
            chain = [a for _, args in layers[k:] for a in args] + command[python:]
            times = []
            for _ in range(starts):
                t = time.perf_counter()
                subprocess.run(chain, env=box.environment(base), cwd=str(base), stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times.append(time.perf_counter() - t)
            rows.append((" → ".join([n for n, _ in layers[k:]] + ["python -I -S -c pass"]), statistics.median(times)))
        box.cleanup(base)
        return layers, rows
    finally:
        box.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="submissions (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="grade's --jobs (default 2)")
    parser.add_argument("--starts", type=int, default=20, help="starts of each hop chain (default 20)")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to profile (default: this one)")
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    sys.path.insert(0, str(HERE))
    import grader
    assert Path(grader.__file__).resolve().parent == root / "grader", f"imported {grader.__file__}, not {root}"
    import run as bench_run  # bench/run.py's batch

    clock = Clock()
    instrument(clock)
    batch = pipeline_module()

    tmp = Path(tempfile.mkdtemp(prefix="grade-profile-"))
    own = OwnCgroup()
    try:
        bench_run.build_submissions(tmp / "submissions", args.n)
        wall, cpu, everything = time.perf_counter(), time.process_time(), own.cpu()
        result = batch.grade(tmp / "submissions", jobs=args.jobs, cache_dir=None)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        workers = own.cpu() - everything - cpu if everything is not None else None
        rows = len(result.scores["submissions"])
        print(f"{root.name}: {rows} submissions, --jobs {args.jobs}, {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.2f}")
        print()
        print(f"{'stage':32} {'wall s':>8} {'ms/sub':>8} {'CPU s':>8} {'CPU ms/sub':>11}")
        shown_wall = shown_cpu = 0.0
        for name, (w, c) in clock.stages.items():
            print(f"{name:32} {w:8.2f} {1000 * w / rows:8.1f} {c:8.2f} {1000 * c / rows:11.1f}")
            shown_wall += w
            shown_cpu += c
        # The pipeline judges and diagnoses rows in one thread while another observes: stages overlap in wall
        # time, and each stage's CPU is the process's while it ran (so overlapping stages share it). The rest's
        # wall is what no stage covers; its CPU is shown only where no two stages overlapped.
        covered, overlapped = clock.covered()
        rest_cpu = "" if overlapped else f"{cpu - shown_cpu:8.2f} {1000 * (cpu - shown_cpu) / rows:11.1f}"
        print(f"{'(the rest: in no stage)':32} {wall - covered:8.2f} {1000 * (wall - covered) / rows:8.1f} {rest_cpu}")
        if overlapped:
            print(f"{'(stages overlapped: their sum)':32} {shown_wall:8.2f} {1000 * shown_wall / rows:8.1f} "
                  f"{shown_cpu:8.2f} {1000 * shown_cpu / rows:11.1f}")
        print(f"{'grade, in all':32} {wall:8.2f} {1000 * wall / rows:8.1f} {cpu:8.2f} {1000 * cpu / rows:11.1f}")
        if workers is not None:
            print(f"{'the workers, all processes':32} {'':8} {'':8} {workers:8.2f} {1000 * workers / rows:11.1f}")
        if clock.workers_cpu is not None:
            print(f"{'  in their slots (cgroups)':32} {'':8} {'':8} {clock.workers_cpu:8.2f} "
                  f"{1000 * clock.workers_cpu / rows:11.1f}")
        print()
        lives = worker_lives(clock)
        print(f"one worker's life ({len(lives)} workers; ms){'':5} {'median':>8} {'mean':>8}")
        phases = ["scratch folder", "spawn (fork, exec)", "start until hello", "import the engine", "probes",
                  "end it (wait, kill)", "remove the scratch folder"]
        for phase in phases:
            values = [life[phase] for life in lives if phase in life]
            if values:
                print(f"  {phase:40} {1000 * statistics.median(values):8.2f} {1000 * statistics.mean(values):8.2f}")
        for what, seconds in sorted(clock.cpu.items()):
            print(f"  grader CPU, {what:29} {'':8} {1000 * seconds / max(len(lives), 1):8.2f}")
        print()
        layers, chains = hop_costs(args.starts)
        print(f"the worker's command, hop by hop (median of {args.starts} starts of `python -I -S -c pass`; ms)")
        for k, (chain, seconds) in enumerate(chains):
            hop = seconds - chains[k + 1][1] if k + 1 < len(chains) else seconds
            print(f"  {1000 * seconds:7.2f}  (this hop {1000 * hop:6.2f})  {chain}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        own.close()


if __name__ == "__main__":
    main()
