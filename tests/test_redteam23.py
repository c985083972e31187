"""Session 23's red team: fresh attacks by a student who has read the grader's source (docs/security.md,
"Session 23's red team"). Each fixture in tests/fixtures/redteam23/ opens with what it attempts and what must
hold; the rest of each file is a correct engine, so a row that is not full marks is the attack's doing.
"""

import sys
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)

from grader.pipeline import grade  # noqa: E402
from grader.records import Strength  # noqa: E402
from grader.sandbox import Limits  # noqa: E402
from grader.sandbox import memory  # noqa: E402
from hostile_support import sandbox_strength  # noqa: E402

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "redteam23"
REFERENCE = (ROOT / "reference" / "engine.py").read_text()
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=20, memory_mb=512, file_size_mb=64)


STRENGTH, WHY_NOT = sandbox_strength(LIMITS)
needs_full_sandbox = pytest.mark.skipif(STRENGTH != Strength.BUBBLEWRAP,
                                        reason=f"needs the full sandbox (bubblewrap and a memory bound): {WHY_NOT}")


def _attack(case):
    return (FIXTURES / f"{case}.py").read_text() + "\n\n" + REFERENCE


def _grade_one(tmp_path, case):
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / f"{case}.py").write_text(_attack(case))
    result = grade(tmp_path / "class", limits=LIMITS, jobs=1, cache_dir=None)
    (row,) = result.scores["submissions"]
    return row, result.runs[case]["output"]


# -- memory that the address-space limit does not count: pages a pipe references -----------------------------


def _refused(machine):
    """The system call numbers the filter built for `machine` refuses (each `jeq` that jumps to its EPERM)."""
    import struct

    program = memory.seccomp_program(machine)
    instructions = [struct.unpack("=HBBI", program[i:i + 8]) for i in range(0, len(program), 8)]
    deny = len(instructions) - 1
    return {k for index, (code, jt, _, k) in enumerate(instructions) if code == 0x15 and index + 1 + jt == deny}


def test_the_seccomp_filter_refuses_the_calls_that_put_a_page_reference_in_a_pipe():
    # vmsplice, splice, tee, sendfile on x86-64 and AArch64
    assert {278, 275, 276, 40} <= _refused("x86_64")
    assert {75, 76, 77, 71} <= _refused("aarch64")


@needs_full_sandbox
def test_pipes_hold_no_page_of_the_worker_beyond_the_bound(tmp_path):
    """vmsplice of one byte of each transparent huge page into a pipe's slots, then munmap: on 06cff00 the worker
    held 960 MiB (30 pipes of 16 slots, 2 MiB each) under --memory 512 and a 64 MiB /tmp: no limit counted them;
    and a file's pages went into a pipe by splice, sendfile and tee. Python's copying still works (shutil takes
    sendfile's EPERM as "not here" and copies by read and write)."""
    row, output = _grade_one(tmp_path, "pipe-pin")
    assert (row["status"], row["score"]) == ("graded", row["max_score"]), row["message"]
    assert output == ("pipe-pin held 0 MiB (1 pipes; PermissionError: Operation not permitted)\n"
                      "pipe-pin splice PermissionError; sendfile PermissionError; tee Operation not permitted; "
                      "copyfile 65536 bytes\n")


# -- memory that the address-space limit does not count: inotify's queued events -----------------------------


def test_the_seccomp_filter_refuses_inotify():
    # inotify_init, inotify_init1 on x86-64; inotify_init1 on AArch64 (which has no inotify_init)
    assert {253, 294} <= _refused("x86_64")
    assert 26 in _refused("aarch64")


@needs_full_sandbox
def test_inotify_queues_hold_nothing_of_the_kernels_memory(tmp_path):
    """48 inotify instances watching /tmp, 17,000 files made and removed there: on 06cff00, 48 queues full (204 MiB
    of events, about as much unreclaimable slab) beside a correct engine's full marks."""
    row, output = _grade_one(tmp_path, "inotify-queue")
    assert (row["status"], row["score"]) == ("graded", row["max_score"]), row["message"]
    assert output == "inotify-queue 0 instances (PermissionError: Operation not permitted); 0 MiB of events queued\n"


# -- the grader's own memory: a notebook costs by its values, not its bytes ------------------------------------


def _notebook(outputs):
    import json

    cell = {"cell_type": "code", "id": "engine", "metadata": {}, "execution_count": 1, "source": REFERENCE,
            "outputs": outputs}
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]}, separators=(",", ":"))


def test_a_notebook_of_more_json_values_than_the_limit_is_refused_unparsed(tmp_path, monkeypatch):
    """One output of 300,000 empty objects (0.9 MiB): on 06cff00 it was parsed, nbformat's copy and all, and
    graded; 16 MiB of them (under the 16 MiB cap) took 3.2 GB of the grader's memory and 15 s of its CPU."""
    import json

    from grader.load import load_entry

    bomb = _notebook([{"output_type": "display_data", "metadata": {}, "data": {"application/json": {"k": [{}] * 300_000}}}])
    (tmp_path / "carol.ipynb").write_text(bomb)
    monkeypatch.setattr(json, "loads", lambda *_, **__: pytest.fail("the notebook was parsed"))
    sub = load_entry(tmp_path / "carol.ipynb")
    assert sub.problem == ("carol.ipynb holds up to 600036 JSON values, more than the limit of 250000; clear its "
                           "outputs in Jupyter, save it and submit again")


