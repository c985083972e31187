"""The sandbox holds against hostile submissions (issue 5; the threat model is docs/security.md).

Every attack in tests/fixtures/hostile/<case>/engine.py (its first comment says what it attempts
and what must hold) is graded in ONE batch beside correct engines and a few malformed entries,
through `grader.pipeline.grade` with small limits. Then: each hostile entry has the row we expect
(status, words of its message, a score no higher than it honestly earns), the correct engines are
untouched by their company, no sandbox process is left, no file outside the grading folders
changed, a secret in the grader's environment appears nowhere, and the grader's memory stayed flat.

The batch needs the full sandbox (bubblewrap); the fallback's own tests below run without it.
"""

import ast
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
import zipfile
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from costs import slow_fixture
from click.testing import CliRunner
from nbformat.v4 import new_code_cell, new_notebook

if not sys.platform.startswith("linux"):  # macOS, Windows: the portable worker is no sandbox to attack
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)

import resource  # noqa: E402  (POSIX only)

import grader.sandbox as sandbox_module
from grader.pipeline import grade
from grader.cli import main
from grader.observe.attempt import Attempt
from grader.observe.protocol import MAX_LINE, ProtocolError, parse_event
from grader.probekit import MAX_VALUES, ObservationError, plain
from grader.report import render
from grader.report.feedback import write_feedback
from grader.private_files import write_json_atomically
from grader.sandbox.accounting import Budget, tree_usage
from grader.sandbox.pipes import CappedOutput
from grader.sandbox import Limits, Sandbox, SandboxUnavailable
from grader.sandbox.uids import UID_BASE, UID_COUNT, _lease_folder, processes_of_uid, uid_leased

pytestmark = pytest.mark.slow  # every attack runs in the sandbox, most of them in one batch of the class

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
HOSTILE = FIXTURES / "hostile"
# network/engine.py tries a port on 127.0.0.1 and an abstract unix socket; the batch listens on a free port
# and a socket of its own (no fixed port: two runs at once, or another program, may hold one) and writes
# both into the batch's copy of the attack in place of these
FIXTURE_PORT, FIXTURE_SOCKET = "_TEST_PORT = 47613", '_ABSTRACT = b"\\0grader-hostile-test"'
LIMITS = Limits(probe_seconds=2, import_seconds=3, submission_seconds=20, memory_mb=1024)
# Entries whose *names* attack (issue 11), built by _build_class around a correct engine: a name that
# is not UTF-8 (its id is the reversible escape), terminal escape sequences, and ids that collide.
ESCAPED_NAME = "caf\\xe9"  # the folder b"caf\xe9", Latin-1
TERMINAL_NAMES = ("zz\x1b[A\rcorrect-kahn  graded   0\u221562", "\x1b]52;c;cHduZWQ=\x07osc52-terminated",
                  "\x1b]52;c;cHduZWQ=unterminated", "\u202eevil\u202c.py-bidi", "bell\x07\x9b1Arow")
# "Eve" and "eve" fold to one file name, so eve's page is renamed eve-<hash of "eve">.md; an entry is
# named exactly that
FEEDBACK_VICTIM, FEEDBACK_IMPOSTOR = "eve", "eve-" + hashlib.sha256(b"eve").hexdigest()[:8]
COLLIDING = ("bob", "bob (bob.py)")  # and bob.py, whose generated id "bob (bob.py)" was taken
CORRECT = ("correct-closures", "correct-edgelist", "correct-kahn", "reference-engine", "shell-escape",
           ESCAPED_NAME, *TERMINAL_NAMES, "Eve", FEEDBACK_VICTIM, FEEDBACK_IMPOSTOR, *COLLIDING,
           "honest-slow")

