"""The warm template (GRADE_WARM_TEMPLATE=1, grader/sandbox/template.py; docs/security.md "A warm template"): a
hostile submission attacks the template and leaves what it can for the next submission of its slot, and a
witness graded right after it in the same slot says what it finds. Each attack's outcome is exact."""

import ast
import os
import select
import signal
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.pipeline import grade  # noqa: E402
from grader.sandbox import Limits, Sandbox, open_sandbox  # noqa: E402
from grader.suites import load_suite  # noqa: E402

pytestmark = pytest.mark.slow

FIXTURES = ROOT / "tests" / "fixtures" / "template"
REFERENCE = (ROOT / "reference" / "engine.py").read_text()
ORDER_BUG = (ROOT / "examples" / "submissions" / "bob.py").read_text()  # `=` for `+=`: its result follows set order


def _templates_here():
    os.environ["GRADE_WARM_TEMPLATE"] = "1"
    try:
        box = open_sandbox(Limits())
    except Exception as exc:  # noqa: BLE001
        return False, str(exc)
    finally:
        del os.environ["GRADE_WARM_TEMPLATE"]
    try:
        return getattr(box, "templates", None) is not None, "bubblewrap, cgroup v2 and the seccomp filter are needed"
    finally:
        box.close()


HERE, WHY_NOT = _templates_here()
needs_templates = pytest.mark.skipif(not HERE, reason=WHY_NOT)


@pytest.fixture
def warm(monkeypatch):
    monkeypatch.setenv("GRADE_WARM_TEMPLATE", "1")


def _said(run, prefix):
    lines = [line for line in run["output"].splitlines() if line.startswith(prefix + " ")]
    assert len(lines) == 1, run["output"]
    return lines[0][len(prefix) + 1:].strip()


def _witness(run):
    inherited = ast.literal_eval(_said(run, "WITNESS-INHERITED"))
    # what every child inherits from the template is what a fresh worker gets from the grader's own
    assert inherited == {"nice": os.getpriority(os.PRIO_PROCESS, 0), "cpus": len(os.sched_getaffinity(0)),
                         "policy": os.sched_getscheduler(0), "cpu_limit": (Limits().cpu_seconds(),) * 2}, inherited
    return ast.literal_eval(_said(run, "WITNESS"))


def _clean(pid):
    """What the witness must find: an empty /tmp, only its own file, only the template (pid 1, its parent) and itself,
    and beside the standard streams only fds 3 and 4, the channel that names its drawn probes once its published ones
    are observed, empty until then (grader/sandbox/late_names.py; the grade of record draws)."""
    return {"tmp": [], "sandbox": ["engine.py"], "processes": [1, pid], "pid": pid, "ppid": 1,
            "fds": [0, 1, 2, 3, 4], "msg": 0, "sem": 0, "shm": 0}


ATTACKS = ("tmp-leftover", "daemon", "signals", "ptrace", "ipc", "priority")


@needs_templates
def test_nothing_of_an_attack_reaches_the_next_submission_of_the_slot_nor_the_template(tmp_path, warm):
    folder = tmp_path / "class"
    folder.mkdir()
    for i, attack in enumerate(ATTACKS, start=1):  # one slot, in this order: each attack, then its witness
        (folder / f"{i}-a-{attack}.py").write_text((FIXTURES / f"{attack}.py").read_text() + "\n" + REFERENCE)
        (folder / f"{i}-b-witness.py").write_text((FIXTURES / "witness.py").read_text() + f"\n# {i}\n" + REFERENCE)
    result = grade(folder, jobs=1, cache_dir=tmp_path / "cache")
    rows = {row["id"]: row for row in result.scores["submissions"]}
    assert {sid: (row["status"], row["score"]) for sid, row in rows.items()} == {
        sid: ("graded", 63.0) for sid in rows} and len(rows) == 2 * len(ATTACKS)
    runs = result.runs
    # A file and a FIFO left in /tmp (a socket is refused: no socket at all): the template is replaced, the
    # witness's /tmp is empty.
    assert _said(runs["1-a-tmp-leftover"], "ATTACK tmp-leftover wrote") == "['answers', 'fifo']"
    assert _witness(runs["1-b-witness"]) == _clean(2)
    # A daemon in a new session, reparented to pid 1: killed with the slot's cgroup; the processes it made moved
    # the namespace's pid numbers, so the template is replaced (the witness's pid tells nothing of them).
    assert _said(runs["2-a-daemon"], "ATTACK daemon started") == "yes"
    assert _witness(runs["2-b-witness"]) == _clean(2)
    # Signals to pid 1 (the template) are dropped, SIGKILL and SIGSTOP included; kill(-1) finds nothing else to kill.
    # The template is the same one (the witness is its third child).
    assert _said(runs["3-a-signals"], "ATTACK signals sent") == (
        "['SIGTERM', 'SIGINT', 'SIGUSR1', 'SIGSTOP', 'SIGKILL'] to pid 1; pid 1 is there; kill(-1): errno 3")
    assert _witness(runs["3-b-witness"]) == _clean(4)
    # The template is not dumpable and the child has no capability: no ptrace, no /proc/1/mem, fd, root; nothing
    # of the template's descriptors inherited (3 and 4 are the drawn names' channel, 5 the attack's own pidfd).
    assert _said(runs["4-a-ptrace"], "ATTACK ptrace") == str([
        "ptrace-attach errno 1", "ptrace-seize errno 1", "/proc/1/mem errno 13", "/proc/1/environ errno 13",
        "/proc/1/fd errno 13", "/proc/1/root/tmp errno 13", "/proc/1/map_files errno 13", "pidfd_getfd errno 1",
        "open fds beyond 2: [3, 4, 5]"])
    assert _witness(runs["4-b-witness"]) == _clean(6)
    # What would outlive a process in the shared IPC and user namespaces is refused by the seccomp filter.
    assert _said(runs["5-a-ipc"], "ATTACK ipc") == str([f"{name} errno 1" for name in (
        "msgget", "semget", "shmget", "mq_open", "add_key", "keyctl")])
    assert _witness(runs["5-b-witness"]) == _clean(8)
    # A process of the same uid may lower the template's priority, CPUs, scheduling and I/O class, and its limits
    # (setpriority, sched_setaffinity, sched_setscheduler, ioprio_set, prlimit): every later child would inherit
    # them. The grader compares them before each fork: the template is replaced, the witness gets the grader's.
    assert _said(runs["6-a-priority"], "ATTACK priority") == str([f"{name} ok" for name in (
        "setpriority", "sched_setaffinity", "sched_setscheduler", "ioprio_set", "prlimit")])
    assert _witness(runs["6-b-witness"]) == _clean(2)


