"""The similarity benchmark: python bench/similarity/run.py [--build DIR] [--large N] [--skip-baselines].

1. Builds the labelled set (generate.py, fixed seed) in DIR (default
   bench/similarity/build/, not committed).
2. Scores it with `grade similarity`'s own reading and scoring (grader.similarity's `read_class` and `scored`: the
   scores the command writes with `--threshold 0`; the grader's own venv: this script runs there) and, in the same run, with the anchors: copydetect
   (starter as boilerplate) and pycode_similar, installed in the benchmark's
   own venv bench/similarity/.venv (created on first use; never a dependency
   of the grader), through baselines.py.
3. Prints, per tool: average precision over all pairs of both cohorts; precision
   at k (k = the number of true copy pairs); recall per obfuscation level in
   the top k (and, for ours, at the flag threshold); hard negatives (honest
   pairs of the tiny exercise) in the top k; recall of the public copies
   (top m of the scores against the public engine, m = the number of public
   copies; for ours also: flagged). Writes DIR/results.json.
4. With --large N: times `grade similarity` end to end on N submissions
   (independent authors and copy clusters, generated the same way).

Ties in a ranking are broken against the tool (negatives first), for every tool alike.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))

import eighth  # noqa: E402
import eleventh  # noqa: E402
import fifth  # noqa: E402
import fourth  # noqa: E402
from intake import as_python_files, submitted_texts  # noqa: E402
import ninth  # noqa: E402
import second  # noqa: E402
import seventh  # noqa: E402
import sixth  # noqa: E402
import tenth  # noqa: E402
import thirteenth  # noqa: E402
import twelfth  # noqa: E402
import fourteenth  # noqa: E402
import fifteenth  # noqa: E402
import eighteenth  # noqa: E402
import nineteenth  # noqa: E402
import sim29l4  # noqa: E402
import sim30l4  # noqa: E402
import sim31l4  # noqa: E402
import sim32b1  # noqa: E402
import sim32b2  # noqa: E402
import sim32b3  # noqa: E402
import sim33b1  # noqa: E402
import sim33b2  # noqa: E402
import sim34b1  # noqa: E402
import sim34b2  # noqa: E402
import sim35b1  # noqa: E402
import sim35b2  # noqa: E402
import sim36p  # noqa: E402
import sim36q  # noqa: E402
import sim36b1  # noqa: E402
import sim36b2  # noqa: E402
import sim37b1  # noqa: E402
import sim37b2  # noqa: E402
import sim38b1  # noqa: E402
import sim38b2  # noqa: E402
import sim39b1  # noqa: E402
import sim39b2  # noqa: E402
import sim40b1  # noqa: E402
import sim40b2  # noqa: E402
import sim41b1  # noqa: E402
import sim41b2  # noqa: E402
import sim42b1  # noqa: E402
import sim42b2  # noqa: E402
import sim43b1  # noqa: E402
import sim43b2  # noqa: E402
import sim44b1  # noqa: E402
import sim44b2  # noqa: E402
import seventeenth  # noqa: E402
import sixteenth  # noqa: E402
import third  # noqa: E402
from generate import SEED as FIRST_SEED  # noqa: E402
from generate import build  # noqa: E402

from grader.similarity import PUBLIC_ARCHIVE, canonical_sources, read_class, scored, similarity  # noqa: E402
from grader.similarity import given_kgrams as shared_given_kgrams  # noqa: E402
from grader.similarity.cohort import THRESHOLD, Cohort, read_document, read_public, starter_kgrams  # noqa: E402,F401
from grader.similarity.variants import known_kgrams  # noqa: E402,F401 (read_tricks.py, fresh_tricks.py read with these)

BASELINE_VENV = HERE / ".venv"
BASELINE_PACKAGES = ("copydetect==0.5.0", "pycode_similar==1.4")
OURS = "grade similarity"


# -- scores ---------------------------------------------------------------------------------------


def our_scores(data: Path, cohort_of=None, materials: Path | None = None) -> dict:
    """{cohort: {"pairs": {"a|b": score}, "public": {id: score}}} with every score above 0 (not only the listed): what
    `grade similarity SUBMISSIONS --starter STARTER [--public SOURCE] [--public MATERIALS] --threshold 0` writes, from
    the command's own reading and scoring (grader.similarity's `read_class` and `scored`); a submission's public score
    is its best against the class's public sources, not against a material (as `command_scores` counts it).
    COHORT_OF(folder) gives a cohort's reading, (documents, public sources) (default: read_cohort, read afresh, with
    MATERIALS: the course's texts an instructor passes, `materials_folder`)."""
    out = {}
    for cohort in cohorts(data):
        documents, sources = cohort_of(data / cohort) if cohort_of else read_cohort(data / cohort, materials)
        _, against, found = scored(documents, sources)
        pairs = {"|".join(sorted((p.a, p.b))): p.score for p in found}
        public = {source: scores for source, scores in against.items() if not is_material(source, materials)}
        out[cohort] = {"pairs": pairs, "public": best_public(public)}
    return out


def best_public(against: dict[str, dict[str, float]]) -> dict[str, float]:
    """{id: its best score against any of the public sources} of `scored`'s public scores."""
    best: dict[str, float] = {}
    for scores in against.values():
        for sid, score in scores.items():
            best[sid] = max(best.get(sid, 0.0), score)
    return best


def our_cohort(folder: Path) -> tuple[Cohort, dict[str, float]]:
    """One cohort's submissions read as `grade similarity` reads them, and each one's best score against its public
    sources."""
    return scored_cohort(*read_cohort(folder))


def read_cohort(folder: Path, materials: Path | None = None) -> tuple[list, list]:
    """One cohort's submissions and public sources read by `grade similarity`'s own reading (`read_class`), with the
    options run.py gives the command (`command_options`: the starter, the class's own public source, MATERIALS): the
    reading, which rescore.py keeps, apart from the scoring, which it redoes. A class whose student file is not the
    engine (the tenth: 07-mlp-xor's nn.py) has its starter under that file's name and may have its own public source
    beside its cohorts (`public_source`)."""
    reading = read_class(folder / "submissions", **command_options(folder, materials))
    for submission in reading.loaded:
        if submission.rejected:  # as the command's record says it (its `rejected` rows)
            print(f"left out, as grade similarity leaves it out: {submission.problem}", file=sys.stderr)
    return reading.documents, reading.sources


def command_options(folder: Path, materials: Path | None = None) -> dict:
    """The options run.py gives `grade similarity` for a cohort (FOLDER): its starter, and its class's public source
    when that is not the shipped file of its name (micrograd's engine.py, or nn.py for a network); with MATERIALS, the
    course's texts too (`--public materials/`, as an instructor who has them runs the command)."""
    source = public_source(folder)
    shipped = PUBLIC_ARCHIVE / source.name
    own = () if shipped.is_file() and shipped.read_bytes() == source.read_bytes() else (source,)
    return {"starters": (starter_file(folder),), "public": (*own, *([materials] if materials else []))}