# id -> (status, words its message must contain, score: 0 | "max" | "baseline" (no test that
# baseline-constant does not pass honestly; the forgers run that same engine) | None)
ROWS = {
    "loop-import": ("timeout", ["importing engine.py did not finish within 3 s"], 0),
    "loop-backward": ("timeout", ["3 probes in a row did not finish within 2 s"], 0),
    "loop-sigterm-ignored": ("timeout", ["importing engine.py did not finish within 3 s"], 0),
    "memory-grab": ("graded", ["MemoryError"], 0),
    "fork-storm": ("timeout", ["importing engine.py did not finish within 3 s"], 0),
    "huge-file": ("graded", ["OSError", "No space left on device"], 0),
    "print-flood": ("graded", [], "max"),
    "segfault-recursion": ("crashed", ["while importing engine.py", "SIGSEGV", "segmentation fault"], 0),
    "exit-os-import": ("crashed", ["while importing engine.py", "exited with status 3"], 0),
    "exit-sys-import": ("crashed", ["engine.py called sys.exit(3) while being imported"], 0),
    "forge-files": ("graded", [], "baseline"),
    "forge-fd-import": ("crashed", ["report was malformed", "observation channel", "none of its observations"], 0),
    "forge-fd-backward": ("crashed", ["report was malformed", "observation channel", "none of its observations"], 0),
    "forge-fd-transcript": ("graded", [], "baseline"),
    "monkeypatch": ("graded", [], "baseline"),
    "liar-objects": ("graded", [], 0),
    "read-grader": ("graded", [], "max"),
    "import-forbidden": ("graded", ["ForbiddenModuleError", "`numpy` is not allowed in this exercise: `numpy.array`"], 0),
    "read-environment": ("graded", [], "max"),
    "signal-grader": ("graded", [], "max"),
    "background-daemon": ("graded", [], "max"),
    "network": ("graded", [], "max"),
    "baseline-constant": ("graded", [], None),
    # issue 11: one submission must not abort the batch, nor hold the grader's memory
    "forge-last-result": ("graded", [], "baseline"),
    "surrogate-messages": ("graded", [], 0),
    "surrogate-import": ("graded", ["ImportError: engine.py refuses to load \ufffd"], 0),
    "surrogate-exit": ("crashed", ["engine.py called sys.exit(\ufffd-\ufffd) while being imported"], 0),
    "flood-nested-json": ("crashed", ["report was malformed", "a line holds more values than an observation may (10000)"],
                          0),
    "bob (bob.py) #2": ("rejected", ["two entries have the id 'bob': bob/ and bob.py"], 0),
    "cpu-hog": ("timeout", [], None),  # how many of its probes finish before its time runs out varies
    "read-system": ("graded", [], "max"),
    # malformed input, handled by grader/load/, graded in the same batch
    "broken-notebook": ("rejected", ["not a readable notebook", "bad JSON"], 0),
    "zip-slip": ("rejected", ["'..'", "outside the archive"], 0),
    "empty-folder": ("rejected", ["no engine.py found", "empty"], 0),
}


def _full_sandbox():
    try:
        box = Sandbox(LIMITS)
    except Exception as exc:  # noqa: BLE001 - any reason at all means: no full sandbox here
        return False, str(exc)
    try:
        return box.bwrap is not None, box.warning
    finally:
        box.close()


FULL, WHY_NOT = _full_sandbox()
needs_bwrap = pytest.mark.skipif(
    not FULL, reason=f"the hostile batch needs the full sandbox, and bubblewrap cannot be used here: {WHY_NOT}")


# -- the batch ---------------------------------------------------------------------------------


def _build_class(folder, decoy):
    """The batch folder: every hostile fixture, correct engines, malformed entries."""
    for case in sorted(p.name for p in HOSTILE.iterdir() if (p / "engine.py").exists()):
        shutil.copytree(HOSTILE / case, folder / case)
    for name in ("correct-closures", "correct-edgelist", "correct-kahn"):
        shutil.copytree(FIXTURES / "submissions" / name, folder / name)
    # graded beside the CPU hog: an honest engine that needs ~150 ms of CPU per backward()
    shutil.copytree(FIXTURES / "neighbours" / "honest-slow", folder / "honest-slow")
    (folder / "reference-engine").mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", folder / "reference-engine" / "engine.py")
    shutil.copy(FIXTURES / "malformed" / "truncated.ipynb", folder / "broken-notebook.ipynb")
    (folder / "empty-folder").mkdir()
    with zipfile.ZipFile(folder / "zip-slip.zip", "w") as z:
        z.writestr("engine.py", "class Value:\n    pass\n")
        z.writestr("../../escaped-from-zip.py", "print('escaped')\n")
    engine = (FIXTURES / "submissions" / "correct-closures" / "engine.py").read_text()
    notebook = new_notebook(cells=[
        new_code_cell(f"!touch {decoy}/pwned-by-shell-escape"),
        new_code_cell(f"%system touch {decoy}/pwned-by-magic\n%cd /\nimport math"),
        new_code_cell(engine),
    ])
    (folder / "shell-escape.ipynb").write_text(nbformat.writes(notebook))
    correct = FIXTURES / "submissions" / "correct-closures"
    for name in (os.fsdecode(b"caf\xe9"), *TERMINAL_NAMES, "Eve", FEEDBACK_VICTIM, FEEDBACK_IMPOSTOR, *COLLIDING):
        shutil.copytree(correct, folder / name)
    shutil.copy(correct / "engine.py", folder / "bob.py")


