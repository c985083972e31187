"""A fitted combination of the evidence channels with class-relative features (session 26, sim26): measured, offline.

    python bench/similarity/fusion.py collect [rescore.py's class options] --out FEATURES.pickle
    python bench/similarity/fusion.py fit FEATURES.pickle [--features-used NAME ...] [--loco] [--pairwise]
                                          [--by-hand | --by-hand-only] [--top 3] [--hard 1] [--verbose]

`collect` scores each class from rescore.py's kept readings (cohort.pairs keeps each pair's pieces of evidence in
its CHANNELS, scores.combined, and the pairs' untouched scores in Cohort.raw) and writes, per class and cohort,
every pair's channels, its class-relative features and its label (run.labelled_pairs). `fit` fits a logistic
regression on the tuning seeds' classes (fourth, fifth, sixth 1-9; --by-hand: the by-hand tuning classes too; plain
Python, Newton's method, an L2 penalty), pointwise or on each class's (positive, negative) pairs (--pairwise),
leave-one-class-out when asked (--loco: each class scored by the fit without it), and prints run.py's measures of
the fused score beside the method's own for the tuning seeds, the by-hand tuning classes apart and the validation
seeds (never fitted on).
Nothing here runs at grading time.
"""

from __future__ import annotations

import argparse
import math
import pickle
import statistics
import sys
from bisect import bisect_left, bisect_right
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import rescore  # noqa: E402
import run  # noqa: E402

from grader.similarity.rings import typical_scores  # noqa: E402

# fit on the pairs down to TOP × k of each cohort; hard and public pairs weigh HARD more; PAIRWISE: fit the order
TOP, HARD, PAIRWISE = 1000, 0.0, False
CHANNELS = ("code", "traits", "shapes", "alone", "written", "named")


def percentiles(values: dict, keys: list) -> dict:
    """Each key's share of KEYS whose value is below its own (ties counted half)."""
    ordered = sorted(values.get(k, 0.0) for k in keys)
    n = len(ordered)
    return {k: (bisect_left(ordered, v) + bisect_right(ordered, v)) / (2 * n)
            for k, v in ((k, values.get(k, 0.0)) for k in keys)}


def cohort_features(reading: tuple[list, list]) -> tuple[dict, dict[str, float]]:
    """{"a|b": {feature: value}} for every pair of the cohort READ (documents, public sources), and each one's final
    score, as the command scores it (`run.command_scored`); and each one's best public score."""
    channels: dict = {}
    group, public, found = run.command_scored(reading, channels=channels)
    out_pairs = {(p.a, p.b): p for p in found}
    n = group.n
    typical = typical_scores(group.raw, n, group.alike)
    ids = [d.id for d in group.documents]
    keys = [(i, j) for i in range(n) for j in range(i + 1, n)]
    raw = group.raw
    by_student = defaultdict(list)
    for (i, j), r in raw.items():
        if r > 0:
            by_student[i].append((r, j))
            by_student[j].append((r, i))
    for v in by_student.values():
        v.sort(reverse=True)
    rank = {}
    for i, v in by_student.items():
        for place, (r, j) in enumerate(v, 1):
            rank[(i, j)] = place
    mean = statistics.mean(raw.get(k, 0.0) for k in keys)
    sd = statistics.pstdev(raw.get(k, 0.0) for k in keys) or 1.0
    pct = {c: percentiles({k: channels.get(k, {}).get(c, 0.0) for k in keys}, keys) for c in CHANNELS}
    pct_raw = percentiles(raw, keys)
    out = {}
    for i, j in keys:
        a, b = ids[i], ids[j]
        pair = out_pairs.get((a, b)) or out_pairs.get((b, a))
        r = raw.get((i, j), 0.0)
        parts = channels.get((i, j), {})
        f = {"score": pair.score if pair else 0.0, "raw": r, "typical": max(typical[i], typical[j])}
        for c in CHANNELS:
            f[c] = parts.get(c, 0.0)
            f["pct_" + c] = pct[c][(i, j)]
        f["pct_raw"] = pct_raw[(i, j)]
        f["z_raw"] = (r - mean) / sd
        ri, rj = rank.get((i, j), n), rank.get((j, i), n)
        f["rank_worse"], f["rank_better"] = max(ri, rj), min(ri, rj)

        def margin(x, other):
            rest = [s for s, y in by_student.get(x, []) if y != other]
            return r - (rest[0] if rest else 0.0)
        f["margin_min"], f["margin_max"] = sorted((margin(i, j), margin(j, i)))
        shared = pair.shared if pair else 0.0
        ti, tj = group.totals[i], group.totals[j]
        f["cover_small"] = min(1.0, shared / min(ti, tj)) if min(ti, tj) > 0 else 0.0
        f["cover_large"] = min(1.0, shared / max(ti, tj)) if max(ti, tj) > 0 else 0.0
        unscaled = 1 - math.prod(1 - parts.get(c, 0.0) for c in CHANNELS)
        f["public"] = min(1.0, r / unscaled) if unscaled > 0 else 1.0  # kept besides a public source both copied
        out["|".join(sorted((a, b)))] = f
    return out, public


