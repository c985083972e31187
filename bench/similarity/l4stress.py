"""Fresh level-4 copies put into the tuning classes: are copies restructured by a person, not by the generator,
found?

    python bench/similarity/l4stress.py [--half design held] [--only NAME ..] [--list] [--check] [--json OUT]

Issue 27's "L4 recall >= 3/4": the tuning classes' level-4 copies are the generator's restructurings, and the
method was tuned on them (75/108 in their top k); on every held-out class, written by other hands, at most 1/3 are
found. The files of l4stress/ are level-4 copies written by hand for this measure (l4stress/README.md): each renames,
reorders, restyles and restructures one source of a tuning cohort the way a student hiding a copy does (ops moved
to module functions and attached, closures as small classes, lambdas or `partial`, a recursive walk made iterative
and back, helpers extracted or inlined, tests inverted, operands swapped, `x - y` as `x + (-y)`, ...). Each copy is
put alone into a copy of its source's cohort (l4stress/copies.json: the cohort, the source's id, the half), read as
rescore.py reads (kept in BUILD/rescore-cache/), with the source and the copy labelled one cluster at level 4.

Two halves: `design` (looked at while a change is designed) and `held` (measured only at the end of a session,
nothing chosen on it). For each copy: the pair's score, its rank among the cohort's pairs, the cohort's k (its copy
pairs, this one included), and whether it is in the top k. The last lines give each half's recall in the top k and
its mean score. --check runs each copy and its source (these files are ours) on a few expressions and says where the
values or grads differ: a copy must compute what its source computes (a copy in a class written by hand, as that class
checks its files against the course's reference).

--controls puts the fresh honest pairs of l4stress/controls.json (two students who wrote their engines apart, in the
forms a reading may make alike) into tuning cohorts as two independent students: each pair's score and rank against
the cohort's k (a control in the top k is a hard pair there, whatever the copies gain).

Every cohort read here is a tuning class's: no held-out class is read.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import shutil
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import hardstress  # noqa: E402
import rescore  # noqa: E402
import run  # noqa: E402

COPIES = HERE / "l4stress"


def manifest() -> dict[str, dict]:
    """{name: {"class": "fourth/seed-1", "source": id, "half": "design" | "held"}} (l4stress/copies.json)."""
    return json.loads((COPIES / "copies.json").read_text(encoding="utf-8"))


def augmented(name: str, entry: dict, build: Path, out: Path) -> tuple[Path, dict]:
    """A copy of the entry's cohort in OUT with the copy NAME added as `l4_NAME`, labelled with its source."""
    cohort = build / entry["class"] / "main"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(cohort / "starter", out / "starter")
    shutil.copytree(cohort / "submissions", out / "submissions")
    labels = json.loads((build / entry["class"] / "labels.json").read_text(encoding="utf-8"))["main"]
    labels = {sid: dict(label) for sid, label in labels.items()}
    source = labels[entry["source"]]
    assert source["cluster"] is None, (name, entry["source"], "the source is in a cluster already")
    cluster = f"l4_{name}"
    source.update(cluster=cluster, level=4)
    labels[cluster] = {"cluster": cluster, "level": 4, "kind": f"fresh level-4 copy of {entry['source']}"}
    shutil.copyfile(COPIES / entry["half"] / f"{name}.py", out / "submissions" / f"{cluster}.py")
    return out, labels


def _ranked(folder: Path, labels: dict, cache: Path):
    """The cohort in FOLDER read as rescore.py reads it: (group, public, {"a|b": score}, [(score, is a copy, "a|b")]
    ranked as run.py ranks, ties negatives first)."""
    group, public, found = run.command_scored(rescore.kept_reading(folder, cache))  # as the command scores it
    scores = {"|".join(sorted((p.a, p.b))): p.score for p in found}
    rows = [(scores.get(key, 0.0), copy, key) for _, key, copy, _, _ in run.labelled_pairs({"main": labels})]
    rows.sort(key=lambda r: (-r[0], r[1]))
    return group, public, scores, rows


def controls() -> dict[str, dict]:
    """{name: {"files": [a, b], "classes": [cohort, ..]}} (l4stress/controls.json): two honest students each."""
    return json.loads((COPIES / "controls.json").read_text(encoding="utf-8"))


def measure_control(name: str, entry: dict, cohort: str, build: Path, cache: Path) -> dict:
    """The honest pair NAME (l4stress/controls/) put into COHORT as two independent students: its score, its rank
    among the cohort's pairs and the cohort's k (a control in the top k is a hard pair there)."""
    out = build / "l4stress" / f"control_{name}_{cohort.replace('/', '_')}"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(build / cohort / "main" / "starter", out / "starter")
    shutil.copytree(build / cohort / "main" / "submissions", out / "submissions")
    labels = json.loads((build / cohort / "labels.json").read_text(encoding="utf-8"))["main"]
    ids = [f"h_{name}_{file}" for file in entry["files"]]
    for file, sid in zip(entry["files"], ids):
        shutil.copyfile(COPIES / "controls" / f"{file}.py", out / "submissions" / f"{sid}.py")
        labels[sid] = {"cluster": None, "level": None, "kind": f"fresh honest control {name}"}
    _, _, scores, rows = _ranked(out, labels, cache)
    key = "|".join(sorted(ids))
    rank = next(i for i, r in enumerate(rows, 1) if r[2] == key)
    k = sum(r[1] for r in rows)
    return {"control": name, "class": cohort, "pair": key, "score": scores.get(key, 0.0), "rank": rank, "k": k,
            "in_top_k": rank <= k}