def _snapshot(*roots):
    """{path: (mtime, size)} of every file under `roots` (caches of Python and git left out)."""
    skip = {".git", "__pycache__", ".pytest_cache", ".grade-cache", ".hypothesis"}
    seen = {}
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in skip and not d.endswith(".egg-info")]
            for name in files + dirs:
                path = os.path.join(folder, name)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                seen[path] = (info.st_mtime_ns, info.st_size)
    return seen


# What the attacks write, by content or by name. The repository is a working tree that people may
# be editing while this runs, so a change there counts when it carries one of these; the decoy and
# the batch's own input folder must not change at all. (The sandbox cannot even see the
# repository: read-grader checks that.)
ATTACK_MARKS = (b"forged-by-hostile-fixture", b"sabotaged by background-daemon", b"print('escaped')")
ATTACK_NAMES = ("hostile-fill-", "escaped-from-zip", "pwned-by-")


def _attack_damage(changed):
    damaged = []
    for path in changed:
        name = os.path.basename(path)
        try:
            content = Path(path).read_bytes() if os.path.isfile(path) else b""
        except OSError:
            content = b""
        if name.startswith(ATTACK_NAMES) or any(mark in content for mark in ATTACK_MARKS):
            damaged.append(path)
    return damaged


SPOTS = ["/scores.json", "/results.json", "/autograder", "/tmp/hostile-fill-0.bin", "/hostile-fill-0.bin"]


def _leftovers():
    """Processes of a sandbox uid that no live grader holds (another grader's workers are its own)."""
    if os.geteuid() != 0:
        return {}
    found = {}
    for uid in range(UID_BASE, UID_BASE + UID_COUNT):
        pids = processes_of_uid(uid)
        if pids and not uid_leased(uid):
            cmdlines = []
            for pid in pids:
                try:
                    cmdlines.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")[:120])
                except OSError:
                    pass
            found[uid] = cmdlines
    return found


def _memory_kb(field):
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return None


def _listen(attack):
    """A free TCP port on 127.0.0.1 and an abstract unix socket of this run, listening, written into the
    network attack (`attack`: its engine.py) as the ones it tries to reach."""
    listeners = []
    for family, address in ((socket.AF_INET, ("127.0.0.1", 0)),
                            (socket.AF_UNIX, f"\0grader-hostile-test-{uuid.uuid4().hex}".encode())):
        s = socket.socket(family, socket.SOCK_STREAM)
        s.bind(address)
        s.listen(8)
        s.setblocking(False)
        listeners.append(s)
    source = attack.read_text()
    assert source.count(FIXTURE_PORT) == source.count(FIXTURE_SOCKET) == 1, "network/engine.py's port or socket line"
    attack.write_text(source.replace(FIXTURE_PORT, f"_TEST_PORT = {listeners[0].getsockname()[1]}")
                      .replace(FIXTURE_SOCKET, f"_ABSTRACT = {listeners[1].getsockname()!r}"))
    return listeners


