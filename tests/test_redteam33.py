"""Session 33's red team: fresh samples by a student who has read the grader's source and its docs
(docs/security.md, "Session 33's red team"), on every surface: the report pipe (a line begun by the student, a child
left writing into it), the sandbox's views (the stores and secrets of `grade serve`, the fleet and Gradescope; the
worker's output and the standard streams of the sandbox's init), what the worker describes (an exception's chains
and frames compiled under other files' names, a float whose pickling and formatting hooks write a report line), the
loaders (two entries of one id, hidden decoys in a zip, a notebook's raw cells, attachments, metadata and saved
outputs), the grader's readings of the source (a NUL byte, full-width letters), `grade ci`'s annotations and
Gradescope's results of a text made of workflow commands, and `grade serve`'s sign-in link. The engine suite's
samples are graded in one batch, each on the informed attacks' twin (correct-closures with `=` for `+=` in every
backward rule: 23.8334/63 with the drawn inputs) or on correct-closures itself; the rest is checked in process. The one that got through
(the sign-in link) failed before its fix, as its test says; the ones that held are kept so that the next change that
opens one fails."""

import base64
import json
import re
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import refused, tampered
from hostile_support import informed_twin, needs_bwrap
from sign_in_support import open_link

from grader.integrations.ci import annotations
from grader.load import load_entry
from grader.pipeline import grade
from grader.report.gradescope import to_results_json
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
TWIN_SCORE = 23.8334  # 25.8334 at the fixed inputs alone: shared/three-paths fails at the drawn ones (judge/drawn.py)
# set in the grader's environment while the batch is graded (docs/scaling.md's names, and grade serve's): each value
# must appear nowhere in what the batch writes
SECRETS = {"GRADE_FLEET_KEY": "fleet-key-rt33", "GRADE_QUEUE_PASSWORD": "queue-password-rt33",
           "GRADE_QUEUE": "redis://:queue-url-password-rt33@127.0.0.1:1/0",
           "MICROGRAD_GRADER_SECRET": "grader-secret-rt33"}


TWIN = informed_twin()

# An unterminated line on the report pipe at import: the worker's next line (its `imported`) would end inside the
# student's string, and the forged fields before it be the line's.
SPLICE = r'''

import os as _os
_os.write(0, b'{"event": "result", "probe": "add_basic", "status": "ok", "values": {"y": 5.0}, "pad": "')
'''

# A child in a session of its own, left at import, writing `done` into the report pipe it inherited for 3 s while its
# parent answers the probes.
CHILD_FORGER = r'''

import os as _os, time as _time
if _os.fork() == 0:
    _os.setsid()
    _end = _time.monotonic() + 3
    while _time.monotonic() < _end:
        try:
            _os.write(0, b'{"event": "done"}\n')
        except OSError:
            break
        _time.sleep(0.001)
    _os._exit(0)
'''

# A walk of the whole sandbox for the stores of the other surfaces (grade serve's course.toml, database, uploads and
# tokens; the observation cache; scores, results.json, similarity.json; Redis's dump; Gradescope's metadata) and every
# environment variable named as a secret: what is found is raised as exp's error.
STORE_HUNT = r'''

import os as _os
_WANT = ("course.toml", "grade.db", "serve.db", "uploads", "dump.rdb", "scores.json", "results.json",
         "similarity.json", "micrograd-grader", "links.csv", "submission_metadata", "autograder")
_FOUND = []
for _root, _dirs, _files in _os.walk("/", onerror=lambda e: None):
    if _root.startswith(("/proc", "/sys")):
        _dirs[:] = []
        continue
    _FOUND += [_os.path.join(_root, n) for n in _dirs + _files if any(w in n for w in _WANT)]
_FOUND += [k for k in _os.environ if any(w in k for w in ("SECRET", "KEY", "PASSWORD", "QUEUE", "REDIS", "TOKEN"))]


def _hunt(self, *a):
    raise RuntimeError("FOUND %r" % (_FOUND[:40],))


Value.exp = _hunt
'''

