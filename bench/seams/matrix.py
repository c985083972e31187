"""The seams matrix: each fresh submission of samples.py through every surface that grades one, and what each
says of it (score, status, diagnosis codes, the first failing test and the place it names), side by side.

    python bench/seams/matrix.py [OUT_DIR] [--surfaces run-one,check,...] [--only ID,ID]
    SEAMS_EXERCISE=03-tanh python bench/seams/matrix.py ...      # another exercise (default: engine)

Prints one line per sample and surface that disagrees with `grade` on the class folder (the reference row; for
a student's surface, the row as its student may see it: ci.student_record), and writes OUT_DIR/matrix.json.
Surfaces: run-one (`grade ENTRY`), check / check-ru / check-zh (`grade check ENTRY`), ci (`grade ci ENTRY
--json-out`), gradescope (gradescope.autograde on Gradescope's layout), resume (the class graded after half of
it was, sharing a cache: the whole row must be the fresh batch's), lang-ru (`grade --lang ru`), notebook (a
notebook's check() on the kernel's history). The fleet's rows are tests/test_fleet.py's (byte for byte a local
run's), `grade serve`'s tests/serve/test_same_row.py's. The one expected disagreement: `bob (bob.py)`, a second
entry with the id `bob`, is rejected in the class and graded alone (ids are unique in a class).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import samples  # noqa: E402

from click.testing import CliRunner  # noqa: E402

from grader.cli import main  # noqa: E402

EXERCISE = os.environ.get("SEAMS_EXERCISE", "engine")
STUDENT_SURFACES = ("check", "check-ru", "check-zh", "ci", "notebook")
LIMITS = ["--probe-timeout", "1"]


def summary(row: dict) -> dict:
    """What must agree across surfaces: score, status, diagnosis codes, the first test not passed and its place."""
    tests = row.get("tests") or []
    failing = [t for t in tests if t.get("status") not in ("passed", "skipped")]
    first = failing[0] if failing else None
    return {
        "score": row.get("score"),
        "status": row.get("status"),
        "diagnosis": sorted({(d.get("kind") or "?") + ":" + str(d.get("variant") or d.get("op") or "")
                             for d in row.get("diagnosis") or []}),
        "first": first and first["name"],
        "place": first and _place(first),
        "tests": {t["name"]: t["status"] for t in tests},
    }


def _place(test):
    """The place a test names: a row's file/line/cell, or a check's outcome's `where`."""
    where = test.get("where") or test
    return [where.get("file"), where.get("line"), where.get("cell")]


def _invoke(*args, env=None):
    result = CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)
    return result


def run_class(folder: Path, work: Path, *extra) -> dict:
    out = work / "run-class.json"
    result = _invoke("run", folder, "-e", EXERCISE, "-o", out, "--no-cache", "-q", *LIMITS, *extra)
    assert out.exists(), result.output
    return {row["id"]: row for row in json.loads(out.read_text())["submissions"]}


def run_one(entry: Path, work: Path) -> dict:
    out = work / "one.json"
    out.unlink(missing_ok=True)
    args = ["run", entry, "-e", EXERCISE, "-o", out, "--no-cache", "-q", *LIMITS]
    if entry.is_dir():
        args.append("--one-submission")
    _invoke(*args)
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def check_row(entry: Path, lang="en") -> dict:
    """`grade check` as a row: its visible tests (the engine suite's are all visible), its diagnosis."""
    from grader.classroom.student_check import check

    result = check(entry, EXERCISE, lang=lang)
    if result.rejected is not None:
        return {"status": "rejected", "score": 0.0, "tests": [], "diagnosis": [], "text": str(result)}
    return {"status": None, "score": result.points, "tests": result.tests, "diagnosis": result.diagnosis,
            "text": str(result), "checked": result.checked}