@slow_fixture(scope="module")
def batch(tmp_path_factory):
    work = tmp_path_factory.mktemp("hostile")
    folder, cache = work / "class", work / "cache"
    folder.mkdir()
    # A folder the attacks aim at by name (/tmp/grader-hostile-decoy*), writable by anyone: in the
    # full sandbox /tmp is the worker's own, so they must not even see it. One per run, so that
    # two runs of this test at once do not touch each other's.
    decoy = Path(tempfile.mkdtemp(prefix="grader-hostile-decoy-", dir="/tmp"))
    (decoy / "scores.json").write_text('{"untouched": true}\n')
    os.chmod(decoy, 0o777)
    _build_class(folder, decoy)
    secret = f"s3cret-{uuid.uuid4().hex}"
    spots_before = {p: os.path.lexists(p) for p in SPOTS}
    listeners = _listen(folder / "network" / "engine.py")
    repo_before, strict_before = _snapshot(ROOT), _snapshot(decoy, folder)
    try:
        try:
            Path("/proc/self/clear_refs").write_text("5")  # restart the peak-RSS counter (VmHWM)
            peak_was_reset = True
        except OSError:
            peak_was_reset = False
        rss_before = _memory_kb("VmRSS")
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("GRADER_SECRET_TOKEN", secret)
            result = grade(folder, limits=LIMITS, jobs=2, cache_dir=cache)
        peak = _memory_kb("VmHWM") if peak_was_reset else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        leftovers = _leftovers()
        repo_after, strict_after = _snapshot(ROOT), _snapshot(decoy, folder)
        connections = []
        for s in listeners:
            try:
                connections.append(s.accept())
            except BlockingIOError:
                pass
        yield SimpleNamespace(
            result=result, decoy=decoy, rows={row["id"]: row for row in result.scores["submissions"]},
            runs=result.runs, cache=cache, secret=secret, entries=sorted(os.listdir(folder)),
            changed=sorted(p for p in {*strict_before, *strict_after} if strict_before.get(p) != strict_after.get(p)),
            repo_damage=_attack_damage(sorted(p for p in {*repo_before, *repo_after}
                                              if repo_before.get(p) != repo_after.get(p))),
            spots={p: os.path.lexists(p) for p in SPOTS}, spots_before=spots_before, leftovers=leftovers,
            rss_before=rss_before, peak=peak, peak_was_reset=peak_was_reset, connections=connections,
            port=listeners[0].getsockname()[1],
        )
    finally:
        for s in listeners:
            s.close()
        shutil.rmtree(decoy, ignore_errors=True)


def _passed(row):
    return {t["name"] for t in row["tests"] if t["status"] == "passed" and t["max_score"] > 0}


@needs_bwrap
def test_every_entry_has_one_row(batch):
    ids = [row["id"] for row in batch.result.scores["submissions"]]
    assert len(ids) == len(set(ids)) == len(batch.entries)
    assert set(ids) == set(ROWS) | set(CORRECT), set(ids) ^ (set(ROWS) | set(CORRECT))
    assert batch.result.sandbox == "bubblewrap" and batch.result.warning is None


@needs_bwrap
def test_every_rendering_of_the_batch_is_written(batch, tmp_path):
    # issue 11: a lone surrogate in a message or a name stopped scores.json from being written
    write_json_atomically(tmp_path / "scores.json", batch.result.scores)
    assert json.loads((tmp_path / "scores.json").read_text(encoding="utf-8")) == batch.result.scores
    for fmt in ("junit", "csv", "markdown", "html", "gradescope"):
        render(batch.result.scores, fmt).encode("utf-8")
    csv_text = render(batch.result.scores, "csv")
    assert not any(c in csv_text.replace("\r\n", "") for c in "\x1b\x07\x9b\r\u202e")
    surrogates = batch.rows["surrogate-messages"]["tests"]
    assert all("cannot compute \ufffd here \ufffd" in t["output"] for t in surrogates if t["status"] == "error")
    assert "printed: \ufffd" in batch.runs["surrogate-messages"]["output"]


@needs_bwrap
def test_every_row_has_its_own_feedback_pages(batch, tmp_path):
    # issue 11: an entry named like another's generated feedback file name replaced that student's page
    written = write_feedback(batch.result.scores, tmp_path / "feedback")
    rows = batch.result.scores["submissions"]
    assert len(list((tmp_path / "feedback").iterdir())) == 2 * len(rows)
    for row in rows:
        assert written[row["id"]][0].read_text(encoding="utf-8").startswith("# Feedback: ")
    victim = written[FEEDBACK_VICTIM][0].read_text(encoding="utf-8")
    impostor = written[FEEDBACK_IMPOSTOR][0].read_text(encoding="utf-8")
    assert victim.startswith("# Feedback: eve\n") and impostor.startswith(f"# Feedback: {FEEDBACK_IMPOSTOR}\n")