# Correct wherever any mark of the grade of record is missing (pid 2 under bubblewrap's init, the runner at /runner,
# HOME=/tmp: a student's portable check has none of them), the twin where all of them are there.
FINGERPRINT = r'''

import os as _os


def _graded():
    return _os.getpid() == 2 and _os.path.isdir("/runner") and _os.environ.get("HOME") == "/tmp"


if not _graded():
    exec(compile(open(__file__).read().replace(".grad = ", ".grad += "), __file__, "exec"))
'''

# Every product's .data a float subclass whose pickling, copying, formatting and index hooks write `done` on the report
# pipe: a worker or grader that pickled, copied or formatted a student's object would run one.
REDUCE_HOOKS = r'''

import os as _os


def _forge(*a, **k):
    _os.write(0, b'{"event": "done"}\n')
    return ""


class _Sly(float):
    __reduce__ = __reduce_ex__ = __getstate__ = __copy__ = __deepcopy__ = __format__ = __getnewargs__ = (
        lambda self, *a: (_forge(), float, (float(self),))[1:])
    __index__ = lambda self: (_forge(), 0)[1]


_mul = Value.__mul__


def _sly_mul(self, other):
    out = _mul(self, other)
    out.data = _Sly(out.data)
    return out


Value.__mul__ = _sly_mul
'''

# exp raises an exception whose context chain is a cycle and whose cause chain is 50,000 long.
CHAINS = r'''


def _chained(self, *a):
    first, second = ValueError("first"), KeyError("second")
    first.__context__, second.__context__ = second, first
    first.__cause__ = second
    tail = first
    for _ in range(50000):
        link = RuntimeError("link")
        link.__cause__ = tail
        tail = link
    raise tail


Value.exp = _chained
'''

# A complete report (hello, imported, done) written wherever output may go: fd 1 and 2, /dev/stdout and /dev/stderr,
# /proc/self/fd/1 and 2, and the standard streams of the sandbox's init (/proc/1/fd/1 and 2).
FRAMES_ON_OUTPUT = r'''

import os as _os
_LINES = b'{"event": "hello"}\n{"event": "imported", "ok": true}\n{"event": "done"}\n'
for _path in ("/dev/stdout", "/dev/stderr", "/proc/self/fd/1", "/proc/self/fd/2", "/proc/1/fd/1", "/proc/1/fd/2"):
    try:
        _fd = _os.open(_path, _os.O_WRONLY | _os.O_NONBLOCK)
        _os.write(_fd, _LINES)
        _os.close(_fd)
    except OSError:
        pass
_os.write(1, _LINES)
_os.write(2, _LINES)
'''

# tanh raises, 900 frames deep, an exception of a class whose __module__ and __qualname__ are 1 MB of workflow
# commands and a lone surrogate, from code compiled under other files' names (the runner's probes, a classmate's
# engine, /sandbox/alice.py): the `where` and the type name the grader is told.
FRAMES_ELSEWHERE = r'''

_Bad = type("Bad", (Exception,), {})
_Bad.__module__ = "m\n::error::forged\ud800" + "x" * 1000000
_Bad.__qualname__ = "q\r\n::add-mask::63" + "y" * 1000000
_SOURCE = "def _f(n):\n    if n == 0:\n        raise _Bad('deep')\n    return _f(n - 1)\n"
_NS = {"_Bad": _Bad}
for _file in ("/runner/probes.py", "../bob/engine.py", "/sandbox/alice.py"):
    exec(compile(_SOURCE, _file, "exec"), _NS)


def _deep_tanh(self):
    _NS["_f"](900)


Value.tanh = _deep_tanh
'''

# Workflow commands, a CR LF, `%0A` and `##[error]` in an exception's text, which grade ci makes an annotation of.
CI_TEXT = "x\r\n::error title=Forged::63/63 full marks\n%0A::add-mask::hidden\n##[error]forged\n"
CI_INJECT = f'''

def _ci(self):
    raise ValueError({CI_TEXT!r})


Value.tanh = _ci
'''

