"""Hostile round 3 (issue 26): the newest surfaces hold what the core holds.

The classes, each built for its class and not for one reproducer (those stay outside the project):

- memory that the address-space limit does not count (tests/fixtures/hostile-round3/*-hoard.py): memfds,
  System V shared memory and tmpfs files are bounded by a seccomp filter, a capped /tmp or a cgroup's
  memory.max; where none can be had, the sandbox says it is weaker (and --require-sandbox refuses it);
- the fleet: a job is its content, not its student's name (ids past 255 characters, names that are not
  UTF-8); what cannot be queued or read back is that row's error, never the batch's; a worker without
  the full sandbox does not start unless told; a rewritten job is refused and put on again; a result not
  signed with the fleet's key is never used nor cached; a job cut by the queue's time limit is not cached,
  and that limit follows the local pool's own rule; a `kill -9` of a worker takes its work horse along;
  (09's `skipped` observations travel: tests/test_fleet.py.)

One batch holds every new attack beside honest engines, graded locally and through a fleet (a real
redis-server started here): every entry gets its row, honest engines full marks, in both.
(The class folder's collapse into one row is tested in test_load_class.py and test_cli.py.)
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)

redis = pytest.importorskip("redis")

import grader.sandbox as sandbox_module  # noqa: E402
from grader.pipeline import grade  # noqa: E402
from grader.load.reading import name_text  # noqa: E402
from grader.records import Strength  # noqa: E402
from grader.sandbox import Limits, Sandbox, SandboxUnavailable  # noqa: E402
from grader.sandbox import memory  # noqa: E402
from grader.sandbox.accounting import STARVED_BACKSTOP  # noqa: E402
from hostile_support import sandbox_strength  # noqa: E402
from fleet_support import (FLEET_KEY, Fleet, _children, _grade_command, _wait, checkout_env, fleet,  # noqa: E402,F401
                           server)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
ROUND3 = FIXTURES / "hostile-round3"
REFERENCE = (ROOT / "reference" / "engine.py").read_text()
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=20, memory_mb=512, file_size_mb=64)
LIMIT_OPTIONS = ["--probe-timeout", "2", "--import-timeout", "5", "--timeout", "20", "--memory", "512",
                 "--file-size", "64"]
BOUND_MIB = LIMITS.memory_mb + LIMITS.file_size_mb  # the most a worker may hold, whichever bound holds it
LONG_BACKSLASHES = os.fsdecode(b"\\" * 150)  # its id is 300 characters: past the old payload's 255
NOT_UTF8 = os.fsdecode(b"\xe9" * 70)  # its id is 70 escapes of 4 characters
HOARDS = ("memfd-hoard", "shm-hoard", "tmpfs-hoard", "sem-hoard", "socket-hoard", "xattr-hoard", "inode-hoard")


@pytest.fixture(autouse=True)
def _fleet_key(monkeypatch):
    monkeypatch.setenv("GRADE_FLEET_KEY", FLEET_KEY)  # the submitting grades' and the workers' (tests/fleet_support.py)


STRENGTH, WHY_NOT = sandbox_strength(LIMITS)
needs_full_sandbox = pytest.mark.skipif(STRENGTH != Strength.BUBBLEWRAP,
                                        reason=f"needs the full sandbox (bubblewrap and a memory bound): {WHY_NOT}")


def _attack(case):
    return (ROUND3 / f"{case}.py").read_text() + "\n\n" + REFERENCE


def _build_class(folder):
    """Every new attack beside honest engines; returns {id: what the row must be}."""
    folder.mkdir()
    for case in (*HOARDS, "queue-tamper"):
        (folder / f"{case}.py").write_text(_attack(case))
    (folder / "honest").mkdir()
    (folder / "honest" / "engine.py").write_text(REFERENCE)
    shutil.copy(FIXTURES / "submissions" / "correct-closures" / "engine.py", folder / "honest-closures.py")
    (folder / f"{LONG_BACKSLASHES}.py").write_text(REFERENCE)
    (folder / f"{NOT_UTF8}.py").write_text(REFERENCE)
    (folder / "engine.py").mkdir()  # a folder so named is an entry like any other (test_load_class: the collapse)
    (folder / "engine.py" / "engine.py").write_text(REFERENCE)
    return sorted([*HOARDS, "queue-tamper", "honest", "honest-closures", name_text(LONG_BACKSLASHES),
                   name_text(NOT_UTF8), "engine.py"])


def _held(output, case):
    """MiB the attack says it held ('memfd-hoard held 0 MiB (PermissionError: ...)')."""
    line = next(line for line in output.splitlines() if line.startswith(case + " held"))
    return int(line.split(" MiB")[0].split()[-1])


def _check_batch(result, ids):
    rows = {row["id"]: row for row in result.scores["submissions"]}
    assert sorted(rows) == ids  # every entry its row, none lost, none merged
    for sid in ids:
        row = rows[sid]
        if sid in HOARDS:
            # a correct engine: full marks if the bound refused the hoard, crashed if memory.max killed it
            assert (row["status"], row["score"]) in (("graded", row["max_score"]), ("crashed", 0)), row["message"]
            if row["status"] == "graded":
                assert _held(result.runs[sid]["output"], sid) <= BOUND_MIB, result.runs[sid]["output"]
        else:
            assert (row["status"], row["score"]) == ("graded", row["max_score"]), (sid, row["message"])
    return rows


# -- memory that the address-space limit does not count -------------------------------------------------


def test_the_seccomp_filter_is_a_classic_bpf_program_for_the_machines_it_knows():
    import struct

    # shmget, memfd_create, memfd_secret; semget, msgget, mq_open, socket, socketpair, io_uring_setup (session 21);
    # setxattr, lsetxattr, fsetxattr, setxattrat, bpf (session 22)
    for machine, (arch, numbers) in (("x86_64", (0xC000003E, (29, 319, 447, 64, 68, 240, 41, 53, 425,
                                                             188, 189, 190, 463, 321))),
                                     ("aarch64", (0xC00000B7, (194, 279, 447, 190, 186, 180, 198, 199, 425,
                                                              5, 6, 7, 463, 280)))):
        program = memory.seccomp_program(machine)
        instructions = [struct.unpack("=HBBI", program[i:i + 8]) for i in range(0, len(program), 8)]
        assert instructions[0] == (0x20, 0, 0, 4) and instructions[1][3] == arch  # the ABI is checked first
        assert instructions[-2:] == [(0x06, 0, 0, 0x7FFF0000), (0x06, 0, 0, 0x00050001)]  # allow; EPERM
        deny = len(instructions) - 1
        refused = {k for index, (code, jt, _, k) in enumerate(instructions) if code == 0x15 and index + 1 + jt == deny}
        assert set(numbers) <= refused
        assert instructions[1][2] + 2 == deny  # another ABI jumps to EPERM too
    assert any(code == 0x35 and k == 0x40000000 for code, _, _, k in
               (struct.unpack("=HBBI", memory.seccomp_program("x86_64")[i:i + 8]) for i in range(0, 72, 8)))
    assert memory.seccomp_program("riscv64") is None


def test_a_slots_cgroup_gets_a_memory_max_that_counts_every_process_and_no_swap(tmp_path):
    for name in ("memory.max", "memory.swap.max", "memory.oom.group"):
        (tmp_path / name).write_text("max\n")
    memory.limit_slot_memory(tmp_path, LIMITS)
    assert (tmp_path / "memory.max").read_text() == str((512 + 64) << 20)
    assert (tmp_path / "memory.swap.max").read_text() == "0"
    assert (tmp_path / "memory.oom.group").read_text() == "1"


@pytest.mark.parametrize("missing", ["--size", "seccomp"])
def test_without_a_memory_bound_the_sandbox_says_it_is_weaker(monkeypatch, missing):
    """bubblewrap before 0.7 (no --size: /tmp took 600 MiB under --file-size 64) and the summary said
    `sandbox: bubblewrap`; likewise a machine where memfds cannot be refused and no cgroup counts them."""
    if not shutil.which("bwrap") or STRENGTH is None or STRENGTH == Strength.RLIMITS:
        pytest.skip(f"needs a working bubblewrap: {WHY_NOT}")
    if missing == "--size":
        real = sandbox_module.bwrap_features
        monkeypatch.setattr(sandbox_module, "bwrap_features", lambda bwrap: real(bwrap) - {"--size"})
        # and a grader that may not mount /tmp itself (not root: slot_tmp.py), whose mount caps it too
        monkeypatch.setattr(sandbox_module.SlotTmp, "create",
                            classmethod(lambda cls, *a: sandbox_module.BubblewrapTmp("not root")))
    else:
        monkeypatch.setattr(memory, "seccomp_program", lambda machine=None: None)
    monkeypatch.setattr(sandbox_module.CgroupTree, "create", staticmethod(lambda processes: (None, "none here")))
    box = Sandbox(LIMITS)
    try:
        assert box.strength == "bubblewrap-without-memory-bound"
        assert box.warning.startswith("bubblewrap works here, but nothing bounds the memory that the address-space "
                                      "limit does not count: ")
        assert ("its /tmp cannot be capped (bubblewrap before 0.7 has no --size)" if missing == "--size" else
                "memfd and shared memory are not refused (no seccomp filter is known") in box.warning
        assert "falling back to a weaker sandbox" in box.warning
    finally:
        box.close()
    with pytest.raises(SandboxUnavailable, match="falling back to a weaker sandbox"):
        Sandbox(LIMITS, require=True)


@needs_full_sandbox
def test_no_core_reaches_a_core_pattern_pipe_and_the_limit_cannot_be_lowered(tmp_path):
    """RLIMIT_CORE 1, not 0 (a pipe ignores 0): on 3fb8cc3 the worker's was 0 and lowering it was allowed."""
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "core-limit.py").write_text(_attack("core-limit"))
    result = grade(tmp_path / "class", limits=LIMITS, jobs=1, cache_dir=None)
    row = result.scores["submissions"][0]
    assert (row["status"], row["score"]) == ("graded", row["max_score"])
    assert result.runs["core-limit"]["output"] == (
        "core-limit limit (1, 1); setrlimit to 0: ValueError; prlimit to 0: PermissionError; "
        "raw setrlimit: Operation not permitted; limit (1, 1)\n")