@needs_bwrap
@pytest.mark.parametrize("sid", CORRECT)
def test_correct_engines_are_unchanged_by_their_company(batch, sid):
    row = batch.rows[sid]
    # Full marks and `graded`, whatever its neighbours do. (On a crowded machine honest-slow's time may
    # run out in the diagnosis-only probes at the end: no point lost, so the row is `graded`; see
    # scores._row_status.)
    assert row["score"] == row["max_score"], [
        (t["name"], t["output"]) for t in row["tests"] if t["status"] != "passed"]
    assert row["status"] == "graded"


@needs_bwrap
@pytest.mark.parametrize("sid", sorted(ROWS))
def test_each_attack_gets_its_row(batch, sid):
    status, words, score = ROWS[sid]
    row = batch.rows[sid]
    message = row.get("message") or ""
    assert row["status"] == status, (row["status"], message)
    for word in words:
        assert word in message, (word, message)
    if score == 0:
        assert row["score"] == 0, _passed(row)
    elif score == "max":
        assert row["score"] == row["max_score"], [(t["name"], t["output"]) for t in row["tests"]
                                                  if t["status"] != "passed"]
    elif score == "baseline":
        baseline = batch.rows["baseline-constant"]
        assert _passed(row) <= _passed(baseline), _passed(row) - _passed(baseline)
        assert row["score"] <= baseline["score"]


@needs_bwrap
def test_what_the_attacks_saw_inside(batch):
    out = {sid: run.get("output", "") for sid, run in batch.runs.items()}
    for sid, text in out.items():
        assert "LEAK" not in text and "ATTACK-OK" not in text, (sid, text[:3000])
    # limits: memory, disk (tmpfs), output
    held = int(out["memory-grab"].split("held ")[1].split(" MiB")[0])
    assert "oom_score_adj 1000" in out["memory-grab"]
    assert held <= LIMITS.memory_mb
    written = int(out["huge-file"].split("total written: ")[1].split(" bytes")[0])
    assert 0 < written <= LIMITS.file_size_mb << 20
    assert "No space left on device" in out["huge-file"] and "Read-only file system" in out["huge-file"]
    flood = out["print-flood"]
    assert len(flood.encode()) <= LIMITS.output_kb * 1024 + 200 and "more bytes of output were dropped" in flood
    # reading the grader: nothing of it is there; forbidden imports fail with the exercise's message
    for hidden in ("/work", "/root", "/work/main/reference/engine.py", "/work/main/grader/suites/engine/test_engine.py",
                   "/work/main/grader/suites/engine/torch_results.json", "/work/venv/lib/python3.11/site-packages"):
        assert f"absent: {hidden}\n" in out["read-grader"] or f"blocked: {hidden}:" in out["read-grader"], hidden
    # /usr/local is not there at all (only the worker's Python is): an empty one would do too
    assert ("blocked: /usr/local: No such file or directory\n" in out["read-grader"]
            or "nothing of the grader: listed /usr/local: []" in out["read-grader"])
    for module in ("torch", "numpy", "micrograd"):  # stand-ins: they import, and refuse any use
        assert f"blocked: import {module}: `{module}` is not allowed in this exercise: `_found.zeros`" \
            in out["read-grader"]
    for module in ("reference", "grader"):  # the grader's own packages do not even import
        assert f"blocked: import {module}: importing '{module}' is not allowed" in out["read-grader"]
    assert "blocked: import pytest" in out["read-grader"] and "blocked: import pytest" in out["monkeypatch"]
    assert "GRADER_SECRET_TOKEN=None" in out["read-environment"]
    # of the host's system, only the worker's Python: no other program, no /usr/share, no /etc
    system = out["read-system"]
    listed_bin = ast.literal_eval(system.split("listed /usr/bin: ")[1].split("\n")[0])  # never eval what a sandbox printed
    assert listed_bin and all(name.startswith("python") for name in listed_bin), listed_bin
    for absent in ("/usr/share/doc", "/usr/share", "/etc", "/usr/local"):
        assert f"absent: {absent} (" in system, absent
    for module in ("ssl", "sqlite3", "ctypes", "decimal", "zlib", "lzma", "bz2", "hashlib"):
        assert f"imports: {module}\n" in system, module
    # signals reach nothing outside; the daemon really ran, and wrote nowhere
    assert "SIGTERM delivered to 0 other pids" in out["signal-grader"]
    assert "daemon alive" in out["background-daemon"] and "daemon wrote into" not in out["background-daemon"]
    # the forgeries were attempted
    assert "forging" in out["forge-fd-import"]
    assert "forging a report" in out["forge-fd-transcript"]
    assert "62 passed" in out["forge-files"] and "blocked /work/main/reference/engine.py" in out["forge-files"]
    # objects that lie: every observation refused, none believed
    liar = batch.rows["liar-objects"]["tests"]
    assert all(t["status"] in ("error", "skipped") for t in liar if t["max_score"] > 0)
    assert any("not a number" in t["output"] for t in liar)


