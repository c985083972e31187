"""review22: a helper module can never stand in for the worker's own standard library.

The loader leaves out a helper named after a standard-library module (levels.RESERVED_MODULES), but that list is
the grader's Python's, and the worker runs the system's (host.find_python), which may be another version: a
3.12 worker's `random` imports `_sha2`, which 3.11's list does not name, and 07's probes import `random` before
the grader releases the worker (sandbox/claim.py). The worker now looks in the submission's folder after its own
standard library, so no name of that library, whatever its version, is the student's.
"""

import shutil
from pathlib import Path

from test_fresh_styles import LIMITS

import grader.load.levels as levels
from grader.pipeline import grade

ROOT = Path(__file__).parent.parent
HELPER = Path(__file__).parent / "fixtures" / "fresh-styles-22" / "07-mlp-xor" / "correct-helper-module"


def test_a_helper_named_after_the_workers_standard_library_is_never_imported_for_it(tmp_path, monkeypatch):
    # a grader whose standard library lacks a name the worker's has (as 3.11's lacks 3.12's _sha2): here `random`
    monkeypatch.setattr(levels, "RESERVED_MODULES", levels.RESERVED_MODULES - {"random"})
    folder = tmp_path / "class" / "mallory"
    shutil.copytree(HELPER, folder)
    shutil.copy(ROOT / "exercises" / "07-mlp-xor" / "engine.py", folder / "engine.py")
    (folder / "random.py").write_text("raise SystemExit('the student ran before the probes')\n", encoding="utf-8")
    result = grade(tmp_path / "class", exercise="07-mlp-xor", limits=LIMITS, jobs=1, cache_dir=tmp_path / "cache")
    (row,) = result.scores["submissions"]
    assert (row["id"], row["status"], row["score"], row["max_score"]) == ("mallory", "graded", 24.0, 24.0)  # 23 before session 29
