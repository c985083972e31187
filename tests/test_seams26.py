"""Session 26's seams: one decision, read by every surface, and ids that do not depend on the class.

Holes closed, their fixtures here failing before:
- the loader decided whether the files were handed in as a package (grader/load/levels.py `_as_package`), and the
  sandbox and the "from scratch" test decided it again from the files' names (any folder holding its `__init__.py`
  alone): `from . import twice` (defined in the student's top-level `__init__.py`) beside a helper package
  `aa/__init__.py` ran `aa/__init__.py` as the package and failed (0/63, "cannot import name 'twice' from 'aa'");
  `micrograd/engine.py` that imports `micrograd.ops`, beside `micrograd/aa/__init__.py`, failed "from scratch"
  (62/63: `micrograd` read as the forbidden library); a one-file helper `micrograd/__init__.py` that engine.py
  imports was not flagged (63/63) where the same helper with a second file was (62/63). The decision is
  `Submission.package` now, in the sandbox's request, the fleet's job payload and the cache's key;
- the observation cache's key held the grader's version alone (never moved): a run kept before such a fix was
  reused after it; the key holds the observing code's digest (grader/observe/cache.observer_digest), which now
  covers the "from scratch" reading's modules too (a fleet worker whose forbidden.py differed was accepted);
- GitHub Classroom clones under a folder not named `<assignment>-submissions` took the assignment from the
  repositories' common prefix (`hw1-mary-ann` was `ann`, then `mary-ann` once `hw1-bob` came), one folder of
  `<assignment>-submissions/` that was no repository had every row named by its repository, and Blackboard's
  files without receipts were cut at the heads' common prefix: a student's id depended on the class;
- `grade ci` named every student's row `submission` (the folder the workflow checks the commit out into): the row
  is `$GITHUB_REPOSITORY` in GitHub Actions.
"""

import base64
import dataclasses
import json

import pytest
from click.testing import CliRunner
from load_support import write

from grader.cli import main
from grader.fleet.payload import PayloadError, job_payload, read_job
from grader.forbidden import forbidden_imports
from grader.load import Submission, files_digest, load_entry
from grader.sandbox import Limits
from tests.test_seams23 import _bench

ENGINE = _bench("samples").engine().encode()  # a right engine of the seams' own (63/63 on `engine`)
TWICE = b"def twice(x):\n    return 2 * x\n"


def _with(line: bytes) -> bytes:
    """The test engine with `line` as its first import."""
    return line + b"\n" + ENGINE


# name -> (files, the loader's package, what "from scratch" finds against numpy and micrograd)
SHAPES = {
    # relative imports at the entry's top, the student's __init__.py defining what engine.py imports, a helper
    # package beside it holding its __init__.py alone
    "fay": ({"engine.py": _with(b"from . import twice"), "__init__.py": TWICE, "aa/__init__.py": b"K = 1\n"},
            "submission", []),
    # micrograd's layout in a wrapper, importing a helper by the package's name, a one-file helper package inside
    "eve": ({"micrograd/engine.py": _with(b"from micrograd.ops import twice"), "micrograd/ops.py": TWICE,
             "micrograd/aa/__init__.py": b"K = 1\n"}, "micrograd", []),
    # a helper package named as the forbidden library, one file or two: the same finding
    "dave": ({"engine.py": _with(b"import micrograd"), "micrograd/__init__.py": b"X = 1\n"}, None,
             [{"module": "micrograd", "file": "engine.py", "line": 1}]),
    "dave2": ({"engine.py": _with(b"import micrograd"), "micrograd/__init__.py": b"X = 1\n",
               "micrograd/more.py": b"Y = 1\n"}, None, [{"module": "micrograd", "file": "engine.py", "line": 1}]),
    # a one-file helper package imported absolutely: no package
    "bob": ({"engine.py": _with(b"from utils import K"), "utils/__init__.py": b"K = 1\n"}, None, []),
}


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_loaders_package_is_a_field_that_the_from_scratch_test_reads(tmp_path, name):
    files, package, found = SHAPES[name]
    sub = load_entry(write(tmp_path / name, files))
    assert (sub.problem, sub.package) == (None, package)
    assert forbidden_imports(sub.files, ("numpy", "micrograd"), package=sub.package) == found


