"""sim27a's fresh honest controls (make.py) put into cohorts of their exercise, read as rescore.py reads (kept in
BUILD/rescore-cache/): 03-tanh's r1, r2 into the nineteenth and fourth 1, 4, 7; 04-more-ops' r3, r4 into the
eighteenth and fifth 3, 6, 9 (k 14 or the class's own). Each pair's score and rank, TOPK when its rank is at most the
class's k (its copy pairs), and any pair of a control with another control or a member of the class in the top k.

    python bench/similarity/sim27ctl/measure.py
"""
import json
import shutil
import sys
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import rescore, run  # noqa: E402

BUILD = HERE.parent / "build"
COHORTS = {"tanh": (("r1", "r2"), ["nineteenth", "fourth/seed-1", "fourth/seed-4", "fourth/seed-7"]),
           "more-ops": (("r3", "r4"), ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"])}


def _source(name: str) -> Path:
    return HERE.parent / name if (HERE.parent / name / "labels.json").exists() else BUILD / name


def _scored(name: str, files: dict[str, str], tag: str):
    """The cohort NAME with FILES (id -> text) added: its pairs ranked, and its k."""
    source = _source(name)
    labels = json.loads((source / "labels.json").read_text())["main"]
    k = sum(1 for _, _, copy, _, _ in run.labelled_pairs({"main": labels}) if copy)
    target = BUILD / "sim27ctl" / tag / name.replace("/", "-") / "main"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source / "main", target)
    for sid, text in files.items():
        (target / "submissions" / f"{sid}.py").write_text(text, encoding="utf-8")
    cache = BUILD / "rescore-cache" / rescore.reading_digest()
    group, public = run.scored_cohort(*rescore.kept_reading(target, cache))
    pairs = group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD)
    return {f"{p.a}|{p.b}": (n, p.score) for n, p in enumerate(pairs, 1)}, len(pairs), k


def honest() -> int:
    in_top = 0
    for tag, (prefixes, cohorts) in COHORTS.items():
        files = {f"ctl_{p.stem}": p.read_text(encoding="utf-8") for p in sorted((HERE / "honest").glob("*.py"))
                 if p.stem[:2] in prefixes}
        for name in cohorts:
            rank, n, k = _scored(name, files, tag)
            out = []
            for a, b in combinations(sorted(files), 2):
                if a[:-2] == b[:-2]:
                    at, s = rank.get(f"{a}|{b}", (n + 1, 0.0))
                    out.append(f"{a[4:-2]} {s:.3f} #{at}{' TOPK' if at <= k else ''}")
            top = [f"{key} {s:.3f} #{at}" for key, (at, s) in sorted(rank.items(), key=lambda kv: kv[1][0])
                   if at <= k and "ctl_" in key]
            in_top += len(top)
            print(f"{name} (k = {k}): " + "; ".join(out) + ("; in the top k: " + ", ".join(top) if top else ""))
    return in_top


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
