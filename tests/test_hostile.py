"""The sandbox holds against hostile submissions (issue 5; the threat model is docs/security.md).

Every attack in tests/fixtures/hostile/<case>/engine.py (its first comment says what it attempts
and what must hold) is graded in ONE batch beside correct engines and a few malformed entries,
through `grader.pipeline.grade` with small limits. Then: each hostile entry has the row we expect
(status, words of its message, a score no higher than it honestly earns), the correct engines are
untouched by their company, no sandbox process is left, no file outside the grading folders
changed, a secret in the grader's environment appears nowhere, and the grader's memory stayed flat.

The batch needs the full sandbox (bubblewrap); what it is built of is tests/hostile_support.py. The parser's own
tests are tests/test_hostile_protocol.py; the fallback's, which run without bubblewrap, tests/test_hostile_fallback.py.
"""

import ast
import json
import os
import shutil
import sys
import tempfile
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest
from costs import slow_fixture
from endings_support import exited, refused, tampered
from hostile_support import (COLLIDING, ESCAPED_NAME, FEEDBACK_IMPOSTOR, FEEDBACK_VICTIM, LIMITS, ROOT, SPOTS,
                             TERMINAL_NAMES, _attack_damage, _build_class, _leftovers, _listen, _memory_kb, _snapshot,
                             needs_bwrap)

if not sys.platform.startswith("linux"):  # macOS, Windows: the portable worker is no sandbox to attack
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)

import resource  # noqa: E402  (POSIX only)

from grader.pipeline import grade
from grader.report import render
from grader.report.feedback import write_feedback
from grader.private_files import write_json_atomically

pytestmark = pytest.mark.slow  # every attack runs in the sandbox, most of them in one batch of the class

CORRECT = ("correct-closures", "correct-edgelist", "correct-kahn", "reference-engine", "shell-escape",
           ESCAPED_NAME, *TERMINAL_NAMES, "Eve", FEEDBACK_VICTIM, FEEDBACK_IMPOSTOR, *COLLIDING,
           "honest-slow")

# id -> (status, words its message must contain, score: 0 | "max" | "baseline" (no test that
# baseline-constant does not pass honestly; the forgers run that same engine) | None)
ROWS = {
    "loop-import": ("timeout", [f"importing engine.py did not finish within {LIMITS.import_seconds:g} s"], 0),
    "loop-backward": ("timeout", [f"3 probes in a row did not finish within {LIMITS.probe_seconds:g} s"], 0),
    "loop-sigterm-ignored": ("timeout", [f"importing engine.py did not finish within {LIMITS.import_seconds:g} s"], 0),
    "memory-grab": ("graded", ["MemoryError"], 0),
    "fork-storm": ("timeout", [f"importing engine.py did not finish within {LIMITS.import_seconds:g} s"], 0),
    "huge-file": ("graded", ["OSError", "No space left on device"], 0),
    "print-flood": ("graded", [], "max"),
    "segfault-recursion": ("crashed", ["while importing engine.py", "SIGSEGV", "segmentation fault"], 0),
    "exit-os-import": ("crashed", ["while importing engine.py", "exited with status 3"], 0),
    "exit-sys-import": ("crashed", [exited("engine.py", 3)], 0),
    "forge-files": ("graded", [], "baseline"),
    "forge-fd-import": ("crashed", [tampered("engine.py")], 0),
    "forge-fd-backward": ("crashed", [tampered("engine.py")], 0),
    # its transcript cannot name the drawn probes, which its command line no longer holds (session 36): before, it
    # named every probe the worker was asked for and was graded on its own numbers (baseline-constant's)
    "forge-fd-transcript": ("crashed", [tampered("engine.py")], 0),
    "monkeypatch": ("graded", [], "baseline"),
    "liar-objects": ("graded", [], 0),
    "read-grader": ("graded", [], "max"),
    # `Value = numpy.array` only names it (session 26: the module imports), and a name is no class
    "import-forbidden": ("graded", ["engine.py defines no class named `Value`"], 0),
    "read-environment": ("graded", [], "max"),
    "signal-grader": ("graded", [], "max"),
    "background-daemon": ("graded", [], "max"),
    "network": ("graded", [], "max"),
    "baseline-constant": ("graded", [], None),
    # issue 11: one submission must not abort the batch, nor hold the grader's memory
    "forge-last-result": ("graded", [], "baseline"),
    "surrogate-messages": ("graded", [], 0),
    "surrogate-import": ("graded", ["ImportError: engine.py refuses to load \ufffd"], 0),
    "surrogate-exit": ("crashed", [exited("engine.py", "\ufffd-\ufffd")], 0),
    "flood-nested-json": ("crashed", [tampered("engine.py")], 0),
    "bob (bob.py) #2": ("rejected", ["two entries have the id 'bob': bob/ and bob.py"], 0),
    "cpu-hog": ("timeout", [], None),  # how many of its probes finish before its time runs out varies
    "read-system": ("graded", [], "max"),
    # malformed input, handled by grader/load/, graded in the same batch
    "broken-notebook": ("rejected", ["not a readable notebook", "bad JSON"], 0),
    "zip-slip": ("rejected", ["'..'", "outside the archive"], 0),
    "empty-folder": ("rejected", ["no engine.py found", "empty"], 0),
}

# id -> what the grader's parser refused in its report: the row's data beside the words (message_data's `detail`)
REFUSED = {"forge-fd-transcript": "done before every probe ran",
           "flood-nested-json": "a line holds more values than an observation may (10000)"}

# -- the batch ---------------------------------------------------------------------------------


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
    if sid in REFUSED:
        assert refused(row) == REFUSED[sid]
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
        assert f"blocked: import {module}: `{module}` is not allowed in this exercise: `_found.zeros(...)`" \
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
    # refused by the seccomp filter (no socket at all: grader/sandbox/memory.py), or, where the sandbox has none,
    # by the empty network namespace
    assert f"blocked: connect ('127.0.0.1', {batch.port}): [Errno 1] Operation not permitted" in text \
        or "Network is unreachable" in text
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
