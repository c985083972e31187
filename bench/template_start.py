"""A worker's start, fresh sandbox against the warm template (GRADE_WARM_TEMPLATE, grader/sandbox/template.py).

    python bench/template_start.py -n 100

Starts the worker of the reference engine with no probes, one at a time in one slot, the fresh sandbox and the
warm template alternating (ABAB), and prints per start: the median wall time from start() to the worker's
`hello`, to the end of its report, and the CPU time of all processes of the slot (the template's own
included) per start. One thread: no other work of the grader in the way.
"""

import argparse
import os
import select
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.sandbox import Limits, open_sandbox  # noqa: E402
from grader.suites import load_suite  # noqa: E402


def cgroup_cpu(folder):
    with open(os.path.join(folder, "cpu.stat")) as f:
        return int(f.read().split()[1]) / 1e6


def one(sandbox, runner_files, files, request):
    base = sandbox.prepare(0, files, runner_files)
    obs_r, obs_w = os.pipe()
    out_r, out_w = os.pipe()
    started = time.perf_counter()
    proc = sandbox.start(0, base, request, obs_w, out_w)
    os.close(obs_w)
    os.close(out_w)
    data, hello = b"", None
    while True:
        ready = select.select([obs_r, out_r], [], [], 10)[0]
        if not ready:
            raise SystemExit("no report within 10 s")
        if out_r in ready:
            os.read(out_r, 65536)
        if obs_r in ready:
            chunk = os.read(obs_r, 65536)
            if not chunk:
                break
            data += chunk
            if hello is None and b'"hello"' in data:
                hello = time.perf_counter() - started
    ended = time.perf_counter() - started
    sandbox.kill(0, proc)
    sandbox.cleanup(base)
    os.close(obs_r)
    os.close(out_r)
    if b'"imported","ok":true' not in data:
        raise SystemExit(f"the worker did not import the engine: {data[-300:]!r}")
    return hello, ended


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100, help="starts of each (default 100)")
    args = parser.parse_args()
    suite = load_suite("engine")
    files = {"engine.py": (ROOT / "reference" / "engine.py").read_bytes()}
    request = {"module": "engine", "forbid": list(suite.forbid), "refuse": list(suite.refuse), "modules": [],
               "recursion_limit": 1000, "run": []}
    boxes = {}
    for name, value in (("fresh", "0"), ("template", "1")):
        os.environ["GRADE_WARM_TEMPLATE"] = value
        boxes[name] = open_sandbox(Limits())
    if getattr(boxes["template"], "templates", None) is None:
        raise SystemExit("the warm template cannot be used here (bubblewrap, cgroup v2 and seccomp needed)")
    figures = {name: ([], []) for name in boxes}
    cpu = {name: 0.0 for name in boxes}
    try:
        for name, box in boxes.items():  # one start each first: the template's own start is not a submission's
            one(box, suite.runner_files, files, request)
        for i in range(args.n * 2):
            name = ("fresh", "template")[i % 2]
            box = boxes[name]
            before = cgroup_cpu(box.cgroups.folder)
            hello, ended = one(box, suite.runner_files, files, request)
            cpu[name] += cgroup_cpu(box.cgroups.folder) - before
            figures[name][0].append(hello)
            figures[name][1].append(ended)
    finally:
        for box in boxes.values():
            box.close()
    print(f"{args.n} starts each, alternating; load {os.getloadavg()[0]:.2f}")
    print(f"{'':10} {'to hello ms':>12} {'to the end ms':>14} {'CPU ms/start':>13}")
    for name, (hellos, ends) in figures.items():
        print(f"{name:10} {statistics.median(hellos) * 1000:12.2f} {statistics.median(ends) * 1000:14.2f} "
              f"{cpu[name] / args.n * 1000:13.2f}")


if __name__ == "__main__":
    main()
