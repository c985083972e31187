"""Session 24's red team: fresh hostile samples against the grader's own process (docs/security.md, "Session 24's
red team"). Each failed before its fix, as its test says."""

import signal
from contextlib import contextmanager
from pathlib import Path

import pytest

from grader.similarity.cohort import read_document
from grader.similarity.written_lines import restyled, statements

FIXTURES = Path(__file__).parent / "fixtures"
PLAIN = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")


@contextmanager
def cpu_seconds(limit):
    """Fails the test once the process has spent LIMIT seconds of CPU inside the block (ITIMER_PROF: a loaded machine's
    waiting does not count). The margins below are a thousandfold: what they guard took minutes to hours before."""
    def over(*_):
        raise TimeoutError(f"over {limit} s of CPU")

    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


SPACES = " " * 60000
# lines of a student's engine whose runs of spaces met two or three quantifiers of written_lines' patterns: each is
# valid Python (an annotation; an assignment whose value is a sum)
HOSTILE_LINES = {
    "annotation": "        note:" + SPACES + "float\n",  # _ANNOTATED: cubic, hours before
    "swapped sum": "        total = e" + SPACES + "+ y\n",  # _WRITTEN_OUT_SWAPPED: quadratic, minutes before
    "swapped after =": "        total =" + SPACES + "e + y\n",
}


@pytest.mark.parametrize("name", list(HOSTILE_LINES))
def test_a_line_of_spaces_costs_grade_similarity_its_length_not_its_square(name):
    """On 5a396c0, `grade similarity` on a class of a correct engine and its copy with the annotation line of 3,000
    spaces took 15 s of CPU (cubic: 60,000 spaces, some 30 hours); the sum of 20,000 spaces 4 s (quadratic)."""
    line = HOSTILE_LINES[name]
    text = PLAIN.replace("        self.data = data\n", "        self.data = data\n" + line, 1)
    assert text != PLAIN
    with cpu_seconds(30):
        document = read_document("mallory", {"engine.py": text})
    assert document.limits == []  # read in full, not cut by the budget


def test_the_line_readers_read_a_line_as_before():
    """The patterns made linear read every line as they did (the same groups on the 206,000 lines of this project's
    code); the one change is a value of spaces alone (`x =  + x`), which is no sum."""
    with cpu_seconds(30):
        _read_as_before()


def _read_as_before():
    assert statements("x: float = a + b", []) == ["x = a + b"]
    assert statements("x : List[int]= [1]", []) == ["x = [1]"]
    assert statements("x: int == 3", []) == ["x: int == 3"]
    assert statements("note:" + SPACES + "float", []) == ["note:" + SPACES + "float"]
    assert restyled("self.grad = other.data * out.grad + self.grad") == "self.grad += other.data * out.grad"
    assert restyled("x   =   y  *  x") == "x   *=   y"
    assert restyled("a.b[i] = (c + d) + a.b[i]") == "a.b[i] += c + d"
    assert restyled("x =  + x") == "x =  + x"
    assert restyled("total = e" + SPACES + "+ total") == "total += e"
    assert restyled("total = e" + SPACES + "+ y") == "total = e" + SPACES + "+ y"


def test_a_notebook_cell_opening_with_a_long_test_is_read(tmp_path):
    """On 5a396c0 a notebook whose cell opened with `if 1+1+...+1 > 0:` (600 terms: valid Python, which Jupyter runs)
    was rejected, "carol.ipynb could not be read (RecursionError: ...)": the self-check cell's test was read with
    ast.unparse, which recursed once a level of it. Now read from its tree; a self-check cell under
    `if __name__ == "__main__":` is still dropped."""
    from load_support import ENGINE, notebook, write

    from grader.load import load_entry

    long_test = "if " + "+".join(["1"] * 600) + " > 0:\n    LONG = True\n"
    check = 'if __name__ == "__main__":\n    from grader import check\n    check("engine")\n'
    sub = load_entry(write(tmp_path, {"carol.ipynb": notebook(ENGINE.decode(), long_test, check)}) / "carol.ipynb")
    assert (sub.id, sub.problem) == ("carol", None)
    code = sub.files["engine.py"].decode()
    assert long_test in code and "from grader import check" not in code


# -- memory that the address-space limit does not count: epoll's items ---------------------------------------------


def test_the_seccomp_filter_refuses_epoll():
    from test_redteam23 import _refused

    # epoll_create, epoll_create1 on x86-64; epoll_create1 on AArch64 (which has no epoll_create)
    assert {213, 291} <= _refused("x86_64")
    assert 20 in _refused("aarch64")