def notebook_row(entry: Path) -> dict | None:
    """A notebook's check() after Run All: the kernel's history is its code cells, in order (its places name
    `this notebook` and the run number, by design: only score, tests and diagnosis are compared)."""
    from grader.classroom import notebook_check

    if entry.suffix != ".ipynb":
        return None
    cells = [c["source"] if isinstance(c["source"], str) else "".join(c["source"])
             for c in json.loads(entry.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    shell = notebook_check._shell
    notebook_check._shell = lambda: samples.Kernel(cells)
    try:
        result = notebook_check.check(EXERCISE)
    finally:
        notebook_check._shell = shell
    return {"status": None, "score": result.points, "tests": result.tests, "diagnosis": result.diagnosis}


def ci_row(entry: Path, work: Path) -> dict:
    out = work / "ci.json"
    out.unlink(missing_ok=True)
    result = _invoke("ci", entry, "-e", EXERCISE, "--json-out", out, *LIMITS)
    (row,) = json.loads(out.read_text())["submissions"]
    row["annotations"] = [line for line in result.output.splitlines() if line.startswith("::")]
    return row


def gradescope_row(entry: Path, work: Path) -> dict:
    """Gradescope's layout: the student's upload in ROOT/submission (a folder's files, or the one file)."""
    from grader.integrations import gradescope
    root = samples.gradescope_root(entry, work / "gs", EXERCISE)
    results, batch = gradescope.autograde(root)
    row = dict(batch.scores["submissions"][0])
    assert results["score"] == row["score"], (results["score"], row["score"])
    return row


def resumed(work: Path) -> dict:
    """The class graded after a batch of half of it was (an interrupted batch: what it finished is in the
    cache), with that cache: every row as a fresh batch's."""
    cache, half = work / "cache", work / "half"
    shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(half, ignore_errors=True)
    half.mkdir()
    for i, entry in enumerate(sorted((work / "class").iterdir())):
        if i % 2:
            (shutil.copytree if entry.is_dir() else shutil.copy)(entry, half / entry.name)
    out = work / "resume.json"
    _invoke("run", half, "-e", EXERCISE, "-o", out, "--cache-dir", cache, "-q", *LIMITS)
    _invoke("run", work / "class", "-e", EXERCISE, "-o", out, "--cache-dir", cache, "-q", *LIMITS)
    return {row["id"]: row for row in json.loads(out.read_text())["submissions"]}


def main_(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default=None)
    parser.add_argument("--surfaces", default="run-one,check,check-ru,ci,gradescope")
    parser.add_argument("--only", default="")
    args = parser.parse_args(argv)
    work = Path(args.out or tempfile.mkdtemp(prefix="seams-"))
    shutil.rmtree(work / "class", ignore_errors=True)
    made = samples.class_folder(work / "class")
    reference = run_class(work / "class", work)
    entries = {}
    from grader.load import load_folder
    for sub in load_folder(work / "class"):
        entries[sub.id] = Path(sub.source)
    only = set(filter(None, args.only.split(",")))
    whole = {}
    if "resume" in args.surfaces:
        whole["resume"] = resumed(work)
    if "lang-ru" in args.surfaces:
        whole["lang-ru"] = run_class(work / "class", work, "--lang", "ru")
    matrix = {}
    disagreements = 0
    for sid, path in sorted(entries.items()):
        if only and sid not in only:
            continue
        from grader.integrations.ci import student_record

        full = summary(reference[sid])
        # what a student's surface shows (grade check, grade ci): the row as its student may see it
        shown = summary(student_record(reference[sid]))
        matrix[sid] = {"run-class": full}
        for surface in args.surfaces.split(","):
            try:
                if surface in whole:
                    got = summary(whole[surface][sid])
                    if surface == "resume" and whole[surface][sid] != reference[sid]:
                        got["row"] = "differs"
                elif surface == "run-one":
                    got = summary(run_one(path, work))
                elif surface in ("check", "check-ru", "check-zh"):
                    got = summary(check_row(path, lang={"check": "en"}.get(surface, surface[-2:])))
                elif surface == "notebook":
                    row = notebook_row(path)
                    if row is None:
                        continue
                    got = summary(row)
                elif surface == "ci":
                    got = summary(ci_row(path, work))
                elif surface == "gradescope":
                    got = summary(gradescope_row(path, work))
                else:
                    raise SystemExit(f"unknown surface {surface}")
            except Exception as exc:  # noqa: BLE001 - a surface that fails is a disagreement to report
                got = {"error": f"{type(exc).__name__}: {exc}"}
            matrix[sid][surface] = got
            ref = shown if surface in STUDENT_SURFACES else full
            if (surface.startswith("check") or surface == "notebook") and got.get("status", "") is None:
                got["status"] = ref["status"]  # a check has no status but `rejected`: the rest is the row's
            # a notebook's check() names `this notebook` and the cell's run number, by design
            diff = {k: (ref.get(k), got.get(k)) for k in set(ref) | set(got) if ref.get(k) != got.get(k)
                    and not (surface == "notebook" and k == "place")}
            if diff:
                disagreements += 1
                print(f"{sid:28} {surface:10} " + "; ".join(f"{k}: {a!r} != {b!r}" for k, (a, b) in diff.items()
                                                            if k != "tests")
                      + ("" if "tests" not in diff else "; tests differ"))
    (work / "matrix.json").write_text(json.dumps(matrix, indent=1, ensure_ascii=False))
    print(f"{len(matrix)} samples, {disagreements} disagreements; {work / 'matrix.json'}")


if __name__ == "__main__":
    main_()
