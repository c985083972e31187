"""What the hostile batch (tests/test_hostile.py) is built of: the class folder of every attack beside correct
engines and malformed entries, the listeners the network attack aims at, the snapshots that tell what changed,
the processes left; and whether the full sandbox can be used here (`needs_bwrap`, also for
tests/test_hostile_write_tests.py)."""

import gc
import hashlib
import os
import re
import shutil
import socket
import sys
import uuid
import zipfile
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

if not sys.platform.startswith("linux"):  # macOS, Windows: the portable worker is no sandbox to attack
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)

from grader.sandbox import Limits, Sandbox
from grader.sandbox.uids import UID_BASE, UID_COUNT, processes_of_uid, uid_leased

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
HOSTILE = FIXTURES / "hostile"
# network/engine.py tries a port on 127.0.0.1 and an abstract unix socket; the batch listens on a free port
# and a socket of its own (no fixed port: two runs at once, or another program, may hold one) and writes
# both into the batch's copy of the attack in place of these
FIXTURE_PORT, FIXTURE_SOCKET = "_TEST_PORT = 47613", '_ABSTRACT = b"\\0grader-hostile-test"'
# Small limits: an attack that runs until its limit (cpu-hog, honest-slow beside it, loop-backward) burns the whole
# of it, and the rows say the same at 1 s a probe and 8 s a submission as at 2 s and 20 s (session 32). The import's
# stays 3 s: print-flood's 200 MiB, printed as it imports, spent 3-5 s of that limit's 9 s backstop at load 26-35
# (docs/security.md).
LIMITS = Limits(probe_seconds=1, import_seconds=3, submission_seconds=8, memory_mb=1024)
# honest-slow (tests/fixtures/neighbours) burns 150 ms of CPU in every backward(), scaled to the 60 s default limit
# (docs/security.md); the batch's copy burns 30 ms, scaled to LIMITS: alone, it keeps 63/63 with 3 s for the whole
# submission (`--timeout 3`: 2.7x within 8 s), and a probe of 1 s holds 33 of its backward() calls (13 at 2 s, 150 ms)
HONEST_SLOW_BURN = ("< 0.15:", "< 0.03:")
# Entries whose *names* attack (issue 11), built by _build_class around a correct engine: a name that
# is not UTF-8 (its id is the reversible escape), terminal escape sequences, and ids that collide.
ESCAPED_NAME = "caf\\xe9"  # the folder b"caf\xe9", Latin-1
TERMINAL_NAMES = ("zz\x1b[A\rcorrect-kahn  graded   0\u221562", "\x1b]52;c;cHduZWQ=\x07osc52-terminated",
                  "\x1b]52;c;cHduZWQ=unterminated", "\u202eevil\u202c.py-bidi", "bell\x07\x9b1Arow")
# "Eve" and "eve" fold to one file name, so eve's page is renamed eve-<hash of "eve">.md; an entry is
# named exactly that
FEEDBACK_VICTIM, FEEDBACK_IMPOSTOR = "eve", "eve-" + hashlib.sha256(b"eve").hexdigest()[:8]
COLLIDING = ("bob", "bob (bob.py)")  # and bob.py, whose generated id "bob (bob.py)" was taken


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


def sandbox_strength(limits):
    """(the strength of a sandbox opened here with `limits`, its warning), or (None, why it would not open)."""
    try:
        box = Sandbox(limits)
    except Exception as exc:  # noqa: BLE001 - any reason at all means: no sandbox here
        return None, str(exc)
    try:
        return box.strength, box.warning
    finally:
        box.close()
needs_bwrap = pytest.mark.skipif(
    not FULL, reason=f"the hostile batch needs the full sandbox, and bubblewrap cannot be used here: {WHY_NOT}")


def _build_class(folder, decoy):
    """The batch folder: every hostile fixture, correct engines, malformed entries."""
    for case in sorted(p.name for p in HOSTILE.iterdir() if (p / "engine.py").exists()):
        shutil.copytree(HOSTILE / case, folder / case)
    for name in ("correct-closures", "correct-edgelist", "correct-kahn"):
        shutil.copytree(FIXTURES / "submissions" / name, folder / name)
    # graded beside the CPU hog: an honest engine that needs 30 ms of CPU per backward() (HONEST_SLOW_BURN)
    shutil.copytree(FIXTURES / "neighbours" / "honest-slow", folder / "honest-slow")
    slow = folder / "honest-slow" / "engine.py"
    source = slow.read_text()
    assert source.count(HONEST_SLOW_BURN[0]) == 1, "honest-slow's burn per backward()"
    slow.write_text(source.replace(*HONEST_SLOW_BURN))
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


# The informed attacks' twin: correct-closures with `=` for `+=` in every backward rule, 23.8334/63 at the drawn inputs
# (25.8334 at the fixed ones alone: shared/three-paths fails at the drawn ones, judge/drawn.py). An attack grafted on it
# must pass no test it fails.
TWIN_SCORE = 23.8334


def informed_twin() -> str:
    engine, count = re.subn(r"^( {12}\w+\.grad) \+= ", r"\1 = ",
                            (FIXTURES / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8"),
                            flags=re.MULTILINE)
    assert count == 9
    return engine


def grade_grafted(folder, attacks: dict, limits) -> dict:
    """`honest-twin.py` and `NAME.py` for each attack, its code after the twin's, graded in one batch in bubblewrap
    (two workers): the rows by id."""
    from grader.pipeline import grade

    folder.mkdir()
    (folder / "honest-twin.py").write_text(informed_twin(), encoding="utf-8")
    for name, attack in attacks.items():
        (folder / f"{name}.py").write_text(informed_twin() + "\n\n" + attack, encoding="utf-8")
    graded = grade(folder, limits=limits, jobs=2)
    assert graded.sandbox == "bubblewrap"
    return {r["id"]: r for r in graded.scores["submissions"]}


_SHADOWED = """
import sys
sys.path.append(FOLDER)
import importlib.util as u
spec = u.spec_from_file_location("_grader_shadows_" + NAME, SHADOWS)
shadows = u.module_from_spec(spec)
spec.loader.exec_module(shadows)
shadows.install({"shadows": "random"}, FOLDER + "/")
import random as grader_random
import engine
import importlib, tempfile
"""


def run_shadowed(folder: Path, name: str, prints: str):
    """Python started as the worker starts it, their `random.py` in FOLDER shadowing Python's
    (grader/sandbox/shadows.py, loaded by file under a name of its own), their engine.py imported, then the line
    PRINTS run (the names `engine`, `grader_random`, `importlib` and `tempfile` at hand): the finished process
    (tests/test_redteam43.py, tests/test_redteam44.py)."""
    import subprocess

    from grader.sandbox.host import find_python

    shadows = ROOT / "grader" / "sandbox" / "shadows.py"
    code = f"FOLDER = {str(folder)!r}\nNAME = {name!r}\nSHADOWS = {str(shadows)!r}\n" + _SHADOWED + prints + "\n"
    return subprocess.run([find_python(), "-I", "-S", "-c", code], cwd=folder, capture_output=True, text=True)


def sandbox_worker_module():
    """grader/sandbox/worker.py, imported inside a test and not at a module's top: importing it sets the worker's
    collection thresholds (gc.set_threshold(20000, 3, 3)) in the process that imports it, an xdist worker of the
    suite, where test_parsing's tests of a parse that leaves a collection due then failed (ci40a; test_redteam42's
    import left them set again, found in session 44): they are put back."""
    before = gc.get_threshold()
    try:
        from grader.sandbox import worker
    finally:
        gc.set_threshold(*before)
    return worker
