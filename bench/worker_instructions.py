"""A worker's instructions, counted by valgrind: load-independent, where CPU time on a shared machine is not.

    python bench/worker_instructions.py                                  # this checkout: no probe, then every probe
    python bench/worker_instructions.py --compare /path/to/another/checkout
    python bench/worker_instructions.py --engine examples/submissions/bob.py       # another engine
    python bench/worker_instructions.py --rss                                      # peak memory instead (no valgrind)
    python bench/worker_instructions.py --suite 07-mlp-xor --engine reference/    # another suite: a folder's files

The worker runs outside the sandbox (valgrind cannot follow bubblewrap's namespaces), on the workers'
interpreter, with the sandbox's flags, environment and runner folder (worker.pyc and the marshalled modules, as
`grade` writes them), on bench/run.py's submission (the reference engine) with the engine suite's request (`--suite`: another suite's,
`--engine` then a file or a folder whose files of the suite's FILES are copied, reference/ for the reference). It
prints the instructions of the whole process (Python's start included) with no probe and with every probe, and
the report's digest (its worker's pid left out: the same digest, the same bytes reported). Counts move by a few
thousand instructions from run to run (the scratch folder's random name). Needs valgrind.
"""

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def count(root, engine, probes, rss=False, suite_name="engine"):
    """(instructions, the report's sha256 prefix) of one worker of `root`; `rss`: the worker's peak resident
    memory in kB instead of its instructions, run without valgrind."""
    sys.path.insert(0, str(root))
    from grader.sandbox import open_sandbox, Limits
    from grader.sandbox.layers import worker_arguments
    from grader.sandbox.runner_files import RunnerFolders
    from grader.suites import load_suite

    assert Path(sys.modules["grader"].__file__).resolve().parent == root / "grader", f"not {root}'s grader"
    python = open_sandbox(Limits()).python
    suite = load_suite(suite_name)
    with tempfile.TemporaryDirectory(prefix="worker-ir-") as scratch:
        scratch = Path(scratch)
        runner = RunnerFolders(scratch, python).folder(suite.runner_files)
        work = scratch / "work"
        work.mkdir()
        for name in suite.files if Path(engine).is_dir() else ("engine.py",):
            if (Path(engine) / name if Path(engine).is_dir() else Path(engine)).is_file():
                (work / name).write_bytes((Path(engine) / name if Path(engine).is_dir() else Path(engine)).read_bytes())
        script = "worker.pyc" if (runner / "worker.pyc").is_file() else "worker.py"
        request = {"module": suite.module, "forbid": list(suite.forbid), "refuse": list(suite.refuse),
                   "modules": [os.path.splitext(name)[0] for name in suite.files], "recursion_limit": 1000,
                   "run": list(suite.probe_names) if probes else [], "submission": str(work),
                   "runner": str(runner), "obs_fd": 1}
        out = scratch / "callgrind.out"
        argv = ([] if rss else ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]) + [
                python, "-I", "-S", "-B", "-u", f"{runner}/{script}", *worker_arguments(request)]
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONHASHSEED": "0", "HOME": str(work)}
        with open(scratch / "report", "w+b") as report, open(scratch / "stderr", "w+b") as stderr:
            proc = subprocess.Popen(argv, cwd=work, env=env, stdout=report, stderr=stderr)
            _, status, usage = os.wait4(proc.pid, 0)  # this worker's own rusage (its peak memory)
            proc.returncode = os.waitstatus_to_exitcode(status)
            report.seek(0)
            stderr.seek(0)
            output, errors = report.read(), stderr.read()
        if proc.returncode != 0 or (probes and b'"event":"done"' not in output):
            raise SystemExit(f"the worker did not run to the end: {output[-500:]!r} {errors[-2000:]!r}")
        total = usage.ru_maxrss if rss else int(re.search(rb"Collected : (\d+)", errors).group(1))
        report = re.sub(rb'"pid":\d+', b'"pid":0', output)  # the one figure that differs between runs
        return total, hashlib.sha256(report).hexdigest()[:12]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to run (default: this one)")
    parser.add_argument("--compare", type=Path, help="another checkout, run after --root")
    parser.add_argument("--engine", type=Path, default=HERE.parent / "reference" / "engine.py")
    parser.add_argument("--suite", default="engine", help="the suite whose probes run (default: engine)")
    parser.add_argument("--rss", action="store_true", help="the worker's peak memory instead (no valgrind)")
    parser.add_argument("--one", choices=("none", "every"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.rss and shutil.which("valgrind") is None:
        raise SystemExit("needs valgrind")
    if args.one:  # one checkout, one request, in a process of its own (its grader imported from --root)
        print(*count(args.root.resolve(), args.engine.resolve(), args.one == "every", args.rss, args.suite))
        return
    roots = [args.root] + ([args.compare] if args.compare else [])
    for which in ("none", "every"):
        for root in roots:
            argv = [sys.executable, __file__, "--root", str(root), "--engine", str(args.engine), "--one", which,
                    "--suite", args.suite]
            out = subprocess.run(argv + ["--rss"] * args.rss, check=True, capture_output=True, text=True).stdout
            total, digest = out.split()
            print(f"{root.resolve()}  {'every probe' if which == 'every' else 'no probe':11}  "
                  + (f"{int(total) / 1024:8.1f} MB peak" if args.rss else f"{int(total) / 1e6:8.2f} M instructions")
                  + f"  report {digest}")


if __name__ == "__main__":
    main()
