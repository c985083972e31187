"""Whether a change to the worker leaves its heap as it was: the addresses a witness engine's objects get.

    python bench/heap_witness.py                                   # this checkout: the witness's digest
    python bench/heap_witness.py --compare /path/to/another/checkout   # both, each in a process of its own

An engine whose result depends on the order of a `set` of Values (examples' bob, `=` for `+=`) gets its result
from its objects' addresses (a set iterates in the order of their hashes, which are their addresses), and those
follow from everything the worker allocated before: Python's start, worker.py, probekit and the probes loaded
before the import, and the probe loop's own objects between probes. A change there can move such an engine's
score (docs/architecture.md, "The probe loop's cost against the floor's"); the golden tests see it only where
one of their fixtures happens to be hit. This runs one worker as `grade` starts it (the sandbox: no address
randomisation, pid 2, the same paths) on the reference engine with every probe of the engine suite, the engine
made a witness: at its import it takes one object of each of the allocator's size classes from 48 to 512 bytes
and writes their addresses, and every Value it makes writes its own, to its output. Equal digests: the worker
allocated the same, at the import and between every two probes (for this engine's objects). Another digest:
the heap moved, and engines like bob may score otherwise.
"""

import argparse
import hashlib
import os
import subprocess
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent

WITNESS = b'''import os as _os
_KEPT = [bytes(_n + 1) for _n in range(0, 480, 16)]  # a block of each size class 48-512 (bytes: 33 + n)
_os.write(1, b"import " + b" ".join(b"%x" % id(_b) for _b in _KEPT) + b"\\n")
'''
VALUE_INIT = b'    def __init__(self, data, _children=(), _op=""):\n'
WITNESS_INIT = VALUE_INIT + b'        _os.write(1, b"%x\\n" % id(self))\n'


def witness_source():
    """The reference engine, made a witness (see the module's docstring)."""
    source = (HERE.parent / "reference" / "engine.py").read_bytes()
    if source.count(VALUE_INIT) != 1:
        raise SystemExit("reference/engine.py's Value.__init__ is not the one this witness knows: update VALUE_INIT")
    return WITNESS + source.replace(VALUE_INIT, WITNESS_INIT)


def run_witness(runner_files=None):
    """The witness's output (its objects' addresses) and the worker's report, from one sandboxed worker (with the
    engine suite's runner files, or `runner_files`: tests/test_heap_witness.py changes the worker)."""
    from grader.sandbox import Limits, open_sandbox
    from grader.sandbox.pipes import output_pipe
    from grader.suites import load_suite

    suite = load_suite("engine")
    request = {"module": suite.module, "forbid": list(suite.forbid), "refuse": list(suite.refuse),
               "modules": [os.path.splitext(name)[0] for name in suite.files], "recursion_limit": 1000,
               "run": list(suite.probe_names)}
    box = open_sandbox(Limits())
    try:
        base = box.prepare(0, {"engine.py": witness_source()}, runner_files or suite.runner_files)
        obs_r, obs_w = os.pipe()
        out_r, out_w = output_pipe()
        proc = box.start(0, base, request, obs_w, out_w)
        os.close(obs_w)
        os.close(out_w)
        output = []

        def drain():
            while chunk := os.read(out_r, 1 << 16):
                output.append(chunk)

        reader = threading.Thread(target=drain)
        reader.start()
        report = b""
        while chunk := os.read(obs_r, 1 << 16):
            report += chunk
        proc.wait()
        reader.join()
        box.kill(0, proc)
        os.close(obs_r)
        os.close(out_r)
        box.cleanup(base)
    finally:
        box.close()
    if b'"event":"done"' not in report:
        raise SystemExit(f"the witness did not run to the end: {report[-500:]!r}")
    return b"".join(output), report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to run (default: this one)")
    parser.add_argument("--compare", type=Path, help="another checkout, run after --root; exit 1 if they differ")
    args = parser.parse_args()
    if args.compare:
        digests = []
        for root in (args.root, args.compare):
            out = subprocess.run([sys.executable, __file__, "--root", str(root)], check=True, capture_output=True,
                                 text=True).stdout
            print(f"{root.resolve()}: {out.strip()}")
            digests.append(out.split()[0])
        same = digests[0] == digests[1]
        print("the same heap" if same else "the heap moved: set-order engines (examples' bob) may score otherwise")
        sys.exit(0 if same else 1)
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    import grader

    assert Path(grader.__file__).resolve().parent == root / "grader", f"imported {grader.__file__}, not {root}"
    output, report = run_witness()
    lines = output.split(b"\n")
    print(f"{hashlib.sha256(output).hexdigest()[:16]} ({len(lines) - 2} Values; at the import: "
          f"{hashlib.sha256(lines[0]).hexdigest()[:8]}; the report {hashlib.sha256(report).hexdigest()[:8]})")


if __name__ == "__main__":
    main()
