"""Session 26's red team: fresh hostile samples against what a student who read the grader's source could use
(docs/security.md, "Session 26's red team"). Each failed before its fix, as its test says."""

import dis
import json
import os
import re
import types
from pathlib import Path

import pytest
from hostile_support import needs_bwrap
from test_fresh_styles import reference_solution
from test_portable import path_without_sandbox_tools  # noqa: F401 - a fixture

from grader.engines import engine_class
from grader.pipeline import grade
from grader.sandbox import Limits
from grader.suites import SUITES

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
LIMITS = Limits(probe_seconds=3, import_seconds=10, submission_seconds=60)


# -- 09-write-tests: a test file that tells the handed-out engine by its code ----------------------------------------

# A student's test_engine.py that tests no behaviour: the engine under test is the engine handed out with the
# exercise (its text pasted in below) or it is not, by the instructions of its methods (docstrings and comments,
# which the sandbox strips, leave them unchanged). Every variant is a patch of that engine, so it "caught" all 37.
FINGERPRINT_TESTS = '''\
import dis
import os
import types

from engine import Value

HANDED_OUT = {handed_out!r}


def _shape(code):
    return [(i.opname, _shape(i.argval) if isinstance(i.argval, types.CodeType) else repr(i.argval))
            for i in dis.get_instructions(code)]


def _fingerprint(cls):
    return [(name, _shape(getattr(f, "__func__", f).__code__)) for name, f in sorted(vars(cls).items())
            if isinstance(getattr(f, "__func__", f), types.FunctionType)]


def test_the_engine_under_test_is_the_one_handed_out():
    handed_out = {{}}
    exec(HANDED_OUT, handed_out)
    assert _fingerprint(Value) == _fingerprint(handed_out["Value"])
'''


# Left (docs/security.md, "What is not defended"): the same fingerprint, method by method, failing only when one to
# four of `Value`'s methods differ from the handed-out engine's: every variant patches one or a few, the restyled
# reference all of them.
COUNTING_TESTS = FINGERPRINT_TESTS.replace('''def test_the_engine_under_test_is_the_one_handed_out():
    handed_out = {{}}
    exec(HANDED_OUT, handed_out)
    assert _fingerprint(Value) == _fingerprint(handed_out["Value"])
''', '''def test_no_few_methods_patched():
    handed_out = {{}}
    exec(HANDED_OUT, handed_out)
    ours, theirs = dict(_fingerprint(Value)), dict(_fingerprint(handed_out["Value"]))
    assert not 1 <= len([name for name in theirs if ours.get(name) != theirs[name]]) <= 4
''')


def _reference():
    return json.loads((SUITES / "09-write-tests" / "engines.json").read_text(encoding="utf-8"))


def _codes(cls):
    """{method name: its code's instructions (opname and resolved argument), nested functions' too}."""
    def shape(code):
        return [(i.opname, shape(i.argval) if isinstance(i.argval, types.CodeType) else repr(i.argval))
                for i in dis.get_instructions(code)]

    return {name: shape(getattr(f, "__func__", f).__code__) for name, f in vars(cls).items()
            if isinstance(getattr(f, "__func__", f), types.FunctionType)}


def test_the_restyled_reference_shares_no_methods_code_with_the_handed_out_engine():
    engines = _reference()
    reference, restyled = engine_class(engines["reference"], "reference"), engine_class(engines["restyled"], "restyled")
    ours, theirs = _codes(reference), _codes(restyled)
    assert sorted(ours) == sorted(theirs)  # the same methods
    assert [name for name in ours if ours[name] == theirs[name]] == []  # none written the same way


def test_the_restyled_reference_computes_the_references_numbers_bit_for_bit():
    engines = _reference()
    results = []
    for source in (engines["reference"], engines["restyled"]):
        Value = engine_class(source, "engine")
        a, b = Value(0.7), Value(-1.3)
        y = ((a * b + a ** 3 - b / a).tanh() + (a - b).relu() * 2 + (a * a).exp() - (b * b + 1).log()) / (1 - b)
        y = y + a.relu() + (-b).relu() + 3 / a - 2 - a
        y.backward()
        results.append((y.data, a.grad, b.grad, repr(a), y._op, [p._op for p in y._prev], a ** 2.5 is not None))
    assert results[0] == results[1]