@needs_bwrap
def test_network_is_unreachable(batch):
    text = batch.runs["network"]["output"]
    assert f"blocked: connect ('127.0.0.1', {batch.port})" in text and "Network is unreachable" in text
    assert batch.connections == [], "a submission connected to the grader's machine"


@needs_bwrap
def test_no_sandbox_process_is_left(batch):
    assert batch.leftovers == {}


@needs_bwrap
def test_no_file_outside_the_grading_folders_changed(batch):
    assert batch.changed == [], batch.changed[:20]
    assert batch.repo_damage == [], batch.repo_damage[:20]
    assert batch.spots == batch.spots_before
    assert not (batch.decoy / "pwned-by-shell-escape").exists() and not (batch.decoy / "pwned-by-magic").exists()


@needs_bwrap
def test_the_secret_appears_nowhere(batch):
    assert batch.secret not in json.dumps(batch.result.scores)
    assert batch.secret not in json.dumps(batch.runs)
    for path in batch.cache.rglob("*"):
        if path.is_file():
            assert batch.secret.encode() not in path.read_bytes(), path


@needs_bwrap
def test_the_graders_memory_stays_flat(batch):
    # 960 MiB taken by memory-grab and 200 MiB printed by print-flood must not show up here
    if batch.peak_was_reset:
        assert batch.peak - batch.rss_before < 150 * 1024, (batch.rss_before, batch.peak)
    else:
        assert batch.peak < 300 * 1024, batch.peak


# -- the parser refuses a report no honest worker writes --------------------------------------


def _attempt(todo=("p1", "p2")):
    return Attempt(SimpleNamespace(limits=LIMITS), 0, None, {}, list(todo), CappedOutput(100), Budget(LIMITS))


def _feed(attempt, *events):
    pending = list(attempt.todo)
    for event in events:
        expected = attempt.current if attempt.current else (pending[0] if pending else None)
        attempt._apply(parse_event(json.dumps(event).encode(), expected), pending)
    return attempt


HELLO, IMPORTED = {"event": "hello", "pid": 2}, {"event": "imported", "ok": True}


@pytest.mark.parametrize("events, why", [
    ([HELLO, IMPORTED, {"event": "result", "probe": "p1", "status": "ok", "values": {}}], "result without a start"),
    ([HELLO, IMPORTED, {"event": "start", "probe": "p1"}, {"event": "result", "probe": "p1", "status": "ok",
      "values": {}}, {"event": "result", "probe": "p1", "status": "ok", "values": {}}], "not running"),
    ([HELLO, IMPORTED, {"event": "start", "probe": "p2"}], "out of order"),
    ([HELLO, HELLO], "hello twice"),
    ([IMPORTED], "before hello"),
    ([HELLO, IMPORTED, {"event": "exited", "code": "0"}], "exited after the import"),
    ([HELLO, {"event": "result", "probe": "p1", "status": "ok", "values": {}}], "before a successful import"),
    ([HELLO, IMPORTED, IMPORTED], "imported twice"),
    ([HELLO, IMPORTED, {"event": "done"}], "done before every probe ran"),
])
def test_forged_sequences_are_refused(events, why):
    with pytest.raises(ProtocolError, match=why):
        _feed(_attempt(), *events)


@pytest.mark.parametrize("line", [b"[" * 200_000 + b"]" * 200_000, b'{"event": "hello", "pid": ' + b"9" * 5000 + b"}",
                                  b"\xff\xfe", b'{"event": NaN}', b"", b"[]"])
