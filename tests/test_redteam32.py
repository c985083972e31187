"""Session 32's red team: fresh samples by a student who has read the grader's source and its docs
(docs/security.md, "Session 32's red team"), on every surface: the sandbox's views of the grader (its environment,
its descriptors, `/proc`), the grader's own reading of a submission (its syntax, its messages, its name), the
batch's order, the reports and feedback pages written beside the scores, and the loaders (zips, Gradescope's
folder, Blackboard's receipts). The engine suite's samples are graded in one batch, each on the informed attacks'
twin (correct-closures with `=` for `+=` in every backward rule: 23.8334/63 with the drawn inputs) or on correct-closures itself; the rest
is checked in process. The closed one failed before its fix, as its test says; the ones that held are kept so that
the next change that opens one fails."""

import json
import os
import re
import unicodedata
import zipfile
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap

from click.testing import CliRunner

from grader.cli import main
from grader.cli.terminal import print_table
from grader.integrations import report_files
from grader.integrations.gradescope import submission_entry
from grader.load import load_entry, load_submissions
from grader.pipeline import grade
from grader.sandbox import Limits
from grader.student_text import printable
from grader.suites import load_suite

ROOT = Path(__file__).resolve().parents[1]
CORRECT = (ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
TWIN_SCORE = 23.8334  # 25.8334 at the fixed inputs alone: shared/three-paths fails at the drawn ones (judge/drawn.py)
# set in the grader's environment while the batch is graded: the names the fleet, the queue and a grader's secret
# are read from (docs/scaling.md), each holding a value that must appear nowhere in what the batch writes
SECRETS = {"GRADE_FLEET_KEY": "fleet-key-rt32", "GRADE_QUEUE_PASSWORD": "queue-password-rt32",
           "GRADE_QUEUE": "redis://:queue-url-password-rt32@127.0.0.1:1/0",
           "MICROGRAD_GRADER_SECRET": "grader-secret-rt32"}


def _twin():
    engine, count = re.subn(r"^( {12}\w+\.grad) \+= ", r"\1 = ", CORRECT, flags=re.MULTILINE)
    assert count == 9
    return engine


TWIN = _twin()

# Every environment, command line and descriptor of every process the sandbox shows, its mounts and status, read at
# import and raised as exp's error, so that whatever it found is in the scores (the grader's secrets, were they
# anywhere it can read).
PROC_SECRETS = r'''

import os as _os
_FOUND = []
for _pid in _os.listdir("/proc"):
    if not _pid.isdigit():
        continue
    for _what in ("environ", "cmdline"):
        try:
            with open(f"/proc/{_pid}/{_what}", "rb") as _f:
                _FOUND.append(_f.read().replace(b"\0", b" ").decode("latin-1"))
        except OSError:
            pass
    try:
        for _fd in _os.listdir(f"/proc/{_pid}/fd"):
            _FOUND.append(_os.readlink(f"/proc/{_pid}/fd/{_fd}"))
    except OSError:
        pass
for _path in ("/proc/self/mountinfo", "/proc/1/mountinfo", "/proc/self/status"):
    try:
        _FOUND.append(open(_path).read())
    except OSError:
        pass
_FOUND.append(repr(dict(_os.environ)))
_TEXT = " | ".join(_FOUND)


def _leak(self, *a):
    raise RuntimeError("LEAK " + _TEXT[:1900])


Value.exp = _leak
'''

# A worker's `done` written into every descriptor the worker may hold beside its own three (fds 3-255), and into
# every descriptor of its own and of the sandbox's init (bubblewrap) reopened through /proc: a pipe of the grader's
# other than the report (the go pipe, bubblewrap's info or status), were one reachable, would take it.
FD_SCAN = r'''

import os as _os
_LINE = b'{"event": "done"}\n'
for _fd in range(3, 256):
    try:
        _os.write(_fd, _LINE)
    except OSError:
        pass
for _pid in ("self", "1"):
    try:
        _fds = _os.listdir(f"/proc/{_pid}/fd")
    except OSError:
        continue
    for _fd in _fds:
        if _pid == "self" and _fd in ("0", "1", "2"):
            continue
        try:
            _w = _os.open(f"/proc/{_pid}/fd/{_fd}", _os.O_WRONLY | _os.O_NONBLOCK)
            _os.write(_w, _LINE)
            _os.close(_w)
        except OSError:
            pass
'''

# str.format and %-formatting fields in an exception's text (a grader that formatted a student's text again would
# read a 99,999,999-wide field, or the globals of a function)
BRACES_TEXT = "{score:>99999999} {0.__class__.__init__.__globals__} %(id)s %s %n {{}} {} ${HOME}"
BRACES = f'''

def _braces(self, *a):
    raise ValueError({BRACES_TEXT!r})


Value.tanh = _braces
'''
BRACES_ID = "{id}{score:>99999999}%s"  # an entry named as a format string

# Correct only where it is not graded: where the seccomp filter of the grade of record is not on (a student's
# portable check), the engine is correct-closures; where it is, the twin.
DETECT_RECORD = r'''

def _graded():
    try:
        with open("/proc/self/status") as _f:
            return "Seccomp:\t2" in _f.read()
    except OSError:
        return False


if not _graded():
    exec(compile(open(__file__).read().replace(".grad = ", ".grad += "), __file__, "exec"))
'''


def _deep(kind, n=1400):
    """A function nested `n` deep in one of the shapes Python compiles (CPython 3.11: up to some 2,000), which the
    grader's own readings of the source (the from-scratch test, the hints, the places) walk: an `elif` chain (each an
    `If` inside the last one's `orelse`), lambdas returning lambdas, calls of calls."""
    if kind == "elif":
        return "\n\ndef classify(x):\n    if x == -1:\n        return -1\n" + "".join(
            f"    elif x == {i}:\n        return {i}\n" for i in range(n)) + "    return None\n"
    if kind == "lambda":
        return "\n\nF = " + "lambda: " * n + "0\n"
    return "\n\ndef calls(f):\n    return f" + "()" * n + "\n"


# a GitHub Actions workflow command, as the first thing on a line of a CI job's log (an instructor grading the class
# in a workflow): an annotation of the job, its text made up by the student
WORKFLOW_ID = "::error title=Forged::every score below is wrong"

SLEEP_AT_IMPORT = "\n\nimport time as _t\n_t.sleep(0.4)\n"  # finishes last, though graded first (`a` < `b`)

# id -> (its file in the class, its text)
ENTRIES = {
    "proc-secrets": ("proc-secrets.py", TWIN + PROC_SECRETS),
    "fd-scan": ("fd-scan.py", TWIN + FD_SCAN),
    "brace-messages": ("brace-messages.py", TWIN + BRACES),
    BRACES_ID: (BRACES_ID + ".py", TWIN + BRACES),
    "deep-elif": ("deep-elif.py", CORRECT + _deep("elif")),
    "deep-lambda": ("deep-lambda.py", CORRECT + _deep("lambda")),
    "deep-call": ("deep-call.py", CORRECT + _deep("call")),
    "swap-a": ("swap-a.py", CORRECT + SLEEP_AT_IMPORT),
    "swap-b": ("swap-b.py", TWIN),
    "twin-file": ("twin-file.py", TWIN),
    "twin-folder": ("twin-folder/engine.py", TWIN),
    "detect-record": ("detect-record.py", TWIN + DETECT_RECORD),
    "scores": ("scores.py", TWIN),  # named as the class's own reports: `scores.html`, `scores.md`
    WORKFLOW_ID: (WORKFLOW_ID + ".py", TWIN),
}


@slow_fixture(scope="module")
def batch(tmp_path_factory):
    work = tmp_path_factory.mktemp("redteam32")
    folder = work / "class"
    for name, text in ENTRIES.values():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        for key, value in SECRETS.items():
            mp.setenv(key, value)
        graded = grade(folder, limits=Limits(probe_seconds=2, import_seconds=5, submission_seconds=30), jobs=2,
                       cache_dir=work / "cache")
    return graded, {row["id"]: row for row in graded.scores["submissions"]}


def _test(row, name):
    return next(t for t in row["tests"] if t["name"] == name)


@needs_bwrap
def test_every_row_earns_what_its_own_code_earns(batch):
    """Held: each sample is its own row, graded, with the score its own code earns: the twin's for those that only
    read or write what the sandbox shows (fd-scan's `done` reached no pipe of the grader's; detect-record is the twin
    where it is graded), the twin less the op it broke for those that raise (exp: 22.3334, tanh: 18.3334), 63 for a
    correct engine however deep its source, and a slow row graded first keeps its own score, not the next one's."""
    _, rows = batch
    assert {sid: (row["status"], row["score"]) for sid, row in rows.items()} == {
        "proc-secrets": ("graded", 22.3334), "fd-scan": ("graded", TWIN_SCORE),
        "brace-messages": ("graded", 18.3334), BRACES_ID: ("graded", 18.3334),
        "deep-elif": ("graded", 63.0), "deep-lambda": ("graded", 63.0), "deep-call": ("graded", 63.0),
        "swap-a": ("graded", 63.0), "swap-b": ("graded", TWIN_SCORE),
        "twin-file": ("graded", TWIN_SCORE), "twin-folder": ("graded", TWIN_SCORE),
        "detect-record": ("graded", TWIN_SCORE), "scores": ("graded", TWIN_SCORE), WORKFLOW_ID: ("graded", TWIN_SCORE)}


@needs_bwrap
def test_the_graders_secrets_are_nowhere_the_sandbox_can_read(batch):
    """Held: the fleet's key, the queue's password and URL and a grader secret set in the grader's environment are
    in no process's environment, command line or descriptor that the sandbox shows; what proc-secrets read (the
    sandbox's init: bubblewrap's own arguments and its explicit environment) is in its message, and no secret."""
    graded, rows = batch
    said = _test(rows["proc-secrets"], "exp/values")["output"]
    assert said.startswith("y = exp(x) * 2 at x = 1: your engine raised RuntimeError: LEAK PATH=/usr/bin:/bin")
    assert "--clearenv" in said
    text = json.dumps(graded.scores)
    assert [key for key, value in SECRETS.items() if value in text] == []


@needs_bwrap
def test_format_fields_in_a_message_and_a_name_are_shown_as_written(batch):
    """Held: an exception's text and an entry's name holding `{score:>99999999}`, `{0.__class__...}` and `%s` are
    text: formatted by no one, the row's id and tanh's message as the student wrote them."""
    _, rows = batch
    for sid in ("brace-messages", BRACES_ID):
        output = _test(rows[sid], "tanh/two")["output"]
        assert f"your engine raised ValueError: {BRACES_TEXT}" in output, output
        assert len(output) < 1000
    assert rows[BRACES_ID]["source"] == BRACES_ID + ".py"


@needs_bwrap
def test_the_same_files_handed_in_twice_each_name_their_own(batch):
    """Held: a file and a folder holding the same engine share one observation (the cache's key is the files) and
    keep their own rows and sources."""
    _, rows = batch
    assert (rows["twin-file"]["source"], rows["twin-folder"]["source"]) == ("twin-file.py", "twin-folder")
    assert rows["twin-file"]["tests"] == rows["twin-folder"]["tests"]


@needs_bwrap
def test_feedback_pages_never_replace_the_class_reports(batch, tmp_path):
    """Closed: a student whose entry is `scores.py`, graded with `-o out/scores.json --format html --format markdown
    --feedback-dir out` (the reports and the pages in one folder), had its feedback pages written over the class's
    reports `scores.html` and `scores.md` (on 777ec7c4: every other student's row gone from what the instructor
    reads). A page now takes no name of a file the same command writes: `scores-<hash>.html`; `grade report`
    likewise for its `-o`."""
    graded, _ = batch
    out = tmp_path / "scores.json"
    out.write_text(json.dumps(graded.scores), encoding="utf-8")
    written = report_files.write_reports(graded.scores, out, ["html", "markdown"])
    report_files.write_feedback_pages(graded.scores, tmp_path, keep=[out, *written])
    assert "<title>engine: class report</title>" in (tmp_path / "scores.html").read_text(encoding="utf-8")
    assert (tmp_path / "scores.md").read_text(encoding="utf-8").startswith("# engine")
    pages = sorted(p.name for p in tmp_path.glob("scores-*"))
    assert len(pages) == 2 and pages[0].endswith(".html") and pages[1].endswith(".md")
    assert "Feedback: scores" in (tmp_path / pages[0]).read_text(encoding="utf-8")
    assert (tmp_path / "swap-a.html").exists()  # a page whose name is no report's keeps its name


@needs_bwrap
def test_grade_report_writes_no_page_over_its_own_output(batch, tmp_path):
    """Closed: `grade report scores.json --to html -o out/swap-a.html --feedback-dir out` wrote swap-a's page over
    the class report it had just written; the page is now `swap-a-<hash>.html`."""
    graded, _ = batch
    scores = tmp_path / "scores.json"
    scores.write_text(json.dumps(graded.scores), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["report", str(scores), "--to", "html", "-o", str(out / "swap-a.html"),
                                       "--feedback-dir", str(out)])
    assert result.exit_code == 0, result.output
    assert "<title>engine: class report</title>" in (out / "swap-a.html").read_text(encoding="utf-8")
    assert [p.name for p in out.glob("swap-a-*.html")] != []


# -- the loaders, in process -----------------------------------------------------------------------------------

def test_a_zips_names_equal_after_unicode_normalisation_are_refused_where_their_contents_differ(tmp_path):
    """`café.py` composed and decomposed in one zip (one name on macOS) with different contents: held as the two files
    they are on Linux until session 44, refused since (redteam44: the sandbox imports the composed one, the student
    cannot tell which they meant; as names differing only in case are; tests/test_redteam44.py holds the twins of
    the same bytes, still carried); a file and a folder named `engine.py` in one zip are refused."""
    composed, decomposed = (unicodedata.normalize(form, "café.py") for form in ("NFC", "NFD"))
    path = tmp_path / "nfc.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("engine.py", "from café import *\n")
        z.writestr(composed, CORRECT)
        z.writestr(decomposed, TWIN)
    loaded = load_entry(path)
    assert (loaded.problem, sorted(loaded.files)) == (
        "nfc.zip holds cafe\\u0301.py and caf\\xe9.py, whose names differ only in how their letters are encoded "
        "(composed and decomposed accents, Unicode's NFC and NFD) and whose contents differ: they look the same, and "
        "on macOS they are one file, so the grader cannot tell which one you meant; keep one of them and hand in "
        "again", [])
    both = tmp_path / "both.zip"
    with zipfile.ZipFile(both, "w") as z:
        z.writestr("engine.py", TWIN)
        z.writestr("engine.py/x.py", "")
    assert load_entry(both).problem == "both.zip holds 'engine.py' both as a file and as a folder; zip it again"


def test_a_gradescope_folder_holding_only_a_link_grades_no_file_it_names(tmp_path):
    """Held: Gradescope's submission folder (a linked repository) whose one entry is `engine.py ->
    /autograder/source/reference/engine.py` is not that file: the folder is read, and the link refused."""
    folder = tmp_path / "submission"
    folder.mkdir()
    os.symlink(ROOT / "reference" / "engine.py", folder / "engine.py")
    assert submission_entry(folder) == folder
    loaded = load_entry(folder)
    assert "engine.py is a symbolic link, which is not followed" in loaded.problem


def test_a_blackboard_receipt_naming_a_classmate_in_its_comments_names_no_one(tmp_path):
    """Held: Blackboard's receipt holds the student's own comments; mallory's writes `Name: Victor Im (1_victor)`
    there, below the line Blackboard writes, so that the assignment (`HW_1`, which holds a `_`) would be read as
    `HW` for her. The first `Name:` line is Blackboard's, and each row is its student's."""
    folder = tmp_path / "export"
    folder.mkdir()
    for user, text in (("victor", CORRECT), ("mallory", TWIN)):
        (folder / f"HW_1_{user}_attempt_2026-12-01-10-00-00_engine.py").write_text(text, encoding="utf-8")
    (folder / "HW_1_victor_attempt_2026-12-01-10-00-00.txt").write_text("Name: Victor Im (victor)\n", encoding="utf-8")
    (folder / "HW_1_mallory_attempt_2026-12-01-10-00-00.txt").write_text(
        "Name: Mal Lory (mallory)\nAssignment: HW_1\nComments:\nName: Victor Im (1_mallory)\n", encoding="utf-8")
    rows = {s.id: sorted(s.files) for s in load_submissions(folder, load_suite("engine"))}
    assert rows == {"victor": ["engine.py"], "mallory": ["engine.py"]}


# -- what a student's name does in the instructor's terminal and CI log --------------------------------------------

@needs_bwrap
def test_no_row_of_the_table_opens_a_workflow_command(batch, capsys):
    """Closed: an entry named `::error title=Forged::every score below is wrong.py` opened its row of `grade run`'s
    table with `::error title=Forged::`, which GitHub Actions reads as a workflow command (an annotation of the
    instructor's grading job, its words the student's; `::add-mask::`, `::stop-commands::` likewise). The sanitiser
    now writes a line's opening `:` as `\\x3a`."""
    graded, _ = batch
    print_table(graded.scores)
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if line.lstrip().startswith("::")] == []
    assert any(line.startswith("\\x3a:error title=Forged:  graded     23.8334/63") for line in lines), lines
    # GitHub's older form (and Azure Pipelines'), read anywhere in a line, as an exception's text may hold it
    assert printable("boom ##[add-mask]63 ##vso[task.complete result=Failed]", one_line=True) == \
        "boom #\\x23[add-mask]63 #\\x23vso[task.complete result=Failed]"


