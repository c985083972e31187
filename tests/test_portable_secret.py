"""The grader's secrets are not the portable worker's to read (docs/security.md, "The grader's secrets on the
portable path"). The portable worker (grader/sandbox/portable.py) and the rlimits fallback without root run the
student's code as the grader's own user, with no namespace of their own: until session 38 an engine read
MICROGRAD_GRADER_SECRET (the key of every draw of the grade of record) from /proc/<its parent>/environ (the grader's
environment as it was started) and from /proc/<its parent>/mem (the grader's os.environ, anywhere in its heap).

Forced on Linux by hiding the sandbox's tools from PATH (tests/test_portable.py). The grader runs as a process of its
own, started with the secret in its environment as a course's CI or an instructor's shell starts it; the engine is
right everywhere (correct-closures) and, at import, looks for the secret everywhere its own user can look from its
place in the process tree, then raises in its first tanh what it found."""

import json
import os
import shutil
import subprocess
import sys
import uuid

import pytest
from checkout_support import checkout_env
from test_drawn_late import CORRECT
from test_portable import path_without_sandbox_tools  # noqa: F401 (a fixture)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forces the portable worker on Linux")

# The grader is started without CAP_SYS_PTRACE, as any user's process is: root's (these tests' CI runs as root) reads
# every process's /proc files, dumpable or not (docs/security.md says so).
WITHOUT_PTRACE = ([shutil.which("setpriv"), "--bounding-set", "-sys_ptrace", "--inh-caps", "-sys_ptrace"]
                  if os.geteuid() == 0 else [])
SECRET = f"trust38-{uuid.uuid4().hex}"  # in the grader's environment only: never in this process's, nor in a file

# What the engine looks in: its own environment (as Python has it and as /proc has it), the grader's environment and
# command line as /proc shows them, and every readable mapping of the grader's memory (/proc/<ppid>/mem, which the
# kernel lets a process of the same user read when the grader is dumpable and no Yama policy stops it). The secret's
# shape is known (this test's prefix and 32 hex digits), not its value: the engine's own text cannot match itself.
LOOK = r'''

import os as _os
import re as _re

_SHAPE = _re.compile(rb"trust38-[0-9a-f]{32}")


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def _memory(pid):
    found = b""
    try:
        maps = open(f"/proc/{pid}/maps").read().splitlines()
        mem = open(f"/proc/{pid}/mem", "rb", buffering=0)
    except OSError:
        return found
    with mem:
        for line in maps:
            span, perms = line.split()[:2]
            start, end = (int(x, 16) for x in span.split("-"))
            if "r" not in perms or end - start > 1 << 30:
                continue
            try:
                mem.seek(start)
                chunk = mem.read(end - start)
            except (OSError, ValueError, OverflowError):
                continue
            if _SHAPE.search(chunk):
                return b"x"
    return found


_PARENT = _os.getppid()
_PLACES = {"own-environ": repr(dict(_os.environ)).encode() + _read("/proc/self/environ"),
           "parent-environ": _read(f"/proc/{_PARENT}/environ"), "parent-cmdline": _read(f"/proc/{_PARENT}/cmdline"),
           "parent-memory": _memory(_PARENT)}
_SEEN = " ".join(place for place, text in _PLACES.items() if _SHAPE.search(text) or text == b"x") or "nowhere"
_tanh, _TOLD = Value.tanh, []


def _looking_tanh(self):
    if not _TOLD:
        _TOLD.append(1)
        raise ValueError(f"SEEN {_SEEN}")
    return _tanh(self)


Value.tanh = _looking_tanh
'''


@pytest.fixture(scope="module")
def graded(tmp_path_factory, path_without_sandbox_tools):  # noqa: F811 (the fixture imported above)
    folder = tmp_path_factory.mktemp("portable-secret")
    (folder / "class").mkdir()
    (folder / "class" / "look.py").write_text(CORRECT + LOOK, encoding="utf-8")
    out = folder / "scores.json"
    done = subprocess.run(
        [*WITHOUT_PTRACE, sys.executable, "-m", "grader", "run", str(folder / "class"), "-o", str(out), "--no-cache", "-j", "1",
         "--import-timeout", "30", "--lang", "en"],
        capture_output=True, text=True, timeout=600, cwd=folder,
        env=checkout_env(PATH=path_without_sandbox_tools, MICROGRAD_GRADER_SECRET=SECRET))
    assert done.returncode == 0, done.stderr
    assert "plain subprocess" in done.stderr + done.stdout  # the portable worker, not the sandbox
    return done, json.loads(out.read_text(encoding="utf-8"))["submissions"][0]


def test_an_engine_on_the_portable_worker_finds_none_of_the_grader_s_secret(graded):
    done, row = graded
    assert (row["status"], row["score"]) == ("graded", 62.0)  # the tanh that raised what it found
    failed = [(t["name"], t["output"]) for t in row["tests"] if t["status"] != "passed"]
    assert len(failed) == 1 and "ValueError: SEEN nowhere" in failed[0][1], failed
    assert SECRET not in done.stdout + done.stderr + json.dumps(row)


