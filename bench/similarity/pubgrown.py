"""Students who grew an engine from a public source, and their copiers, put into the tuning classes.

    python bench/similarity/pubgrown.py --fourth 1 2 .. --fifth .. --sixth .. [--json OUT] [--list]

`pubgrown/engine/` (pubgrown/README.md, labels in pubgrown/labels.json, written in session 21): students A who built
on karpathy/micrograd's engine.py (its code kept, its comments kept or not) and added code of their own, small or
large; students B who copied an A (levels 1-3: a copy pair, a positive, though both match micrograd); and students
who each copied micrograd with small additions of their own (every pair among them, and with an A, a negative). Each
tuning class whose starter is an engine.py gets all of them in its main cohort in place of its own public copies (as
pubcopies.py does: fifteen more copies of micrograd would take the class's past the common cut, max(20, N/10), where
micrograd's choices weigh nothing and its disguised copies are no longer matched), read as rescore.py reads a cohort (the fresh files' readings kept in BUILD/rescore-cache/), and measured as run.py
measures it: the class's AP with the fresh labels, and each fresh positive pair's score and rank against the class's k
(is it in the top k), the highest fresh negative pair, and the fresh files' matches against micrograd. Only the tuning
and validation seeds are accepted (the held-out classes are never read here).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import statistics
import sys
from itertools import combinations
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pubcopies  # noqa: E402
import rescore  # noqa: E402
import run  # noqa: E402

from grader.similarity import canonical_sources  # noqa: E402
from grader.similarity.cohort import read_document  # noqa: E402
from grader.similarity.variants import known_kgrams  # noqa: E402

FOLDER = HERE / "pubgrown"


def fresh() -> tuple[dict[str, str], dict[str, dict]]:
    """{id: text} of the fresh engines and {id: label} (pubgrown/labels.json)."""
    labels = json.loads((FOLDER / "labels.json").read_text(encoding="utf-8"))
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted((FOLDER / "engine").glob("*.py"))}
    assert set(texts) == set(labels), (sorted(texts), sorted(labels))
    return texts, labels


def read_fresh(folder: Path, cache: Path, texts: dict[str, str]) -> list:
    """The fresh files read against the cohort at FOLDER (its starter, handouts, public source), kept in CACHE."""
    name = run.starter_file(folder).name
    digest = hashlib.sha256(rescore.cohort_digest(folder).encode())
    for i, text in sorted(texts.items()):
        digest.update(i.encode() + b"\0" + text.encode())
    kept = cache / f"pubgrown-{digest.hexdigest()[:16]}.pickle"
    if kept.exists():
        return pickle.loads(kept.read_bytes())  # written by this script, in the benchmark's own build folder
    kgrams = run.given_kgrams(folder)
    public_kgrams, variant_kgrams = known_kgrams({name: run.public_source(folder).read_text(encoding="utf-8")},
                                                 canonical_sources({name: ""}))
    documents = [read_document(i, {name: text}, kgrams, public_kgrams, variant_kgrams) for i, text in texts.items()]
    cache.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(pickle.dumps(documents))
    return documents


def measure(data: Path, labels: dict, cache: Path, texts: dict[str, str], own: dict[str, dict]) -> dict:
    folder = data / "main"
    documents, source = rescore.kept_reading(folder, cache)
    theirs = {i for i, lab in labels["main"].items() if lab["cluster"] == "public"}
    documents = [d for d in documents if d.id not in theirs] + read_fresh(folder, cache, texts)
    group, public = run.scored_cohort(documents, source)
    pairs = {"|".join(sorted((p.a, p.b))): p.score
             for p in group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD)}
    main = {i: lab for i, lab in labels["main"].items() if i not in theirs}
    main.update({i: {"cluster": lab["cluster"], "level": lab["level"]} for i, lab in own.items()})
    measured = run.measures({"main": {"pairs": pairs, "public": public}}, {"main": main}, run.THRESHOLD)
    ranked = sorted(pairs.values(), reverse=True)
    kth = ranked[measured["k"] - 1] if len(ranked) >= measured["k"] else 0.0
    positives, negatives, among = {}, [], []
    for a, b in combinations(sorted(own), 2):
        key, score = f"{a}|{b}", pairs.get(f"{a}|{b}", 0.0)
        if own[a]["cluster"] == own[b]["cluster"] and own[a]["cluster"] != "public":
            positives[key] = (score, 1 + sum(s > score for s in ranked))
        else:
            negatives.append((score, key))
            among.append((score, key))
    among.sort(reverse=True)
    for i in own:  # a fresh file against the class's own students: negatives too
        negatives += [(s, k) for k, s in pairs.items() if i in k.split("|") and not all(x in own for x in k.split("|"))]
    negatives.sort(reverse=True)
    return {"ap": measured["average_precision"], "k": measured["k"], "kth": kth,
            "hard": measured["hard_negatives_in_top_k"], "pub": measured["public_copy_pairs_in_top_k"],
            "positives": positives, "negatives": negatives[:3], "among": among[:5],
            "attributed": {i: round(public.get(i, 0.0), 3) for i in own}}


def main():
    parser = run.arguments()
    parser.add_argument("--json", type=Path)
    parser.add_argument("--list", action="store_true", help="each positive pair's score and rank, each class")
    args = pubcopies.tuning_arguments(parser)
    cache = args.build / "rescore-cache" / rescore.reading_digest()
    texts, own = fresh()
    rows = {}
    for cls, (data, labels) in run.labelled_classes(args, reuse=True).items():
        if run.starter_file(data / "main").name != "engine.py":
            continue
        row = rows[cls] = measure(data, labels, cache, texts, own)
        inside = sum(rank <= row["k"] for _, rank in row["positives"].values())
        print(f"{cls:58s} AP {row['ap']:.4f} hard {row['hard']} pub {row['pub']} k {row['k']} k-th {row['kth']:.3f}; "
              f"fresh copies in the top k {inside}/{len(row['positives'])}; highest fresh negative "
              f"{row['negatives'][0][1]} {row['negatives'][0][0]:.3f}" if row["negatives"] else "", flush=True)
        if args.list:
            print("   " + " ".join(f"{k} {s:.3f}#{r}" for k, (s, r) in sorted(row["positives"].items())))
            print("   micrograd: " + " ".join(f"{i} {s:.2f}" for i, s in sorted(row["attributed"].items())))
    if rows:
        keys = sorted(next(iter(rows.values()))["positives"])
        print(f"{len(rows)} classes: mean AP {statistics.mean(r['ap'] for r in rows.values()):.4f}, hard "
              f"{sum(r['hard'] for r in rows.values())}, pub {sum(r['pub'] for r in rows.values())}, fresh copy pairs "
              f"in the top k {sum(rk <= r['k'] for r in rows.values() for _, rk in r['positives'].values())}/"
              f"{sum(len(r['positives']) for r in rows.values())}, fresh negatives in the top k "
              f"{sum(1 for r in rows.values() for s, _ in r['negatives'] if s >= r['kth'] and s > 0)}")
        for key in keys:
            scores = [r["positives"][key][0] for r in rows.values()]
            print(f"  {key}: median {statistics.median(scores):.3f} min {min(scores):.3f} max {max(scores):.3f}, "
                  f"in the top k {sum(r['positives'][key][1] <= r['k'] for r in rows.values())}/{len(rows)}")
        negs = [s for r in rows.values() for s, _ in r["negatives"][:1]]
        print(f"  highest fresh negative per class: median {statistics.median(negs):.3f} max {max(negs):.3f}")
        highest: dict[str, float] = {}
        for r in rows.values():
            for s, key in r["among"]:
                highest[key] = max(s, highest.get(key, 0.0))
        print("  negative pairs among the fresh files, highest in any class: " +
              " ".join(f"{k} {s:.3f}" for k, s in sorted(highest.items(), key=lambda x: -x[1])[:6]))
        lowest = {i: min(r["attributed"][i] for r in rows.values()) for i in own}
        print("  lowest match to micrograd: " + " ".join(f"{i} {s:.2f}" for i, s in sorted(lowest.items())))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