@needs_templates
def test_a_child_that_changes_tmp_itself_leaves_the_next_submission_a_fresh_tmp(tmp_path, warm):
    # Session 38's red team: /tmp is empty after the attack, but not as it was: `chmod 0500 /tmp` and `utime` on it
    # (the template's children share it; a fresh worker gets a new one). Before, the next submission of the slot
    # found mode 0o500 and could not write there (EACCES), and read the attack's times; the grader now compares
    # /tmp's mode, owner and times too, and replaces the template
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "1-a-tmp-mode.py").write_text((FIXTURES / "tmp-mode.py").read_text() + "\n" + REFERENCE)
    (folder / "1-b-witness.py").write_text((FIXTURES / "tmp-witness.py").read_text() + "\n" + REFERENCE)
    result = grade(folder, jobs=1, cache_dir=tmp_path / "cache")
    assert {row["id"]: (row["status"], row["score"]) for row in result.scores["submissions"]} == {
        "1-a-tmp-mode": ("graded", 63.0), "1-b-witness": ("graded", 63.0)}
    assert _said(result.runs["1-a-tmp-mode"], "ATTACK tmp-mode") == "['chmod ok', 'utime ok']"
    found = ast.literal_eval(_said(result.runs["1-b-witness"], "WITNESS-TMP"))
    assert (found["mode"] != "0o500", found["mtime_set"], found["write"]) == (True, False, "ok"), found


@needs_templates
def test_an_engine_whose_result_follows_set_order_scores_the_same_from_every_child(tmp_path, warm):
    # Every child starts from the same heap (the template's loop allocates nothing that outlives a pass): copies
    # of an engine whose gradients depend on the address order of a set of Values get the very same row,
    # whichever slot and whenever in the batch they are observed.
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(6):
        (folder / f"copy{i}.py").write_text(ORDER_BUG + f"\n# copy {i}\n")
        (folder / f"honest{i}.py").write_text(REFERENCE + f"\n# honest {i}\n")
    result = grade(folder, jobs=2, cache_dir=tmp_path / "cache")
    rows = {row["id"]: row for row in result.scores["submissions"]}
    shapes = {str([(t["name"], t["status"], t["output"]) for t in rows[f"copy{i}"]["tests"]]) for i in range(6)}
    assert len(shapes) == 1
    assert all(rows[f"honest{i}"]["score"] == 63.0 for i in range(6))


def _start(box, files, suite):
    request = {"module": "engine", "forbid": list(suite.forbid), "refuse": list(suite.refuse), "modules": [],
               "recursion_limit": 1000, "run": []}
    base = box.prepare(0, files, suite.runner_files)
    obs_r, obs_w = os.pipe()
    out_r, out_w = os.pipe()
    proc = box.start(0, base, request, obs_w, out_w)
    os.close(obs_w)
    os.close(out_w)
    report = b""
    deadline = time.monotonic() + 300  # a hang's bound: a loaded machine's worker may take tens of seconds (README)
    while time.monotonic() < deadline:
        if select.select([obs_r], [], [], 1)[0]:
            chunk = os.read(obs_r, 65536)
            if not chunk:
                break
            report += chunk
    proc.wait(timeout=60)  # as Attempt does: the exit status is the worker's own, not the kill's
    box.kill(0, proc)
    box.cleanup(base)
    os.close(obs_r)
    os.close(out_r)
    return report, proc.returncode


@needs_templates
@pytest.mark.parametrize("harm", [signal.SIGKILL, signal.SIGSTOP])
def test_a_template_killed_or_stopped_from_outside_is_replaced(harm, warm):
    suite = load_suite("engine")
    box = open_sandbox(Limits())
    try:
        files = {"engine.py": REFERENCE.encode()}
        first, code = _start(box, files, suite)
        assert b'"event":"done"' in first and code == 0
        template = box.templates.slots[0]
        old = template.proc.pid
        with open(f"/proc/{old}/task/{old}/children") as f:
            os.kill(int(f.read().split()[0]), harm)  # the template itself, pid 1 of its namespace
        time.sleep(0.2)
        second, code = _start(box, files, suite)
        assert b'"event":"done"' in second and code == 0
        assert template.proc.pid != old
    finally:
        box.close()


def test_the_template_is_off_unless_asked_for(monkeypatch):
    monkeypatch.delenv("GRADE_WARM_TEMPLATE", raising=False)
    box = open_sandbox(Limits())
    try:
        assert type(box) is Sandbox
    finally:
        box.close()
