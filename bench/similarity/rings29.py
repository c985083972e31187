"""Session 29: large copy rings. One honest engine of the eighteenth class handed in by K students (its author and
K - 1 copies, verbatim or lightly disguised: generate.level1 / level2 in turn) beside H honest engines of the
eighteenth (and, past its 26, the nineteenth) class; and the honest counter-case, 20 students who filled the
eighteenth's starter with the reference's lines, each TODO with the reference's solution, beside the honest ones.
For each class: whether every ring member is in a flagged pair (or a cluster), the ring's lowest pair score, the
highest score of a pair that is not two ring members, and the flagged pairs outside the ring.

    python bench/similarity/rings29.py [--sizes 3 6 9 12 20] [--honest 15 26 40]
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402

from grader.similarity import similarity  # noqa: E402

STARTER = HERE / "eighteenth" / "main" / "starter" / "engine.py"
REFERENCE = HERE.parent.parent / "reference" / "engine.py"


def honest(count: int) -> dict[str, str]:
    """COUNT honest engines: the eighteenth's 26, then the nineteenth's, by id."""
    out = {}
    for name in ("eighteenth", "nineteenth"):
        labels = json.loads((HERE / name / "labels.json").read_text())["main"]
        for sid in sorted(k for k, v in labels.items() if not v.get("cluster")):
            if len(out) < count:
                out[f"{name[:3]}{sid}"] = (HERE / name / "main" / "submissions" / f"{sid}.py").read_text()
    return out


def starter_filled() -> str:
    """The starter with each TODO replaced by the reference's solution lines for that method."""
    reference = REFERENCE.read_text()
    solutions = {}
    for match in re.finditer(r"\n    def (\w+)\(.*?\n( +)# BEGIN SOLUTION [^\n]*\n(.*?)\n +# END SOLUTION", reference, re.S):
        solutions.setdefault(match.group(1), match.group(3))
    out, method = [], None
    lines = STARTER.read_text().splitlines()
    skip = False
    for line in lines:
        if m := re.match(r"    def (\w+)\(", line):
            method = m.group(1)
        if "# TODO(" in line and method in solutions:
            out.append(solutions[method])
            skip = True
            continue
        if skip and "raise NotImplementedError" in line:
            skip = False
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def ring_class(size: int, honest_count: int, disguised: bool, source: str) -> tuple[dict[str, str], set[str]]:
    texts = honest(honest_count)
    rng = random.Random(size * 100 + honest_count + disguised)
    ring = {source}
    for k in range(1, size):
        copy = texts[source] if not disguised else (generate.level1 if k % 2 else generate.level2)(texts[source], rng)
        texts[f"ring{k:02d}"] = copy
        ring.add(f"ring{k:02d}")
    return texts, ring


def measure(texts: dict[str, str], ring: set[str]) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        for sid, text in texts.items():
            (Path(folder) / f"{sid}.py").write_text(text, encoding="utf-8")
        record = similarity(Path(folder), starters=(STARTER,)).record
    pairs = {(p["a"], p["b"]): p for p in record["pairs"]}
    flagged = {m for p in record["pairs"] if p["flagged"] for m in (p["a"], p["b"])}
    inside = [pairs.get(tuple(sorted(x)), {"score": 0.0})["score"] for x in combinations(sorted(ring), 2)]
    outside = [p for key, p in pairs.items() if not (set(key) <= ring)]
    return {"members": len(ring), "found": len(ring & flagged), "ring_min": min(inside) if inside else None,
            "ring_max": max(inside) if inside else None,
            "outside_max": max((p["score"] for p in outside), default=0.0),
            "outside_flagged": sorted(f"{p['a']}|{p['b']} {p['score']}" for p in outside if p["flagged"]),
            "clusters": [len(c) for c in record.get("clusters", [])]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="*", default=[3, 6, 9, 12, 20])
    parser.add_argument("--honest", type=int, nargs="*", default=[15, 26, 40])
    parser.add_argument("--counter", action="store_true", help="only the starter filled by 20")
    args = parser.parse_args()
    if not args.counter:
        for h in args.honest:
            source = sorted(honest(h))[h // 2]
            for size in args.sizes:
                for disguised in (False, True):
                    texts, ring = ring_class(size, h, disguised, source)
                    print(f"ring {size:2d} {'L1-L2   ' if disguised else 'verbatim'} honest {h}:",
                          json.dumps(measure(texts, ring)), flush=True)
    for h in args.honest:
        texts = honest(h) | {f"fill{k:02d}": starter_filled() for k in range(20)}
        result = measure(texts, {f"fill{k:02d}" for k in range(20)})
        print(f"starter filled by 20, honest {h}:", json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
