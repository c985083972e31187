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