def test_a_notebook_with_a_long_printed_output_is_still_read(tmp_path):
    """The limit is far above what a student's notebook holds: 100,000 printed lines (a training loop's) load."""
    from grader.load import load_entry

    printed = _notebook([{"output_type": "stream", "name": "stdout", "text": [f"step {i}\n" for i in range(100_000)]}])
    (tmp_path / "dave.ipynb").write_text(printed)
    sub = load_entry(tmp_path / "dave.ipynb")
    assert sub.problem is None
    assert sub.files["engine.py"].endswith(REFERENCE.rstrip().encode() + b"\n")


# -- the host's shared pools: asynchronous I/O's events -------------------------------------------------------


def test_the_seccomp_filter_refuses_io_setup():
    assert 206 in _refused("x86_64") and 0 in _refused("aarch64")


@needs_full_sandbox
def test_a_worker_cannot_take_the_hosts_asynchronous_io_events(tmp_path):
    """io_setup(65536): on 06cff00 it took the whole of fs.aio-max-nr (a count for the whole machine), and every
    other process's io_setup failed with EAGAIN while the worker lived."""
    row, output = _grade_one(tmp_path, "aio-pool")
    assert (row["status"], row["score"]) == ("graded", row["max_score"]), row["message"]
    assert output == "aio-pool io_setup(65536): Operation not permitted\n"


# -- the kernel's memory: inodes that Landlock's rules keep -----------------------------------------------------


def test_the_seccomp_filter_refuses_landlock():
    # landlock_create_ruleset, landlock_add_rule, landlock_restrict_self: the same numbers on both
    assert {444, 445, 446} <= _refused("x86_64") and {444, 445, 446} <= _refused("aarch64")


@needs_full_sandbox
def test_landlock_rules_keep_no_inode_alive(tmp_path):
    """A rule for each entry of /proc/<pid>/ of 300 children, each reaped after: on 06cff00 every rule was added (a
    ruleset holds any number, each keeping its inode: 1,000 children, 40 MiB of slab the kernel cannot reclaim)."""
    row, output = _grade_one(tmp_path, "landlock-pin")
    assert (row["status"], row["score"]) == ("graded", row["max_score"]), row["message"]
    assert output == "landlock-pin made no ruleset (Operation not permitted); no rules added\n"


# -- the code the grader reads is the code the sandbox runs: a Python file's encoding declaration --------------


def _in_utf7(source):
    """`source` as a UTF-7 file whose newlines are written `+AAo-`: to a reader of UTF-8, one comment after the
    declaration; to Python, which honours the declaration, the whole of `source`."""
    data = ("# coding: utf-7\n#+AAo-" + source.replace("+", "+-").replace("\n", "+AAo-")).encode("ascii")
    assert data.decode("utf-7") == "# coding: utf-7\n#\n" + source
    return data


def test_a_copy_in_utf7_is_refused(tmp_path):
    """On 06cff00 a classmate's engine in UTF-7 scored 63/63, and `grade similarity` found no pair with the copy it
    was: its readers (the from-scratch test, similarity, the hints) read one comment, the sandbox's Python the
    engine. A file whose declared encoding does not keep ASCII and reads it otherwise than UTF-8 is refused
    (session 23's review: graded as its UTF-8 text, as first here, an honest UTF-7 engine's `x +-= y` was a
    SyntaxError)."""
    from grader.load import load_entry

    (tmp_path / "class").mkdir()
    (tmp_path / "class" / "bob.py").write_bytes(_in_utf7(REFERENCE))
    assert load_entry(tmp_path / "class" / "bob.py").files == {}
    result = grade(tmp_path / "class", limits=LIMITS, jobs=1, cache_dir=None)
    (row,) = result.scores["submissions"]
    assert (row["status"], row["score"], row["message"]) == (
        "rejected", 0, "bob.py declares the encoding utf-7 on line 1, in which Python reads its text otherwise than "
                       "as UTF-8; re-save it as UTF-8, make that line say utf-8 and submit again")


@pytest.mark.parametrize("head, kept", [
    (b"# -*- coding: latin-1 -*-\n", b"# -*- coding: utf-8 -*-\n"),  # the file is UTF-8: it meant what UTF-8 says
    (b"#!/usr/bin/env python3\n# vim: set fileencoding=cp1252 :\n", b"#!/usr/bin/env python3\n# vim: set fileencoding=utf-8 :\n"),
    (b"# coding=utf_8\n", b"# coding=utf_8\n"),  # UTF-8 already
    (b"x = 1\n# coding: latin-1\n", b"x = 1\n# coding: latin-1\n"),  # after a line of code: Python ignores it
    (b"\n\n# coding: latin-1\n", b"\n\n# coding: latin-1\n"),  # a third line: ignored too
])
def test_only_the_declaration_python_reads_is_made_utf8(tmp_path, head, kept):
    from grader.load import load_entry

    (tmp_path / "carol.py").write_bytes(head + "s = 'é'\n".encode() + REFERENCE.encode())
    assert load_entry(tmp_path / "carol.py").files["engine.py"] == kept + "s = 'é'\n".encode() + REFERENCE.encode()