@pytest.mark.slow  # 2.2 s of CPU: the similarity's first reading in a process
def test_grade_similarity_shows_names_through_the_sanitiser(tmp_path):
    """Closed: `grade similarity` printed its clusters, public matches and unreadable calls with the students' names
    raw: a name holding ESC [ 2 A, CR and ESC [ 2 K rewrote the lines above it in the instructor's terminal (the
    summary "1 pair flagged" among them), OSC 52 set the clipboard, `::` opened a workflow command. Now each is
    shown as the table shows it."""
    folder = tmp_path / "class"
    folder.mkdir()
    escaped = "mal\x1b[2A\r\x1b[2K\x1b]52;c;ZWNobyBwd25lZA==\x07"
    (folder / (escaped + ".py")).write_text('import marshal\nexec(marshal.loads(b"\\xe3"))\n', encoding="utf-8")
    (folder / (WORKFLOW_ID + ".py")).write_text("class Value:\n    pass\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["similarity", str(folder), "-o", str(tmp_path / "similarity.json"),
                                       "--no-micrograd"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == (
        "  mal\\x1b[2A\\x0d\\x1b[2K\\x1b]52;c;ZWNobyBwd25lZA==\\x07: exec() of data at mal\\x1b[2A\\x0d\\x1b[2K\\x1b]52;"
        "c;ZWNobyBwd25lZA==\\x07.py, line 2 (cannot be unpacked: not compared, look at it)")
    assert "\x1b" not in result.output and "\x07" not in result.output
