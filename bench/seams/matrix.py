"""The seams matrix: each fresh submission of samples.py (or fresh22.py ... fresh26.py, fresh30.py, fresh31.py, fresh33.py, fresh34.py, fresh35.py, fresh37.py, fresh41.py, fresh44.py: --class fresh22 ... fresh44) through every surface
that grades one, and what each says of it (score, status, diagnosis codes, the first failing test and the place
it names; since session 24 field by field: each test's score, place, exception and words, each finding's fields,
the row's message and message_data), side by side.

    python bench/seams/matrix.py [OUT_DIR] [--class samples|fresh22|...|fresh37|stdlib41] [--surfaces run-one,check,...] [--only ID,ID]
    SEAMS_EXERCISE=03-tanh python bench/seams/matrix.py ...      # another exercise (default: engine)

Prints one line per sample and surface that disagrees with `grade` on the class folder (the reference row; for
a student's surface, the row as its student may see it: ci.student_record), and writes OUT_DIR/matrix.json.
Surfaces: run-one (`grade ENTRY`), check / check-ru / check-zh (`grade check ENTRY`), ci (`grade ci ENTRY
--json-out`), gradescope (gradescope.autograde on Gradescope's layout), resume (the class graded after half of
it was, sharing a cache: the whole row must be the fresh batch's), lang-ru (`grade --lang ru`), notebook (a
notebook's check() on the kernel's history), fleet (the class through a real redis-server and one `grade
worker`: the whole row must be the local batch's), serve (each file uploaded to `grade serve` by a student of
its own and graded by its pool: the stored row, the gradebook's cell and the score its LTI passback sends, which
must be the row's), report (the scores file rendered as CSV, JUnit and Gradescope: one score and status a row),
check-stu (`grade check` from a student's install, the wheel in a fresh venv as README says, its `grade` in
$SEAMS_STUDENT_GRADE: its PASS/FAIL lines and score those of the checkout's check), ci-env (`grade ci` under GitHub
Actions' variables: CI, GITHUB_ACTIONS, GITHUB_STEP_SUMMARY), gs-schema (Gradescope's results.json against
tests/report/gradescope_results.schema.json, and its scores the row's), lang-ru / lang-zh (`grade --lang`; beside
them check-ru / check-zh are compared word for word), fleet-kill (the fleet's worker killed with SIGKILL
$SEAMS_KILL_AFTER seconds (0.1) after it took its first job, a second started: every row the local batch's), check-portable (`grade
check` on the portable worker, a student's laptop: PATH without bwrap, prlimit, setpriv). tests/test_fleet.py and
tests/serve/test_same_row.py hold the fleet's and the service's own. Expected disagreements: `bob (bob.py)`, a
second entry with the id `bob`, is rejected in the class and graded alone (ids are unique in a class); a
notebook's check() has no row for a file the kernel cannot have run (not JSON, no code cells), and leaves out a
cell that does not compile where the file's row is 0 (it says so: docs/students.md); Gradescope names a refused
upload of several files under its own folder (`no engine.py found in submission/`, where `grade run` names the
student's folder); `grade serve` refuses at the upload (422, nothing charged, no row) what `grade run` rejects as
a file of another kind, in the same words (matched here); a file name holding a newline reaches `grade serve` as
the browser sends it (`two%0Alines.py`); check-portable says a timeout is measured by the wall clock and a path
the student's exception names is the portable worker's scratch folder (an engine that writes beside itself
fails there as in the sandbox since session 24: grader/sandbox/read_only.py). Session 23 closed `grade check`'s missing `why:` for an op that raises,
and its missing hints on a row that passes (tests/test_seams23.py); session 24 Gradescope's one file graded as its
folder, serve's own words for a file of another kind, and the exception's type only in the words
(tests/test_seams24.py); session 25 a folder holding one .zip (graded by Gradescope, rejected by `grade run`:
grader/load.only_file) and the report's id of a student who named their file like a formula (`-rf`, written
`'-rf` in the CSV, docs/security.md: mapped back here), tests/test_seams25.py. Also expected: a folder holding one
file of another kind (`engine.cpython-311.pyc`) is refused by Gradescope as that file and by `grade run` as a
folder without an engine.py, both `rejected` (docs/contract.md §1). Session 26 (--class fresh26, tests/test_seams26.py):
the package the files were handed in as is the loader's decision (`Submission.package`), which the fleet's job
carries (a helper package `aa/__init__.py` beside files that import relatively was the sandbox's package: 0/63);
expected: a symbolic link in a student's folder (an engine, a helper, a folder) is refused by `grade run` (not
followed), and graded by Gradescope here, whose upload this bench copies as a browser uploads a folder, the linked
file's bytes in its place. Session 30 (--class fresh30, its class of SEAMS_EXERCISE: 03-tanh, 04-more-ops, 05-backward,
07-mlp-xor, 08-dual-numbers or 11-fit-line; tests/test_seams30.py): 0 disagreements on every surface, check-portable's
wall clock apart. Session 31 (--class fresh31, SEAMS_EXERCISE engine, 07-mlp-xor, 08-dual-numbers or 11-fit-line:
a check cell under the `__main__` test turned round, the exercise's other file alone in a student's folder as a
.py or a notebook, a folder holding only that file with the engine inside): one seam found and closed, a folder
holding the other file alone said the folder's words on `grade run` and the file's on Gradescope
(grader/load/levels._one_other); the rest 0 disagreements on 15 surfaces. Session 33 (--class fresh33, SEAMS_EXERCISE
engine, 07-mlp-xor or 09-write-tests: every status a row can have, an engine of closures stamped with their birth;
tests/test_seams33.py): the surfaces agree on every row; one seam found and closed in what all of them said, a 09 tests
file that does not compile (its SyntaxError left the probe: "your engine raised SyntaxError", each catches/ test an
`error`; grader/suites/09-write-tests/probes.py compiles it inside the timed call). Session 34 (--class fresh34,
SEAMS_EXERCISE engine, 07-mlp-xor, 08-dual-numbers, 09-write-tests or 11-fit-line; tests/test_seams34.py): one seam
found and closed, a NUL byte in a .py or a notebook's cell (`ValueError` in the sandbox's Python 3.11.2, `SyntaxError`
on check-portable's 3.11.7: refused at load, grader/load/reading.refuse_nul). Also expected there: a symbolic link
that points nowhere is a class's rejected row, and a usage error (the path does not exist) for the commands given it
alone; a check's inputs are fixed, the row's drawn (kahn-early 16.1667 in a check, 14.1667 graded); check-stu's FAIL
line of fit-stuck lacks the named variant's explanation the checkout's carries (the variants are the instructor's).
Session 35 (--class fresh35, SEAMS_EXERCISE engine, 07-mlp-xor or 09-write-tests: three correct engines written three
ways, ten classic mistakes, an exit at import, a segfault mid-suite, a probe that never returns, memory grabs, check()
cells, a zip, a helper module, Latin-1, a NUL byte, an empty file; tests/test_seams35.py runs it in CI): no drift; the
expected ones are the check's fixed inputs (table-forwards 16.1667 checked, 14.1667 graded), `grade serve`'s own draw
secret (the same scores; its drawn failure's numbers were its draw's until redteam35b said a drawn failure in the
grader's words alone: now the same row) and check-portable's wall clock (hog, sleeps). Session 37 (--class fresh37,
SEAMS_EXERCISE engine: 20 inputs where the surfaces' own code differs, loading failures, past each size limit, hostile
imports, a stranger engine; tests/test_seams37.py) on 16 surfaces: every row agrees but `grade serve`'s 413 for an
upload over its cap (big.zip, by design: refused before it is read), whose words were the service's one refusal in
English alone and said `20 MB` of 20 MiB (grader/serve/app.UploadCap: now a Message in the loader's unit), and the
words of a size beside its limit on every surface (`1.0 MiB; the limit is 1.0 MiB`: grader/load/reading.sizes_apart).
Session 41 (--class fresh41, SEAMS_EXERCISE engine, 07-mlp-xor, 09-write-tests or 10-neuron: a notebook whose last cell
raises, random.py beside engine.py, engine/__init__.py, an LMS zip, each limit of the sandbox met in one op, a timeout
with forked children, `%run ./impl.py`, a case twin; tests/test_seams41.py) on 18 surfaces: no row drifted. Expected
there: the portable worker sets no process limit (limit-processes: its eighty children all start, log is right: 63
where the sandbox's 64-process limit makes 61) and counts no processes at a timeout (fork-spin's words are the wall
clock's alone: grader/sandbox/limit_hit.started_processes); a check runs the visible tests alone, so a point earned
only on a hidden test credits engine/from-scratch in the row and not in the check (07's nn-own-random: 1.0 shown,
0.0 checked). Found and left: a file of 96 MiB written into the sandbox's /tmp, capped at the file-size limit, met
ENOSPC (said bare, no limit's words) on one surface where the rest met EFBIG (tests/test_seams41.py's docstring).
Session 44 (--class fresh44, SEAMS_EXERCISE engine: a correct engine of closures that push, one per classic mistake,
a crash at import, a loop, a forbidden import, a notebook, a package whose helper holds the bug, a zip, cp1252 and
Latin-1, an empty folder; tests/test_seams44.py takes every entry through every surface, the bundle and the student
wheel too) on 16 surfaces: no row drifted but the designed ones; what drifted was what Gradescope's results.json and
serve's API carried: a finding's and a limit's fields were words alone there (now `extra_data.diagnosis`,
`extra_data.limit`, the API's `limit`). serve_rows keeps each upload's API answer (`api`) beside its row.
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
STDLIB41 = HERE.parent.parent / "tests" / "fixtures" / "stdlib41" / "engine"  # --class stdlib41
sys.path.insert(0, str(HERE))

import fresh22  # noqa: E402
import fresh23  # noqa: E402
import fresh24  # noqa: E402
import fresh25  # noqa: E402
import fresh26  # noqa: E402
import fresh30  # noqa: E402
import fresh31  # noqa: E402
import fresh33  # noqa: E402
import fresh34  # noqa: E402
import fresh35  # noqa: E402
import fresh37  # noqa: E402
import fresh41  # noqa: E402
import fresh44  # noqa: E402
import samples  # noqa: E402

from click.testing import CliRunner  # noqa: E402

from grader.cli import main  # noqa: E402

EXERCISE = os.environ.get("SEAMS_EXERCISE", "engine")
STUDENT_SURFACES = ("check", "check-ru", "check-zh", "check-portable", "ci", "ci-env", "notebook")
# every surface's probe timeout; run_class, ci_row, serve_rows and fleet_rows take another (tests/seams_support.py:
# a class whose only row that meets it is a loop's)
PROBE_SECONDS = 1.0


def _limits(probe_seconds: float) -> list[str]:
    return ["--probe-timeout", f"{probe_seconds:g}"]


LIMITS = _limits(PROBE_SECONDS)


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
        # field by field (session 24): each test not passed, each finding, the row's own words
        "fields": {t["name"]: {"score": t["score"] if "score" in t else t.get("earned"), "place": _place(t),
                               "exception": t.get("exception"), "output": t.get("output")} for t in failing},
        "findings": [{k: d.get(k) for k in ("kind", "op", "variant", "hint", "exception", "file", "line", "cell",
                                            "tests", "message")} for d in row.get("diagnosis") or []],
        "message": row.get("message"),
        "message_data": row.get("message_data"),
    }


# what a surface says in another language, or names by design in its own way, is left out of its comparison
WORDS = ("output", "message")
NOT_COMPARED = {"check-ru": {"message", "message_data"}, "check-zh": {"message", "message_data"},
                "check": {"message", "message_data"}, "check-portable": {"message", "message_data"},
                "notebook": {"message", "message_data"}}


def _short(value, at: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= at else text[:at] + f"… ({len(text)} characters)"


def _comparable(surface: str, said: dict, same_language: bool = False) -> dict:
    """SAID without what SURFACE is not held to: a check has no row message; a translated surface's words are its
    language's (their fields, places and scores still compared), unless compared with a row in its language
    (`same_language`: check-ru beside lang-ru); a notebook names its cells its own way."""
    said = {k: v for k, v in said.items() if k not in NOT_COMPARED.get(surface, ())}
    translated = surface in ("check-ru", "check-zh", "lang-ru", "lang-zh") and not same_language
    if "fields" in said:
        said["fields"] = {name: {k: v for k, v in f.items() if not (translated and k in WORDS)
                                 and not (surface == "notebook" and k in ("place", "output"))}
                          for name, f in said["fields"].items()}
    if "findings" in said:
        said["findings"] = [{k: v for k, v in f.items() if not (translated and k in WORDS)
                             and not (surface == "notebook" and k in ("file", "line", "cell", "message"))}
                            for f in said["findings"]]
    if translated and said.get("message_data"):
        said["message"] = None
    return said


def differences(surface: str, reference: dict, got: dict) -> dict:
    """{field: (`grade run`'s, SURFACE's)} of each field of the summaries that differs: REFERENCE the class's row
    (for a student's surface, the row as its student may see it), GOT what SURFACE said of the same entry."""
    from grader.integrations.ci import student_record

    ref = summary(student_record(reference) if surface in STUDENT_SURFACES else reference)
    said = summary(got)
    if surface != "serve" and said.get("status") is None:
        said["status"] = ref["status"]  # a check has no status but `rejected`: the rest is the row's
    ref, said = _comparable(surface, ref), _comparable(surface, said)
    return {k: (ref.get(k), said.get(k)) for k in set(ref) | set(said) if ref.get(k) != said.get(k)
            and not (surface == "notebook" and k == "place")}


def _place(test):
    """The place a test names: a row's file/line/cell, or a check's outcome's `where`."""
    where = test.get("where") or test
    return [where.get("file"), where.get("line"), where.get("cell")]


def _invoke(*args, env=None):
    result = CliRunner().invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)
    return result