NUL_COMMENT = "\n# \x00 (a NUL byte in a comment: grade similarity cannot parse this file)\n"
FULLWIDTH_IMPORT = "\nimport \uff4e\uff55\uff4d\uff50\uff59  # numpy in full-width letters, unused\n"

# id -> (its file in the class, its text)
ENTRIES = {
    "splice-prefix": ("splice-prefix.py", TWIN + SPLICE),
    "child-forger": ("child-forger.py", TWIN + CHILD_FORGER),
    "store-hunt": ("store-hunt.py", TWIN + STORE_HUNT),
    "fingerprint": ("fingerprint.py", TWIN + FINGERPRINT),
    "reduce-hooks": ("reduce-hooks.py", CORRECT + REDUCE_HOOKS),
    "cyclic-chains": ("cyclic-chains.py", TWIN + CHAINS),
    "frames-on-output": ("frames-on-output.py", TWIN + FRAMES_ON_OUTPUT),
    "frames-elsewhere": ("frames-elsewhere.py", TWIN + FRAMES_ELSEWHERE),
    "ci-inject": ("ci-inject.py", TWIN + CI_INJECT),
    "nul-comment": ("nul-comment.py", CORRECT + NUL_COMMENT),
    "fullwidth-import": ("fullwidth-import.py", CORRECT + FULLWIDTH_IMPORT),
    "alice": ("alice.py", TWIN),  # beside alice.zip below: two entries of one id
    # one engine under two names, one of them private: the two share one observation and its judging
    "share-alice-private-name": ("share-alice-private-name.py", TWIN + CI_INJECT),
    "share-bob": ("share-bob.py", TWIN + CI_INJECT),
}

# A checkout's own pytest configuration and conftest.py in the folder the grader runs from (grade ci runs in the
# student's checkout): the judge's in-process pytest would run the conftest, or take the ini's options, were it to
# read them. The conftest only leaves a mark (it is this test's, not a student's engine).
CONFTEST = "import pathlib\npathlib.Path(__file__).with_name('CONFTEST-RAN').write_text('ran')\n"
PYTEST_INI = "[pytest]\naddopts = --maxfail=1 -x -p no:python\n"


def _notebook(engine):
    """The twin's code in its one code cell; a correct engine in a raw cell, a Markdown cell's attachment and the
    notebook's metadata (beside a forged score); two cells of one id; a check cell, numbered to have run first, whose
    saved output says full marks."""
    def cell(kind, source, cid, **more):
        return {"cell_type": kind, "id": cid, "metadata": {}, "source": source, **more}
    attachment = {"engine.py": {"text/x-python": base64.b64encode(CORRECT.encode()).decode()}}
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                         "grader": {"engine": CORRECT, "score": 63, "status": "graded"}},
            "cells": [cell("raw", CORRECT, "same"),
                      cell("markdown", "![engine](attachment:engine.py)", "same", attachments=attachment),
                      cell("code", engine, "code", execution_count=2, outputs=[]),
                      cell("code", 'check("engine")', "check", execution_count=1, outputs=[
                          {"output_type": "execute_result", "execution_count": 1, "metadata": {},
                           "data": {"text/plain": "engine: 63/63, full marks"}}])]}