def materials_folder(data: Path) -> Path | None:
    """The course's texts an instructor of a class (DATA, its folder in the build) has, for `--public`: its materials/,
    else its source folder's (bench/similarity/<class>/materials/, for a build made before the class kept them); None
    for a class without."""
    return next((f for f in (data / "materials", HERE / data.name / "materials") if f.is_dir()), None)


def is_material(source: str, materials: Path | None) -> bool:
    """Whether a public source (its name in the record) is one of the course's texts read from MATERIALS: the command
    names each '<folder>/<path inside it>' (grader.similarity.public_sources)."""
    return materials is not None and source.startswith(f"{materials.name}/")


def given_kgrams(folder: Path) -> frozenset[int]:
    """What a cohort's reading subtracts as given (`grade similarity`'s, grader.similarity.given_kgrams): its starter,
    its exercises' README and notebook, the visible tests' checks, and what the public sources' folders say."""
    options = command_options(folder)
    found = starter_file(folder)
    files = sorted(found.rglob("*.py")) if found.is_dir() else [found]
    starter = {p.relative_to(found).as_posix() if found.is_dir() else p.name: p.read_text(encoding="utf-8")
               for p in files}
    return shared_given_kgrams(starter, options["starters"], [PUBLIC_ARCHIVE, *options["public"]])


def starter_file(folder: Path) -> Path:
    """A cohort's starter: starter/engine.py, or the one exercise file in starter/ (the tenth class's nn.py), or the
    one folder in starter/ when the starter is a package handed out whole (sim41b1's hw2/)."""
    found = sorted((folder / "starter").glob("*.py")) or sorted(p for p in (folder / "starter").iterdir() if p.is_dir())
    assert len(found) == 1, found
    return found[0]


def public_folder(data: Path) -> Path:
    """The public source's folder: a class's own public/ (the tenth: micrograd's nn.py, with its licence), else the
    grader's copy of micrograd's engine."""
    return data / "public" if (data / "public").is_dir() else PUBLIC_ARCHIVE


def public_source(folder: Path) -> Path:
    """The public source a cohort (FOLDER) is compared with: its class's public/ file named as its starter (the whole
    public/ folder for a starter that is a package: sim41b1's micrograd/ package), else micrograd's engine."""
    if starter_file(folder).is_dir() and (folder.parent / "public").is_dir():
        return folder.parent / "public"
    own = public_folder(folder.parent) / starter_file(folder).name
    return own if own.exists() else PUBLIC_ARCHIVE / "engine.py"


def scored_cohort(documents: list, public_sources) -> tuple[Cohort, dict[str, float]]:
    """The cohort of DOCUMENTS and each one's best score against the public sources (a list of Documents, or one)."""
    group = Cohort(documents)
    sources = public_sources if isinstance(public_sources, (list, tuple)) else [public_sources]
    return group, best_public({source.id: dict(group.against(source)) for source in sources})


def command_scored(reading: tuple[list, list], channels: dict | None = None) -> tuple[Cohort, dict[str, float], list]:
    """A cohort's READING (documents, public sources; `read_cohort`'s or rescore.py's kept one) scored as `grade
    similarity` scores it (`scored`: each public source on its own, its copiers at THRESHOLD): the cohort, each one's
    best public score, and every pair above 0, highest first. The one path of the command, run.py and the benchmark's
    scripts that read a cohort's pairs (hardstress.py, l4stress.py, errors.py, fusion.py, controls.py; session 35:
    they read `Cohort.pairs` with every public score merged under one source's name). CHANNELS: as `scored`'s."""
    documents, sources = reading
    group, against, found = scored(documents, sources, channels=channels)
    return group, best_public(against), found


def cohorts(data: Path) -> list[str]:
    """The cohorts of a labelled set: main (and tiny, in the first class)."""
    return [c for c in ("main", "tiny") if (data / c / "submissions").is_dir()]


def data_digest(data: Path) -> str:
    """What the anchors were run on: every file of the labelled set (notebooks too, not only .py files)."""
    digest = hashlib.sha256()
    for path in sorted(p for c in cohorts(data) for p in (data / c).rglob("*") if p.is_file()):
        digest.update(path.relative_to(data).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def baseline_scores(data: Path, pycode: bool = False) -> dict:
    """The anchors' scores; reused from DIR/baselines.json when the labelled set is the same (the seed is fixed)."""
    out, stamp = data / "baselines.json", data / "baselines.digest"
    anchors = hashlib.sha256(b"".join((HERE / name).read_bytes() for name in ("baselines.py", "intake.py")))
    digest = data_digest(data) + (" pycode" if pycode else "") + " anchors " + anchors.hexdigest()[:16]
    if out.exists() and stamp.exists() and stamp.read_text() == digest:
        return json.loads(out.read_text(encoding="utf-8"))
    python = BASELINE_VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {BASELINE_VENV} with {', '.join(BASELINE_PACKAGES)} ...", flush=True)
        venv.create(BASELINE_VENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *BASELINE_PACKAGES], check=True)
    anchored = data / "anchored"  # what the anchors read: every file as the command's intake reads it, as .py
    shutil.rmtree(anchored, ignore_errors=True)
    for cohort in cohorts(data):
        for part in ("submissions", "starter"):
            as_python_files(data / cohort / part, anchored / cohort / part)
    public = as_python_files(public_folder(data), anchored / "public")
    subprocess.run([str(python), str(HERE / "baselines.py"), str(anchored), str(out), str(public)]
                   + ([] if pycode else ["--no-pycode"]), check=True)
    stamp.write_text(digest)
    return json.loads(out.read_text(encoding="utf-8"))


# -- measures -------------------------------------------------------------------------------------


def labelled_pairs(labels: dict):
    """(cohort, "a|b", is a copy pair, its level, is a hard negative) for every pair of every cohort."""
    for cohort, members in labels.items():
        for a, b in itertools.combinations(sorted(members), 2):
            la, lb = members[a], members[b]
            # two copies of the public source copied it, not each other: not a copy pair (issue 27)
            copy = la["cluster"] is not None and la["cluster"] == lb["cluster"] and la["cluster"] != "public"
            level = max(la["level"], lb["level"]) if copy else None
            # hard negatives: honest pairs of the tiny exercise, and pairs whose own code is the same
            # few canonical lines (the second class); pairs of public copies are counted apart
            hard = not copy and (cohort == "tiny" or (la.get("hard_pair") is not None
                                                       and la.get("hard_pair") == lb.get("hard_pair")))
            yield cohort, f"{a}|{b}", copy, level, hard


def ranking(scores: dict, labels: dict):
    rows = [(scores[c]["pairs"].get(key, 0.0), copy, level, hard, key)
            for c, key, copy, level, hard in labelled_pairs(labels)]
    rows.sort(key=lambda r: (-r[0], r[1]))  # ties: negatives first
    return rows