def run_class(folder: Path, work: Path, *extra, probe_seconds: float = PROBE_SECONDS) -> dict:
    out = work / "run-class.json"
    result = _invoke("run", folder, "-e", EXERCISE, "-o", out, "--no-cache", "-q", *_limits(probe_seconds), *extra)
    assert out.exists(), result.output
    return {row["id"]: row for row in json.loads(out.read_text())["submissions"]}


def run_one(entry: Path, work: Path, probe_seconds: float = PROBE_SECONDS) -> dict:
    out = work / "one.json"
    out.unlink(missing_ok=True)
    args = ["run", entry, "-e", EXERCISE, "-o", out, "--no-cache", "-q", *_limits(probe_seconds)]
    if entry.is_dir():
        args.append("--one-submission")
    _invoke(*args)
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def check_row(entry: Path, lang="en", probe_seconds: float = PROBE_SECONDS) -> dict:
    """`grade check` as a row: its visible tests (the engine suite's are all visible), its diagnosis."""
    from grader.classroom.student_check import check

    from grader.sandbox import Limits

    result = check(entry, EXERCISE, lang=lang, limits=Limits(probe_seconds=probe_seconds))
    if result.rejected is not None:
        return {"status": "rejected", "score": 0.0, "tests": [], "diagnosis": [], "text": str(result)}
    return {"status": None, "score": result.points, "tests": result.tests, "diagnosis": result.diagnosis,
            "text": str(result), "checked": result.checked}


