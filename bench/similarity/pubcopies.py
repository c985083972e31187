"""Fresh public copies put into the tuning classes: are they attributed to micrograd, and kept out of each other's pairs?

    python bench/similarity/pubcopies.py --fourth 1 2 .. --fifth .. --sixth .. [--eleventh] [--json OUT]

`pubcopies/engine/` holds ten students' engines, each a copy of karpathy/micrograd's engine.py (MIT, the grader's
own copy: grader/data/public/karpathy-micrograd/) written by hand in session 16 (pubcopies/README.md says who did
what): verbatim, renamed, reordered and restyled, restructured, a part of it, the whole with much of one's own, with
tanh/exp/log added by three hands (two copies each, disguised by different copiers). Each tuning class's own public
copies are taken out of its main cohort and these ten put in (so the cohort holds about as many public copies as
before), the cohort is read as rescore.py reads it (its kept reading, run.py's scoring) and measured as run.py
measures it: the class's AP, the fresh copies' scores against micrograd (attributed: at the threshold or more), the
pairs among them (every one a negative: they copied micrograd, not each other) and whether any enters the top k.
Only the tuning and validation seeds are accepted (the held-out classes are never read here; run.py's first,
second and third classes only when their seeds are named). `pubcopies/engine20/` holds three more engine copies
(session 20: levels 1-3 by another hand, put in with the ten), and `pubcopies/nn/` six copies of micrograd's nn.py
adapted to 07-mlp-xor, put into the eleventh class (--eleventh) in place of its own four; "others attributed" counts
the class's other students matched to micrograd.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import rescore  # noqa: E402
import run  # noqa: E402

from grader.similarity import canonical_sources  # noqa: E402
from grader.similarity.cohort import read_document  # noqa: E402
from grader.similarity.variants import known_kgrams  # noqa: E402

# the fresh copies put into a class, by its student file: micrograd's engine.py's copies, and its nn.py's (adapted to
# 07-mlp-xor: the eleventh class; the tenth, the same exercise, is held out and never read here)
FIXTURES = {"engine.py": (HERE / "pubcopies" / "engine", HERE / "pubcopies" / "engine20"),
            "nn.py": (HERE / "pubcopies" / "nn",)}


def fresh(folders) -> dict[str, str]:
    """{id: text} of the fresh public copies (FOLDERS' *.py: FIXTURES)."""
    return {path.stem: path.read_text(encoding="utf-8") for folder in folders for path in sorted(folder.glob("*.py"))}


def measure(data: Path, labels: dict, cache: Path, copies: dict[str, str]) -> dict:
    """The class at DATA with its main cohort's public copies replaced by COPIES, measured as run.py measures it."""
    folder = data / "main"
    documents, source = rescore.kept_reading(folder, cache)
    own = {i for i, lab in labels["main"].items() if lab["cluster"] == "public"}
    name = run.starter_file(folder).name
    kgrams = run.given_kgrams(folder)  # as the cohort was read (run.read_cohort)
    public_kgrams, variant_kgrams = known_kgrams({name: run.public_source(folder).read_text(encoding="utf-8")},
                                                 canonical_sources({name: ""}))
    documents = [d for d in documents if d.id not in own]
    documents += [read_document(i, {name: text}, kgrams, public_kgrams, variant_kgrams) for i, text in copies.items()]
    group, public = run.scored_cohort(documents, source)
    pairs = {"|".join(sorted((p.a, p.b))): p.score
             for p in group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD)}
    main = {i: lab for i, lab in labels["main"].items() if i not in own}
    main.update({i: {"cluster": "public", "level": None} for i in copies})
    measured = run.measures({"main": {"pairs": pairs, "public": public}}, {"main": main}, run.THRESHOLD)
    others = sorted(i for i, s in public.items() if s >= run.THRESHOLD and main.get(i, {}).get("cluster") != "public")
    ranked = sorted(pairs.values(), reverse=True)
    kth = ranked[measured["k"] - 1] if len(ranked) >= measured["k"] else 0.0
    among = sorted(((s, key) for key, s in pairs.items() if all(i in copies for i in key.split("|"))), reverse=True)
    return {"ap": measured["average_precision"], "k": measured["k"], "kth": kth,
            "pub": measured["public_copy_pairs_in_top_k"],
            "attributed": {i: public.get(i, 0.0) for i in copies}, "others": others,
            "among": [(key, s) for s, key in among[:5]]}


def tuning_arguments(parser):
    """PARSER's arguments, refusing the held-out classes: run.py's first, second and third classes default to seeds
    measured once, never tuned on (here only when named), and the red team's seeds beyond validation."""
    parser.set_defaults(first_seeds=[], second_seeds=[], third=[])
    args = parser.parse_args()
    if any(s > 15 for s in args.fourth or []) or any(s > 18 for s in args.fifth or []) or \
            any(s > 12 for s in args.sixth or []) or any(getattr(args, c) for c in
                                                           ("eighth", "ninth", "tenth", "twelfth", "fourteenth",
                                                            "fifteenth")):
        parser.error("tuning and validation seeds only")
    return args


def main():
    parser = run.arguments()
    parser.add_argument("--json", type=Path)
    args = tuning_arguments(parser)
    cache = args.build / "rescore-cache" / rescore.reading_digest()
    rows = {}
    for cls, (data, labels) in run.labelled_classes(args, reuse=True).items():
        fixture = FIXTURES.get(run.starter_file(data / "main").name)
        if fixture is None:
            continue
        copies = fresh(fixture)
        row = rows[cls] = measure(data, labels, cache, copies)
        low = sorted(row["attributed"].items(), key=lambda x: x[1])[:3]
        print(f"{cls:58s} AP {row['ap']:.4f} pub {row['pub']} k-th {row['kth']:.3f} attributed "
              f"{sum(s >= run.THRESHOLD for s in row['attributed'].values())}/{len(copies)} lowest "
              f"{' '.join(f'{i} {s:.3f}' for i, s in low)}; top pairs among them "
              f"{' '.join(f'{k} {s:.3f}' for k, s in row['among'][:3])}; others attributed {len(row['others'])}", flush=True)
    if rows:
        every = [s for r in rows.values() for s in r["attributed"].values()]
        lowest: dict[str, float] = {}
        for r in rows.values():
            for i, s in r["attributed"].items():
                lowest[i] = min(s, lowest.get(i, s))
        print(f"{len(rows)} classes: mean AP {statistics.mean(r['ap'] for r in rows.values()):.4f}, public pairs in "
              f"the top k {sum(r['pub'] for r in rows.values())}, attributed "
              f"{sum(s >= run.THRESHOLD for s in every)}/{len(every)}, others attributed "
              f"{sum(len(r['others']) for r in rows.values())}; each copy's lowest: " +
              " ".join(f"{i} {s:.3f}" for i, s in sorted(lowest.items())))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