def test_the_same_files_as_a_package_and_not_are_two_digests():
    files = {"engine.py": b"from micrograd.ops import twice\n", "micrograd/__init__.py": b"", "ops.py": TWICE}
    assert files_digest(files, "micrograd") != files_digest(files)
    assert files_digest(files, "micrograd") != files_digest(files, "ops")
    # no package: the digest as it was (the cache's keys of every other submission stay)
    assert files_digest({"engine.py": b"x = 1\n"}) == \
        "84e00574f26e40a94d72a9b3fd2dbb33b201aedb5f23c0149af417a9644fe1aa"


class _Suite:
    name, digest = "engine", "a" * 64


@pytest.mark.parametrize("name", ["fay", "dave"])
def test_the_fleets_job_carries_the_package_and_its_key_is_the_submissions(tmp_path, name):
    from grader.observe.cache import ObservationCache

    sub = load_entry(write(tmp_path / name, SHAPES[name][0]))
    payload = job_payload(sub, _Suite, Limits(), "b" * 64, require_sandbox=False)
    assert payload["submission"].get("package") == sub.package
    job = read_job(json.loads(json.dumps(payload)))
    assert (job.files, job.package) == (sub.files, sub.package)
    assert job.key == ObservationCache.key_of(payload["grader"], "b" * 64, "a" * 64, Limits(), sub.digest)


def test_the_caches_key_holds_the_observing_codes_digest(tmp_path, monkeypatch):
    """Before: the grader's version alone, which no change of the code moves: a run kept before a fix of the "from
    scratch" reading was reused after it (mg-helper-one: 63/63 kept, 62/63 observed)."""
    from grader.observe import cache
    from grader.version import __version__

    sub = load_entry(write(tmp_path / "dave", SHAPES["dave"][0]))
    key = cache.ObservationCache.key(sub, _Suite, Limits())
    assert key == cache.ObservationCache.key_of(__version__, cache.observer_digest(), "a" * 64, Limits(), sub.digest)
    monkeypatch.setattr(cache, "observer_digest", lambda: "c" * 64)  # another grader's observing code
    assert cache.ObservationCache.key(sub, _Suite, Limits()) != key
    assert set(cache.OBSERVING_MODULES) >= {"forbidden.py", "parsing.py"}  # the "from scratch" reading's code


@pytest.mark.parametrize("package, files, said", [
    ("aa", {"engine.py": b""}, "the job's package 'aa' is not an identifier whose __init__.py is one of its files"),
    ("a-b", {"engine.py": b"", "a-b/__init__.py": b""},
     "the job's package 'a-b' is not an identifier whose __init__.py is one of its files"),
    ("a.b", {"engine.py": b"", "a/b/__init__.py": b""}, "the job does not match its schema"),
])
def test_a_job_whose_package_is_not_one_of_its_files_is_refused(package, files, said):
    sub = Submission("x", "folder", "x", files, None, files_digest(files))
    payload = job_payload(sub, _Suite, Limits(), "b" * 64, require_sandbox=False)
    payload["submission"]["package"] = package
    with pytest.raises(PayloadError) as caught:
        read_job(payload)
    assert str(caught.value).startswith(said)


@pytest.mark.slow
def test_every_shape_gets_the_score_its_decision_gives(tmp_path):
    """`grade run`: fay 0 -> 63, eve 62 -> 63, dave 63 -> 62 (dave2's), bob 63 as before."""
    for name, (files, _, _) in SHAPES.items():
        write(tmp_path / "class" / name, files)
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "-e", "engine", "-o", str(out), "--no-cache",
                                       "-q", "--probe-timeout", "1"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: (r["score"], [t["name"] for t in r["tests"] if t["status"] != "passed"])
            for r in json.loads(out.read_text())["submissions"]}
    assert rows == {"bob": (63.0, []), "dave": (62.0, ["engine/from-scratch"]),
                    "dave2": (62.0, ["engine/from-scratch"]), "eve": (63.0, []), "fay": (63.0, [])}


# -- GitHub Classroom: a student's id does not depend on who else is in the folder ---------------------------------

def _clones(folder, logins):
    return write(folder, {name: b"x" for login in logins
                          for name in (f"hw1-{login}/engine.py", f"hw1-{login}/.git/HEAD")})