def portable_row(entry: Path, work: Path) -> dict:
    """`grade check` on a student's laptop: the portable worker (grader/sandbox/portable.py), forced here by a PATH
    without the Linux sandbox's tools (bwrap, prlimit, setpriv), as tests/test_portable.py forces it."""
    bin_dir = work / "portable-bin"
    if not bin_dir.exists():
        bin_dir.mkdir()
        for directory in os.environ["PATH"].split(os.pathsep):
            if os.path.isdir(directory):
                for name in os.listdir(directory):
                    if name not in ("bwrap", "prlimit", "setpriv") and not (bin_dir / name).exists():
                        (bin_dir / name).symlink_to(Path(directory) / name)
    path = os.environ["PATH"]
    os.environ["PATH"] = str(bin_dir)
    try:
        row = check_row(entry)
    finally:
        os.environ["PATH"] = path
    return row


def notebook_row(entry: Path) -> dict | None:
    """A notebook's check() after Run All: the kernel's history is its code cells, in order (its places name
    `this notebook` and the run number, by design: only score, tests and diagnosis are compared)."""
    from grader.classroom import notebook_check

    if entry.suffix != ".ipynb":
        return None
    try:
        nb = json.loads(entry.read_text(encoding="utf-8"))
    except ValueError:  # not JSON (an empty file): Jupyter cannot open it, so no kernel ran it
        return None
    # nbformat 3 keeps its cells in worksheets, a code cell's source as `input` (Jupyter converts it on opening)
    cells = [c["source"] if isinstance(c["source"], str) else "".join(c["source"])
             for c in nb.get("cells") or [dict(c, source=c.get("input", "")) for w in nb.get("worksheets") or []
                                          for c in w.get("cells") or []] if c["cell_type"] == "code"]
    shell = notebook_check._shell
    notebook_check._shell = lambda: samples.Kernel(cells)
    try:
        result = notebook_check.check(EXERCISE)
    finally:
        notebook_check._shell = shell
    return {"status": None, "score": result.points, "tests": result.tests, "diagnosis": result.diagnosis}