# -- one batch of every new attack, locally and through the fleet -----------------------------------------


@needs_full_sandbox
def test_every_new_attack_beside_honest_engines_locally(tmp_path):
    ids = _build_class(tmp_path / "class")
    result = grade(tmp_path / "class", limits=LIMITS, jobs=2, cache_dir=tmp_path / "cache")
    assert result.sandbox == "bubblewrap" and result.warning is None
    rows = _check_batch(result, ids)
    for case in (*HOARDS[:2], "xattr-hoard"):  # refused outright by the filter here (a cgroup would have killed it)
        assert _held(result.runs[case]["output"], case) == 0 or rows[case]["status"] == "crashed"
    if os.geteuid() == 0:  # /tmp mounted by the grader, one inode per page of it (slot_tmp.py): its root and 16,383
        # files; on 3fb8cc3 all 130,000 were made (160 MiB of the kernel's memory, more for more CPU)
        assert "inode-hoard held 20 MiB (16383 files; OSError: No space left on device)" in \
            result.runs["inode-hoard"]["output"]
    assert "queue-tamper found 0 queue URL(s)" in result.runs["queue-tamper"]["output"]


@needs_full_sandbox
def test_every_new_attack_beside_honest_engines_through_the_fleet(tmp_path, server, fleet, monkeypatch):
    fleet.start()
    ids = _build_class(tmp_path / "class")
    local = grade(tmp_path / "class", limits=LIMITS, jobs=2, cache_dir=None).scores
    result = grade(tmp_path / "class", limits=LIMITS, queue=server.url, cache_dir=tmp_path / "cache")
    assert result.sandbox == "bubblewrap" and result.grader_errors == []
    _check_batch(result, ids)
    assert result.scores == local  # the same rows as this machine's own pool: ids > 255 characters included
    assert server.leftovers() == []


