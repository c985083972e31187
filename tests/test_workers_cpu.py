"""The sandbox workers' CPU summed for this process (grader/sandbox/workers_cpu.py): what the suite's per-test
`worker_cpu_seconds` reads (tests/conftest.py) and tests/costs.py ranks the files by. A worker ends in its slot's
cgroup, unreaped by a parent that waits, so no rusage counts it (suite43a: a fully observed row added 0.00 s to its
grader's children's time)."""

import os
import shutil

import pytest

from grader.sandbox import Limits, Sandbox
from grader.sandbox.host import linux_sandbox_missing
from grader.sandbox import workers_cpu
from grader.sandbox.workers_cpu import closing, opened, workers_cpu_seconds
from grader.suites import load_suite
from costs import cost_table, file_costs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _slot(folder, name, usec):
    os.makedirs(folder / name, exist_ok=True)
    (folder / name / "cpu.stat").write_text(f"usage_usec {usec}\nuser_usec {usec - 7}\nsystem_usec 7\n")


class _Tree:  # what workers_cpu reads of a CgroupTree: its folder
    def __init__(self, folder):
        self.folder = folder


def test_a_tree_counts_its_slots_while_open_and_keeps_their_count_once_closed(tmp_path, monkeypatch):
    # this process's own count left as it was once the test ends: its made-up trees are not the suite's workers
    monkeypatch.setattr(workers_cpu, "_OPEN", set())
    monkeypatch.setattr(workers_cpu, "_closed", 0)
    tree = _Tree(str(tmp_path / "tree"))
    _slot(tmp_path / "tree", "slot-0", 1_500_000)
    _slot(tmp_path / "tree", "slot-1", 250_000)
    os.makedirs(tmp_path / "tree" / "template-0")  # not a slot's: not counted
    (tmp_path / "tree" / "template-0" / "cpu.stat").write_text("usage_usec 9000000\n")
    before = workers_cpu_seconds()
    opened(tree)
    assert workers_cpu_seconds() - before == pytest.approx(1.75, abs=1e-6)
    _slot(tmp_path / "tree", "slot-0", 2_000_000)  # its count runs on from one worker to the next
    _slot(tmp_path / "tree", "slot-2", 500_000)  # a slot made for a later worker
    assert workers_cpu_seconds() - before == pytest.approx(2.75, abs=1e-6)
    closing(tree)
    shutil.rmtree(tmp_path / "tree")  # the slots removed, as CgroupTree.close removes them
    assert workers_cpu_seconds() - before == pytest.approx(2.75, abs=1e-6)
    closing(tree)  # closed twice: counted once
    assert workers_cpu_seconds() - before == pytest.approx(2.75, abs=1e-6)


@pytest.mark.skipif(linux_sandbox_missing() is not None, reason="the Linux sandbox only")
def test_a_real_workers_cpu_is_what_its_slot_counted_and_stays_counted_once_its_sandbox_closes():
    suite = load_suite("engine")
    source = open(os.path.join(ROOT, "reference", "engine.py"), "rb").read()
    request = {"module": suite.module, "forbid": list(suite.forbid), "refuse": list(suite.refuse),
               "modules": [os.path.splitext(name)[0] for name in suite.files], "recursion_limit": 1000, "run": []}
    before = workers_cpu_seconds()
    box = Sandbox(Limits())
    try:
        if box.cgroups is None:
            pytest.skip(f"no cgroup v2 here: {box.no_cgroups}")
        base = box.prepare(0, {"engine.py": source}, suite.runner_files)
        obs_r, obs_w = os.pipe()
        out_r, out_w = os.pipe()
        proc = box.start(0, base, request, obs_w, out_w)
        os.close(obs_w)
        os.close(out_w)
        report = b""
        while chunk := os.read(obs_r, 1 << 16):
            report += chunk
        proc.wait()
        box.kill(0, proc)
        os.close(obs_r)
        os.close(out_r)
        box.cleanup(base)
        assert b'"event":"done"' in report, report[-500:]
        slot = box.usage(0, proc).cpu  # the slot's own count: this one worker (its Python started, the engine imported)
        assert slot > 0
        assert workers_cpu_seconds() - before == pytest.approx(slot, abs=1e-6)
    finally:
        box.close()
    assert workers_cpu_seconds() - before == pytest.approx(slot, abs=1e-6)


_JUNIT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="tests.test_a" name="test_one"><properties><property name="cpu_seconds" value="2.5" />
<property name="worker_cpu_seconds" value="10.25" /></properties></testcase>
<testcase classname="tests.test_a.TestKind" name="test_two"><properties><property name="cpu_seconds" value="0.5" />
<property name="worker_cpu_seconds" value="0.0" /></properties></testcase>
<testcase classname="tests.similarity.test_b" name="test_three"><properties>
<property name="cpu_seconds" value="4.0" /><property name="worker_cpu_seconds" value="1.0" /></properties></testcase>
<testcase classname="tests.test_c" name="test_skipped"><skipped message="no" /></testcase>
</testsuite></testsuites>"""


def test_the_files_are_ranked_by_their_own_and_their_workers_cpu(tmp_path):
    (tmp_path / "a.xml").write_text(_JUNIT)
    rows = file_costs([str(tmp_path / "a.xml")])
    assert rows == [("tests/test_a.py", 2, 3.0, 10.25), ("tests/similarity/test_b.py", 1, 4.0, 1.0),
                    ("tests/test_c.py", 1, 0.0, 0.0)]
    assert cost_table(rows).splitlines()[-1].split() == ["all", "3", "files", "4", "7.0", "11.2", "18.2"]