def student_install_text(entry: Path, work: Path) -> dict:
    """`grade check ENTRY` from a student's install (the wheel in a fresh venv, README's way: $SEAMS_STUDENT_GRADE
    is its `grade`), beside the checkout's check: its PASS/FAIL/SKIP lines and its score line must be the
    checkout's (the `why:` lines are not: the named variants are the instructor's, docs/distribution.md)."""
    import subprocess

    def lines(text):
        return [line.rstrip() for line in text.splitlines()
                if line.split("  ")[0] in ("PASS", "FAIL", "SKIP") or line.startswith(("Score", "Error"))]

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([os.environ["SEAMS_STUDENT_GRADE"], "check", str(entry), "-e", EXERCISE,
                             "--probe-timeout", "1"], capture_output=True, text=True, env=env, cwd=work,
                            errors="backslashreplace")  # a byte that is not UTF-8 is a difference, not a crash
    from grader.classroom.student_check import CheckError, check
    from grader.sandbox import Limits

    try:
        own = str(check(entry, EXERCISE, limits=Limits(probe_seconds=1.0), lang="en"))
    except CheckError as exc:
        own = f"Error: {exc}"
    return {"student": lines(result.stdout + result.stderr), "checkout": lines(own)}


def ci_row(entry: Path, work: Path, env: dict | None = None, probe_seconds: float = PROBE_SECONDS) -> dict:
    """`grade ci ENTRY --json-out`; `env`: the variables a CI runner sets (ci-env: GitHub Actions')."""
    out = work / "ci.json"
    out.unlink(missing_ok=True)
    result = _invoke("ci", entry, "-e", EXERCISE, "--json-out", out, *_limits(probe_seconds), env=env)
    (row,) = json.loads(out.read_text())["submissions"]
    row["annotations"] = [line for line in result.output.splitlines() if line.startswith("::")]
    return row