# -- the fleet ---------------------------------------------------------------------------------------------

NO_BWRAP = """
import grader.sandbox
_init = grader.sandbox.Sandbox.__init__
def _without_bwrap(self, *args, **kw):
    kw["use_bwrap"] = False
    _init(self, *args, **kw)
grader.sandbox.Sandbox.__init__ = _without_bwrap
"""


def _site(tmp_path, code, name="site"):
    (tmp_path / name).mkdir()
    (tmp_path / name / "sitecustomize.py").write_text(code)
    return {"PYTHONPATH": str(tmp_path / name)}  # the changes of checkout_env (then the checkout)


def test_a_worker_without_the_full_sandbox_does_not_start_unless_told(tmp_path, server, fleet):
    worker = fleet.start(env=_site(tmp_path, NO_BWRAP))
    assert worker.wait(timeout=120) == 1
    log = fleet.workers[0][1].read_text()
    assert "bubblewrap was turned off; falling back to a weaker sandbox" in log
    assert "A worker observes only in the full sandbox; start it with --allow-weaker-sandbox" in log


def test_a_submission_on_a_worker_without_bubblewrap_cannot_change_another_students_job(tmp_path, server, fleet,
                                                                                         monkeypatch):
    """The attack reaches Redis (no bubblewrap: the network is there, and the URL is on the worker's command
    line; this Redis has no password) and rewrites the victim's queued job. The worker refuses the rewritten
    job (its files do not hash to its id), the submitting grade puts it on again, and the victim's correct
    engine scores full marks; the weaker sandbox is marked in the summary."""
    fleet.start("--allow-weaker-sandbox", env=_site(tmp_path, NO_BWRAP))
    folder = tmp_path / "class"
    folder.mkdir()
    # observed first: the victim still waits; aimed at this test's Redis only (not another test's on this machine)
    (folder / "aaa-tamper.py").write_text(_attack("queue-tamper").replace("_ONLY_URL = None", f"_ONLY_URL = {server.url!r}", 1))
    (folder / "zzz-victim.py").write_text(REFERENCE)
    # the job the worker fetches ahead while it observes the attack (grader/fleet/horse.py), so that the victim's
    # is still on the queue then, where the attack looks for jobs to rewrite (no `+=`: never one it rewrites)
    (folder / "mmm-between.py").write_text("# not an engine: a job of its own between the attack and the victim\n")
    told = []
    result = grade(folder, limits=LIMITS, queue=server.url, cache_dir=tmp_path / "cache", notify=told.append)
    assert "rewrote 1 job(s)" in result.runs["aaa-tamper"]["output"]  # the attack did happen
    victim = next(row for row in result.scores["submissions"] if row["id"] == "zzz-victim")
    assert (victim["status"], victim["score"]) == ("graded", victim["max_score"])
    assert any("the job observing zzz-victim or its result was rewritten on the queue" in text for text in told)
    assert "do not hash to its id" in fleet.workers[0][1].read_text()
    assert result.sandbox == "rlimits"  # marked: the summary says which sandbox observed the batch
    assert any("observes in a weaker sandbox (rlimits)" in text for text in told)
    assert server.leftovers() == []