@pytest.mark.slow
def test_epoll_items_hold_nothing_of_the_kernels_memory(tmp_path):
    """Children hold 240 epoll instances and 240 eventfds; the worker borrows each with pidfd_getfd and registers every
    eventfd under each free descriptor number in every epoll. On 5a396c0: 1,500,014 items, some 250 MB of
    unreclaimable slab at import (a uid's fs.epoll.max_user_watches, 5.5 million here, some 1.1 GB), beside full
    marks."""
    row, output = _grade_in_full_sandbox(tmp_path, "epoll-hoard")
    assert (row["status"], row["score"]) == ("graded", row["max_score"]), row["message"]
    assert output == "epoll-hoard 0 items (PermissionError: Operation not permitted); 0 MiB of the kernel's memory\n"


def _grade_in_full_sandbox(tmp_path, case):
    """The row and the output of tests/fixtures/redteam24/<case>.py (its attack, then a correct engine), graded alone
    in the full sandbox with test_redteam23's limits; skipped where the sandbox is weaker."""
    from test_redteam23 import LIMITS, REFERENCE, STRENGTH, WHY_NOT

    from grader.pipeline import grade
    from grader.records import Strength

    if STRENGTH != Strength.BUBBLEWRAP:
        pytest.skip(f"needs the full sandbox (bubblewrap and a memory bound): {WHY_NOT}")
    (tmp_path / "class").mkdir()
    attack = (FIXTURES / "redteam24" / f"{case}.py").read_text() + "\n\n" + REFERENCE
    (tmp_path / "class" / f"{case}.py").write_text(attack)
    result = grade(tmp_path / "class", limits=LIMITS, jobs=1, cache_dir=None)
    (row,) = result.scores["submissions"]
    return row, result.runs[case]["output"]


# -- memory that the address-space limit does not count: byte-range locks -----------------------------------------


def _verdict(machine, number, *args):
    """What the filter built for `machine` answers a system call of its own ABI (a small classic-BPF interpreter of
    the instructions memory.seccomp_program uses): "allow" or "EPERM"."""
    import struct

    from grader.sandbox import memory

    arch = memory._ARCHES[machine][0]
    data = struct.pack("<iI Q 6Q", number, arch, 0, *(list(args) + [0] * (6 - len(args))))
    program = memory.seccomp_program(machine)
    code = [struct.unpack("=HBBI", program[i:i + 8]) for i in range(0, len(program), 8)]
    at, accumulator = 0, 0
    while True:
        op, jt, jf, k = code[at]
        if op == 0x20:  # ld word at k
            accumulator = struct.unpack_from("<I", data, k)[0]
            at += 1
        elif op in (0x15, 0x35):  # jeq, jge
            taken = accumulator == k if op == 0x15 else accumulator >= k
            at += 1 + (jt if taken else jf)
        else:  # ret
            assert op == 0x06
            return {0x7FFF0000: "allow", 0x00050001: "EPERM"}[k]


@pytest.mark.parametrize("machine, fcntl", [("x86_64", 72), ("aarch64", 25)])
def test_the_seccomp_filter_refuses_fcntls_locks_and_nothing_else_of_fcntl(machine, fcntl):
    f_getfd, f_setfd, f_getfl, f_setfl, f_getlk, f_setlk, f_setlkw, f_ofd_getlk, f_ofd_setlk, f_ofd_setlkw = (
        1, 2, 3, 4, 5, 6, 7, 36, 37, 38)
    for command in (f_setlk, f_setlkw, f_ofd_setlk, f_ofd_setlkw):
        assert _verdict(machine, fcntl, 3, command) == "EPERM"
    for command in (f_getfd, f_setfd, f_getfl, f_setfl, f_getlk, f_ofd_getlk, 1030):  # 1030: F_DUPFD_CLOEXEC
        assert _verdict(machine, fcntl, 3, command) == "allow"
    # the other rules as before: a system call of its own number (read is 0 on x86-64, 63 on AArch64), RLIMIT_CORE
    assert _verdict(machine, {"x86_64": 0, "aarch64": 63}[machine], 3, 0, 10) == "allow"
    setrlimit = {"x86_64": 160, "aarch64": 164}[machine]
    assert (_verdict(machine, setrlimit, 4, 1), _verdict(machine, setrlimit, 7, 1)) == ("EPERM", "allow")


@pytest.mark.slow
def test_byte_range_locks_hold_nothing_of_the_kernels_memory(tmp_path):
    """8 children, each 50 files of 500 locks on every other byte (no two merge): on 5a396c0 all 200,000 locks were
    made at import (37 MB of unreclaimable slab, 23 MB a second of CPU: some 1.4 GB through a submission's 60 s)
    beside full marks."""
    row, output = _grade_in_full_sandbox(tmp_path, "lock-hoard")
    assert (row["status"], row["score"]) == ("graded", row["max_score"]), row["message"]
    assert output == "lock-hoard 0 locks (PermissionError: Operation not permitted); 0 MiB of the kernel's memory\n"