def gradescope_row(entry: Path, work: Path, probe_seconds: float = PROBE_SECONDS) -> dict:
    """Gradescope's layout: the student's upload in ROOT/submission (a folder's files, or the one file)."""
    from grader.integrations import gradescope
    root = samples.gradescope_root(entry, work / "gs", EXERCISE, probe_seconds=probe_seconds)
    results, batch = gradescope.autograde(root)
    row = dict(batch.scores["submissions"][0])
    assert results["score"] == row["score"], (results["score"], row["score"])
    return row


def gradescope_schema(entry: Path, work: Path) -> list[str]:
    """Gradescope's results.json of ENTRY against Gradescope's own format (tests/report/gradescope_results.schema.json)
    and against the row: [] when it fits; else what does not."""
    import jsonschema

    from grader.integrations import gradescope

    root = samples.gradescope_root(entry, work / "gs", EXERCISE)
    results, batch = gradescope.autograde(root)
    written = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    schema = json.loads((HERE.parent.parent / "tests" / "report" / "gradescope_results.schema.json").read_text())
    wrong = [f"{'/'.join(map(str, e.path))}: {e.message}"[:200]
             for e in jsonschema.Draft7Validator(schema).iter_errors(written)]
    row = batch.scores["submissions"][0]
    if written != results:
        wrong.append("results.json is not what autograde returned")
    if written.get("score") != row["score"]:
        wrong.append(f"score {written.get('score')} != the row's {row['score']}")
    by_name = {t["name"]: t for t in row.get("tests") or []}
    for t in written.get("tests") or []:
        mine = by_name.get(t.get("name"))
        if mine is not None and (t.get("score"), t.get("max_score")) != (mine["score"], mine["max_score"]):
            wrong.append(f"{t['name']}: {t.get('score')}/{t.get('max_score')} != {mine['score']}/{mine['max_score']}")
    return wrong


def resumed(work: Path, probe_seconds: float = PROBE_SECONDS) -> dict:
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
    _invoke("run", half, "-e", EXERCISE, "-o", out, "--cache-dir", cache, "-q", *_limits(probe_seconds))
    _invoke("run", work / "class", "-e", EXERCISE, "-o", out, "--cache-dir", cache, "-q", *_limits(probe_seconds))
    return {row["id"]: row for row in json.loads(out.read_text())["submissions"]}


