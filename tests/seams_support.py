"""What the differential tables of sessions 35 and 37 share (tests/test_seams35.py, tests/test_seams37.py): a fresh
class written by one of bench/seams' generators, graded by `grade run` once, and the surfaces that take it whole
(the fleet, the renderings of the scores file) or one entry at a time, each row compared field by field with `grade
run`'s (bench/seams/matrix.py)."""

import importlib
import shutil
import sys
from pathlib import Path

import pytest

from grader.load import load_folder

SEAMS = Path(__file__).resolve().parent.parent / "bench" / "seams"


def bench_seams(name):
    """The module NAME of bench/seams (matrix, a class's generator: fresh35...), imported from there."""
    sys.path.insert(0, str(SEAMS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(SEAMS))


matrix = bench_seams("matrix")

# The probe timeout of the surfaces that grade the class whole (`grade run`, the fleet, `grade serve`) and of the
# one-submission surfaces in the sandbox (`grade ENTRY`, `grade ci`, `grade check`, Gradescope's autograder: since
# session 44 each at this, so that a loop's words say the row's limit): an honest engine's every probe takes
# milliseconds (tests/test_seams.py, PROBE: the whole engine suite 0.22 s in process), so a probe that never ends
# (fresh35's loops.py, three probes cut, then the rest not run) is what it costs: 3.5 s of CPU a surface at
# bench/seams/matrix.py's 1 s, 1.3 s at this. The portable worker on the student's machine keeps matrix's: its
# timeout is the wall clock's, which a loaded machine stretches.
PROBE_SECONDS = 0.25


def first_failing(tests):
    """The first test of a row not passed (nor skipped), or {}."""
    return next((t for t in tests if t["status"] not in ("passed", "skipped")), {})


def graded_class(tmp, write):
    """The class `write(folder)` writes, graded by `grade run` once: (work folder, {id: row}, {id: entry's path})."""
    write(tmp / "class")
    rows = matrix.run_class(tmp / "class", tmp, probe_seconds=PROBE_SECONDS)
    return tmp, rows, {sub.id: Path(sub.source) for sub in load_folder(tmp / "class")}


def row_tables(rows, with_cell=False):
    """What a differential table asserts of `grade run`'s rows, each row's score first checked as the sum of its
    tests': ({id: (status, score, the first test not passed, its exception, file, line[, cell])}, {id: each finding's
    (kind, variant or op, file, line)} of the rows with findings, {id: the row's message} of the rows with one)."""
    got = {}
    for sid, row in rows.items():
        first = first_failing(row["tests"])
        got[sid] = (row["status"], row["score"], first.get("name"), first.get("exception"), first.get("file"),
                    first.get("line"), *([first.get("cell")] if with_cell else []))
        assert (row["max_score"], row["score"]) == (63.0, round(sum(t["score"] for t in row["tests"]), 4)), sid
    found = {sid: [(d["kind"], d.get("variant") or d.get("op"), d.get("file"), d.get("line"))
                   for d in row["diagnosis"]] for sid, row in rows.items() if row["diagnosis"]}
    return got, found, {sid: row["message"] for sid, row in rows.items() if row.get("message")}


def fleet_drift(graded):
    """The ids whose row through a redis-server and one `grade worker` is not, byte for byte, the local batch's."""
    if not shutil.which("redis-server"):
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    work, rows, _ = graded
    fleet = matrix.fleet_rows(work, probe_seconds=PROBE_SECONDS)
    return sorted(sid for sid in rows if fleet[sid] != rows[sid])


def served(graded):
    """Each file entry uploaded by a student of its own to `grade serve` (matrix.serve_rows)."""
    pytest.importorskip("fastapi")
    work, rows, entries = graded
    return matrix.serve_rows(work, entries, probe_seconds=PROBE_SECONDS)


def serve_drift(graded, said, left=()):
    """{id: the fields in which `grade serve`'s row (SAID: served(graded)) differs from `grade run`'s} of each upload
    but those LEFT (refused before they are read); every upload has its row, and each kept grade is the row's: the
    gradebook's cell and the LTI passback its score, none for a rejected row."""
    _, rows, entries = graded
    assert sorted(said) == sorted(sid for sid, path in entries.items() if path.is_file())
    drift = {}
    for sid, row in said.items():
        if sid in left:
            continue
        kept = (None, None) if row["status"] == "rejected" else (rows[sid]["score"],) * 2
        assert (row["gradebook"], row["passback"]) == kept, sid  # no grade kept or sent for a rejected row
        diff = matrix.differences("serve", rows[sid], row)
        if diff:
            drift[sid] = sorted(diff)
    return drift


def assert_the_renderings_say_each_row(graded):
    """The scores file's CSV, JUnit and Gradescope renderings each say a row's score and status."""
    work, rows, _ = graded
    said = matrix.report_rows(work)
    assert {sid: said[sid] for sid in rows} == {
        sid: dict.fromkeys(("csv", "junit", "gradescope"), (row["score"], row["status"])) for sid, row in rows.items()}


def one_by_one(graded, ids_of):
    """`grade ENTRY` (run-one), `grade check`, `grade ci --json-out`, Gradescope's autograder, a notebook's check()
    after Run All, `grade check` on the portable worker, each on the entries `ids_of` names for it (each at the class's
    PROBE_SECONDS but the portable worker, whose limit is the wall clock's): {(id, surface): (its row's, the
    surface's summary differences)} of the rows that differ (matrix.differences)."""
    work, rows, entries = graded
    made = {"run-one": lambda path: matrix.run_one(path, work, probe_seconds=PROBE_SECONDS),
            "check": lambda path: matrix.check_row(path, probe_seconds=PROBE_SECONDS),
            "ci": lambda path: matrix.ci_row(path, work, probe_seconds=PROBE_SECONDS),
            "gradescope": lambda path: matrix.gradescope_row(path, work, probe_seconds=PROBE_SECONDS),
            "notebook": matrix.notebook_row,
            "check-portable": lambda path: matrix.portable_row(path, work)}
    drift = {}
    for surface, ids in ids_of.items():
        for sid in ids:
            diff = matrix.differences(surface, rows[sid], made[surface](entries[sid]))
            if diff:
                drift[sid, surface] = diff
    return drift
