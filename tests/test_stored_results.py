"""What suites store (PyTorch's results, the bug variants' runs) is current with what they would compute."""

import json

import pytest

from grader.diagnose import stored
from grader.suites import available, load_suite


@pytest.mark.parametrize("name", [n for n in available() if load_suite(n).diagnose])
def test_stored_variant_runs_are_current(name):
    suite = load_suite(name)
    assert stored.load(suite) is not None, (
        f"{suite.folder / stored.FILENAME} is missing or stale (its probes, the worker or a variant "
        f"changed): run `grade variant-runs {name}`")


def test_stored_torch_results_equal_a_fresh_torch_run():
    pytest.importorskip("torch")
    from grader.torch_adapter import torch_observations

    for name in available():
        suite = load_suite(name)
        path = suite.folder / "torch_results.json"
        if path.exists():
            stored_probes = json.loads(path.read_text())["probes"]
            assert stored_probes == json.loads(json.dumps(torch_observations(suite))), (
                f"{path} differs from a fresh torch run: run `grade torch-results {name}`")


def test_torch_live_grades_exactly_as_the_stored_results(tmp_path):
    pytest.importorskip("torch")
    import shutil
    from pathlib import Path

    from grader.batch import grade
    from grader.sandbox import Limits

    root = Path(__file__).resolve().parents[1]
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(root / "reference" / "engine.py", folder / "ref.py")
    shutil.copytree(root / "tests" / "fixtures" / "submissions" / "bug-tanh-input", folder / "tanh")
    limits = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
    stored_scores = grade(folder, limits=limits, cache_dir=tmp_path / "cache", torch="stored").scores
    live_scores = grade(folder, limits=limits, cache_dir=tmp_path / "cache", torch="live").scores
    assert live_scores == stored_scores
    assert [row["score"] for row in live_scores["submissions"]] == [63.0, 60.0]