def test_hostile_lines_raise_protocol_errors_only(line):
    with pytest.raises(ProtocolError):
        parse_event(line, "p1")


def _result_line(values):
    return json.dumps({"event": "result", "probe": "p1", "status": "ok", "values": values}).encode()


def test_the_values_of_a_line_are_counted_before_it_is_parsed():
    # issue 11: 1 MiB of {"":{}} was some 33 MB of Python objects once parsed; it is refused unparsed
    flood = ("{" + ",".join(f'"k{i}":{{"":{{}}}}' for i in range(60_000)) + "}").encode()
    line = b'{"event":"result","probe":"p1","status":"ok","values":' + flood + b"}"
    assert len(line) < MAX_LINE
    with pytest.raises(ProtocolError, match=rf"a line holds more values than an observation may \({MAX_VALUES}\)"):
        parse_event(line, "p1")
    with pytest.raises(ProtocolError, match="a line holds more values"):
        parse_event(b'{"event":"hello","x":' + b"[" * 20_000 + b"]" * 20_000 + b"}", "p1")


def test_an_observation_as_large_as_probekit_allows_is_accepted():
    largest = {f"x{i}": float(i) for i in range((MAX_VALUES - 1) // 2)}  # the dict, then a key and a number each
    assert plain(largest) == largest
    assert parse_event(_result_line(largest), "p1")["values"] == largest
    larger = dict(largest, one_more=1.0)
    with pytest.raises(ObservationError, match=f"holds more than {MAX_VALUES} values"):
        plain(larger)
    with pytest.raises(ProtocolError, match=f"holds more than {MAX_VALUES} values"):
        parse_event(_result_line(larger), "p1")
    # commas and brackets inside strings are text, not values
    text = parse_event(_result_line({"failures": ["[1, 2], {3: 4}, " * 100] * 50}), "p1")
    assert len(text["values"]["failures"]) == 50


def test_strings_of_the_report_are_made_valid_utf8():
    # issue 11: a lone surrogate in a parsed string stopped scores.json from being written
    line = b'{"event":"result","probe":"p1","status":"ok","values":{"a\\ud800":"x\\udcff","n":[1.5,"\\ud83d"]}}'
    assert parse_event(line, "p1")["values"] == {"a\ufffd": "x\ufffd", "n": [1.5, "\ufffd"]}
    error = parse_event(b'{"event":"result","probe":"p1","status":"error","error":"E: \\udcff\\ud800",'
                        b'"where":["engine.py\\ud800",3,"f"]}', "p1")
    assert (error["error"], error["where"]["file"]) == ("E: \ufffd\ufffd", "engine.py\ufffd")


def test_control_characters_never_reach_the_instructors_terminal():
    line = json.dumps({"event": "result", "probe": "p1", "status": "error", "where": ["engine.py\x1b[2J", 3, "f\r"],
                       "error": "ValueError: \rmallory  graded  62/62\x1b]0;owned\x07\x9b"}).encode()
    event = parse_event(line, "p1")
    shown = event["error"] + event["where"]["file"] + event["where"]["function"]
    assert not any(c in shown for c in "\r\x1b\x07\x9b") and "mallory" in event["error"]


def test_a_process_tree_is_charged_its_cpu_time_and_a_sleeper_none():
    sleeper = subprocess.Popen(["sleep", "600"])  # both killed below: alive while they are measured
    spinner = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                                "while time.process_time() - t < 0.3: pass\ntime.sleep(600)"])
    try:
        deadline = time.monotonic() + 600  # however loaded the machine, it burns its 0.3 s in the end: a hang's bound
        while time.monotonic() < deadline and tree_usage(spinner.pid).cpu < 0.25:
            time.sleep(0.1)
        assert tree_usage(spinner.pid).cpu >= 0.25
        assert tree_usage(sleeper.pid).cpu < 0.1
        assert tree_usage(os.getpid()).cpu >= tree_usage(spinner.pid).cpu  # a process's tree counts its children
    finally:
        sleeper.kill()
        spinner.kill()
        sleeper.wait()
        spinner.wait()


# -- the fallback, and --require-sandbox ----------------------------------------------------


