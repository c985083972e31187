"""Session 44's red team (docs/security.md, "Session 44's red team"): hostile students who read the source, on the
surfaces added last: the names a hand-in's files carry (a zip's, a folder's, a package's) on the local pool, the
fleet, Gradescope and `grade check`; their module named as a standard one, imported from a text run by exec with
globals of its own; `grade serve`'s Idempotency-Key.
"""

import dataclasses
import json
import re
import unicodedata
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap, run_shadowed

from grader.load import load_entry
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
LIMITS = Limits(probe_seconds=1, import_seconds=5, submission_seconds=30, file_size_mb=8)
LONG = "h" + "a" * 299  # a module's name of 300 bytes: no Linux file system holds `LONG.py` (NAME_MAX, 255)
PART = "p" * 120  # a package's name: `PART/PART/PART.py` is 365 characters, each name well under 255 bytes
HELPER = "def helper():\n    return 1\n"
NFC, NFD = unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café")


def _zip(path: Path, members: dict) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)
    return path


def _folder(path: Path, files: dict) -> Path:
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text, encoding="utf-8")
    return path


# -- a name longer than a file system holds ---------------------------------------------------------------------------

TOO_LONG = (f"mallory.zip holds '{LONG}.py', a name of 303 bytes, longer than the 255 bytes a file system allows in "
            "one name: Python cannot import it; give it a shorter name and hand in again")


def _long_named(folder: Path) -> Path:
    return _zip(folder / "mallory.zip", {"engine.py": f"from {LONG} import helper\n" + CORRECT, f"{LONG}.py": HELPER})


def test_a_zips_helper_named_longer_than_a_file_system_allows_is_refused_in_words(tmp_path):
    # before: carried; the sandbox could not write it (OSError: [Errno 36] File name too long), and the row was
    # `crashed`, "engine.py could not be used: grader error while observing it ... Please report it"
    sub = load_entry(_long_named(tmp_path))
    assert (sub.rejected, sub.problem, sub.files) == (True, TOO_LONG, {})


def autograde_long_named(root: Path) -> dict:
    """Gradescope's autograder in ROOT (laid out as /autograder) on the long-named zip: its results."""
    from grader.integrations import gradescope

    (root / "source").mkdir(parents=True)
    (root / "source" / gradescope.CONFIG).write_text(json.dumps({
        "exercise": "engine", "limits": dataclasses.asdict(LIMITS), "stdout_visibility": "hidden"}))
    (root / "submission").mkdir()
    _long_named(root / "submission")
    return gradescope.autograde(root)[0]


def test_the_long_name_is_said_alike_by_gradescope_and_grade_check(tmp_path):
    from grader.classroom.student_check import check

    root = tmp_path / "autograder"
    results = autograde_long_named(root)
    written = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert written == results and (results["score"], results["tests"]) == (0.0, [])
    assert TOO_LONG in results["output"]
    checked = check(_long_named(tmp_path), "engine", limits=LIMITS, lang="en")
    assert (str(checked.rejected), checked.tests) == (TOO_LONG, [])


def test_a_package_path_over_255_characters_travels_on_the_fleet_as_it_is_graded_locally(tmp_path):
    from grader.fleet.payload import job_payload, read_job
    from grader.suites import load_suite

    sub = load_entry(_zip(tmp_path / "trudy.zip", {
        "engine.py": f"from {PART}.{PART}.{PART} import helper\n" + CORRECT, f"{PART}/__init__.py": "",
        f"{PART}/{PART}/__init__.py": "", f"{PART}/{PART}/{PART}.py": HELPER}))
    assert (sub.problem, len(max(sub.files, key=len))) == (None, 365)
    # before: "schema: submission.files must be named by propertyName definition" (a name of at most 255
    # characters): the fleet's row `crashed` where the local pool graded it 63/63
    job = read_job(job_payload(sub, load_suite("engine"), LIMITS, "b" * 64, require_sandbox=False))
    assert job.files == sub.files


