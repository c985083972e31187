"""The benchmark's classes scored again in seconds: each cohort read once, its reading kept.

    python bench/similarity/rescore.py [run.py's class options: --fourth 1 2 .. --fifth .. --sixth .. --seventh ..,
                                        --first-seeds .., --second-seeds .., --third .., --eighth, --ninth, --tenth,
                                        --eleventh, --twelfth, --thirteenth, --fourteenth,
                                        --fifteenth, --sixteenth, --seventeenth,
                                        --eighteenth, --nineteenth] [--json OUT]
                                        [--against OLD] [--pairs OUT] [--materials]

Reading a cohort (normalisation, fingerprints, traits: `read_cohort`) is nearly all of what run.py spends on it;
scoring it (cohort.py, scores.py) takes a fraction of a second. This keeps each cohort's reading in
BUILD/rescore-cache/, keyed by what the reading depends on (`reading_digest`: every module of grader/similarity/ but
the scoring's two, the public source and the reference it reads, Python's version) and by the cohort's files, and
scores from there: a change to the scoring is measured on every class in seconds, where run.py takes half an hour on
this machine; a change to the reading reads again (once). The measures are run.py's (`measures`, ours only: no
anchors, no timing), one line a class, then the mean average precision and the level-3 and level-4 copies, hard and
public pairs in the top k over the tuning and the validation seeds (`SETS`). --against OLD (an earlier --json) prints
only the classes whose figures moved, each beside its old ones. --pairs OUT writes each class's labelled pairs that
the measures turn on, ranked (`ranked_pairs`): every pair of its top k, and every copy, hard and public pair scored
above 0 below it: which hard pair stands in the top k, at what score, above which copies. --materials scores each
class that has the course's texts (its materials/, run.materials_folder) as an instructor who has them runs the
command, `--public materials/` (run.py's "the command, --public materials/": the same options, command_options, and
the same public scores, not against a material), and each class without them as before; each line ends with whether
it read them, and the json has "materials" per class. A run that names a tuning class, or seeds of its own
for the first, second or third class, leaves out run.py's held-out default seeds unless they are given
(run.without_held_out_defaults).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import pickle
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402

from grader.similarity import PUBLIC_ARCHIVE, canonical_sources, lecture_sources  # noqa: E402

# what rescoring redoes (public_match.py: Cohort.against's body; labels.py: the label items, from the documents'
# labels that the reading keeps); the rest of grader/similarity/ is reading
SCORING = frozenset({"cohort.py", "scores.py", "units.py", "public_match.py", "forced.py", "rings.py", "labels.py",
                     "case_scores.py"})
# the seeds of each red-team class that changes were chosen on, and the ones they were then measured on
SETS = {"tuning": {"fourth": range(1, 10), "fifth": range(1, 10), "sixth": range(1, 10), "seventh": range(1, 4)},
        "validation": {"fourth": range(10, 16), "fifth": range(10, 19), "sixth": range(10, 13),
                       "seventh": range(4, 7)}}


def reading_digest(package: Path = run.REPO / "grader" / "similarity") -> str:
    """What a cohort's reading depends on: the reading's modules (PACKAGE's but SCORING), the public source and the
    reference's texts, and Python's version (its parser)."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(package.glob("*.py")):
        if path.name not in SCORING:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update((PUBLIC_ARCHIVE / "engine.py").read_bytes())
    for name, text in sorted({**canonical_sources(), **lecture_sources()}.items()):
        digest.update(name.encode() + b"\0" + text.encode())
    return digest.hexdigest()[:16]


def cohort_digest(folder: Path, materials: Path | None = None) -> str:
    """The cohort's files: its starter and submissions, names and bytes (and what the course lists beside the
    starter, its README*.md, which the reading subtracts as given), and its class's own public source (the public/
    file named as its starter: read with the cohort, session 36's sim36p kept a reading of its first text; its package's
    files for a starter handed out as a package, sim41b1). Notebooks and zips are the cohort's files too (session 41:
    before, only .py files were hashed, so a notebook class's changed cell kept its stale reading). With MATERIALS (the
    course's texts read as `--public`), every file under it too: a reading with them is another reading."""
    digest = hashlib.sha256()
    handed = [*folder.rglob("*.py"), *folder.rglob("*.ipynb"), *folder.rglob("*.zip")]  # notebooks, LMS zips too
    for path in sorted([*handed, *(folder / "starter").glob("README*.md")]):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    if (folder / "starter").is_dir() and (source := run.public_source(folder)) != run.PUBLIC_ARCHIVE / "engine.py":
        for path in sorted(source.rglob("*.py")) if source.is_dir() else [source]:  # a package: sim41b1's public/
            digest.update(b"public\0" + path.relative_to(source.parent).as_posix().encode() + b"\0"
                          + path.read_bytes())
    for path in sorted(p for p in materials.rglob("*") if p.is_file()) if materials else []:
        digest.update(b"materials\0" + path.relative_to(materials).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def kept_reading(folder: Path, cache: Path, materials: Path | None = None):
    """run.read_cohort(FOLDER, MATERIALS), kept in CACHE (a folder for one reading digest) under the cohort's digest."""
    kept = cache / f"{cohort_digest(folder, materials)}.pickle"
    if kept.exists():
        return pickle.loads(kept.read_bytes())  # written by this script, in the benchmark's own build folder
    reading = run.read_cohort(folder, materials)
    cache.mkdir(parents=True, exist_ok=True)
    part = kept.with_suffix(".part")
    part.write_bytes(pickle.dumps(reading))
    part.replace(kept)
    return reading


def class_scores(data: Path, cache: Path, materials: bool = False) -> dict:
    """run.our_scores of one labelled class, each cohort's reading kept in CACHE; with MATERIALS, its course's texts
    passed as `--public` when it has them (run.materials_folder)."""
    texts = run.materials_folder(data) if materials else None
    return run.our_scores(data, cohort_of=lambda folder: kept_reading(folder, cache, texts), materials=texts)


def rescore(data: Path, labels: dict, cache: Path, materials: bool = False) -> dict:
    """run.py's measures of our scores on one labelled class, each cohort's reading kept in CACHE (with MATERIALS:
    `class_scores`)."""
    return run.measures(class_scores(data, cache, materials), labels, run.THRESHOLD)


def ranked_pairs(scores: dict, labels: dict) -> dict:
    """The labelled pairs the measures turn on, in run.ranking's order (ties: negatives first): {"k": the class's copy
    pairs, "pairs": [{"rank", "pair", "score", "kind", "level"}]} for every pair of the top k, and every copy, hard and
    public pair below it that scores above 0. KIND: "copy" (LEVEL its level), "hard" (a hard negative), "public" (two
    copies of a public source: a negative), "honest" (any other negative)."""
    public = {f"{a}|{b}" for members in labels.values() for a, b in itertools.combinations(sorted(members), 2)
              if members[a]["cluster"] == "public" == members[b]["cluster"]}
    rows = run.ranking(scores, labels)
    k = sum(row[1] for row in rows)
    out = []
    for rank, (score, copy, level, hard, key) in enumerate(rows, 1):
        kind = "copy" if copy else "hard" if hard else "public" if key in public else "honest"
        if rank <= k or (kind != "honest" and score > 0):
            out.append({"rank": rank, "pair": key, "score": score, "kind": kind, "level": level})
    return {"k": k, "pairs": out}


def summary(measured: dict) -> dict:
    """The figures a line gives: AP, L3 and L4 in the top k, hard and public pairs in the top k, public copies."""
    levels = measured["recall_in_top_k_by_level"]
    return {"ap": measured["average_precision"], "L3": levels.get("3", "0/0"), "L4": levels.get("4", "0/0"),
            "hard": measured["hard_negatives_in_top_k"], "pub": measured["public_copy_pairs_in_top_k"],
            "pubtop": measured["public_copies_in_top_m"]}


def line(name: str, row: dict, materials: bool = False) -> str:
    """One class's figures; with MATERIALS (the run's --materials), whether it read its course's texts."""
    read = (" materials read" if row.get("materials") else " no materials") if materials else ""
    return (f"{name:58s} AP {row['ap']:.4f}  L3 {row['L3']:>5s} L4 {row['L4']:>5s} hard {row['hard']} "
            f"pub {row['pub']} pubtop {row['pubtop']}{read}")


def seed_set(name: str) -> str | None:
    """"tuning" or "validation" for a red-team class's seed (by run.py's name of the class), else None."""
    if "seed " not in name:
        return None  # a class without seeds (the eighth to nineteenth, written by hand) is in neither set
    kind, seed = name.split(" class")[0], int(name.rsplit("seed ", 1)[1].rstrip(")"))
    return next((s for s, classes in SETS.items() if seed in classes.get(kind, ())), None)


def same(old: dict | None, row: dict) -> bool:
    """Whether a class's figures (ROW) are OLD's: an earlier --json's, written before rows said whether materials
    were read (none were) or after."""
    return old is not None and {"materials": False, **old} == row


def totals(rows: dict) -> list[str]:
    """One line per seed set: its classes' mean AP and summed counts."""
    out = []
    for name in SETS:
        chosen = [row for cls, row in rows.items() if seed_set(cls) == name]
        if chosen:
            def total(key):
                return "/".join(str(sum(int(r[key].split("/")[i]) for r in chosen)) for i in (0, 1))
            out.append(f"{name}: {len(chosen)} classes, mean AP {statistics.mean(r['ap'] for r in chosen):.4f}, "
                       f"L3 {total('L3')}, L4 {total('L4')}, hard {sum(r['hard'] for r in chosen)}, "
                       f"pub {sum(r['pub'] for r in chosen)}")
    return out


def main():
    parser = run.arguments()
    parser.description = __doc__.splitlines()[0]
    parser.add_argument("--json", type=Path, help="also write each class's figures here")
    parser.add_argument("--against", type=Path, help="an earlier --json: print only the classes that moved")
    parser.add_argument("--pairs", type=Path, help="also write each class's ranked labelled pairs here (ranked_pairs)")
    parser.add_argument("--materials", action="store_true",
                        help="score each class with a materials/ folder as `grade similarity --public materials/` "
                             "scores it (the course's texts an instructor has); the others as without")
    args = parser.parse_args()
    run.without_held_out_defaults(args, sys.argv)
    cache = args.build / "rescore-cache" / reading_digest()
    rows, pairs = {}, {}
    for name, (data, labels) in run.labelled_classes(args, reuse=True).items():
        scores = class_scores(data, cache, args.materials)
        rows[name] = {**summary(run.measures(scores, labels, run.THRESHOLD)),
                      "materials": bool(args.materials and run.materials_folder(data))}
        pairs[name] = ranked_pairs(scores, labels)
    old = json.loads(args.against.read_text(encoding="utf-8")) if args.against else None
    for name, row in rows.items():
        if old is None:
            print(line(name, row, args.materials))
        elif not same(old.get(name), row):
            print(line(name, row, args.materials)
                  + ("\n" + line("  was", old[name], args.materials) if name in old else "  (new)"))
    for text in ([f"was {t}" for t in totals({n: old[n] for n in rows if n in old})] if old else []) + totals(rows):
        print(text)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    if args.pairs:
        args.pairs.write_text(json.dumps(pairs, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