def collect(args) -> None:
    cache = args.build / "rescore-cache" / rescore.reading_digest()
    data = {}
    for name, (folder, labels) in run.labelled_classes(args, reuse=True).items():
        cohorts = {}
        for cohort in run.cohorts(folder):
            features, public = cohort_features(rescore.kept_reading(folder / cohort, cache))
            cohorts[cohort] = {"features": features, "public": public}
        data[name] = {"cohorts": cohorts, "labels": labels, "set": rescore.seed_set(name)}
        print(name, file=sys.stderr, flush=True)
    args.out.write_bytes(pickle.dumps(data))


# -- fitting --------------------------------------------------------------------------------------


def transform(f: dict, names: list[str]) -> list[float]:
    return [1.0] + [f[n] for n in names]


def fit_logistic(rows: list[tuple[list[float], int, float]], penalty: float = 1.0, steps: int = 30) -> list[float]:
    """A logistic regression's weights (Newton's method, an L2 penalty but on the intercept); ROWS (x, y, weight)."""
    d = len(rows[0][0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y, weight in rows:
            z = sum(a * b for a, b in zip(w, x))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            g = (p - y) * weight
            h = p * (1 - p) * weight
            for a in range(d):
                grad[a] += g * x[a]
                xa = h * x[a]
                row = hess[a]
                for b in range(a, d):
                    row[b] += xa * x[b]
        for a in range(d):
            for b in range(a):
                hess[a][b] = hess[b][a]
        for a in range(1, d):
            grad[a] += penalty * w[a]
            hess[a][a] += penalty
        hess[0][0] += 1e-9  # a pairwise fit has no intercept (its column is 0)
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def solve(m: list[list[float]], v: list[float]) -> list[float]:
    """M x = V by Gaussian elimination with partial pivoting."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for k in range(c, n + 1):
                a[r][k] -= f * a[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def training_rows(data: dict, names: list[str], classes: list[str]) -> list:
    rows = []
    for name in classes:
        entry = data[name]
        labelled = {(c, key): (copy, hard) for c, key, copy, _, hard in run.labelled_pairs(entry["labels"])}
        public = {(c, f"{a}|{b}") for c, m in entry["labels"].items() for a in m for b in m
                  if a < b and m[a]["cluster"] == "public" and m[b]["cluster"] == "public"}
        per_class = []
        for cohort, found in entry["cohorts"].items():
            k = sum(copy for (c, _), (copy, _) in labelled.items() if c == cohort)
            top = sorted(found["features"].values(), key=lambda f: -f["score"])
            floor = top[min(len(top), TOP * k) - 1]["score"] if top else 0.0
            for key, f in found["features"].items():
                if f["raw"] > 0 and f["score"] >= floor:
                    copy, hard = labelled.get((cohort, key), (False, False))
                    per_class.append((transform(f, names), int(copy), hard or (cohort, key) in public))
        positives = sum(y for _, y, _ in per_class) or 1
        negatives = sum(not y and not h for _, y, h in per_class) or 1
        hards = sum(h for _, _, h in per_class) or 1
        # every class weighs the same; within it, the positives as much as the negatives, the hard and public
        # pairs as much again (HARD)
        if PAIRWISE:  # each (positive, negative) of the class ordered: a logistic on their difference (RankNet)
            ordered = [(xp, xn, HARD if h else 1.0) for xp, yp, _ in per_class if yp
                       for xn, yn, h in per_class if not yn]
            total = sum(w for _, _, w in ordered) or 1.0
            rows += [([0.0] + [a - b for a, b in zip(xp[1:], xn[1:])], 1, w / total) for xp, xn, w in ordered]
            continue
        rows += [(x, y, (0.5 / positives) if y else (HARD * 0.5 / hards) if h else (0.5 / negatives))
                 for x, y, h in per_class]
    return rows


def fused_scores(entry: dict, names: list[str], w: list[float], blend: float) -> dict:
    out = {}
    for cohort, found in entry["cohorts"].items():
        pairs = {}
        for key, f in found["features"].items():
            if f["raw"] > 0:
                z = sum(a * b for a, b in zip(w, transform(f, names)))
                p = 1 / (1 + math.exp(-max(-30, min(30, z))))
                pairs[key] = blend * p + (1 - blend) * f["score"]
        out[cohort] = {"pairs": pairs, "public": found["public"]}
    return out


def method_scores(entry: dict) -> dict:
    return {cohort: {"pairs": {k: f["score"] for k, f in found["features"].items() if f["score"] > 0},
                     "public": found["public"]} for cohort, found in entry["cohorts"].items()}


BY_HAND = ("eleventh", "thirteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth")


def group_of(name: str, entry: dict) -> str:
    if entry["set"]:
        return entry["set"]
    return "by hand" if name.split(" class")[0] in BY_HAND else "other"


def report(data: dict, scores_of) -> dict:
    rows = {}
    for name, entry in data.items():
        rows[name] = rescore.summary(run.measures(scores_of(name, entry), entry["labels"], run.THRESHOLD))
    out = {}
    for group in ("tuning", "validation", "by hand"):
        chosen = [(n, r) for n, r in rows.items() if group_of(n, data[n]) == group]
        if not chosen:
            continue

        def total(key):
            return "/".join(str(sum(int(r[key].split("/")[i]) for _, r in chosen)) for i in (0, 1))
        out[group] = (f"{group}: {len(chosen)} classes, mean AP {statistics.mean(r['ap'] for _, r in chosen):.4f}, "
                      f"L3 {total('L3')}, L4 {total('L4')}, hard {sum(r['hard'] for _, r in chosen)}, "
                      f"pub {sum(r['pub'] for _, r in chosen)}")
    return rows, out


def logit(v: float) -> float:
    v = min(1 - 1e-3, max(1e-3, v))
    return math.log(v / (1 - v))


def derive(data: dict) -> None:
    """Features derived from the collected ones: inverse ranks, log-odds of the scores."""
    for entry in data.values():
        for found in entry["cohorts"].values():
            for f in found["features"].values():
                f["inv_rank_worse"], f["inv_rank_better"] = 1 / f["rank_worse"], 1 / f["rank_better"]
                f["mutual"] = float(f["rank_worse"] == 1)
                via = f["public"] < 1 - 1e-6  # both copied the public source: each other's nearest for it
                f["near"] = 0.0 if via else f["inv_rank_better"]
                f["near_x"] = f["near"] * f["score"]
                f["near1"] = 0.0 if via else float(f["rank_better"] == 1)
                f["near1_x"] = f["near1"] * f["score"]
                for c in CHANNELS:
                    f[c] *= f["public"]  # as the method scales a pair of one public source's copies
                for c in CHANNELS + ("score", "raw", "typical"):
                    f["lo_" + c] = logit(f[c])


def main_fit(args) -> None:
    data = pickle.loads(args.features.read_bytes())
    derive(data)
    names = args.features_used
    fit_on = [n for n, e in data.items() if group_of(n, e) in (() if args.by_hand_only else ("tuning",)) +
              (("by hand",) if args.by_hand or args.by_hand_only else ())]
    base_rows, base = report(data, lambda n, e: method_scores(e))
    w_all = fit_logistic(training_rows(data, names, fit_on), args.penalty)
    print("weights:", " ".join(f"{n}={v:+.3f}" for n, v in zip(["bias"] + names, w_all)))
    if args.loco:
        weights = {n: fit_logistic(training_rows(data, names, [m for m in fit_on if m != n]), args.penalty)
                   for n in fit_on}
    else:
        weights = {}
    rows, fused = report(data, lambda n, e: fused_scores(e, names, weights.get(n, w_all), args.blend))
    for group in base:
        print("  was", base[group])
        print("  now", fused[group])
    if args.verbose:
        for n in rows:
            if rows[n] != base_rows[n]:
                print(f"{n[:50]:50s} {base_rows[n]['ap']:.4f} -> {rows[n]['ap']:.4f}  L3 {base_rows[n]['L3']}->"
                      f"{rows[n]['L3']} L4 {base_rows[n]['L4']}->{rows[n]['L4']} hard {base_rows[n]['hard']}->"
                      f"{rows[n]['hard']} pub {base_rows[n]['pub']}->{rows[n]['pub']}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "collect":
        parser = run.arguments()
        parser.add_argument("--out", type=Path, required=True)
        args = parser.parse_args(sys.argv[2:])
        run.without_held_out_defaults(args, sys.argv[1:])
        collect(args)
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["fit"])
    parser.add_argument("features", type=Path)
    parser.add_argument("--features-used", nargs="*", default=["raw", "typical"])
    parser.add_argument("--loco", action="store_true")
    parser.add_argument("--by-hand", action="store_true", help="fit on the by-hand tuning classes too")
    parser.add_argument("--penalty", type=float, default=0.01)
    parser.add_argument("--blend", type=float, default=1.0)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--top", type=int, default=1000)
    parser.add_argument("--by-hand-only", action="store_true")
    parser.add_argument("--pairwise", action="store_true", help="fit the order of each class's positive-negative pairs")
    parser.add_argument("--hard", type=float, default=0.0)
    args = parser.parse_args()
    global TOP, HARD, PAIRWISE
    TOP, HARD, PAIRWISE = args.top, args.hard, args.pairwise
    main_fit(args)


if __name__ == "__main__":
    main()
