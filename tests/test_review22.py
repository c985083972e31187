"""review22: a helper module can never stand in for the worker's own standard library.

The loader leaves out a helper named after a standard-library module (levels.RESERVED_MODULES), but that list is
the grader's Python's, and the worker runs the system's (host.find_python), which may be another version: a
3.12 worker's `random` imports `_sha2`, which 3.11's list does not name, and 07's probes import `random` before
the grader releases the worker (sandbox/claim.py). The worker now looks in the submission's folder after its own
standard library, so no name of that library, whatever its version, is the student's.

stdlib41: but for the student's own imports. `python nn.py` finds a `random.py` beside it before Python's, so the
worker imports such a file for the student's files (sandbox/shadows.py: an import from a file of their folder), the
probes' `random` Python's: the student's file runs only when their nn.py imports it.
"""

import shutil
from pathlib import Path

import pytest
from test_fresh_styles import LIMITS

import grader.load.levels as levels
from grader.pipeline import grade

ROOT = Path(__file__).parent.parent
HELPER = Path(__file__).parent / "fixtures" / "fresh-styles-22" / "07-mlp-xor" / "correct-helper-module"


# the student's random.py: the C generator's stream, as Python's own `random.Random` draws it
_FAITHFUL = ("import _random\n\n\nclass Random(_random.Random):\n    def uniform(self, a, b):\n"
             "        return a + (b - a) * self.random()\n")


@pytest.mark.slow
@pytest.mark.parametrize("text,score,said", [
    (_FAITHFUL, 24.0, ""),  # 23 before session 29
    # before stdlib41: 24/24, Python's `random` in its place; now it runs, only when nn.py imports it
    ("raise SystemExit('the student ran before the probes')\n", 0.0,
     "len(parameters()) of Neuron(3), Layer(3, 2), MLP(2, [4, 1]) and MLP(3, [4, 4, 1]): your engine raised "
     "SystemExit: the student ran before the probes (random.py, line 1, in <module>)"),
])
def test_a_helper_named_after_the_workers_standard_library_is_imported_for_the_students_files_only(
        tmp_path, monkeypatch, text, score, said):
    # a grader whose standard library lacks a name the worker's has (as 3.11's lacks 3.12's _sha2): here `random`
    monkeypatch.setattr(levels, "RESERVED_MODULES", levels.RESERVED_MODULES - {"random"})
    folder = tmp_path / "class" / "mallory"
    shutil.copytree(HELPER, folder)
    shutil.copy(ROOT / "exercises" / "07-mlp-xor" / "engine.py", folder / "engine.py")
    (folder / "random.py").write_text(text, encoding="utf-8")
    result = grade(tmp_path / "class", exercise="07-mlp-xor", limits=LIMITS, jobs=1, cache_dir=tmp_path / "cache")
    (row,) = result.scores["submissions"]
    assert (row["id"], row["status"], row["score"], row["max_score"]) == ("mallory", "graded", score, 24.0)
    assert next(t["output"] for t in row["tests"] if t["name"] == "parameters/counts") == said
