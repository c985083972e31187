"""sim18's fresh controls (make.py) put into tuning cohorts of 04-more-ops (the eighteenth, fifth 3, 6 and 9): each
control pair's score and rank, and the class's k (its copy pairs). Reads as rescore.py reads, kept in
BUILD/rescore-cache/."""
import json, shutil, sys
from itertools import combinations
from pathlib import Path
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import rescore, run  # noqa: E402

BUILD = HERE.parent / "build"
COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def main(half: str):
    files = sorted((HERE / half).glob("*.py"))
    copies = {tuple(p) for p in json.loads((HERE / "copies.json").read_text())[half]}
    cache = BUILD / "rescore-cache" / rescore.reading_digest()
    for name in COHORTS:
        source = BUILD / name
        labels = json.loads((source / "labels.json").read_text())["main"]
        k = sum(1 for _, _, copy, _, _ in run.labelled_pairs({"main": labels}) if copy)
        target = BUILD / "sim18ctl" / half / name.replace("/", "-") / "main"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source / "main", target)
        for f in files:
            shutil.copy(f, target / "submissions" / f"ctl_{f.stem}.py")
        group, public = run.scored_cohort(*rescore.kept_reading(target, cache))
        pairs = group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD)
        rank = {f"{p.a}|{p.b}": (n, p.score) for n, p in enumerate(pairs, 1)}
        out = []
        for a, b in combinations(sorted(f"ctl_{f.stem}" for f in files), 2):
            n, s = rank.get(f"{a}|{b}", (len(pairs) + 1, 0.0))
            kind = "COPY" if (a[4:], b[4:]) in copies or (b[4:], a[4:]) in copies else "honest"
            if kind == "COPY" or n <= 3 * k:
                out.append(f"{kind:6s} {a[4:]}|{b[4:]} {s:.3f} #{n}{' TOPK' if n <= k else ''}")
        # each control's highest pair with a member of the class
        for f in files:
            c = f"ctl_{f.stem}"
            best = min(((n, s, key) for key, (n, s) in rank.items() if c in key.split("|")
                        and not all(x.startswith("ctl_") for x in key.split("|"))), default=None)
            if best and best[0] <= k:
                out.append(f"member {best[2]} {best[1]:.3f} #{best[0]} TOPK")
        print(f"{half} in {name} (k = {k}): " + "; ".join(out))


if __name__ == "__main__":
    for half in sys.argv[1:] or ["design", "held"]:
        main(half)