def measures(scores: dict, labels: dict, threshold: float | None = None) -> dict:
    rows = ranking(scores, labels)
    positives = sum(r[1] for r in rows)
    hits, precision_sum = 0, 0.0
    for i, row in enumerate(rows, 1):
        if row[1]:
            hits += 1
            precision_sum += hits / i
    top = rows[:positives]
    public_pairs = {f"{a}|{b}" for c, m in labels.items() for a, b in itertools.combinations(sorted(m), 2)
                    if m[a]["cluster"] == "public" and m[b]["cluster"] == "public"}
    levels = sorted({r[2] for r in rows if r[1]})
    main_only = ranking(scores, {"main": labels["main"]})
    hits_main, sum_main = 0, 0.0
    for i, row in enumerate(main_only, 1):
        if row[1]:
            hits_main += 1
            sum_main += hits_main / i
    result = {
        "average_precision": round(precision_sum / positives, 4),
        "average_precision_main_cohort": round(sum_main / hits_main, 4),
        "k": positives,
        "precision_at_k": round(sum(r[1] for r in top) / positives, 4),
        "recall_in_top_k_by_level": {str(lv): _share([r for r in top if r[1] and r[2] == lv],
                                                      [r for r in rows if r[1] and r[2] == lv]) for lv in levels},
        "hard_negatives_in_top_k": sum(r[3] for r in top),
        "public_copy_pairs_in_top_k": sum(1 for r in top if r[4] in public_pairs),
    }
    if threshold is not None:
        result["recall_flagged_by_level"] = {str(lv): _share([r for r in rows if r[1] and r[2] == lv and r[0] >= threshold],
                                                             [r for r in rows if r[1] and r[2] == lv]) for lv in levels}
        result["false_flags"] = sum(1 for r in rows if not r[1] and r[0] >= threshold)
    copiers = [i for i, lab in labels["main"].items() if lab["cluster"] == "public"]
    public = scores["main"]["public"]
    ranked = sorted(labels["main"], key=lambda i: (-public.get(i, 0.0), i not in copiers))
    result["public_copies_in_top_m"] = f"{len(set(ranked[:len(copiers)]) & set(copiers))}/{len(copiers)}"
    if threshold is not None:
        result["public_copies_flagged"] = f"{sum(public.get(i, 0.0) >= threshold for i in copiers)}/{len(copiers)}"
        result["public_false_flags"] = sum(1 for i, s in public.items() if s >= threshold and i not in copiers)
    return result


def _share(found, total):
    return f"{len(found)}/{len(total)}"


# -- speed ----------------------------------------------------------------------------------------


def large_set(out: Path, n: int, seed: int = 7) -> Path:
    """N submissions of the main cohort's kinds: independent authors, and copy clusters at every level."""
    from authors import Writer, draw
    from generate import fill, full_starter, level1, level2, level3

    rng = random.Random(seed)
    folder = out / "submissions"
    folder.mkdir(parents=True, exist_ok=True)
    (out / "starter").mkdir(exist_ok=True)
    (out / "starter" / "engine.py").write_text(full_starter(), encoding="utf-8")
    count = 0
    while count < n:
        h = draw(rng)
        text = fill(h) if rng.random() < 0.5 else Writer(h).engine()
        texts = [text]
        if rng.random() < 0.1:
            texts += [rng.choice([level1, level2, level3])(text, rng) for _ in range(2)]
        for t in texts[: n - count]:
            (folder / f"s{count:05d}.py").write_text(t, encoding="utf-8")
            count += 1
    return out


def time_command(folder: Path) -> float:
    """Wall seconds of `grade similarity` on one cohort, end to end with the HTML report."""
    return time_large(folder)["wall"]


def time_large(folder: Path) -> dict:
    """Wall and CPU seconds (the command and its worker processes) of `grade similarity` on FOLDER.

    The machine is shared: wall time depends on what else runs, CPU time much less.
    """
    before = os.times()
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "grader", "similarity", str(folder / "submissions"),
                    *command_arguments(folder), "-o", str(folder / "similarity.json"),
                    "--html", str(folder / "similarity.html")], check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - started
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {"wall": round(wall, 2), "cpu": round(cpu, 2)}


def markdown_table(results: dict) -> str:
    """The README's table: one row per tool."""
    lines = ["| | average precision | (main cohort alone) | precision at k "
             "| in the top k: level 1 / 2 / 3 / 4 | hard negatives in the top k | public-copy pairs in the top k "
             "| public copies in the top m |",
             "| --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: |"]
    for tool, r in results.items():
        levels = " · ".join(r["recall_in_top_k_by_level"][lv] for lv in sorted(r["recall_in_top_k_by_level"]))
        lines.append(f"| {tool} | {r['average_precision']:.2f} | {r['average_precision_main_cohort']:.2f} "
                     f"| {r['precision_at_k']:.2f} | {levels} "
                     f"| {r['hard_negatives_in_top_k']} | {r['public_copy_pairs_in_top_k']} "
                     f"| {r['public_copies_in_top_m']} |")
    return "\n".join(lines)


# -- main -----------------------------------------------------------------------------------------


