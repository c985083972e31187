"""What the grader reads of a source is read while the submission's worker starts (observe_submission's
`prework`, pipeline._reading_ahead), in the observing threads, and kept by content (source_tree.kept_by_source)."""

import threading
from pathlib import Path

import pytest

from grader.diagnose import source_tree
from grader.diagnose.hints import seed_facts, static_hints
from grader.load import load_folder
from grader.observe import observe_all
from grader.sandbox import Limits, open_sandbox
from grader.suites import load_suite

REFERENCE = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text()
# the classic mistake a hint names: `=` for `+=` in a backward rule
ASSIGNING = REFERENCE.replace("self.grad += ", "self.grad = ", 1)


def test_a_trees_budget_is_each_threads_own():
    """A tree is shared by content; the CPU clocks of two threads are not comparable, so each thread's
    budget is its own: one that set none is over it, whatever another set."""
    tree = source_tree.analysed(REFERENCE + "\n# budget test\n", "engine.py")
    tree.deadline = source_tree.clock() + 100
    tree.in_time()
    seen = {}

    def other():
        try:
            tree.in_time()
            seen["unset"] = "in time"
        except source_tree.OverBudget:
            seen["unset"] = "over"
        tree.deadline = source_tree.clock() + 100
        tree.in_time()
        seen["set"] = "in time"

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == {"unset": "over", "set": "in time"}
    tree.in_time()  # the other thread's deadline did not move this one's


def test_a_budget_read_without_its_clock_still_runs_out():
    """in_time reads the thread's CPU clock only where the wall clock says the deadline may have passed (session 43):
    a reading that spends its budget still stops, and a deadline set anew counts from then, not from the last
    reading's margin."""
    tree = source_tree.analysed(REFERENCE + "\n# clock test\n", "engine.py")
    tree.deadline = source_tree.clock() + 100
    tree.in_time()  # a margin of 50 s of the wall clock...
    tree.deadline = source_tree.clock() - 1  # ...which a deadline already passed does not inherit
    with pytest.raises(source_tree.OverBudget):
        tree.in_time()
    tree.deadline = source_tree.clock() + 0.05
    with pytest.raises(source_tree.OverBudget):
        while True:  # spends CPU until in_time says the 50 ms are spent
            tree.in_time()
            sum(range(1000))
    assert source_tree.clock() > tree.deadline


def test_readings_are_kept_by_content_and_each_caller_gets_its_own_copy():
    files = {"engine.py": (ASSIGNING + "\n# kept test\n").encode()}
    first = static_hints(files, engine="engine.py")
    assert [h["hint"] for h in first] == ["assign-grad"]
    first[0]["line"] = -1  # a caller changing its copy changes nothing kept
    assert static_hints(files, engine="engine.py")[0]["line"] != -1
    facts = seed_facts(files, engine="engine.py")
    facts["seeds"] = "changed"
    assert seed_facts(files, engine="engine.py")["seeds"] != "changed"


@pytest.fixture
def sandbox():
    box = open_sandbox(Limits(submission_seconds=30))
    yield box
    box.close()


def test_each_observed_submission_is_read_once_while_observed_and_its_forbidden_imports_are_kept(tmp_path, sandbox):
    (tmp_path / "alice.py").write_text(REFERENCE)
    (tmp_path / "bob.py").write_text("import numpy as np\n" + REFERENCE)
    suite = load_suite("engine")
    submissions = load_folder(tmp_path)
    read = []
    runs = observe_all(submissions, suite, sandbox, jobs=2, prework=lambda s: read.append(s.id))
    assert sorted(read) == ["alice", "bob"]
    for name, found in (("alice", []), ("bob", [{"module": "numpy", "file": "engine.py", "line": 1}])):
        run = runs[name]  # what its run said, when its imports are not these (session 9's CI: tests/test_parsing.py)
        assert run["forbidden_imports"] == found, f"{name}: {run['status']}: {run['message']}"
    assert list(runs["bob"])[:6] == ["id", "status", "message", "import_error", "forbidden_imports", "probes"]


def test_the_reading_ahead_holds_each_reading_the_diagnosis_asks_of_every_row(monkeypatch):
    """By the time a row is diagnosed, the walked trees of the rows observed after it have taken its tree's place
    (source_tree.analysed keeps 16): every reading the diagnosis asks of each row is read ahead, or it parsed and
    walked the file again in the thread that judges (pops_a_stack: 98 of a batch of 100)."""
    from types import SimpleNamespace

    from grader.diagnose.hints import pops_a_stack, silent_backward_hints
    from grader.pipeline import Settings, _reading_ahead

    walked = []

    class Counted(source_tree.SourceTree):
        def __init__(self, tree, deadline):
            walked.append(tree)
            super().__init__(tree, deadline)

    monkeypatch.setattr(source_tree, "SourceTree", Counted)
    files = {"engine.py": (ASSIGNING + "\n# read ahead test\n").encode()}
    _reading_ahead(load_suite("engine"), Settings())(SimpleNamespace(files=files))
    assert len(walked) == 1
    source_tree._ANALYSED.clear()  # the later rows' trees took its place
    assert [h["hint"] for h in static_hints(files, engine="engine.py")] == ["assign-grad"]
    assert seed_facts(files, engine="engine.py") == {"seeds": True, "seeds_before_walk": True, "line": 121}
    assert silent_backward_hints(files, engine="engine.py") == []
    assert pops_a_stack(files, engine="engine.py") is True  # the reference walks with a stack
    assert len(walked) == 1  # none of them walked the file again
    fresh = {"engine.py": (ASSIGNING + "\n# not read ahead\n").encode()}
    assert pops_a_stack(fresh, engine="engine.py") is True and len(walked) == 2  # what a row not read ahead costs