def test_a_path_over_the_carried_limit_is_refused_in_words(tmp_path):
    parts = ["q" * 250 + str(i) for i in range(5)]  # each name under 255 bytes; the module's path 1,262
    files = {"engine.py": f"from {'.'.join(parts)} import helper\n" + CORRECT, "/".join(parts) + ".py": HELPER}
    files.update({"/".join(parts[:i]) + "/__init__.py": "" for i in range(1, 5)})
    sub = load_entry(_zip(tmp_path / "deep.zip", files))
    # before: carried here (Linux's PATH_MAX is 4,096), where the fleet's schema refused it
    assert sub.problem == (f"deep.zip holds '{'/'.join(parts)}.py', a path of 1262 bytes, longer than the limit "
                           "of 1024 for a file handed in: give its folders shorter names and hand in again")


# -- names that differ only in how their letters are encoded ----------------------------------------------------------

COPIED = "def helper():\n    return 1  # the code that runs\n"
DECOY = "def helper():\n    return 1  # the code a reader of the hand-in opens\n"
TWINS = {
    # two helpers named `café.py`, composed (NFC: what Python imports, `from café import helper` being read as NFC)
    # and decomposed (NFD); they look the same in any listing, and on macOS they are one file
    "zip-differ": ("zip", {"engine.py": f"from {NFC} import helper\n" + CORRECT, f"{NFC}.py": COPIED,
                           f"{NFD}.py": DECOY}),
    "folder-differ": ("folder", {"engine.py": f"from {NFC} import helper\n" + CORRECT, f"{NFD}.py": DECOY,
                                 f"{NFC}.py": COPIED}),
    "package-differ": ("zip", {"engine.py": f"from {NFC}.ops import helper\n" + CORRECT,
                               f"{NFC}/__init__.py": "", f"{NFC}/ops.py": COPIED, f"{NFD}/__init__.py": "",
                               f"{NFD}/ops.py": DECOY}),
    "zip-same": ("zip", {"engine.py": f"from {NFC} import helper\n" + CORRECT, f"{NFC}.py": COPIED,
                         f"{NFD}.py": COPIED}),
}
TWIN_WORDS = ("{where} holds {files}, whose names differ only in how their letters are encoded (composed and "
              "decomposed accents, Unicode's NFC and NFD) and whose contents differ: they look the same, and on macOS "
              "they are one file, so the grader cannot tell which one you meant; keep one of them and hand in again")


@pytest.mark.parametrize("name", sorted(TWINS))
def test_twin_names_in_composed_and_decomposed_letters_are_refused_where_their_contents_differ(tmp_path, name):
    kind, files = TWINS[name]
    entry = _zip(tmp_path / f"{name}.zip", files) if kind == "zip" else _folder(tmp_path / name, files)
    sub = load_entry(entry)
    # before: both carried, and graded (63/63) on the composed one Python imports, the other one left for a reader
    if name == "zip-same":  # the same bytes: graded as before, nothing of the student's left out
        assert (sub.problem, sorted(sub.files)) == (None, sorted(["engine.py", f"{NFC}.py", f"{NFD}.py"]))
        return
    # the names said escaped, so that a reader sees how they differ
    where, said = {"zip-differ": ("zip-differ.zip", "cafe\\u0301.py and caf\\xe9.py"),
                   "folder-differ": ("folder-differ/", "cafe\\u0301.py and caf\\xe9.py"),
                   "package-differ": ("package-differ.zip", "cafe\\u0301/ops.py and caf\\xe9/ops.py")}[name]
    assert (sub.rejected, sub.problem) == (True, TWIN_WORDS.format(where=where, files=said))


# -- their random.py, imported from a text exec'd with globals of its own ---------------------------------------------

