"""One mistake, the same points whatever the draw? The engine suite's grade of record at each of the pool's slots.

The grade of record observes every probe a second time at inputs drawn from one of judge/draw_pool.POOL slots, chosen
per submission and probe (an HMAC of the secret, the suite, the files and the probe). This bench grades a class of
engines, each right but for one input-dependent mistake (a guard at a threshold, a clamp, an overflow at large x, a
kink in the wrong place, a memo on round(x), a loop at x > 4), with EVERY probe forced onto slot s, for each s, and
prints each engine's score at every slot: its spread is what two students with that mistake can differ by.

    python bench/drawn_slots.py [--slots 0-15] [--probe-timeout 1] [--only NAME,...] [--json OUT]

Each slot is one `grade run` batch of the whole class (a process of its own, --no-cache, the secret below), with
grader.judge.drawn.slot_of replaced by the slot: what a submission whose every probe landed there would score.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "seams"))
import samples  # noqa: E402

sys.path.pop(0)

RIGHT = samples.engine()
TANH = "        t = math.tanh(self.data)\n"
EXP = "        e = math.exp(self.data)\n"
SECRET = "trust34 bench: one mistake, the same points"


def _before(line, added):
    assert line in RIGHT, line
    return RIGHT.replace(line, added + line)


# name -> (what it does wrong, its source)
ENGINES = {
    "right": ("nothing (the control)", RIGHT),
    "one-slow": ("tanh loops for ever while x > 4 (test_seams24's fresh24)", _before(TANH, "        while self.data > 4:\n            pass\n")),
    "slow-2.5": ("tanh loops for ever while x > 2.5 (a threshold off the integers)",
                 _before(TANH, "        while self.data > 2.5:\n            pass\n")),
    "tanh-guard-3": ("tanh gives 1 with slope 0 above x = 3 (a saturation guard too early)",
                     _before(TANH, "        if self.data > 3:\n            return Value(1.0, [(self, 0.0)])\n")),
    "tanh-guard-neg2": ("tanh gives -1 with slope 0 below x = -2",
                        _before(TANH, "        if self.data < -2:\n            return Value(-1.0, [(self, 0.0)])\n")),
    "exp-clamp": ("exp clamps its input at 2", RIGHT.replace(EXP, "        e = math.exp(min(self.data, 2.0))\n")),
    "exp-overflow": ("exp raises OverflowError above x = 3 (a float32-style range check, scaled down)",
                     _before(EXP, "        if self.data > 3:\n            raise OverflowError('math range error')\n")),
    "relu-kink-1": ("relu's slope is 1 only above x = 1 (the kink in the wrong place)",
                    RIGHT.replace("1.0 if self.data > 0 else 0.0", "1.0 if self.data > 1 else 0.0")),
    "exp-memo-round": ("exp memoised on round(x)", RIGHT.replace(EXP, "        e = _MEMO.setdefault(round(self.data), "
                                                                   "math.exp(self.data))\n") + "\n\n_MEMO = {}\n"),
    "log-floor": ("log's slope 1 / max(x, 1)", RIGHT.replace("[(self, 1 / self.data)]", "[(self, 1 / max(self.data, 1))]")),
    "grad-clamp": ("every gradient step clamped to [-3, 3]", RIGHT.replace(
        "parent.grad += slope * node.grad", "parent.grad += max(-3.0, min(3.0, slope * node.grad))")),
    "grad-clamp-0.7": ("every gradient step clamped to [-0.7, 0.7]", RIGHT.replace(
        "parent.grad += slope * node.grad", "parent.grad += max(-0.7, min(0.7, slope * node.grad))")),
    "grad-clamp-12": ("every gradient step clamped to [-12, 12]", RIGHT.replace(
        "parent.grad += slope * node.grad", "parent.grad += max(-12.0, min(12.0, slope * node.grad))")),
    "grad-sum-clamp-5": ("each node's summed gradient clamped to [-5, 5]", RIGHT.replace(
        "parent.grad += slope * node.grad", "parent.grad = max(-5.0, min(5.0, parent.grad + slope * node.grad))")),
}

# run in the batch's own process: every probe's draw from slot SLOT
RUNNER = """
import os, sys
import grader.judge.drawn as drawn
slot = int(os.environ["DRAWN_SLOTS_SLOT"])
if slot >= 0:
    drawn.slot_of = lambda *args: slot
from grader.cli import main
sys.exit(main(sys.argv[1:], standalone_mode=True))
"""


def write_class(folder: Path, names) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / f"{name}.py").write_text(ENGINES[name][1], encoding="utf-8")


def grade_at(folder: Path, slot: int, out: Path, probe_timeout: float) -> dict:
    env = {**os.environ, "DRAWN_SLOTS_SLOT": str(slot), "MICROGRAD_GRADER_SECRET": SECRET}
    subprocess.run([sys.executable, "-c", RUNNER, "run", str(folder), "-e", "engine", "-o", str(out), "--no-cache",
                    "-q", "--probe-timeout", str(probe_timeout)], env=env, check=False, capture_output=True)
    rows = json.loads(out.read_text())["submissions"]
    return {row["id"]: (row["score"], sorted(t["name"] for t in row["tests"] if t["score"] < t["max_score"]))
            for row in rows}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slots", default="0-15", help="slots to grade at: 0-15, or 3,7 (-1: the real HMAC's)")
    parser.add_argument("--probe-timeout", type=float, default=1.0)
    parser.add_argument("--only", default="", help="engines to grade (comma-separated names), default all")
    parser.add_argument("--json", type=Path, help="write {engine: {slot: [score, lost tests]}} here")
    args = parser.parse_args(argv)
    if "-" in args.slots.lstrip("-"):
        low, high = args.slots.split("-")
        slots = list(range(int(low), int(high) + 1))
    else:
        slots = [int(s) for s in args.slots.split(",")]
    names = [n for n in args.only.split(",") if n] or list(ENGINES)
    got: dict[str, dict[int, tuple]] = {name: {} for name in names}
    with tempfile.TemporaryDirectory(prefix="drawn-slots-") as work:
        folder = Path(work) / "class"
        write_class(folder, names)
        for slot in slots:
            for name, result in grade_at(folder, slot, Path(work) / f"scores{slot}.json", args.probe_timeout).items():
                got[name][slot] = result
            print(f"slot {slot}: " + ", ".join(f"{n} {got[n][slot][0]:g}" for n in names), flush=True)
    print()
    for name in names:
        scores = [got[name][s][0] for s in slots]
        lost = {tuple(got[name][s][1]) for s in slots}
        print(f"{name:16} min {min(scores):g} max {max(scores):g} spread {max(scores) - min(scores):g} "
              f"({len(lost)} sets of tests lost) - {ENGINES[name][0]}")
    if args.json:
        args.json.write_text(json.dumps(got, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