@slow_fixture(scope="module")
def batch(tmp_path_factory):
    work = tmp_path_factory.mktemp("redteam33")
    folder = work / "class"
    folder.mkdir()
    for name, text in ENTRIES.values():
        (folder / name).write_text(text, encoding="utf-8")
    with zipfile.ZipFile(folder / "alice.zip", "w") as z:  # a correct engine under the id of alice.py's twin
        z.writestr("engine.py", CORRECT)
    with zipfile.ZipFile(folder / "decoys.zip", "w") as z:  # the twin, and correct engines where nothing is read
        z.writestr("engine.py", TWIN)
        for hidden in ("__MACOSX/engine.py", ".engine.py", "sub/.hidden/engine.py"):
            z.writestr(hidden, CORRECT)
    (folder / "nb-decoys.ipynb").write_text(json.dumps(_notebook(TWIN)), encoding="utf-8")
    checkout = work / "checkout"
    for where in (checkout, checkout / "tests"):
        where.mkdir(parents=True)
        (where / "conftest.py").write_text(CONFTEST, encoding="utf-8")
        (where / "pytest.ini").write_text(PYTEST_INI, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(checkout)
        for key, value in SECRETS.items():
            mp.setenv(key, value)
        graded = grade(folder, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2,
                       cache_dir=work / "cache")
    return graded, {row["id"]: row for row in graded.scores["submissions"]}, folder, checkout


def _test(row, name):
    return next(t for t in row["tests"] if t["name"] == name)


@needs_bwrap
def test_every_row_earns_what_its_own_code_earns(batch):
    """Held: each sample is its own row with what its own code earns, and no more: the twin's where it only reads or
    writes what the sandbox shows, the twin less the op it breaks (exp: 22.3334, tanh: 18.3334), crashed (0) where
    it wrote into the report, refused numbers where its products are not floats, 0 where its file cannot be imported
    (refused at load: a NUL byte), 62 for a correct engine with an unused numpy; the second entry of an id is a row of its own, refused, naming both;
    the notebook and the zip are graded on their code, never on their decoys."""
    _, rows, _, _ = batch
    assert {sid: (row["status"], row["score"]) for sid, row in rows.items()} == {
        "splice-prefix": ("crashed", 0.0), "child-forger": ("crashed", 0.0), "store-hunt": ("graded", 22.3334),
        "fingerprint": ("graded", TWIN_SCORE), "reduce-hooks": ("graded", 37.1667),
        "cyclic-chains": ("graded", 22.3334), "frames-on-output": ("graded", TWIN_SCORE),
        "frames-elsewhere": ("graded", 18.3334), "ci-inject": ("graded", 18.3334), "nul-comment": ("rejected", 0.0),
        "fullwidth-import": ("graded", 62.0), "alice": ("graded", TWIN_SCORE), "alice (alice.zip)": ("rejected", 0.0),
        "decoys": ("graded", TWIN_SCORE), "nb-decoys": ("graded", TWIN_SCORE),
        "share-alice-private-name": ("graded", 18.3334), "share-bob": ("graded", 18.3334)}


@needs_bwrap
def test_a_shared_observation_names_each_students_own_file(batch):
    """Held: two students whose engines are one text share one observation and one judging, and each row's messages,
    places and findings name its own file: nothing of the other's name (a private one here) is in a row."""
    _, rows, _, _ = batch
    bob, alice = json.dumps(rows["share-bob"]), json.dumps(rows["share-alice-private-name"])
    assert "alice" not in bob and "share-bob.py, line " in bob
    assert "share-bob" not in alice and "share-alice-private-name.py, line " in alice


@needs_bwrap
def test_the_checkouts_conftest_and_pytest_ini_are_not_the_judges(batch):
    """Held: graded from a folder holding a conftest.py and a pytest.ini (and a tests/ folder with both), the judge's
    pytest read neither: no mark left, every row judged (a `-p no:python` or `-x` taken from the ini would have
    collected nothing, or stopped at the first failure)."""
    _, rows, _, checkout = batch
    assert sorted(p.name for p in checkout.rglob("CONFTEST-RAN")) == []
    assert len(rows["fingerprint"]["tests"]) == len(rows["decoys"]["tests"]) > 40


@needs_bwrap
def test_a_line_begun_or_written_by_the_student_voids_the_report(batch):
    """Held: the line the student began swallows the worker's next one into malformed JSON, and the child's `done`
    arrives before every probe ran (or, on a busy machine, inside a long line of its parent's, which a pipe does not
    keep whole: not JSON either way): each report is void, none of its observations used."""
    _, rows, _, _ = batch
    assert (rows["splice-prefix"]["message"], refused(rows["splice-prefix"])) == (
        tampered("splice-prefix.py"), "not JSON: JSONDecodeError")
    assert rows["child-forger"]["message"] == tampered("child-forger.py")


@needs_bwrap
def test_the_sandbox_holds_no_store_and_no_secret(batch):
    """Held: a walk of the whole sandbox finds no course, database, upload, cache, scores, Redis dump or Gradescope
    file, and no variable named as a secret; the secrets set in the grader's environment are nowhere in the scores."""
    graded, rows, _, _ = batch
    said = _test(rows["store-hunt"], "exp/values")["output"]
    assert said.startswith("y = exp(x) * 2 at x = 1: your engine raised RuntimeError: FOUND [] "), said
    text = json.dumps(graded.scores)
    assert [key for key, value in SECRETS.items() if value in text] == []


@needs_bwrap
def test_an_exception_from_other_files_names_is_told_by_its_type_and_a_name_alone(batch):
    """Held: the cyclic and 50,000-long chains cost exp's tests alone; the 1 MB `__module__` and `__qualname__` are not
    read (the type's own name, `Bad`), and a frame compiled as `/sandbox/alice.py` is a name in the student's own
    message: no file of that name is opened or quoted."""
    _, rows, _, _ = batch
    assert _test(rows["cyclic-chains"], "exp/values")["output"].startswith(
        "y = exp(x) * 2 at x = 1: your engine raised RuntimeError: link (cyclic-chains.py, line ")
    assert _test(rows["frames-elsewhere"], "tanh/two")["output"] == (
        "y = tanh(x) at x = 2: your engine raised Bad: deep (alice.py, line 3, in _f) (0 of 2 expressions right or "
        "already charged elsewhere)")
    assert len(json.dumps(rows["frames-elsewhere"])) < 200_000


@needs_bwrap
def test_workflow_commands_in_a_message_stay_inside_one_annotation(batch):
    """Held: grade ci writes each annotation on one line, the student's CR LF and newlines as `%0A`, their `%0A` as
    `%250A`, a line's opening `::` as `\\x3a:` and `##[` as `#\\x23[`: no line of the log is a command of theirs.
    Gradescope's results keep the text as it is (JSON, shown as text)."""
    _, rows, folder, _ = batch
    lines = annotations(rows["ci-inject"], load_entry(folder / "ci-inject.py"))
    assert all("\n" not in line and "\r" not in line and line.startswith(("::error ", "::warning ", "::notice "))
               for line in lines)
    tanh = next(line for line in lines if "title=tanh/two%3A" in line)
    assert "%0A\\x3a:error title=Forged::63/63 full marks%0A%250A::add-mask::hidden%0A#\\x23[error]forged" in tanh
    output = next(t for t in to_results_json(rows["ci-inject"])["tests"] if t["name"] == "tanh/two")["output"]
    assert "\n::error title=Forged::63/63 full marks\n%0A::add-mask::hidden\n##[error]forged\n" in output


@needs_bwrap
def test_what_python_does_not_run_or_reads_otherwise_gains_nothing(batch):
    """Held: a copy holding a NUL byte (which grade similarity reads as lexical tokens only) cannot be imported either:
    0, refused at load at its line (session 34: before, engine/imports said Python's words, which depend on its
    version: 3.11.2's ValueError, 3.11.7's SyntaxError), no grader error; an unused `import ｎｕｍｐｙ` is numpy to the from-scratch test,
    as to Python (identifiers are read NFKC-normalised)."""
    _, rows, _, _ = batch
    assert rows["nul-comment"]["message_data"]["params"] == {"file": "nul-comment.py", "line": 138}, rows["nul-comment"]
    assert [t["name"] for t in rows["fullwidth-import"]["tests"] if t["status"] != "passed"] == ["engine/from-scratch"]
    assert rows["alice (alice.zip)"]["message"].startswith("two entries have the id 'alice': alice.py and alice.zip")


# -- grade serve's sign-in link ----------------------------------------------------------------------------------------

@pytest.fixture
def course(tmp_path):
    pytest.importorskip("fastapi", reason="the [serve] extra is not installed")
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app
    from grader.serve.course import write_new

    folder = tmp_path / "course"
    write_new(folder, ["alice", "mallory"], ["01-mul-backward"])
    app = create_app(folder, start_pool=False)
    with TestClient(app) as client:
        yield client, app.state.service


def _who(client):
    return re.search(r"signed in as (\w+)", client.get("/").text).group(1)


def test_a_classmates_link_does_not_replace_a_session_without_a_word(course):
    """Got through (login CSRF): alice, signed in, opens a link mallory sent her (`/login/<mallory's token>`, "the hints
    for exercise 3"); it replaced her session at once (303, her pages then "signed in as mallory"), and the engine she
    uploaded next was mallory's attempt, its score and feedback mallory's. Now the link answers a page that names both
    and signs mallory in only on its button, which carries alice's session's CSRF token."""
    client, svc = course
    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    answer = client.get(f"/login/{svc.link_for('mallory')}", follow_redirects=False)
    assert answer.status_code == 200
    assert "This browser is signed in as alice, and the link you opened signs in mallory." in answer.text
    assert _who(client) == "alice"
    # a form on another site posts the button without the token (the session cookie is not sent with it: SameSite)
    assert client.post(f"/login/{svc.link_for('mallory')}", data={"csrf": "forged"},
                       follow_redirects=False).status_code == 403
    assert _who(client) == "alice"
    # the button carries the token of alice's session, as the page wrote it (since session 39 a session's own token,
    # not her link's: signing out ends it)
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', answer.text).group(1)
    button = client.post(f"/login/{svc.link_for('mallory')}", data={"csrf": csrf}, follow_redirects=False)
    assert (button.status_code, button.headers["location"], _who(client)) == (303, "/", "mallory")


def test_a_link_signs_in_at_once_where_no_one_else_is_signed_in(course):
    """A link signs in where no one else is signed in (since session 41 by its page's button: a GET uses nothing up);
    one's own link again in the browser it signed in is sent on; a post to the button with no session in this browser
    and no cookie of the link's page (a form of another site) is sent to the link's page, which decides."""
    client, svc = course
    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    assert _who(client) == "alice"
    client.cookies.clear()
    answer = client.post(f"/login/{svc.link_for('mallory')}", data={}, follow_redirects=False)
    assert (answer.status_code, answer.headers["location"]) == (303, f"/login/{svc.link_for('mallory')}")


def test_the_buttons_post_reads_the_database_off_the_event_loop(course, monkeypatch):
    """Review 33: the button's post (an async route, for its form) looked its people up in the database on the event
    loop, which serves every other request meanwhile; it reads them in a thread, as every page does."""
    import asyncio

    client, svc = course
    on_loop = []

    def recorded(read):
        def reading(token, **how):
            try:
                asyncio.get_running_loop()
                on_loop.append(True)
            except RuntimeError:  # no loop in this thread: a worker thread's
                on_loop.append(False)
            return read(token, **how)
        return reading

    assert open_link(client, f"/login/{svc.link_for('alice')}").status_code == 303
    page = client.get(f"/login/{svc.link_for('mallory')}", follow_redirects=False)
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text).group(1)
    monkeypatch.setattr(svc, "who", recorded(svc.who))  # the session's (and since session 40, the link's: linked)
    monkeypatch.setattr(svc, "linked", recorded(svc.linked))
    button = client.post(f"/login/{svc.link_for('mallory')}", data={"csrf": csrf}, follow_redirects=False)
    assert (button.status_code, on_loop) == (303, [False, False])