def _started_with_secret(code):
    """This Python run with `code` (without CAP_SYS_PTRACE, as any user's process), started with the secret in its
    environment; its standard output, split in lines."""
    done = subprocess.run([*WITHOUT_PTRACE, sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=checkout_env(MICROGRAD_GRADER_SECRET=SECRET, GRADE_FLEET_KEY="k" + SECRET[1:]))
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_environment_a_process_was_started_with_keeps_no_secret_once_scrubbed():
    """What /proc/<pid>/environ (and macOS's `ps eww`) read is the block the process was started with; os.environ,
    getenv and a child started with the grader's environment still see each secret."""
    lines = _started_with_secret("""if True:
        import os, subprocess, sys
        from grader.sandbox.same_user import SECRET_VARIABLES, scrub_started_environment
        def shown():
            return open("/proc/self/environ", "rb").read().decode("latin-1")
        print(os.environ["MICROGRAD_GRADER_SECRET"] in shown(), "GRADE_FLEET_KEY=k" in shown())
        print(scrub_started_environment(SECRET_VARIABLES))
        print(os.environ["MICROGRAD_GRADER_SECRET"] in shown(), "GRADE_FLEET_KEY=k" in shown())
        print(os.environ["MICROGRAD_GRADER_SECRET"] == os.getenv("MICROGRAD_GRADER_SECRET"))
        child = [sys.executable, "-c", "import os; print(os.environ['MICROGRAD_GRADER_SECRET'])"]
        print(subprocess.run(child, capture_output=True, text=True).stdout.strip() == os.environ["MICROGRAD_GRADER_SECRET"])
        print(scrub_started_environment(SECRET_VARIABLES))
    """)
    assert lines == ["True True", "['GRADE_FLEET_KEY', 'MICROGRAD_GRADER_SECRET']", "False False", "True", "True", "[]"]


def test_a_secret_set_or_dropped_in_process_before_the_scrub_is_zeroed_where_it_was_started():
    """The started string of a secret that os.environ set anew (getenv then points to a copy in the heap) or dropped
    is still in /proc/self/environ: the scrub zeroes it there and writes nothing else; the value set in process
    stays, the one dropped stays unset, and the variables beside them keep their text."""
    lines = _started_with_secret("""if True:
        import os
        from grader.sandbox.same_user import SECRET_VARIABLES, scrub_started_environment
        started = os.environ["MICROGRAD_GRADER_SECRET"]
        os.environ["MICROGRAD_GRADER_SECRET"] = "set-in-process"
        os.environ.pop("GRADE_FLEET_KEY")
        def shown():
            return open("/proc/self/environ", "rb").read().decode("latin-1")
        before = [v for v in shown().split("\\0") if v and not v.startswith(("MICROGRAD_GRADER_SECRET=", "GRADE_FLEET_KEY="))]
        print(started in shown(), "GRADE_FLEET_KEY=k" in shown())
        print(scrub_started_environment(SECRET_VARIABLES))
        print(started in shown(), "GRADE_FLEET_KEY=k" in shown(), shown().count("MICROGRAD_GRADER_SECRET=\\0"))
        print(os.environ["MICROGRAD_GRADER_SECRET"], os.getenv("MICROGRAD_GRADER_SECRET"), os.getenv("GRADE_FLEET_KEY"))
        print(before == [v for v in shown().split("\\0") if v and not v.startswith(("MICROGRAD_GRADER_SECRET=", "GRADE_FLEET_KEY="))])
    """)
    assert lines == ["True True", "['GRADE_FLEET_KEY', 'MICROGRAD_GRADER_SECRET']", "False False 1",
                     "set-in-process set-in-process None", "True"]


def test_a_grader_made_not_dumpable_lets_no_process_of_its_user_read_its_memory():
    """/proc/<pid>/mem: os.environ's copy of every secret is in the grader's heap. (Its environ, maps and fd/ too, for
    a user other than root: root keeps its right to read files of any mode, which the kernel gives them.) Whether a
    child could open it before depends on the machine (a Yama ptrace policy refuses it already): not asserted; the
    test above found the secret there on this project's machines."""
    lines = _started_with_secret("""if True:
        import ctypes, subprocess, sys
        from grader.sandbox.same_user import not_dumpable
        read = ("import os\\ntry:\\n    open(f'/proc/{os.getppid()}/mem', 'rb').close()\\n    print('opened')\\n"
                "except OSError as e:\\n    print(type(e).__name__, e.errno)")
        child = [*CHILD_PREFIX, sys.executable, "-c", read]
        dumpable = ctypes.CDLL(None).prctl
        print(dumpable(3, 0, 0, 0, 0), not_dumpable(), dumpable(3, 0, 0, 0, 0))  # PR_GET_DUMPABLE: 1, then 0
        print(open("/proc/self/environ", "rb").read().count(b"MICROGRAD_GRADER_SECRET="))  # its own: readable still
        print(subprocess.run(child, capture_output=True, text=True).stdout.strip())
    """.replace("CHILD_PREFIX", repr(WITHOUT_PTRACE)))
    assert lines == ["1 True 0", "1", "PermissionError 13"]


def test_the_secrets_scrubbed_are_the_grader_s():
    from grader.fleet import auth
    from grader.judge import drawn
    from grader.sandbox.same_user import SECRET_VARIABLES

    assert SECRET_VARIABLES == (drawn.SECRET_ENV, auth.KEY_VARIABLE, auth.PASSWORD_VARIABLE, "GRADE_QUEUE")