@pytest.mark.parametrize("parent, ids", [
    # gh's own folder: the assignment from its name, the ids the logins, the same in both classes
    ("hw1-submissions", (["ann", "jane"], ["ann", "bob", "jane"])),
    # a folder named otherwise: the repositories' names (before: `ann`, `jane`, then `mary-ann`, `bob`, `mary-jane`
    # once `hw1-bob` came, the assignment read from the names' common prefix)
    ("repos", (["hw1-mary-ann", "hw1-mary-jane"], ["hw1-bob", "hw1-mary-ann", "hw1-mary-jane"])),
])
def test_a_classroom_students_id_is_the_same_whoever_else_is_in_the_folder(tmp_path, parent, ids):
    from grader.load import load_folder

    folder = _clones(tmp_path / parent, ["mary-ann", "mary-jane"]) if parent == "repos" else \
        _clones(tmp_path / parent, ["ann", "jane"])
    before = [s.id for s in load_folder(folder)]
    _clones(folder, ["bob"])
    assert (before, [s.id for s in load_folder(folder)]) == ids


# -- `grade ci`: the row named after the repository the run is for -------------------------------------------------

@pytest.mark.parametrize("environ, named", [
    ({"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "classroom-org/hw1-octocat"}, "classroom-org/hw1-octocat"),
    ({"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "alice/micrograd.py"}, "alice/micrograd.py"),
    ({"GITHUB_REPOSITORY": "alice/micrograd"}, None),  # not GitHub Actions: the folder
    ({"GITHUB_ACTIONS": "true"}, None),
    ({"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "../../etc"}, None),  # no repository's `owner/name`
    ({"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "alice/a/b"}, None),
    ({"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "-alice/x"}, None),
])
def test_the_ci_rows_id_is_the_repository_in_github_actions(environ, named):
    from grader.integrations.ci import row_id

    assert row_id(environ) == named


@pytest.mark.slow
def test_grade_ci_in_github_actions_names_the_row_after_the_repository(tmp_path):
    """Before: `submission`, the folder the workflow checks the commit out into, for every student."""
    folder = write(tmp_path / "submission", {"engine.py": ENGINE})
    rows = {}
    for who, env in [("actions", {"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "classroom-org/hw1-octocat",
                                  "GITHUB_ACTOR": "teacher", "GITHUB_STEP_SUMMARY": None}),
                     ("local", {"GITHUB_ACTIONS": None, "GITHUB_REPOSITORY": None, "GITHUB_STEP_SUMMARY": None})]:
        out = tmp_path / f"{who}.json"
        result = CliRunner().invoke(main, ["ci", str(folder), "--json-out", str(out), "--probe-timeout", "1"], env=env)
        assert result.exit_code == 0, result.output
        (row,) = json.loads(out.read_text())["submissions"]
        rows[who] = (row["id"], row["score"])
    assert rows == {"actions": ("classroom-org/hw1-octocat", 63.0), "local": ("submission", 63.0)}


def test_an_entry_of_a_classroom_folder_that_is_no_repository_changes_no_students_id(tmp_path):
    """Before: one folder `hw1-o_c/` (no GitHub login) or `solutions/` had every row named by its repository."""
    from grader.load import load_folder

    folder = write(tmp_path / "hw1-submissions", {"hw1-octocat/engine.py": ENGINE, "hw1-alice/engine.py": ENGINE,
                                                  "grades.csv": b"x\n"})
    before = [(s.id, s.export["student"]) for s in load_folder(folder)]
    write(folder, {"hw1-o_c/engine.py": ENGINE, "solutions/engine.py": ENGINE, "notes.py": ENGINE,
                   "octocat/engine.py": ENGINE})
    after = [(s.id, s.export and s.export["student"], s.problem) for s in load_folder(folder)]
    assert before == [("alice", "alice"), ("octocat", "octocat")]
    assert after == [
        ("alice", "alice", None), ("hw1-o_c", None, None), ("notes", None, None), ("octocat", "octocat", None),
        ("octocat (octocat)", None, "two entries have the id 'octocat': hw1-octocat/ and octocat/; only hw1-octocat/ "
                                    "is graded as 'octocat': rename or remove one and grade again"),
        ("solutions", None, None)]


# -- the fresh class (bench/seams/fresh26.py) and LMS exports of the package shapes ----------------------------------

fresh26 = _bench("fresh26")
RELATIVE = b"from . import twice\n" + ENGINE


@pytest.mark.parametrize("folder, files, ids", [
    ("canvas", {"smithjohn_12345_67890_engine.py": RELATIVE, "smithjohn_12345_67891___init__.py": TWICE},
     ["smithjohn_12345"]),
    ("moodle", {"John Smith_123456_assignsubmission_file_/engine.py": RELATIVE,
                "John Smith_123456_assignsubmission_file_/__init__.py": TWICE,
                "John Smith_123456_assignsubmission_file_/aa/__init__.py": b"K = 1\n"}, ["John Smith_123456"]),
    ("blackboard", {"HW1_jsmith_attempt_2026-12-01-10-00-00_engine.py": RELATIVE,
                    "HW1_jsmith_attempt_2026-12-01-10-00-00___init__.py": TWICE,
                    "HW1_jsmith_attempt_2026-12-01-10-00-00.txt": b"Name: John Smith (jsmith)\n"}, ["jsmith"]),
    ("gradescope", {"submission_metadata.yml": b"submission_1:\n  :submitters:\n  - :email: a@x.edu\n",
                    "submission_1/engine.py": RELATIVE, "submission_1/__init__.py": TWICE,
                    "submission_1/aa/__init__.py": b"K = 1\n"}, ["a@x.edu"]),
    ("hw1-submissions", {"hw1-octocat/engine.py": RELATIVE, "hw1-octocat/__init__.py": TWICE,
                         "hw1-octocat/aa/__init__.py": b"K = 1\n"}, ["octocat"]),
])
def test_an_lms_exports_student_is_the_package_their_folder_is(tmp_path, folder, files, ids):
    """Each LMS's student whose files import relatively travels as the package `submission`, a helper package
    beside it or not (before: Moodle's, Gradescope's and GitHub Classroom's `aa/__init__.py` was the package)."""
    from grader.load import load_folder

    subs = load_folder(write(tmp_path / folder, files))
    assert [(s.id, s.problem, s.package) for s in subs] == [(i, None, "submission") for i in ids]
    assert {name for s in subs for name in s.files} - {"aa/__init__.py"} == {"engine.py", "submission/__init__.py"}


@pytest.mark.slow
def test_the_fresh_class_gets_a_row_each_with_these_outcomes(tmp_path):
    """`grade run` on session 26's fresh shapes: every entry its row, each status and score as here (the matrix
    compares run-one, check, ci, ci-env, Gradescope, the notebook, the fleet, a resumed batch and the reports with
    these rows, bench/seams/matrix.py --class fresh26: they agree but for the links, as matrix.py's docstring says)."""
    fresh26.fresh_class(tmp_path / "class")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "-e", "engine", "-o", str(out), "--no-cache",
                                       "-q", "--probe-timeout", "1"])
    assert result.exit_code == 0, result.output
    rows = {r["id"]: (r["status"], r["score"]) for r in json.loads(out.read_text())["submissions"]}
    assert rows == {
        "Jose\u0301": ("graded", 60.0), "chars-notebook": ("graded", 60.0), "cp437": ("graded", 60.0),
        "deep-helper": ("graded", 63.0), "docstring-only": ("graded", 0.0), "empty-zip": ("rejected", 0.0),
        "folder-engine.py": ("graded", 63.0), "init-alone": ("graded", 60.0), "init-imports-back": ("graded", 63.0),
        "link-engine": ("rejected", 0.0), "link-folder": ("rejected", 0.0), "link-helper": ("rejected", 0.0),
        "mg-aa": ("graded", 60.0), "mg-helper-one": ("graded", 62.0), "mg-helper-two": ("graded", 62.0),
        "namespace-helper": ("graded", 63.0), "own-submission-module": ("graded", 0.0),
        "pkg-self-zip": ("graded", 60.0), "rel-aa": ("graded", 63.0), "stdlib-named": ("graded", 60.0),
        "two-cases": ("rejected", 0.0),  # engine.py and Engine.py of other bytes: refused naming both since seams39
    }


def test_a_blackboard_students_id_without_receipts_is_the_same_whoever_else_is_in_the_folder(tmp_path):
    """Before: `12345` alone, `s_12345` beside `HW1_jdoe` (the heads' common prefix `HW1_`)."""
    from grader.load import load_folder

    folder = write(tmp_path / "bb", {"HW1_s_12345_attempt_2026-12-01-10-00-00_engine.py": ENGINE})
    alone = [(s.id, s.export["assignment"]) for s in load_folder(folder)]
    write(folder, {"HW1_jdoe_attempt_2026-12-01-11-00-00_engine.py": ENGINE})
    assert (alone, [(s.id, s.export["assignment"]) for s in load_folder(folder)]) == (
        [("12345", "HW1_s")], [("12345", "HW1_s"), ("jdoe", "HW1")])
    # a receipt that names its username gives the assignment of every file (Blackboard's one assignment)
    write(folder, {"HW1_jdoe_attempt_2026-12-01-11-00-00.txt": b"Name: J Doe (jdoe)\n"})
    assert [(s.id, s.export["assignment"]) for s in load_folder(folder)] == [("jdoe", "HW1"), ("s_12345", "HW1")]