def serve_rows(work: Path, entries: dict, probe_seconds: float = PROBE_SECONDS) -> dict:
    """`grade serve`: each file entry uploaded by a student of its own (a folder cannot be uploaded), graded by the
    service's pool, and what the student sees: the stored row, the gradebook's cell, and the score its LTI
    passback sends (each student linked from an LMS; Lti.send captured), and the API's answer to its student.
    {id: row with `gradebook`, `passback`, `api`}."""
    import re as _re

    from fastapi.testclient import TestClient

    from grader.serve import jobs, lti
    from grader.serve.app import create_app
    from grader.serve.course import load, write_new
    from grader.serve.db import LtiLink, Submission
    from grader.serve.gradebook import gradebook
    from grader.serve.grading import Worker

    files = {sid: path for sid, path in entries.items() if path.is_file()}
    students = {sid: f"s{n}" for n, sid in enumerate(sorted(files))}
    folder = work / "course"
    shutil.rmtree(folder, ignore_errors=True)
    write_new(folder, sorted(students.values()), [EXERCISE])
    text = (folder / "course.toml").read_text()
    (folder / "course.toml").write_text(_re.sub(r"(?m)^cooldown_seconds = .*$", "cooldown_seconds = 0", text))
    sent = {}

    class Captured:
        def send(self, link, score, maximum, comment):
            sent[link.student] = (score, maximum)

    of, lti.Lti.of = lti.Lti.of, classmethod(lambda cls, folder: Captured())
    import functools

    from grader import pipeline
    from grader.sandbox import Limits

    # the service grades with the default limits; the matrix's other surfaces with their probe timeout
    settings, pipeline.Settings = pipeline.Settings, functools.partial(pipeline.Settings,
                                                                       limits=Limits(probe_seconds=probe_seconds))
    backoff, jobs.RETRY_BACKOFF_SECONDS = jobs.RETRY_BACKOFF_SECONDS, (0, 0, 0)
    ids, refused = {}, {}
    try:
        app = create_app(folder, start_pool=False)
        with TestClient(app) as client:
            svc = app.state.service
            with svc.db.write() as session:
                for who in students.values():
                    session.add(LtiLink(student=who, exercise=EXERCISE, issuer="i", client_id="c", user_id=who,
                                        service={}))
            for sid, path in files.items():
                who = students[sid]
                answer = client.post("/api/v1/submissions", data={"exercise": EXERCISE},
                                     headers={"Authorization": f"Bearer {svc.token_for(who)}"},
                                     files={"file": (_sent_name(path.name), path.read_bytes())})
                if answer.status_code == 202:
                    ids[sid] = answer.json()["id"]
                else:
                    refused[sid] = answer
            Worker(folder).drain()
            # what the student's API answers of each (the row as its student may see it, its words and fields)
            api = {sid: client.get(f"/api/v1/submissions/{key}",
                                   headers={"Authorization": f"Bearer {svc.token_for(students[sid])}"}).json()
                   for sid, key in ids.items()}
            with svc.db.read() as session:
                book = {r["student"]: r["exercises"][EXERCISE] for r in gradebook(session, load(folder))["students"]}
                rows = {}
                for sid, key in ids.items():
                    sub = session.get(Submission, key)
                    row = dict(sub.record or {"status": sub.status, "score": None, "message": sub.message})
                    cell = book.get(students[sid])
                    row["gradebook"] = cell and cell["score"]
                    row["passback"] = sent.get(students[sid], (None,))[0]
                    row["api"] = api[sid]
                    rows[sid] = row
    finally:
        lti.Lti.of, jobs.RETRY_BACKOFF_SECONDS, pipeline.Settings = of, backoff, settings
    for sid, answer in refused.items():
        said = answer.json() if answer.headers.get("content-type", "").startswith("application/json") else {}
        rows[sid] = {"status": "refused", "score": None, "message": f"{answer.status_code} {said.get('detail')}",
                     "refused": (answer.status_code, said.get("detail"), said.get("message_data"))}
    return rows


def _sent_name(name: str) -> str:
    """The file name a browser sends for a name on disk that is not UTF-8 (its bytes read as UTF-8, each byte that
    is not replaced by U+FFFD): a multipart form's filename is text."""
    return os.fsencode(name).decode("utf-8", "replace")


