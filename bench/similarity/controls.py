"""Fresh honest controls put into labelled cohorts, read as rescore.py reads (kept in build/rescore-cache/): the
measure of sim25ctl/, sim26bctl/ and sim27ctl/ (each folder's measure.py says which controls go where)."""
import json
import shutil
from itertools import combinations
from pathlib import Path

import rescore
import run

HERE = Path(__file__).resolve().parent
BUILD = HERE / "build"


def source(name: str) -> Path:
    """The labelled class NAME: a folder of the benchmark's (by hand), or one the build generated."""
    return HERE / name if (HERE / name / "labels.json").exists() else BUILD / name


def honest_files(folder: Path, prefixes: tuple[str, ...] | None = None) -> dict[str, str]:
    """FOLDER/honest/*.py as controls: ctl_<stem> -> text, sorted; only the pairs whose stem begins with one of
    PREFIXES where given (r1_a, r1_b for "r1")."""
    return {f"ctl_{p.stem}": p.read_text(encoding="utf-8") for p in sorted((folder / "honest").glob("*.py"))
            if prefixes is None or p.stem[:2] in prefixes}


def scored(name: str, files: dict[str, str], folder: str, tag: str):
    """The cohort NAME with FILES (id -> text) added, read in BUILD/FOLDER/TAG/: its pairs ranked ("a|b" -> (rank,
    score)), their number, and the class's k (its copy pairs)."""
    labelled = source(name)
    labels = json.loads((labelled / "labels.json").read_text())["main"]
    k = sum(1 for _, _, copy, _, _ in run.labelled_pairs({"main": labels}) if copy)
    target = BUILD / folder / tag / name.replace("/", "-") / "main"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(labelled / "main", target)
    for sid, text in files.items():
        (target / "submissions" / f"{sid}.py").write_text(text, encoding="utf-8")
    cache = BUILD / "rescore-cache" / rescore.reading_digest()
    group, public = run.scored_cohort(*rescore.kept_reading(target, cache))
    pairs = group.pairs(public={"micrograd": public}, threshold=run.THRESHOLD)
    return {f"{p.a}|{p.b}": (n, p.score) for n, p in enumerate(pairs, 1)}, len(pairs), k


def honest_pairs(files: dict[str, str], cohorts: list[str], folder: str, tag: str) -> int:
    """Each of COHORTS with FILES (ctl_<pair>_a, ctl_<pair>_b, ...) added: prints each pair's score and rank (TOPK when
    its rank is at most k) and every pair with a control in the top k; returns how many such pairs in all."""
    in_top = 0
    for name in cohorts:
        rank, n, k = scored(name, files, folder, tag)
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