@pytest.mark.slow
@needs_bwrap
def test_a_test_file_that_tells_the_handed_out_engine_by_its_code_catches_nothing(tmp_path):
    """On 50fe3ac `mallory` scored 38/38 (every catch): its one test passed on the reference and failed on every
    variant. Its tests now also run on the reference written another way, where they fail: no credit. `counting`,
    which tells a few patched methods from many, is left (docs/security.md) and pinned."""
    handed_out = (ROOT / "exercises" / "09-write-tests" / "engine.py").read_text(encoding="utf-8")
    folder = tmp_path / "class"
    for name, tests in (("mallory", FINGERPRINT_TESTS.format(handed_out=handed_out)),
                        ("counting", COUNTING_TESTS.format(handed_out=handed_out)),
                        ("reference-tests", reference_solution("test_engine.py"))):  # its chain 2,000 deep
        (folder / name).mkdir(parents=True)
        (folder / name / "test_engine.py").write_text(tests, encoding="utf-8")
        (folder / name / "engine.py").write_text(handed_out, encoding="utf-8")
    rows = {r["id"]: r for r in grade(folder, exercise="09-write-tests", limits=LIMITS, jobs=2).scores["submissions"]}
    assert (rows["reference-tests"]["score"], rows["mallory"]["score"]) == (38, 0)
    # left, pinned: the day a variant is a patch of an engine students never see, `counting` scores 0 and this says so
    assert rows["counting"]["score"] == 37 and [t["name"] for t in rows["counting"]["tests"]
                                                if t["status"] == "failed"] == ["catches/assign-not-accumulate-everywhere"]
    [shown] = [t for t in rows["mallory"]["tests"] if t["name"] == "reference/passes"]
    assert (shown["status"], shown["output"]) == ("failed", (
        "1 of 1 tests fail on another correct engine, the reference written another way (the same numbers from "
        "other code), so they check how the engine you were given is written, not what it computes: "
        "test_the_engine_under_test_is_the_one_handed_out: AssertionError. A test must pass on a correct engine "
        "before failing on a buggy one counts."))


# -- without bubblewrap: what the worker's own process could undo, and what the sandbox gives no submission ---------

HERE = "__import__('os').path.dirname(__import__('os').path.abspath(__file__))"
# each raises when refused; the ones that change the folder's modes then write beside themselves
UNDONE = {
    "fchmod": (f"import os\n_d = os.open({HERE}, os.O_RDONLY)\nos.fchmod(_d, 0o755)\n"
               "os.close(os.open('note.txt', os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=_d))\n"),
    "chmod-fd": f"import os\n_d = os.open({HERE}, os.O_RDONLY)\nos.chmod(_d, 0o755)\n",
    "chmod-dir-fd": f"import os\n_d = os.open({HERE}, os.O_RDONLY)\nos.chmod('.', 0o755, dir_fd=_d)\n",
    "ctypes-chmod": f"import ctypes\nctypes.CDLL(None).chmod({HERE}.encode(), 0o755)\n",
    "pool": "import multiprocessing\nwith multiprocessing.Pool(2) as _p:\n    _p.map(abs, [-1, -2])\n",
    "lock": "import multiprocessing\nmultiprocessing.Lock()\n",
    "pipe": "import multiprocessing\nmultiprocessing.Pipe()\n",
    "shared-memory": "from multiprocessing import shared_memory\nshared_memory.SharedMemory(create=True, size=8)\n",
}
SAY = {"fchmod": "OSError: [Errno 30] Read-only file system: N (alice.py, line 3)",
       "chmod-fd": "OSError: [Errno 30] Read-only file system: N (alice.py, line 3)",
       "chmod-dir-fd": "OSError: [Errno 30] Read-only file system: '.' (alice.py, line 3)",
       "ctypes-chmod": "PermissionError: [Errno 1] Operation not permitted: ctypes' chmod (alice.py, line 2)"}
NO_SHARED_MEMORY = ("ImportError: multiprocessing's locks, queues, pools, pipes, managers and shared memory are not "
                    "available: the sandbox a submission is graded in has no shared memory and no sockets (a "
                    "multiprocessing.Process of its own still runs); compute in this one process")