def fleet_rows(work: Path, kill_after: float | None = None, probe_seconds: float = PROBE_SECONDS) -> dict:
    """The class graded through a Redis queue by one `grade worker` (a real redis-server on a free port);
    `kill_after` (fleet-kill): that worker and its children killed (SIGKILL) that many seconds after it took its
    first job, mid-job, and a second worker started: nothing lost, every row the local batch's."""
    import socket
    import subprocess
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    redis_dir = work / "redis"
    shutil.rmtree(redis_dir, ignore_errors=True)
    redis_dir.mkdir()
    url = f"redis://127.0.0.1:{port}/0"
    env = dict(os.environ, GRADE_FLEET_KEY="k" * 64,
               PYTHONPATH=os.pathsep.join(filter(None, [str(HERE.parent.parent), os.environ.get("PYTHONPATH")])))
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(redis_dir),
                               "--save", ""], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = None
    try:
        deadline = time.monotonic() + 30  # until redis-server listens (a fixed second was waited until session 37)
        while server.poll() is None and time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.02)
        worker = subprocess.Popen([sys.executable, "-m", "grader", "worker", url, "--heartbeat", "2"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=open(work / "worker.log", "w"),
                                  start_new_session=True)
        out = work / "fleet.json"
        out.unlink(missing_ok=True)
        batch = subprocess.Popen([sys.executable, "-m", "grader", "run", str(work / "class"), "-e", EXERCISE, "-o",
                                  str(out), "--no-cache", "-q", *_limits(probe_seconds), "--queue", url], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if kill_after is not None:
            # mid-job: once the worker has taken its first job (its log says so), `kill_after` seconds later
            deadline = time.monotonic() + 300
            while "grade-observe: " + EXERCISE + ":" not in (work / "worker.log").read_text() \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(kill_after)
            os.killpg(worker.pid, 9)  # the worker and the sandboxes it started: a machine lost mid-job
            worker.wait()
            worker = subprocess.Popen([sys.executable, "-m", "grader", "worker", url, "--heartbeat", "2"], env=env,
                                      stdout=subprocess.DEVNULL, stderr=open(work / "worker2.log", "w"),
                                      start_new_session=True)
        output, _ = batch.communicate(timeout=1800)
        result = type("Ran", (), {"stdout": output, "stderr": ""})()
        assert out.exists(), result.stdout + result.stderr
        return {row["id"]: row for row in json.loads(out.read_text())["submissions"]}
    finally:
        if worker is not None:
            os.killpg(worker.pid, 15)
            worker.wait()
        server.terminate()
        server.wait()


def report_rows(work: Path) -> dict:
    """The class's scores file as its renderings say each row (grader.report: CSV, JUnit, Gradescope): the one
    score and status of a row in each. {id: {"csv": (score, status), "junit": ..., "gradescope": ...}}."""
    import csv
    import xml.etree.ElementTree as ET

    from grader.report import render

    from grader.student_text import printable

    scores = json.loads((work / "run-class.json").read_text())
    said = {}
    from grader.report.gradebook import _cell

    # the CSV gradebook writes an id on one line, printable (`two\x0alines`), and one a spreadsheet would run as a
    # formula (`-rf`) after a `'`: docs/security.md, grader/report/gradebook.py
    ids = {_cell(printable(row["id"], one_line=True)): row["id"] for row in scores["submissions"]}
    for row in csv.DictReader(render(scores, "csv").splitlines()):
        said.setdefault(ids.get(row["id"], row["id"]), {})["csv"] = (float(row["score"]), row["status"])
    for suite in ET.fromstring(render(scores, "junit").encode("utf-8")).iter("testsuite"):
        props = {p.get("name"): p.get("value") for p in suite.iter("property")}
        said.setdefault(suite.get("name"), {})["junit"] = (float(props["score"]), props["status"])
    documents = json.loads(render(scores, "gradescope"))
    if len(scores["submissions"]) == 1:  # a class of one: Gradescope's one results.json, not keyed by id
        documents = {scores["submissions"][0]["id"]: documents}
    for sid, result in documents.items():
        said.setdefault(sid, {})["gradescope"] = (float(result["score"]), result["extra_data"]["status"])
    return said


def main_(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default=None)
    parser.add_argument("--surfaces", default="run-one,check,check-ru,ci,gradescope")
    parser.add_argument("--only", default="")
    parser.add_argument("--class", dest="klass", default="samples", choices=("samples", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh30", "fresh31", "fresh33", "fresh34", "fresh35", "fresh37", "stdlib41", "fresh41", "fresh44"))
    args = parser.parse_args(argv)
    work = Path(args.out or tempfile.mkdtemp(prefix="seams-"))
    shutil.rmtree(work / "class", ignore_errors=True)
    made = {"fresh22": fresh22.fresh_class, "fresh23": fresh23.fresh_class, "fresh24": fresh24.fresh_class, "fresh25": fresh25.fresh_class,
            "fresh26": fresh26.fresh_class, "fresh30": lambda folder: fresh30.fresh_class(folder, EXERCISE),
            "fresh31": lambda folder: fresh31.fresh_class(folder, EXERCISE),
            "fresh33": lambda folder: fresh33.fresh_class(folder, EXERCISE),
            "fresh34": lambda folder: fresh34.fresh_class(folder, EXERCISE),
            "fresh35": lambda folder: fresh35.fresh_class(folder, EXERCISE),
            "fresh37": lambda folder: fresh37.fresh_class(folder, EXERCISE),
            "stdlib41": lambda folder: shutil.copytree(STDLIB41, folder),  # a helper named as a standard module
            "fresh41": lambda folder: fresh41.fresh_class(folder, EXERCISE),
            "fresh44": lambda folder: fresh44.fresh_class(folder, EXERCISE),
            "samples": samples.class_folder}[args.klass](work / "class")
    reference = run_class(work / "class", work)
    entries = {}
    from grader.load import load_folder
    for sub in load_folder(work / "class"):
        entries[sub.id] = Path(sub.source)
    only = set(filter(None, args.only.split(",")))
    whole = {}
    if "resume" in args.surfaces:
        whole["resume"] = resumed(work)
    if "serve" in args.surfaces:
        whole["serve"] = serve_rows(work, entries)
    if "fleet" in args.surfaces.split(","):
        whole["fleet"] = fleet_rows(work)
    if "fleet-kill" in args.surfaces.split(","):
        whole["fleet-kill"] = fleet_rows(work, kill_after=float(os.environ.get("SEAMS_KILL_AFTER", "0.1")))
    rendered = report_rows(work) if "report" in args.surfaces else {}
    for lang in ("ru", "zh"):
        if f"lang-{lang}" in args.surfaces.split(","):
            whole[f"lang-{lang}"] = run_class(work / "class", work, "--lang", lang)
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
        row_said = {}
        for surface in args.surfaces.split(","):
            try:
                if surface == "report":
                    said = rendered.get(sid, {})
                    got = dict(full, report={k: v for k, v in said.items() if v != (full["score"], full["status"])}
                               or None)
                    if set(said) != {"csv", "junit", "gradescope"}:
                        got["report"] = f"rendered in {sorted(said)} only"
                    matrix[sid][surface] = got
                    if got["report"]:
                        disagreements += 1
                        print(f"{sid:28} report     {got['report']}")
                    continue
                if surface == "serve" and sid not in whole[surface]:
                    continue  # a folder: not an upload
                if surface in whole:
                    got = summary(whole[surface][sid])
                    if surface == "serve":
                        row = whole[surface][sid]
                        got["gradebook"], got["passback"] = row.get("gradebook"), row.get("passback")
                        ref_score = reference[sid]["score"] if reference[sid]["status"] != "rejected" else None
                        if row.get("status") != "rejected" and (row.get("gradebook"), row.get("passback")) != (
                                ref_score, ref_score):
                            got["serve-score"] = "gradebook/passback differ"
                        got.pop("gradebook"), got.pop("passback")
                    if surface == "serve" and whole[surface][sid].get("refused"):
                        # refused at the upload (422, nothing charged, no row), in the words of the row's rejection
                        status, detail, data = whole[surface][sid]["refused"]
                        row = reference[sid]
                        got = dict(full) if (status, row["status"], detail, data) == (
                            422, "rejected", row["message"], row.get("message_data")) else dict(got, refused=detail)
                    if surface in ("resume", "fleet", "fleet-kill") and whole[surface][sid] != reference[sid]:
                        got["row"] = "differs"
                elif surface == "run-one":
                    got = summary(run_one(path, work))
                elif surface in ("check", "check-ru", "check-zh"):
                    row_said[surface] = check_row(path, lang={"check": "en"}.get(surface, surface[-2:]))
                    got = summary(row_said[surface])
                elif surface == "check-portable":
                    got = summary(portable_row(path, work))
                elif surface == "notebook":
                    row = notebook_row(path)
                    if row is None:
                        continue
                    got = summary(row)
                elif surface == "check-stu":
                    said = student_install_text(path, work)
                    matrix[sid][surface] = said
                    if said["student"] != said["checkout"]:
                        disagreements += 1
                        print(f"{sid:28} check-stu  " + "; ".join(
                            f"{a!r} != {b!r}" for a, b in zip(said["checkout"], said["student"]) if a != b))
                    continue
                elif surface == "ci":
                    got = summary(ci_row(path, work))
                elif surface == "ci-env":
                    env = {"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(work / "summary.md")}
                    got = summary(ci_row(path, work, env=env))
                elif surface == "gs-schema":
                    wrong = gradescope_schema(path, work)
                    matrix[sid][surface] = wrong
                    if wrong:
                        disagreements += 1
                        print(f"{sid:28} gs-schema  " + "; ".join(wrong[:5]))
                    continue
                elif surface == "gradescope":
                    got = summary(gradescope_row(path, work))
                else:
                    raise SystemExit(f"unknown surface {surface}")
            except Exception as exc:  # noqa: BLE001 - a surface that fails is a disagreement to report
                got = {"error": f"{type(exc).__name__}: {exc}"}
            matrix[sid][surface] = got
            ref = shown if surface in STUDENT_SURFACES else full
            # a check in Russian says what `grade run --lang ru` says, word for word
            same_language = surface in ("check-ru", "check-zh") and f"lang-{surface[-2:]}" in whole
            if same_language:
                ref = summary(student_record(whole[f"lang-{surface[-2:]}"][sid]))
            if surface in ("check-ru", "check-zh") and "text" in row_said.get(surface, {}):
                # the row's own words (a refusal, why a run ended) said in English inside a translated check
                english = reference[sid].get("message") if (reference[sid]["status"] == "rejected"
                                                            or reference[sid].get("message_data")) else None
                got["english"] = bool(english) and english in row_said[surface]["text"]
                ref = dict(ref, english=False)
            if (surface.startswith("check") or surface == "notebook") and got.get("status", "") is None:
                got["status"] = ref["status"]  # a check has no status but `rejected`: the rest is the row's
            # a notebook's check() names `this notebook` and the cell's run number, by design
            ref, got = _comparable(surface, ref, same_language), _comparable(surface, got, same_language)
            diff = {k: (ref.get(k), got.get(k)) for k in set(ref) | set(got) if ref.get(k) != got.get(k)
                    and not (surface == "notebook" and k == "place")}
            if diff:
                disagreements += 1
                print(f"{sid:28} {surface:10} " + "; ".join(f"{k}: {_short(a)} != {_short(b)}"
                                                            for k, (a, b) in diff.items() if k != "tests")
                      + ("" if "tests" not in diff else "; tests differ"))
    (work / "matrix.json").write_text(json.dumps(matrix, indent=1, ensure_ascii=False))
    print(f"{len(matrix)} samples, {disagreements} disagreements; {work / 'matrix.json'}")


if __name__ == "__main__":
    main_()