EXECS = {
    # before: Python's random for each (the importing globals held no `__file__`), where `python engine.py` gives
    # theirs: "AttributeError: module 'random' has no attribute 'student_helper'" at import, 0
    "exec-fresh": "_G = {}\nexec('import random as R', _G)\n_R = _G['R']\n",
    "eval-dunder": "_R = eval(\"__import__('random')\", {})\n",
    "exec-import-module": ("_G = {}\nexec('import importlib\\nR = importlib.import_module(\"random\")', _G)\n"
                           "_R = _G['R']\n"),
    "exec-in-exec": "_G = {}\nexec(\"exec('import random as R', G2)\", {'G2': _G})\n_R = _G['R']\n",
    "exec-in-function": "def _f():\n    g = {}\n    exec('import random as R', g)\n    return g['R']\n_R = _f()\n",
}
RANDOM_PY = "def student_helper():\n    return 25\n"
_PRINTS = """print(engine._R.__file__ == FOLDER + "/random.py",
      grader_random.__file__.startswith((sys.base_prefix, "/usr")),
      importlib.import_module("random") is grader_random, tempfile._Random is grader_random.Random,
      eval("__import__('random')", {}) is grader_random)"""


@pytest.mark.parametrize("name", sorted(EXECS))
def test_the_worker_gives_their_module_to_an_import_run_by_exec_with_globals_of_its_own(tmp_path, name):
    (tmp_path / "engine.py").write_text(EXECS[name], encoding="utf-8")
    (tmp_path / "random.py").write_text(RANDOM_PY, encoding="utf-8")
    ran = run_shadowed(tmp_path, "44", _PRINTS)
    # theirs for their file's text; Python's for the grader's, importlib's own callers', the standard library's,
    # and a text exec'd by the grader's own code
    assert (ran.returncode, ran.stderr, ran.stdout) == (0, "", "True True True True True\n")


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The EXECS engines, each with its random.py, and a notebook that writes a helper of a 300-letter name with
    `%%writefile` and imports it, graded by `grade run` once."""
    from grader.pipeline import grade

    folder = tmp_path_factory.mktemp("redteam44") / "class"
    for name, body in EXECS.items():
        _folder(folder / name, {"engine.py": CORRECT + "\n\n" + body + "assert _R.student_helper() == 25, _R\n",
                                "random.py": RANDOM_PY})
    cells = [f"%%writefile {LONG}.py\n" + HELPER, f"from {LONG} import helper\n" + CORRECT]
    (folder / "notebook.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None}
                  for c in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    result = grade(folder, exercise="05-backward", limits=LIMITS, jobs=2)
    assert result.sandbox == "bubblewrap"
    return {row["id"]: (row["status"], row["score"]) for row in result.scores["submissions"]}


@pytest.mark.slow
@needs_bwrap
def test_an_engine_importing_its_random_py_from_an_execd_text_is_graded_as_python_engine_py_runs_it(graded):
    # the notebook (held): the cell's code is put where it is imported (grader/load/written.py), so no file of that
    # name is ever written, and the engine is graded in full
    assert graded == {**{name: ("graded", 25.0) for name in EXECS}, "notebook": ("graded", 25.0)}


# -- grade serve: an Idempotency-Key sent again ----------------------------------------------------------------------

@pytest.fixture
def served(tmp_path):
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "bob"], ["01-mul-backward", "02-accumulate"])
    text = (folder / "course.toml").read_text(encoding="utf-8")
    (folder / "course.toml").write_text(re.sub(r"(?m)^cooldown_seconds = .*$", "cooldown_seconds = 0", text),
                                        encoding="utf-8")
    app = create_app(folder, start_pool=False)
    with TestClient(app) as client:
        svc = app.state.service

        def send(name, key, code, exercise="01-mul-backward", filename="engine.py"):
            return client.post("/api/v1/submissions", data={"exercise": exercise},
                               headers={"Authorization": f"Bearer {svc.token_for(name)}", "Idempotency-Key": key},
                               files={"file": (filename, code if isinstance(code, bytes) else code.encode())})

        yield svc, send


def _rows(svc):
    from grader.serve.db import Submission

    with svc.db.read() as session:
        return sorted((s.student, s.exercise, s.idempotency_key, s.content) for s in session.query(Submission))


REUSED = "this `Idempotency-Key` was sent before with another upload of yours (for {exercise}): send each new upload " \
         "with a new key"


def test_an_idempotency_key_sent_again_with_another_upload_is_refused_and_nothing_is_lost_unsaid(served):
    svc, send = served
    first = send("alice", "k1", "x = 1\n")
    assert (first.status_code, first.json().get("repeated")) == (202, None)
    # before: each answered 202 `"repeated": true` with the first upload's id, and the new file kept nowhere: a
    # script that reuses its keys (one per file name, one a run) believed a second exercise's upload admitted
    other_file = send("alice", "k1", "x = 2\n")
    other_exercise = send("alice", "k1", "x = 1\n", exercise="02-accumulate")
    for answer in (other_file, other_exercise):
        assert (answer.status_code, answer.json()["detail"]) == (422, REUSED.format(exercise="01-mul-backward"))
    # the same upload again is the same attempt, as before
    again = send("alice", "k1", "x = 1\n")
    assert (again.status_code, again.json()["id"], again.json()["repeated"]) == (202, first.json()["id"], True)
    assert _rows(svc) == [("alice", "01-mul-backward", "k1", b"x = 1\n")]


def test_a_classmates_idempotency_key_is_no_way_to_their_upload(served):
    # held: bob sends the key alice's script used (read off her screen, or guessed): keys are each student's own,
    # so his upload is his own first attempt, and nothing of hers is answered
    svc, send = served
    hers = send("alice", "k1", "x = 1\n").json()
    his = send("bob", "k1", "x = 2\n").json()
    assert his["id"] != hers["id"] and "repeated" not in his and his["attempts_left"] == hers["attempts_left"]
    assert _rows(svc) == [("alice", "01-mul-backward", "k1", b"x = 1\n"), ("bob", "01-mul-backward", "k1", b"x = 2\n")]


# -- grade similarity: a classmate's scratch notebook holding a lone surrogate ----------------------------------------

SURROGATE_NOTEBOOK = ('{"cells": [{"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], '
                      '"source": "x = \\"\\ud800\\"\\ny = 2"}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')


def test_a_scratch_notebook_holding_a_lone_surrogate_is_read_and_the_class_record_written(tmp_path):
    from click.testing import CliRunner

    from grader.cli import main
    from grader.similarity.hand_in import other_files

    for sid in ("alice", "bob"):
        _folder(tmp_path / "class" / sid, {"engine.py": CORRECT})
    (tmp_path / "class" / "bob" / "scratch.ipynb").write_text(SURROGATE_NOTEBOOK, encoding="utf-8")
    others = other_files(load_entry(tmp_path / "class" / "bob"))
    assert (others.files, others.limits) == ({"scratch.ipynb": 'x = "\ufffd"\ny = 2\n'}, [])
    out = tmp_path / "similarity.json"
    # before: "UnicodeEncodeError: 'utf-8' codec can't encode character '\ud800' in position 5: surrogates not
    # allowed", exit 1, no record for the whole class
    said = CliRunner().invoke(main, ["similarity", str(tmp_path / "class"), "--no-micrograd", "-o", str(out)])
    assert (said.exit_code, said.exception) == (0, None)
    record = json.loads(out.read_text(encoding="utf-8"))
    assert {row["id"]: row.get("other_files") for row in record["submissions"]} == {
        "alice": None, "bob": ["scratch.ipynb"]}


def _notebook_of(cells: list, **metadata) -> str:
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": c} for c in cells], "metadata": metadata, "nbformat": 4,
                       "nbformat_minor": 5})


HEAVY_NOTEBOOKS = {
    # held: each left out before it costs the report (the loader's caps, in milliseconds of CPU), and said why
    "many-cells": (_notebook_of([""] * 12_000), "many-cells.ipynb has 12000 cells, more than the limit of 10000; keep "
                                                "the cells of the engine and submit again"),
    "nested": ("[" * 500_000 + "]" * 500_000, "nested.ipynb holds up to 500001 JSON values, more than the limit of "
                                              "250000; clear its outputs in Jupyter, save it and submit again"),
    "long-number": (_notebook_of(["x = 1"]).replace('"metadata": {}, "nbformat"', '"metadata": {"n": ' + "9" * 5000
                                                    + '}, "nbformat"'),
                    "long-number.ipynb is not a readable notebook: its JSON holds a number too long to read; open it "
                    "in Jupyter, save it and submit again"),
    "many-values": (_notebook_of(["x = 1"], v=[0] * 400_000), "many-values.ipynb holds up to 400024 JSON values, more "
                                                               "than the limit of 250000; clear its outputs in "
                                                               "Jupyter, save it and submit again"),
}


@pytest.mark.parametrize("name", sorted(HEAVY_NOTEBOOKS))
def test_a_hand_ins_heavy_scratch_notebook_is_left_out_and_said(tmp_path, name):
    from grader.similarity.hand_in import other_files

    text, reason = HEAVY_NOTEBOOKS[name]
    entry = _folder(tmp_path / "bob", {"engine.py": CORRECT, f"{name}.ipynb": text})
    others = other_files(load_entry(entry))
    assert (others.files, others.limits) == ({}, [{"what": "notebook", "file": f"{name}.ipynb", "reason": reason}])


# -- Gradescope: a linked repository whose files are links to the grader's reference ----------------------------------

REFERENCE = ROOT / "reference" / "engine.py"
LINKS = {
    # held: Gradescope copies a linked GitHub repository into /autograder/submission, links and all, and the grader
    # reads it as root, beside /autograder/source's reference solution; a link is never followed
    "engine": ({"engine.py": REFERENCE}, {}, "submission/engine.py is a symbolic link, which is not followed; "
                                             "submit the file itself"),
    "helper": ({"helper.py": REFERENCE}, {"engine.py": "from helper import Value\n"},
               "submission/helper.py is a symbolic link, which is not followed; submit the file itself"),
    "standard-named": ({"random.py": REFERENCE}, {"engine.py": "import random\nclass Value: pass\n"},
                       "submission/random.py is a symbolic link, which is not followed; submit the file itself"),
    "wrapper": ({"src/engine.py": REFERENCE}, {}, "submission/src/engine.py is a symbolic link, which is not "
                                                  "followed; submit the file itself"),
    "package": ({"micrograd": REFERENCE.parent}, {"README.md": "my engine\n"},
                "submission/micrograd is a symbolic link to a folder, which is not followed; submit the folder "
                "itself"),
}


@pytest.mark.parametrize("name", sorted(LINKS))
def test_a_gradescope_submission_linking_to_the_reference_is_refused_unread(tmp_path, name):
    from grader.integrations.gradescope import submission_entry

    links, files, said = LINKS[name]
    folder = _folder(tmp_path / "submission", files)
    folder.mkdir(exist_ok=True)
    for link, target in links.items():
        (folder / link).parent.mkdir(parents=True, exist_ok=True)
        (folder / link).symlink_to(target)
    sub = load_entry(submission_entry(folder))
    assert (sub.rejected, sub.problem, sub.files) == (True, said, {})


def test_grade_serve_refuses_the_long_named_upload_in_words_and_charges_nothing(served, tmp_path):
    from grader.serve.db import Submission
    from grader.serve.grading import Worker

    svc, send = served
    answer = send("alice", "z1", _long_named(tmp_path).read_bytes(), filename="mallory.zip").json()
    Worker(svc.folder).drain()
    with svc.db.read() as session:
        row = session.get(Submission, answer["id"])
        # before: `error`, the service's word for a grader's failure (refunded), its message Python's traceback
        assert (row.status, row.charged, row.message) == ("rejected", False, TOO_LONG)
