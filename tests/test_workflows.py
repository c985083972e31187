"""The public CI workflow in .github/workflows/, read as YAML: it is not run by this project's own CI
(.ci/run), so this is all that checks it."""

from pathlib import Path

import yaml

WORKFLOWS = Path(__file__).resolve().parents[1] / ".github" / "workflows"


def _workflow():
    return yaml.safe_load((WORKFLOWS / "tests.yml").read_text(encoding="utf-8"))


def test_the_suite_runs_on_three_systems_and_two_pythons():
    job = _workflow()["jobs"]["test"]
    matrix = job["strategy"]["matrix"]
    assert matrix["os"] == ["ubuntu-latest", "macos-latest", "windows-latest"]
    assert matrix["python"] == ["3.10", "3.13"]  # strings: YAML reads 3.10 as the number 3.1
    assert job["runs-on"] == "${{ matrix.os }}"
    assert job["strategy"]["fail-fast"] is False


def test_it_runs_the_readmes_commands():
    steps = _workflow()["jobs"]["test"]["steps"]
    assert steps[0]["uses"].startswith("actions/checkout@")
    assert steps[1]["uses"].startswith("actions/setup-python@")
    assert steps[1]["with"]["python-version"] == "${{ matrix.python }}"
    runs = [step["run"] for step in steps if "run" in step]
    assert runs[-2:] == ['python -m pip install -e ".[test]"', "python -m pytest -q"]
    linux_only = [step for step in steps if step.get("if") == "runner.os == 'Linux'"]
    assert len(linux_only) == 1 and "bubblewrap" in linux_only[0]["run"]


def test_it_is_triggered_on_pushes_to_main_and_pull_requests():
    workflow = _workflow()
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on:` as true
    assert triggers["push"] == {"branches": ["main"]} and "pull_request" in triggers
    assert workflow["permissions"] == {"contents": "read"}