def test_fallback_says_it_is_weaker():
    box = Sandbox(LIMITS, use_bwrap=False)
    try:
        assert box.strength == "rlimits" and box.bwrap is None
        assert "weaker sandbox" in box.warning and "bubblewrap" in box.warning
        assert "can read files the grader can read and reach the network" in box.warning
    finally:
        box.close()
    with pytest.raises(SandboxUnavailable, match="weaker sandbox"):
        Sandbox(LIMITS, use_bwrap=False, require=True)


def test_fallback_still_grades(tmp_path):
    (tmp_path / "class").mkdir()
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    shutil.copytree(HOSTILE / "exit-sys-import", tmp_path / "class" / "exits")
    result = grade(tmp_path / "class", limits=LIMITS, jobs=2, use_bwrap=False)
    rows = {row["id"]: row for row in result.scores["submissions"]}
    assert result.sandbox == "rlimits" and "weaker sandbox" in result.warning
    assert rows["correct"]["score"] == rows["correct"]["max_score"]
    assert rows["exits"]["status"] == "crashed" and rows["exits"]["score"] == 0


@pytest.fixture
def no_bwrap(monkeypatch):
    which = shutil.which
    monkeypatch.setattr(sandbox_module.shutil, "which", lambda name, *a, **k: None if name == "bwrap"
                        else which(name, *a, **k))


def test_cli_warns_when_it_falls_back(no_bwrap, tmp_path):
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "--no-cache", "-q",
                                       "-o", str(tmp_path / "scores.json")])
    assert result.exit_code == 0, result.output
    assert "warning: bubblewrap (bwrap) is not installed; falling back to a weaker sandbox" in result.stderr
    assert "sandbox: rlimits" in result.stdout


@pytest.mark.parametrize("broken", ["missing", "no user namespaces"])
def test_require_sandbox_errors_when_bubblewrap_cannot_be_used(broken, monkeypatch, tmp_path, request):
    if broken == "missing":
        request.getfixturevalue("no_bwrap")
        expected = "bubblewrap (bwrap) is not installed"
    else:
        monkeypatch.setattr(sandbox_module.shutil, "which", lambda name, *a, **k: f"/usr/bin/{name}")
        monkeypatch.setattr(sandbox_module, "bwrap_works", lambda *a, **k: (False, "no user namespaces"))
        expected = "bubblewrap is installed but does not work here (no user namespaces)"
    shutil.copytree(FIXTURES / "submissions" / "correct-closures", tmp_path / "class" / "correct")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "--no-cache", "--require-sandbox",
                                       "-o", str(out)])
    assert result.exit_code != 0 and not out.exists()
    assert expected in result.stderr and "weaker sandbox" in result.stderr


@pytest.mark.skipif(os.geteuid() != 0, reason="sandbox uids are used only when the grader runs as root")
def test_two_graders_never_share_a_sandbox_uid():
    first, second = Sandbox(LIMITS, use_bwrap=False), Sandbox(LIMITS, use_bwrap=False)
    try:
        uids = {first.uid(0), first.uid(1), second.uid(0), second.uid(1)}
        assert len(uids) == 4 and all(uid_leased(uid) for uid in uids)
    finally:
        first.close()
        second.close()
    # released: this process holds none of their leases. Not "nobody holds them": the lowest free uids are
    # what the next grader on this machine leases (another test's, beside this one under pytest-xdist)
    assert _flocks_of(os.getpid(), [os.path.join(_lease_folder(), str(uid)) for uid in uids]) == []


def _flocks_of(pid, paths):
    """Which of `paths` process `pid` holds an flock on (a lease: grader/sandbox/uids.py), from /proc/locks:
    '1: FLOCK  ADVISORY  WRITE 1234 fe:00:5678 0 EOF' (device major:minor in hex, then the inode)."""
    files = {}
    for path in paths:
        st = os.stat(path)
        files[f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"] = path
    held = []
    for line in Path("/proc/locks").read_text().splitlines():
        fields = [f for f in line.split() if f != "->"]  # "->": a waiter, listed under the holder
        if len(fields) > 5 and fields[1] == "FLOCK" and fields[4] == str(pid) and fields[5] in files:
            held.append(files[fields[5]])
    return sorted(held)