def measure_class(name: str, data: Path, labels: dict, skip_baselines: bool, pycode: bool) -> dict:
    """Every tool's measures on one labelled class, ours first."""
    print(f"{name}: {sum(len(m) for m in labels.values())} submissions in {data}", flush=True)
    scores = our_scores(data)
    texts = materials_folder(data)
    if texts:  # the blind classes of session 34 keep their pairs' scores for the record
        (data / "scores-ours.json").write_text(json.dumps(scores, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    results = {OURS: measures(scores, labels, THRESHOLD)}
    for cohort in cohorts(data):
        results[OURS][f"seconds_{cohort}"] = round(time_command(data / cohort), 2)
    if texts:  # a class with the course's texts (sim34b1, sim34b2): as an instructor runs it
        for tool, materials in ((OURS_COMMAND, None), (OURS_MATERIALS, texts)):
            results[tool] = measures(command_scores(data, materials), labels, THRESHOLD)
    if not skip_baselines:
        for tool, scores in baseline_scores(data, pycode).items():
            results[tool] = measures(scores, labels)
    return results


OURS_COMMAND = "grade similarity (the command)"
OURS_MATERIALS = "grade similarity (the command, --public materials/)"


def command_arguments(folder: Path, materials: Path | None = None) -> list[str]:
    """`command_options` as the command's arguments."""
    options = command_options(folder, materials)
    return [*(a for p in options["starters"] for a in ("--starter", str(p))),
            *(a for p in options["public"] for a in ("--public", str(p)))]


def command_scores(data: Path, materials: Path | None = None) -> dict:
    """Scores as `grade similarity` writes them (the command, threshold 0; with MATERIALS, `--public materials/`, the
    course's texts an instructor has), in run.py's shape: a pair it does not list (below its floor) scores 0; a
    submission's public score is its best against the class's public source (not against a material)."""
    out = {}
    for cohort in cohorts(data):
        folder = data / cohort
        record = folder / f"similarity{'-materials' if materials else ''}.json"
        subprocess.run([sys.executable, "-m", "grader", "similarity", str(folder / "submissions"),
                        *command_arguments(folder, materials), "--threshold", "0", "-o", str(record)],
                       check=True, stdout=subprocess.DEVNULL)
        found = json.loads(record.read_text(encoding="utf-8"))
        pairs = {"|".join(sorted((p["a"], p["b"]))): p["score"] for p in found["pairs"]}
        public = {}
        for match in found["public_matches"]:
            if not is_material(match["source"], materials):
                public[match["id"]] = max(public.get(match["id"], 0.0), match["score"])
        out[cohort] = {"pairs": pairs, "public": public}
    return out


def arguments() -> argparse.ArgumentParser:
    """The benchmark's options (rescore.py takes the classes' among them)."""
    parser = argparse.ArgumentParser(description="The similarity benchmark.")
    parser.add_argument("--build", type=Path, default=HERE / "build")
    parser.add_argument("--second-build", type=Path, default=HERE / "build-second")
    parser.add_argument("--third-build", type=Path, default=HERE / "build-third")
    parser.add_argument("--first-seeds", type=int, nargs="*", default=[FIRST_SEED, 777],
                        help="the first class, made with each of these seeds (777: never looked at while tuning)")
    parser.add_argument("--second-seeds", type=int, nargs="*", default=[second.SEED, 4242, 1777, 31337, 8191],
                        help="the second class, made with each of these seeds (8191: never looked at while tuning)")
    parser.add_argument("--third", nargs="*", default=[f"{third.EXERCISE}:{third.SEED}", "03-tanh:5150",
                                                        "05-backward:6262"],
                        help="the third class (the held-out class's shape), as EXERCISE:SEED, each built and "
                             "measured once, never tuned on")
    parser.add_argument("--backward-seeds", type=int, nargs="*", default=[90210, 2718, 6113],
                        help="with --backward, the 05-backward class's seeds (6113: never looked at while tuning)")
    parser.add_argument("--fourth", type=int, nargs="*", default=[], metavar="SEED",
                        help="also the fourth class (fourth.py, the red team's, written blind to the method), "
                             "with each of these seeds (1, 2, 3: 03-tanh, 05-backward, both regions)")
    parser.add_argument("--fifth", type=int, nargs="*", default=None, metavar="SEED",
                        help="also the fifth class (fifth.py, the red team's second, written blind to the method), "
                             f"with each of these seeds (1, 2, 3: 03-tanh, 05-backward, 04-more-ops; "
                             f"none given: {' '.join(map(str, fifth.SEEDS))})")
    parser.add_argument("--sixth", type=int, nargs="*", default=None, metavar="SEED",
                        help="also the sixth class (sixth.py, the red team's third, written blind to the method), "
                             f"with each of these seeds (1, 2, 3: 01-mul-backward, 05-backward, 03-tanh; "
                             f"none given: {' '.join(map(str, sixth.SEEDS))})")
    parser.add_argument("--seventh", type=int, nargs="*", default=None, metavar="SEED",
                        help="also the seventh class (seventh.py, the red team's fourth: real engines from public "
                             "repositories, kept in SEVENTH_MATERIAL), with each of these seeds (odd: 05-backward, "
                             f"even: 03-tanh; none given: {' '.join(map(str, seventh.SEEDS))})")
    parser.add_argument("--eighth", action="store_true",
                        help="also the eighth class (eighth/, 57 files written by hand, blind to the method, on "
                             "04-more-ops; measured once, never tuned on)")
    parser.add_argument("--ninth", action="store_true",
                        help="also the ninth class (ninth/, 57 files written by hand, blind to the method, on a "
                             "starter with the 01-mul-backward, 03-tanh and 05-backward regions; measured once, "
                             "never tuned on)")
    parser.add_argument("--tenth", action="store_true",
                        help="also the tenth class (tenth/, 57 files written by hand, blind to the method, on "
                             "07-mlp-xor's nn.py, the network: its public source micrograd's nn.py; measured once, "
                             "never tuned on)")
    parser.add_argument("--eleventh", action="store_true",
                        help="also the eleventh class (eleventh/, 43 files written by hand on 07-mlp-xor's nn.py, "
                             "the network, against the grader's micrograd nn.py: a tuning class, unlike the tenth)")
    parser.add_argument("--twelfth", action="store_true",
                        help="also the twelfth class (twelfth/, 57 files written by hand, blind to the method, on "
                             "10-neuron's neuron.py, against the grader's micrograd engine; held out: measured once, "
                             "never tuned on)")
    parser.add_argument("--thirteenth", action="store_true",
                        help="also the thirteenth class (thirteenth/, 51 files written by hand, blind to the method, "
                             "on 11-fit-line's fit_line.py, against the grader's micrograd engine: a tuning class)")
    parser.add_argument("--fourteenth", action="store_true",
                        help="also the fourteenth class (fourteenth/, 57 files written by hand, blind to the method, "
                             "on 08-dual-numbers' dual.py (forward mode), against the grader's micrograd engine; held "
                             "out: measured once, never tuned on)")
    parser.add_argument("--fifteenth", action="store_true",
                        help="also the fifteenth class (fifteenth/, 57 files written by hand, blind to the method, "
                             "on 03-tanh's engine.py, against the grader's micrograd engine; held out: measured once, "
                             "never tuned on)")
    parser.add_argument("--sixteenth", action="store_true",
                        help="also the sixteenth class (sixteenth/, 55 files written by hand, blind to the method, "
                             "on 10-neuron's neuron.py, against micrograd's nn.py (its public/): a tuning class)")
    parser.add_argument("--seventeenth", action="store_true",
                        help="also the seventeenth class (seventeenth/, 55 files written by hand, blind to the method, "
                             "on 08-dual-numbers' dual.py, against derekeverett/fluxion's dual.py (its public/): a "
                             "tuning class)")
    parser.add_argument("--eighteenth", action="store_true",
                        help="also the eighteenth class (eighteenth/, 55 files written by hand, blind to the method, "
                             "on 04-more-ops' engine.py, against micrograd's engine.py (its public/): a tuning class)")
    parser.add_argument("--nineteenth", action="store_true",
                        help="also the nineteenth class (nineteenth/, 55 files written by hand, blind to the method, "
                             "on 03-tanh's engine.py, against micrograd's engine.py (its public/): a tuning class)")
    parser.add_argument("--sim29l4", action="store_true",
                        help="also session 29's level-4 class (sim29l4/, 38 files: six sources and their level-4 "
                             "copies and six honest engines written by hand, not blind to the method, with the "
                             "eighteenth's independents, on 04-more-ops' engine.py: a tuning class)")
    parser.add_argument("--sim30l4", action="store_true",
                        help="also session 30's level-4 class (sim30l4/, 44 files: six sources and their level-4 "
                             "copies and twelve honest engines of the copies' designs written by hand, not blind to "
                             "the method, with the eighteenth's independents, on 04-more-ops' engine.py: a tuning "
                             "class)")
    parser.add_argument("--sim31l4", action="store_true",
                        help="also session 31's level-4 class (sim31l4/, 44 files: six sources and their level-4 "
                             "copies by a third hand and twelve honest engines of the copies' designs written by "
                             "hand, not blind to the method, with the eighteenth's independents, on 04-more-ops' "
                             "engine.py: a tuning class)")
    parser.add_argument("--sim32b1", action="store_true",
                        help="also session 32's first blind class (sim32b1/, 59 files written by hand, blind to the "
                             "method, on 04-more-ops' engine.py, against the grader's micrograd engine; held out: "
                             "measured once, never tuned on; measured alone)")
    parser.add_argument("--sim32b2", action="store_true",
                        help="also session 32's second blind class (sim32b2/, 59 files written by hand, blind to the "
                             "method, on 05-backward's engine.py, against the grader's micrograd engine; held out: "
                             "measured once, never tuned on; measured alone)")
    parser.add_argument("--sim32b3", action="store_true",
                        help="also session 32's third blind class (sim32b3/, 59 files written by hand, blind to the "
                             "method, on 03-tanh's engine.py, eight level-4 copies and four hard-negative pairs, "
                             "against the grader's micrograd engine; held out: measured once, never tuned on; "
                             "measured alone)")
    parser.add_argument("--sim33b1", action="store_true",
                        help="also session 33's first blind class (sim33b1/, 69 files written by hand, blind to the "
                             "method, on 04-more-ops' engine.py, five hard-negative pairs, six level-4 copies, three "
                             "evasions, against the grader's micrograd engine; held out: measured once, never tuned "
                             "on; measured alone)")
    parser.add_argument("--sim33b2", action="store_true",
                        help="also session 33's second blind class (sim33b2/, 43 files written by hand, blind to the "
                             "method, on 06-gradcheck's gradcheck.py (two regions), four hard-negative pairs, three "
                             "evasions, no public copies; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim34b1", action="store_true",
                        help="also session 34's first blind class (sim34b1/, 57 files written by hand, blind to the "
                             "method, on 02-accumulate's engine.py, three hard-negative pairs, levels 1-4, the evasions, "
                             "against the grader's micrograd engine; also measured with its materials/ passed as "
                             "--public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim34b2", action="store_true",
                        help="also session 34's second blind class (sim34b2/, 46 files written by hand, blind to the "
                             "method, on 07-mlp-xor's nn.py, four hard-negative pairs from the course's texts, levels "
                             "1-4, against micrograd's nn.py; also measured with its materials/ passed as --public; "
                             "held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim35b1", action="store_true",
                        help="also session 35's first blind class (sim35b1/, 57 files written by hand, blind to the "
                             "method, on the whole engine (the engine exercise) with a starter of its own, three "
                             "hard-negative pairs from the course's texts, levels 1-4, the four evasions, against the "
                             "grader's micrograd engine; also measured with its materials/ passed as --public; held "
                             "out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim35b2", action="store_true",
                        help="also session 35's second blind class (sim35b2/, 45 files written by hand, blind to the "
                             "method, on 11-fit-line's fit_line.py, four hard-negative pairs from the course's texts, "
                             "levels 1-4, three evasions, against a tutorial's code (its public/, a stand-in written "
                             "for the class); also measured with its materials/ passed as --public; held out: measured "
                             "once, never tuned on; measured alone)")
    parser.add_argument("--sim36p", action="store_true",
                        help="also session 36's class on 03-tanh whose public text is the README's shape (sim36p/, "
                             "32 files: 20 honest, two copy clusters whose shared code is mostly the text's, three "
                             "public copies, two hard-negative pairs from the README; measured alone)")
    parser.add_argument("--sim36q", action="store_true",
                        help="also session 36's class on 11-fit-line whose public text is the README's loop (sim36q/, "
                             "32 files: 22 honest, a copy cluster whose code is mostly the text's, three public "
                             "copies, two hard-negative pairs from the README; measured alone)")
    parser.add_argument("--sim36b1", action="store_true",
                        help="also session 36's first blind class (sim36b1/, 57 files written by hand, blind to the "
                             "method, on the whole engine with another course's starter, three hard-negative pairs "
                             "from the course's texts, levels 1-4 (four level-4 architectures), the four evasions, "
                             "against the grader's micrograd engine; also measured with its materials/ passed as "
                             "--public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim36b2", action="store_true",
                        help="also session 36's second blind class (sim36b2/, written by hand, blind to the method, "
                             "on 10-neuron's neuron.py, hard-negative pairs from the course's texts, levels 1-4, "
                             "evasions, against a blog post's code (its public/, a CC0 stand-in written for the "
                             "class); also measured with its materials/ passed as --public; held out: measured once, "
                             "never tuned on; measured alone)")
    parser.add_argument("--sim37b1", action="store_true",
                        help="also session 37's first blind class (sim37b1/, 57 files written by hand, blind to the "
                             "method, on the whole engine with a third course's starter (parents/backward_fn), three "
                             "hard-negative pairs from the course's texts, levels 1-4 (three level-4 architectures), "
                             "the four evasions, against the grader's micrograd engine; also measured with its "
                             "materials/ passed as --public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim37b2", action="store_true",
                        help="also session 37's second blind class (sim37b2/, 44 files written by hand, blind to the "
                             "method, on 01-mul-backward's engine.py (two lines of the student's own), hard-negative "
                             "pairs from the course's texts, levels 1-4, the four evasions, against a blog post's code "
                             "(its public/, a CC0 stand-in written for the class); also measured with its materials/ "
                             "passed as --public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim38b1", action="store_true",
                        help="also session 38's first blind class (sim38b1/, 57 files written by hand, blind to the "
                             "method, on the whole engine with a fourth course's starter (Scalar, inputs, a "
                             "PyTorch-like grad_fn), three hard-negative pairs from the course's texts, levels 1-4 "
                             "(three level-4 architectures: a local Jacobian dict, a metaclass from a spec list, a "
                             "global tape with partialmethod operators), the four evasions, against the grader's "
                             "micrograd engine; also measured with its materials/ passed as --public; held out: "
                             "measured once, never tuned on; measured alone)")
    parser.add_argument("--sim38b2", action="store_true",
                        help="also session 38's second blind class (sim38b2/, 46 files written by hand, blind to the "
                             "method, on 08-dual-numbers' dual.py (forward mode), hard-negative pairs from the "
                             "course's texts, levels 1-4, the four evasions, against a blog post's code (its public/, "
                             "a CC0 stand-in written for the class); also measured with its materials/ passed as "
                             "--public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim39b1", action="store_true",
                        help="also session 39's first blind class (sim39b1/, 57 files written by hand, blind to the "
                             "method, on the whole engine with a fifth course's starter (Node, parents as (node, "
                             "local_grad) pairs), three hard-negative pairs from the course's texts, levels 1-4 (three "
                             "level-4 architectures: lazy (parent, derivative function) pairs with a generator walk, "
                             "operators made by exec of a template per operation, a recursive memoised walk over "
                             "consumers), the four evasions, against the grader's micrograd engine; also measured with "
                             "its materials/ passed as --public; held out: measured once, never tuned on; measured "
                             "alone)")
    parser.add_argument("--sim39b2", action="store_true",
                        help="also session 39's second blind class (sim39b2/, 46 files written by hand, blind to the "
                             "method, on 09-write-tests' test_engine.py (the student's pytest-style tests), "
                             "hard-negative pairs from the course's texts, levels 1-4 (level 4: a table turned into "
                             "functions, a unittest class into a parametrised table, functions into a seeded loop), "
                             "the four evasions, against a blog post's code (its public/, a CC0 stand-in written for "
                             "the class); also measured with its materials/ passed as --public; held out: measured "
                             "once, never tuned on; measured alone)")
    parser.add_argument("--sim40b1", action="store_true",
                        help="also session 40's first blind class (sim40b1/, 47 files written by hand, blind to the "
                             "method, on the whole engine with a sixth course's Russian starter (children, op, a "
                             "BACKWARD_RULES table pasted in), three hard-negative pairs from the course's texts, "
                             "levels 1-4 (four level-4 architectures: a Rules class looked up by getattr, a NamedTuple "
                             "with a side table of grads, an interpreter over instruction tuples, operators set by "
                             "setattr from the operator module), the four evasions, against the grader's micrograd "
                             "engine; also measured with its materials/ passed as --public; held out: measured once, "
                             "never tuned on; measured alone)")
    parser.add_argument("--sim40b2", action="store_true",
                        help="also session 40's second blind class (sim40b2/, 35 files written by hand, blind to the "
                             "method, on the whole engine handed in as Jupyter notebooks (a course whose starter is "
                             "engine.ipynb; two .py exports with # %%%% markers), hard-negative pairs from the course's "
                             "texts, levels 1-4 (cells moved, merged, split, outputs cleared; level 4: a __getattr__ "
                             "op dispatcher, an abc.ABC Leaf/Op hierarchy), the four evasions, against a blog's "
                             "notebook (its public/, a CC0 stand-in written for the class); also measured with its "
                             "materials/ passed as --public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim41b1", action="store_true",
                        help="also session 41's first blind class (sim41b1/, 46 hand-ins written by hand, blind to the "
                             "method, on the whole engine handed in as a package (micrograd/engine.py + ops.py + "
                             "nn.py, train.py) in a Moodle export of folders and zips, with a seventh course's Chinese "
                             "starter, three hard-negative pairs from the course's texts, levels 1-4 (files merged, "
                             "split and renamed; three level-4 architectures: a context-manager tape, a coroutine walk "
                             "driven by send(), string-keyed kernel tables behind an __array_ufunc__-style "
                             "dispatcher), the four evasions, against karpathy/micrograd's engine.py and nn.py (its "
                             "public/); also measured with its materials/ passed as --public; held out: measured once, "
                             "never tuned on; measured alone)")
    parser.add_argument("--sim41b2", action="store_true",
                        help="also session 41's second blind class (sim41b2/, 40 files written by hand, blind to the "
                             "method, on 07-mlp-xor's nn.py (Neuron, Layer, MLP, train_xor), hard-negative pairs from "
                             "the course's texts, levels 1-4 (level 4: weight matrices of Values, neurons and layers "
                             "as closures, a functional forward over a dataclass tree), the four evasions, against "
                             "karpathy/micrograd's nn.py adapted to the exercise (its public/); also measured with its "
                             "materials/ passed as --public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim42b1", action="store_true",
                        help="also session 42's first blind class (sim42b1/, 48 Jupyter notebooks written by hand, "
                             "blind to the method, on 05-backward handed in as the exercise's own notebook (Canvas "
                             "file names; Jupyter, VS Code and Colab metadata, outputs, cells run out of order, six "
                             "own engines pasted into the engine cell), three hard-negative pairs from the course's "
                             "texts, levels 1-4 (cells merged, split and moved; level 4 by hand: the walk moved to "
                             "module functions, an op table with one apply(), string states in a method), the four "
                             "evasions inside cells, against karpathy/micrograd's engine.py (its public/); also "
                             "measured with its materials/ passed as --public; held out: measured once, never tuned "
                             "on; measured alone)")
    parser.add_argument("--sim42b2", action="store_true",
                        help="also session 42's second blind class (sim42b2/, 35 GitHub Classroom repositories "
                             "written by hand, blind to the method, on 04-more-ops' engine.py with Russian comments, "
                             "tests and the course's README in each repository, three hard-negative pairs from the "
                             "course's texts, levels 1-4 (level 4 by hand: a table of (forward, derivative) pairs "
                             "with one _unary, a node keeping only its op name with a DERIV table), the four "
                             "evasions, against karpathy/micrograd's engine.py (its public/); also measured with its "
                             "materials/ passed as --public; held out: measured once, never tuned on; measured "
                             "alone)")
    parser.add_argument("--sim43b1", action="store_true",
                        help="also session 43's first blind class (sim43b1/, 47 hand-ins written by hand, blind to "
                             "the method, of 04-more-ops' whole engine in a Gradescope export (ids the submitters' "
                             "emails), three hard-negative pairs from the course's texts, six sources each copied at "
                             "level 4 by a different restructuring (a tape, a dispatch table, closures made one "
                             "method, recursion made a stack, a class per operation, functions outside the class), "
                             "levels 2-3 with the four evasions, against karpathy/micrograd's engine.py (its "
                             "public/); also measured with its materials/ passed as --public; held out: measured "
                             "once, never tuned on; measured alone)")
    parser.add_argument("--sim43b2", action="store_true",
                        help="also session 43's second blind class (sim43b2/, 41 files written by hand, blind to the "
                             "method, of 10-neuron's neuron.py by Chinese-speaking students (a plain folder of "
                             "<login>.py files), three hard-negative pairs from the course's texts, levels 1-4 "
                             "(level 4 by hand: a class holding the leaves, an activation table with reduce, a "
                             "recursion over the names' index), the four evasions, against karpathy/micrograd's "
                             "nn.py adapted (its public/); also measured with its materials/ passed as --public; "
                             "held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim44b1", action="store_true",
                        help="also session 44's first blind class (sim44b1/, 44 hand-ins written by hand, blind to "
                             "the method, of 05-backward's engine in a Blackboard download (ids the usernames, the "
                             "latest of two attempts graded), copies made with an AI assistant: four hard-negative "
                             "pairs of honest students who each had an assistant write the engine, six sources "
                             "copied at levels 3-4 as an assistant rewrites a friend's file, levels 1-2 with the four "
                             "evasions, against karpathy/micrograd's engine.py (its public/); also measured with its "
                             "materials/ passed as --public; held out: measured once, never tuned on; measured alone)")
    parser.add_argument("--sim44b2", action="store_true",
                        help="also session 44's second blind class (sim44b2/, 40 long engine.py files written by "
                             "hand, blind to the method, of 04-more-ops in a Canvas download (ids lastfirst_userid), "
                             "five partial copies of one region (backward and its sort, the operations, the helpers) "
                             "at levels 1-3, three whole-file copies at level 4 by hand, three hard-negative pairs "
                             "from the README, against karpathy/micrograd's engine.py (its public/); also measured "
                             "with its materials/ passed as --public; held out: measured once, never tuned on; "
                             "measured alone)")
    parser.add_argument("--skip-baselines", action="store_true")
    parser.add_argument("--backward", action="store_true",
                        help="also the second class on the 05-backward starter (one region: see README)")
    parser.add_argument("--pycode", action="store_true", help="also run pycode_similar (slow: ~10 min on 2 cores)")
    parser.add_argument("--large", type=int, default=0, help="also time `grade similarity` on this many submissions")
    return parser


def labelled_classes(args, reuse: bool = False) -> dict[str, tuple[Path, dict]]:
    """{name: (folder, labels)} of every class ARGS asks for, each built by its generator (fixed seeds: the same
    files every time); with REUSE, a class already built in its folder is read from there as it was built."""

    def made(folder: Path, make):
        labels = folder / "labels.json"
        if reuse and labels.exists():
            found = json.loads(labels.read_text(encoding="utf-8"))
            if all((folder / cohort / "submissions").is_dir() for cohort in found):
                return found
        return make()

    classes = {}
    for seed in args.first_seeds:
        folder = args.build if seed == FIRST_SEED else args.build / f"seed-{seed}"
        classes[f"first class (generate.py, seed {seed})"] = (folder, made(folder, lambda: build(folder, seed)))
    for seed in args.second_seeds:
        folder = args.second_build / f"seed-{seed}"
        classes[f"second class (second.py, seed {seed})"] = (folder, made(folder, lambda: second.build(folder, seed)))
    for spec in args.third:
        exercise, seed = spec.rsplit(":", 1)
        folder = args.third_build / (f"seed-{seed}" if exercise == third.EXERCISE else f"{exercise}-{seed}")
        classes[f"third class, {exercise} (third.py, seed {seed})"] = (
            folder, made(folder, lambda: third.build(folder, int(seed), exercise)))
    for seed in args.fourth:
        folder = args.build / "fourth" / f"seed-{seed}"
        classes[f"fourth class, {fourth.exercise_for(seed)} (fourth.py, seed {seed})"] = (
            folder, made(folder, lambda: fourth.build(folder, seed)))
    for seed in (fifth.SEEDS if args.fifth == [] else args.fifth or []):
        folder = args.build / "fifth" / f"seed-{seed}"
        classes[f"fifth class, {fifth.exercise_for(seed)} (fifth.py, seed {seed})"] = (
            folder, made(folder, lambda: fifth.build(folder, seed)))
    for seed in (sixth.SEEDS if args.sixth == [] else args.sixth or []):
        folder = args.build / "sixth" / f"seed-{seed}"
        classes[f"sixth class, {sixth.exercise_for(seed)} (sixth.py, seed {seed})"] = (
            folder, made(folder, lambda: sixth.build(folder, seed)))
    for seed in (seventh.SEEDS if args.seventh == [] else args.seventh or []):
        folder = args.build / "seventh" / f"seed-{seed}"
        classes[f"seventh class, {seventh.exercise_for(seed)} (seventh.py, seed {seed})"] = (
            folder, made(folder, lambda: seventh.build(folder, seed)))
    if args.eighth:
        folder = args.build / "eighth"
        classes[f"eighth class, {eighth.EXERCISE} (by hand, eighth/)"] = (
            folder, made(folder, lambda: eighth.build(folder)))
    if args.ninth:
        folder = args.build / "ninth"
        classes[f"ninth class, {ninth.EXERCISE} (by hand, ninth/)"] = (
            folder, made(folder, lambda: ninth.build(folder)))
    if args.tenth:
        folder = args.build / "tenth"
        classes[f"tenth class, {tenth.EXERCISE} (by hand, tenth/)"] = (
            folder, made(folder, lambda: tenth.build(folder)))
    if args.eleventh:
        folder = args.build / "eleventh"
        classes[f"eleventh class, {eleventh.EXERCISE} (by hand, eleventh/, tuning)"] = (
            folder, made(folder, lambda: eleventh.build(folder)))
    if args.twelfth:
        folder = args.build / "twelfth"
        classes[f"twelfth class, {twelfth.EXERCISE} (by hand, twelfth/, held out)"] = (
            folder, made(folder, lambda: twelfth.build(folder)))
    if args.thirteenth:
        folder = args.build / "thirteenth"
        classes[f"thirteenth class, {thirteenth.EXERCISE} (by hand, thirteenth/, tuning)"] = (
            folder, made(folder, lambda: thirteenth.build(folder)))
    if args.fourteenth:
        folder = args.build / "fourteenth"
        classes[f"fourteenth class, {fourteenth.EXERCISE} (by hand, fourteenth/, held out)"] = (
            folder, made(folder, lambda: fourteenth.build(folder)))
    if args.fifteenth:
        folder = args.build / "fifteenth"
        classes[f"fifteenth class, {fifteenth.EXERCISE} (by hand, fifteenth/, held out)"] = (
            folder, made(folder, lambda: fifteenth.build(folder)))
    if args.sixteenth:
        folder = args.build / "sixteenth"
        classes[f"sixteenth class, {sixteenth.EXERCISE} (by hand, sixteenth/, tuning)"] = (
            folder, made(folder, lambda: sixteenth.build(folder)))
    if args.seventeenth:
        folder = args.build / "seventeenth"
        classes[f"seventeenth class, {seventeenth.EXERCISE} (by hand, seventeenth/, tuning)"] = (
            folder, made(folder, lambda: seventeenth.build(folder)))
    if args.eighteenth:
        folder = args.build / "eighteenth"
        classes[f"eighteenth class, {eighteenth.EXERCISE} (by hand, eighteenth/, tuning)"] = (
            folder, made(folder, lambda: eighteenth.build(folder)))
    if args.nineteenth:
        folder = args.build / "nineteenth"
        classes[f"nineteenth class, {nineteenth.EXERCISE} (by hand, nineteenth/, tuning)"] = (
            folder, made(folder, lambda: nineteenth.build(folder)))
    if args.sim29l4:
        folder = args.build / "sim29l4"
        classes[f"sim29l4 class, {sim29l4.EXERCISE} (by hand, sim29l4/, tuning)"] = (
            folder, made(folder, lambda: sim29l4.build(folder)))
    if args.sim30l4:
        folder = args.build / "sim30l4"
        classes[f"sim30l4 class, {sim30l4.EXERCISE} (by hand, sim30l4/, tuning)"] = (
            folder, made(folder, lambda: sim30l4.build(folder)))
    if args.sim31l4:
        folder = args.build / "sim31l4"
        classes[f"sim31l4 class, {sim31l4.EXERCISE} (by hand, sim31l4/, tuning)"] = (
            folder, made(folder, lambda: sim31l4.build(folder)))
    if args.sim32b1:
        folder = args.build / "sim32b1"
        classes[f"sim32b1 class, {sim32b1.EXERCISE} (by hand, blind, sim32b1/, held out)"] = (
            folder, made(folder, lambda: sim32b1.build(folder)))
    if args.sim32b2:
        folder = args.build / "sim32b2"
        classes[f"sim32b2 class, {sim32b2.EXERCISE} (by hand, blind, sim32b2/, held out)"] = (
            folder, made(folder, lambda: sim32b2.build(folder)))
    if args.sim32b3:
        folder = args.build / "sim32b3"
        classes[f"sim32b3 class, {sim32b3.EXERCISE} (by hand, blind, sim32b3/, held out)"] = (
            folder, made(folder, lambda: sim32b3.build(folder)))
    if args.sim33b1:
        folder = args.build / "sim33b1"
        classes[f"sim33b1 class, {sim33b1.EXERCISE} (by hand, blind, sim33b1/, held out)"] = (
            folder, made(folder, lambda: sim33b1.build(folder)))
    if args.sim33b2:
        folder = args.build / "sim33b2"
        classes[f"sim33b2 class, {sim33b2.EXERCISE} (by hand, blind, sim33b2/, held out)"] = (
            folder, made(folder, lambda: sim33b2.build(folder)))
    if args.sim34b1:
        folder = args.build / "sim34b1"
        classes[f"sim34b1 class, {sim34b1.EXERCISE} (by hand, blind, sim34b1/, held out)"] = (
            folder, made(folder, lambda: sim34b1.build(folder)))
    if args.sim34b2:
        folder = args.build / "sim34b2"
        classes[f"sim34b2 class, {sim34b2.EXERCISE} (by hand, blind, sim34b2/, held out)"] = (
            folder, made(folder, lambda: sim34b2.build(folder)))
    if args.sim35b1:
        folder = args.build / "sim35b1"
        classes[f"sim35b1 class, {sim35b1.EXERCISE} (by hand, blind, sim35b1/, held out)"] = (
            folder, made(folder, lambda: sim35b1.build(folder)))
    if args.sim35b2:
        folder = args.build / "sim35b2"
        classes[f"sim35b2 class, {sim35b2.EXERCISE} (by hand, blind, sim35b2/, held out)"] = (
            folder, made(folder, lambda: sim35b2.build(folder)))
    for name, module in (("sim36b1", sim36b1), ("sim36b2", sim36b2), ("sim36p", sim36p), ("sim36q", sim36q),
                         ("sim37b1", sim37b1), ("sim37b2", sim37b2), ("sim38b1", sim38b1),
                         ("sim38b2", sim38b2), ("sim39b1", sim39b1),
                         ("sim39b2", sim39b2), ("sim40b1", sim40b1),
                         ("sim40b2", sim40b2), ("sim41b1", sim41b1), ("sim41b2", sim41b2),
                         ("sim42b1", sim42b1), ("sim42b2", sim42b2), ("sim43b1", sim43b1),
                         ("sim43b2", sim43b2), ("sim44b1", sim44b1), ("sim44b2", sim44b2)):
        if getattr(args, name):
            folder = args.build / name
            classes[f"{name} class, {module.EXERCISE} (by hand, blind, {name}/, held out)"] = (
                folder, made(folder, functools.partial(module.build, folder)))
    if args.backward:
        for seed in args.backward_seeds:
            folder = args.second_build / f"05-backward-{seed}"
            classes[f"second class, 05-backward starter (second.py, seed {seed})"] = (
                folder, made(folder, lambda: second.build(folder, seed, exercise="05-backward")))
    return classes


# A run that names one of these measures only the classes it names: the first, second and third classes' default seeds
# (held out: measured by the coordinator once, at a session's end) are left out unless given on the command line.
TUNING_CLASSES = ("fourth", "fifth", "sixth", "seventh", "eleventh", "thirteenth", "sixteenth", "seventeenth",
                  "eighteenth", "nineteenth", "sim29l4", "sim30l4", "sim31l4")
HELD_OUT_DEFAULTS = ("first_seeds", "second_seeds", "third")
# Held-out classes written blind (session 32) that a run measures alone, as it does a tuning class: naming one leaves
# out the held-out default seeds too (they are measured once, at a session's end)
ALONE_CLASSES = ("sim32b1", "sim32b2", "sim32b3", "sim33b1", "sim33b2", "sim34b1", "sim34b2", "sim35b1", "sim35b2",
                 "sim36b1", "sim36b2", "sim36p", "sim36q", "sim37b1",
                 "sim37b2", "sim38b1", "sim38b2", "sim39b1", "sim39b2",
                 "sim40b1", "sim40b2", "sim41b1", "sim41b2", "sim42b1", "sim42b2",
                 "sim43b1", "sim43b2", "sim44b1", "sim44b2")


def without_held_out_defaults(args, argv: list[str]) -> list[str]:
    """Drops the held-out default seeds from ARGS where ARGV names a tuning class, or gives seeds of its own to one of
    the first, second and third classes, and does not give those options itself (sessions 19, 20, 23 and 24 each
    measured them by mistake with `rescore.py --<a tuning class>`; session 30 with `rescore.py --second-seeds 11 12`,
    which also measured the third class's default seeds); returns the options dropped. A run that names neither
    (`run.py`, `rescore.py --eighth`) keeps them."""
    given = [a.split("=")[0] for a in argv if a.startswith("--") and len(a) > 2]
    options = {dest: "--" + dest.replace("_", "-") for dest in HELD_OUT_DEFAULTS}
    named = {dest for dest, option in options.items() if any(option.startswith(a) for a in given)}  # argparse: a prefix
    if not (any(getattr(args, name) for name in TUNING_CLASSES + ALONE_CLASSES) or named):
        return []
    dropped = []
    for dest, option in options.items():
        if getattr(args, dest) and dest not in named:
            setattr(args, dest, [])
            dropped.append(option)
    if dropped:
        print(f"{Path(argv[0]).name if argv else 'run.py'}: a tuning class, a class measured alone or seeds of your "
              f"own are named, so the "
              f"held-out default seeds of {', '.join(dropped)} are left out (give the option to measure them)",
              file=sys.stderr)
    return dropped


def main():
    args = arguments().parse_args()
    without_held_out_defaults(args, sys.argv)
    classes = labelled_classes(args)
    results = {name: measure_class(name, data, labels, args.skip_baselines, args.pycode)
               for name, (data, labels) in classes.items()}
    if args.large:
        folder = large_set(args.build / f"large-{args.large}", args.large)
        results["large"] = {f"seconds_for_{args.large}": time_large(folder)}
    args.build.mkdir(parents=True, exist_ok=True)  # also when no first class was built
    (args.build / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for name, by_tool in results.items():
        if name in classes:
            print(f"\n## {name}\n")
            print(markdown_table(by_tool))
    for name, by_tool in results.items():
        print(f"\n# {name}")
        for tool, result in by_tool.items():
            print(f"\n{tool}")
            for key, value in result.items():
                print(f"  {key}: {value}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