def measure(name: str, entry: dict, build: Path, cache: Path, details: bool) -> dict:
    folder, labels = augmented(name, entry, build, build / "l4stress" / name)
    group, public, scores, rows = _ranked(folder, labels, cache)
    k = sum(r[1] for r in rows)
    key = "|".join(sorted((entry["source"], f"l4_{name}")))
    rank = next(i for i, r in enumerate(rows, 1) if r[2] == key)
    row = {"copy": name, "half": entry["half"], "class": entry["class"], "pair": key, "score": scores.get(key, 0.0),
           "rank": rank, "k": k, "in_top_k": rank <= k}
    if details:
        row["parts"] = hardstress.describe(group, public, *key.split("|"))
    return row


def _load(path: Path, tag: str):
    spec = importlib.util.spec_from_file_location(f"l4check_{tag}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # our own files (l4stress/ and the tuning cohorts' sources), never a student's
    return module


EXPRESSIONS = {  # each: (a, b) -> the output node; an op the source lacks skips the expression
    "add-mul": lambda a, b: a * b + a,
    "pow": lambda a, b: a ** 3 + b ** 2,
    "tanh": lambda a, b: (a * b).tanh(),
    "exp": lambda a, b: (a + b).exp(),
    "log": lambda a, b: (a * a + 1.0).log(),
    "relu": lambda a, b: (a - b).relu() + (b - a).relu(),
    "sub-neg": lambda a, b: 2.0 - a - (-b) - 1.0,
    "div": lambda a, b: a / b + 3.0 / a,
    "reuse": lambda a, b: (a * b + a) * (a * b + b),
}


def check(name: str, entry: dict, build: Path) -> list[str]:
    """Where the copy's values or grads differ from its source's (run on a = 0.7, b = -1.3); a copy in a class written
    by hand (its cohort a class's name, `sixteenth`) is checked as that class checks each of its files against the
    course's reference (the class's own `check`), which its source passes."""
    if "/" not in entry["class"]:
        by_hand = importlib.import_module(entry["class"])
        try:
            by_hand.check((COPIES / entry["half"] / f"{name}.py").read_text(encoding="utf-8"), name)
        except AssertionError as error:
            return [str(error)]
        return []
    source = _load(build / entry["class"] / "main" / "submissions" / f"{entry['source']}.py", f"{name}_source")
    copy = _load(COPIES / entry["half"] / f"{name}.py", f"{name}_copy")
    problems = []
    for label, expression in EXPRESSIONS.items():
        results = []
        for module in (source, copy):
            try:
                a, b = module.Value(0.7), module.Value(-1.3)
                out = expression(a, b)
                out.backward()
                results.append((out.data, a.grad, b.grad))
            except Exception as error:  # an op the engine lacks (the source's, or the copy's)
                results.append(type(error).__name__)
        if isinstance(results[0], str):
            continue
        if isinstance(results[1], str) or not all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)
                                                  for x, y in zip(results[0], results[1])):
            problems.append(f"{label}: source {results[0]}, copy {results[1]}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", nargs="*", default=["design"], help="design, held (default: design)")
    parser.add_argument("--only", nargs="*", help="these copies only")
    parser.add_argument("--list", action="store_true", help="each pair's parts (code, canonical, traits, shapes)")
    parser.add_argument("--check", action="store_true", help="run each copy and its source: do they compute alike?")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    parser.add_argument("--controls", action="store_true",
                        help="the fresh honest pairs of controls.json instead: is any in its cohort's top k?")
    parser.add_argument("--build", type=Path, default=HERE / "build")
    args = parser.parse_args()
    entries = {name: entry for name, entry in manifest().items()
               if entry["half"] in args.half and (not args.only or name in args.only)}
    if args.check:
        for name, entry in entries.items():
            problems = check(name, entry, args.build)
            print(f"{name:16s} {'same values and grads' if not problems else '; '.join(problems)}")
        return
    cache = args.build / "rescore-cache" / rescore.reading_digest()
    if args.controls:
        rows = [measure_control(name, entry, cohort, args.build, cache)
                for name, entry in controls().items() for cohort in entry["classes"]]
        for row in rows:
            print(f"control {row['control']:10s} {row['class']:14s} {row['score']:.4f} rank {row['rank']:4d} k "
                  f"{row['k']:3d}{'  IN TOP K' if row['in_top_k'] else ''}")
        print(f"controls: {sum(r['in_top_k'] for r in rows)}/{len(rows)} honest pairs in their cohort's top k, "
              f"mean score {statistics.mean(r['score'] for r in rows):.4f}")
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
        return
    rows = [measure(name, entry, args.build, cache, args.list) for name, entry in entries.items()]
    for row in rows:
        print(f"{row['half']:6s} {row['copy']:16s} {row['class']:14s} {row['pair']:24s} {row['score']:.4f} rank "
              f"{row['rank']:4d} k {row['k']:3d}{'  IN TOP K' if row['in_top_k'] else ''}"
              + (f"\n    {row['parts']}" if "parts" in row else ""))
    for half in args.half:
        found = [r for r in rows if r["half"] == half]
        if found:
            print(f"{half}: {sum(r['in_top_k'] for r in found)}/{len(found)} fresh level-4 copies in the top k, "
                  f"mean score {statistics.mean(r['score'] for r in found):.4f}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
