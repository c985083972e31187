"""The PyTorch values stored in the exercise suites are what PyTorch gives today."""

import json

import pytest

from grader.starters import EXERCISES
from grader.suites import SUITES, load_suite

torch = pytest.importorskip("torch")

WITH_TORCH = [e for e in EXERCISES if (SUITES / e / "torch_results.json").exists()]


def test_the_engine_exercises_store_torch_results():
    # in course order; 10-neuron's are PyTorch's gradients of the neurons the student's code builds
    assert WITH_TORCH == ["01-mul-backward", "02-accumulate", "05-backward", "03-tanh", "04-more-ops", "10-neuron"]


@pytest.mark.parametrize("exercise", WITH_TORCH)
def test_stored_torch_results_match_a_live_run(exercise):
    from grader.torch_adapter import torch_observations

    suite = load_suite(exercise)
    stored = json.loads((suite.folder / "torch_results.json").read_text())
    assert stored["probes"] == json.loads(json.dumps(torch_observations(suite)))
    assert all("error" not in entry for entry in stored["probes"].values())
