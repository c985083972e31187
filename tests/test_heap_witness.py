"""bench/heap_witness.py: the same worker gives the same addresses; one more object before the import moves them."""

import importlib.util
from pathlib import Path

import pytest

from grader.sandbox.host import linux_sandbox_missing
from grader.suites import load_suite

WITNESS = Path(__file__).resolve().parents[1] / "bench" / "heap_witness.py"


def _witness():
    spec = importlib.util.spec_from_file_location("bench_heap_witness", WITNESS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.skipif(linux_sandbox_missing() is not None, reason="needs the Linux sandbox")
def test_the_witness_sees_one_more_object_allocated_before_the_import_and_nothing_else():
    witness = _witness()
    first, report = witness.run_witness()
    again, report_again = witness.run_witness()
    assert first == again and report == report_again  # no address randomisation, pid 2, the same paths
    lines = first.split(b"\n")
    assert lines[0].startswith(b"import ") and len(lines[0].split()) == 31  # one address per size class
    assert len(lines) > 10_000  # every Value of every probe
    files = dict(load_suite("engine").runner_files)
    source = files["worker.py"].decode()
    # one more list allocated in main(), before the student's import (and before its reserve, shadow40). At module
    # level, where it stood until session 40, it no longer moves the first addresses once the worker imports mmap
    # (shadow40: ci40b); why is not understood (closing note, session 40); inside main() it still does
    files["worker.py"] = source.replace("    spare = _spare(None)\n", "    one_more = [0.5]\n    spare = _spare(None)\n",
                                        1).encode()
    assert files["worker.py"] != source.encode()
    moved, moved_report = witness.run_witness(files)
    assert moved_report == report  # the same observations: only the addresses tell
    assert moved.split(b"\n")[0] != lines[0]