def test_a_result_not_signed_with_the_fleet_key_is_never_used_nor_cached(tmp_path, server, fleet, monkeypatch):
    fleet.start(env=dict(GRADE_FLEET_KEY="another key, as a forger would have it: " + "x" * 32))
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.py").write_text(REFERENCE)
    result = grade(folder, limits=LIMITS, queue=server.url, cache_dir=tmp_path / "cache")
    row, = result.scores["submissions"]
    assert (row["status"], row["score"]) == ("crashed", 0)
    assert row["message"] == ("not observed: the result that came back from the queue is not signed with the fleet's "
                              "key (forged, or rewritten in Redis); it was not used, nor cached")
    assert [error["stage"] for error in result.grader_errors] == ["verifying its result"]
    assert list((tmp_path / "cache").glob("*.json")) == []
    assert server.leftovers() == []


def test_the_queues_time_limit_follows_the_local_pools_rule():
    from grader.fleet.submit import job_timeout

    for seconds in (1.0, 20.0, 60.0):
        # a worker starved of CPU may legitimately take STARVED_BACKSTOP times --timeout (sandbox/accounting.py)
        assert job_timeout(Limits(submission_seconds=seconds)) >= STARVED_BACKSTOP * seconds + 30


SHORT_QUEUE_LIMIT = """
import grader.fleet.submit
grader.fleet.submit.job_timeout = lambda limits: 2
"""


def test_a_run_cut_by_the_queue_is_a_timeout_and_never_cached(tmp_path, server, fleet):
    fleet.start()
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "slow.py").write_text("import time\ntime.sleep(6)\n\n" + REFERENCE)
    out, cache = tmp_path / "scores.json", tmp_path / "cache"
    graded = subprocess.run(_grade_command(folder, out, "--queue", server.url, "--import-timeout", "30",
                                           "--cache-dir", str(cache)),
                            capture_output=True, text=True, timeout=300, cwd=tmp_path,
                            env=checkout_env(**_site(tmp_path, SHORT_QUEUE_LIMIT)))
    assert graded.returncode == 0, graded.stderr
    row, = json.loads(out.read_text())["submissions"]
    assert (row["status"], row["message"]) == (
        "timeout", "the grading worker did not finish observing it within the queue's limit (2 s of wall time; its "
                   "machine may be too busy): it will be observed again, and is not cached")
    assert "was cut by the queue's time limit (2 s)" in graded.stderr
    assert list(cache.glob("*.json")) == []
    assert server.leftovers() == []


def test_a_kill_9_of_a_worker_takes_its_work_horse_along(tmp_path, server, fleet):
    """Issue 30, item 18: the horse used to finish its job under PID 1 while the job ran again elsewhere."""
    worker = fleet.start()
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "sleeper.py").write_text("import time\ntime.sleep(60)\n")
    submitting = subprocess.Popen(_grade_command(folder, tmp_path / "scores.json", "--queue", server.url, "--no-cache",
                                                 "--import-timeout", "60", "-q"),
                                  cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  start_new_session=True, env=checkout_env())
    try:
        horses = []
        client = server.client()
        _wait(lambda: any(client.hget(key, "status") == b"started" for key in client.keys("rq:job:*"))
              and horses.extend(_children(worker.pid)) is None and horses, "the sleeper's work horse")
        os.kill(worker.pid, signal.SIGKILL)  # the worker alone: its horse must not outlive it
        worker.wait()
        _wait(lambda: not any(os.path.exists(f"/proc/{pid}") and _state(pid) != "Z" for pid in horses),
              "the work horse to die with its worker", seconds=15)
    finally:
        os.killpg(submitting.pid, signal.SIGKILL)
        submitting.wait()


def _state(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
