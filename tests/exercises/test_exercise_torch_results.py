"""The exercise suites store PyTorch's values (tests/test_stored_results.py checks them against a live run)."""

import json

import pytest

from grader.course import COURSE
from grader.suites import SUITES, load_suite

WITH_TORCH = [e for e in COURSE if (SUITES / e / "torch_results.json").exists()]


def test_the_engine_exercises_store_torch_results():
    # in course order; 10-neuron's are PyTorch's gradients of the neurons the student's code builds
    assert WITH_TORCH == ["01-mul-backward", "02-accumulate", "05-backward", "03-tanh", "04-more-ops", "10-neuron"]


@pytest.mark.parametrize("exercise", WITH_TORCH)
def test_pytorch_ran_every_probe_of_the_engine_exercises(exercise):
    stored = json.loads((load_suite(exercise).folder / "torch_results.json").read_text())
    assert [name for name, entry in stored["probes"].items() if "error" in entry] == []
