"""Many students of a class copying one public source: are the disguised copies still attributed to it?

    python bench/similarity/pubcliff.py --fourth 1 .. --fifth .. --sixth .. [--counts 5 10 20 40 60] [--json OUT]

A class where a third of the students copied karpathy/micrograd is realistic (issue 27: every pair of public copies
attributed to the public source and not to each other, whatever their number). Each tuning class whose starter is an
engine.py has its own public copies taken out and M copies of micrograd put in, for each M of --counts: always the
five disguised (level-3) copies of pubcopies/ (p102, p104, p110, p112, p116), then its other eleven (levels 1, 2 and
4, a part), then copiers made here from its level-1 and level-2 copies (eight students, five hands of additions: each
with a header of its own, and its comments dropped, `out` or `other` renamed, or both: `filler`). Measured as run.py
measures a class: its AP with the copies labelled public, the public pairs in the top k, how many copies are matched
to micrograd (at the threshold) and the level-3 copies' matches. Only tuning and validation seeds are accepted.
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pubcopies  # noqa: E402
import pubgrown  # noqa: E402
import rescore  # noqa: E402
import run  # noqa: E402

DISGUISED = ("p102", "p104", "p110", "p112", "p116")  # level 3 (pubcopies/README.md)
OTHERS = ("p101", "p103", "p105", "p106", "p107", "p108", "p109", "p111", "p113", "p114", "p115")
# levels 1 and 2, the fillers' own (not p109: what it wrote beyond the exercise, a filler made from it would hold: a
# copy of p109, not of micrograd alone)
BASES = ("p101", "p103", "p105", "p106", "p111", "p113", "p114", "p115")
# a filler's disguise: its comments dropped, and a local renamed (none, `out`, `other`): six, with the bases 48
DISGUISES = [(drop, rename) for drop in (False, True) for rename in (None, ("out", "result"), ("other", "rhs"))]


def filler(k: int, copies: dict[str, str]) -> str:
    """The K-th copier made from a level-1 or level-2 copy: a header naming it, then BASES[k % 8] disguised."""
    text = copies[BASES[k % len(BASES)]]
    drop, rename = DISGUISES[(k // len(BASES)) % len(DISGUISES)]
    if drop:
        text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("#")) + "\n"
    if rename:
        text = re.sub(rf"\b{rename[0]}\b", rename[1], text)
    return f"# engine.py: homework, student {k + 1:02d}\n" + text


def copiers(m: int, copies: dict[str, str]) -> dict[str, str]:
    """{id: text} of M copies of micrograd: the disguised, the others, then fillers."""
    order = [(i, copies[i]) for i in DISGUISED + OTHERS]
    order += [(f"f{k + 1:02d}", filler(k, copies)) for k in range(max(0, m - len(order)))]
    return dict(order[:m])


def measure(data: Path, labels: dict, documents: list, fresh: dict) -> dict:
    folder = data / "main"
    own = {i for i, lab in labels["main"].items() if lab["cluster"] == "public"}
    _, source = rescore.kept_reading(folder, CACHE)
    cohort = [d for d in documents if d.id not in own] + list(fresh.values())
    group, public = run.scored_cohort(cohort, source)
    pairs = {"|".join(sorted((p.a, p.b))): p.score
             for p in group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD)}
    main = {i: lab for i, lab in labels["main"].items() if i not in own}
    main.update({i: {"cluster": "public", "level": None} for i in fresh})
    measured = run.measures({"main": {"pairs": pairs, "public": public}}, {"main": main}, run.THRESHOLD)
    among = sorted(((s, key) for key, s in pairs.items() if all(i in fresh for i in key.split("|"))), reverse=True)
    return {"n": len(cohort), "ap": measured["average_precision"], "pub": measured["public_copy_pairs_in_top_k"],
            "attributed": sum(public.get(i, 0.0) >= run.THRESHOLD for i in fresh),
            "l3": {i: round(public.get(i, 0.0), 3) for i in DISGUISED if i in fresh},
            "others": sum(public.get(i, 0.0) >= run.THRESHOLD for i in public if i not in fresh),
            "among": among[:3]}


CACHE = None


def main():
    global CACHE
    parser = run.arguments()
    parser.add_argument("--counts", type=int, nargs="*", default=[5, 10, 20, 40, 60])
    parser.add_argument("--json", type=Path)
    args = pubcopies.tuning_arguments(parser)
    CACHE = args.build / "rescore-cache" / rescore.reading_digest()
    copies = pubcopies.fresh(pubcopies.FIXTURES["engine.py"])
    most = copiers(max(args.counts), copies)
    rows = {}
    for cls, (data, labels) in run.labelled_classes(args, reuse=True).items():
        if run.starter_file(data / "main").name != "engine.py":
            continue
        documents, _ = rescore.kept_reading(data / "main", CACHE)
        read = {d.id: d for d in pubgrown.read_fresh(data / "main", CACHE, most)}
        for m in args.counts:
            row = rows.setdefault(str(m), {})[cls] = measure(data, labels, documents,
                                                             {i: read[i] for i in copiers(m, copies)})
            print(f"{cls:40s} M {m:2d} N {row['n']:3d} AP {row['ap']:.4f} pub {row['pub']} attributed "
                  f"{row['attributed']}/{m} others {row['others']} L3 "
                  f"{' '.join(f'{i} {s:.2f}' for i, s in row['l3'].items())} among "
                  f"{' '.join(f'{k} {s:.3f}' for s, k in row['among'])}", flush=True)
    for m, by in rows.items():
        l3 = [s for r in by.values() for s in r["l3"].values()]
        print(f"M {m:>2s}: {len(by)} classes, mean AP {statistics.mean(r['ap'] for r in by.values()):.4f}, public "
              f"pairs in the top k {sum(r['pub'] for r in by.values())}, attributed "
              f"{sum(r['attributed'] for r in by.values())}/{int(m) * len(by)}, L3 matches median "
              f"{statistics.median(l3):.3f} min {min(l3):.3f} (at the threshold {sum(s >= run.THRESHOLD for s in l3)}"
              f"/{len(l3)}), others attributed {sum(r['others'] for r in by.values())}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