def test_the_hook_refuses_a_change_of_the_folders_modes_however_it_is_named(tmp_path):
    """Run in a process of its own (an audit hook cannot be removed). On 50fe3ac every attempt below but the
    write beside itself was let through: the hook took a descriptor for one opened outside the folder and ignored
    `dir_fd`, and knew nothing of ctypes or multiprocessing."""
    import subprocess
    import sys

    folder = tmp_path / "work"
    (folder / "sub").mkdir(parents=True)
    (folder / "engine.py").write_text("x = 1\n")
    script = tmp_path / "try.py"
    script.write_text(f'''
import os, sys
sys.path.insert(0, {str(ROOT / "grader" / "sandbox")!r})
import read_only
read_only.keep({str(folder)!r})
outside = os.open({str(script)!r}, os.O_RDONLY)
d = os.open({str(folder)!r}, os.O_RDONLY)
attempts = {{
    "fchmod": lambda: os.fchmod(d, 0o700), "chmod by descriptor": lambda: os.chmod(d, 0o700),
    "fchown": lambda: os.fchown(d, -1, -1), "chmod by dir_fd": lambda: os.chmod("engine.py", 0o600, dir_fd=d),
    "chmod of a folder by dir_fd": lambda: os.chmod("sub", 0o700, dir_fd=d),
    "ctypes' chmod": lambda: __import__("ctypes").CDLL(None).chmod,
    "a pool": lambda: __import__("multiprocessing.pool"), "a lock": lambda: __import__("multiprocessing").Lock(),
    "shared memory": lambda: __import__("multiprocessing.shared_memory"),
    "held: chmod outside": lambda: os.fchmod(outside, 0o644),
    "held: ctypes' strlen": lambda: __import__("ctypes").CDLL(None).strlen,
    "held: ctypes' syscall": lambda: __import__("ctypes").CDLL(None)["syscall"],  # the seccomp filter's to refuse
    "held: a process": lambda: __import__("multiprocessing").Process(target=print),
}}
for name, attempt in attempts.items():
    try:
        attempt()
        print(name, "-> let through")
    except (OSError, ImportError) as e:
        print(name, "->", type(e).__name__, e.errno if isinstance(e, OSError) else e.name)
''')
    shown = subprocess.run([sys.executable, "-I", str(script)], capture_output=True, text=True, check=True).stdout
    assert shown.splitlines() == [
        "fchmod -> OSError 30", "chmod by descriptor -> OSError 30", "fchown -> OSError 30",
        "chmod by dir_fd -> OSError 30", "chmod of a folder by dir_fd -> OSError 30",
        "ctypes' chmod -> PermissionError 1",
        "a pool -> ImportError _multiprocessing", "a lock -> ImportError _multiprocessing",
        "shared memory -> ImportError _posixshmem", "held: chmod outside -> let through",
        "held: ctypes' strlen -> let through", "held: ctypes' syscall -> let through", "held: a process -> let through"]


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("case", list(UNDONE))
def test_what_the_sandbox_refuses_fails_in_the_portable_worker_with_the_same_words(tmp_path, monkeypatch, case,
                                                                                  path_without_sandbox_tools):
    """On 50fe3ac the portable worker (a student's own check; the rlimits fallback without root likewise) scored
    63/63 where the grade of record scored 0/63: `pool` (session 25's seam: the sandbox's /dev/shm is read-only),
    `lock`, `pipe`, `shared-memory`, and, where the worker owns its folder, `fchmod` (the folder's modes given back,
    then a write beside itself). Now each row is the same, its import failed in the same words."""
    folder = tmp_path / "class"
    folder.mkdir()
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")
    (folder / "alice.py").write_text(UNDONE[case] + engine, encoding="utf-8")
    rows = []
    for path in (None, path_without_sandbox_tools):
        if path:
            monkeypatch.setenv("PATH", path)
        graded = grade(folder, limits=LIMITS, jobs=1)
        [row] = graded.scores["submissions"]
        # the descriptor's number is the worker's layout (the sandboxed one holds the late names' channel at 3 and 4,
        # session 37), not the words: it is read as N
        output = re.sub(r"Read-only file system: \d+ ", "Read-only file system: N ", row["tests"][0]["output"])
        rows.append((graded.sandbox, row["status"], row["score"], output))
    said = SAY.get(case, NO_SHARED_MEMORY + f" (alice.py, line {1 if case == 'shared-memory' else 2})")
    imports = f"alice.py could not be used: {said}. Every other test was skipped."
    assert rows == [("bubblewrap", "graded", 0, imports), ("portable", "graded", 0, imports)]
    assert sorted(os.listdir(folder)) == ["alice.py"]


@pytest.mark.slow
def test_held_a_process_of_its_own_runs_in_both(tmp_path, monkeypatch, path_without_sandbox_tools):
    folder = tmp_path / "class"
    folder.mkdir()
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")
    (folder / "alice.py").write_text("import multiprocessing\n_p = multiprocessing.Process(target=abs, args=(-1,))\n"
                                     "_p.start()\n_p.join()\nassert _p.exitcode == 0\n" + engine, encoding="utf-8")
    for path in (None, path_without_sandbox_tools):
        if path:
            monkeypatch.setenv("PATH", path)
        [row] = grade(folder, limits=LIMITS, jobs=1).scores["submissions"]
        assert (row["status"], row["score"]) == ("graded", 63)
