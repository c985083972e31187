"""`grade gradescope`: the bundle holds the grader and one hidden suite, and its run_autograder,
run in a temporary root laid out like /autograder, writes a results.json that validates."""

import io
import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest
from bundle_support import unpack_bundle
from click.testing import CliRunner

from grader import __version__
from grader.cli import main
from grader.integrations import gradescope
from grader.sandbox import Limits
from grader.suites import available

from .conftest import CORRECT, LIMIT_ARGS, LIMITS, ROOT, raising_engine

SCHEMA = json.loads((ROOT / "tests" / "report" / "gradescope_results.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "autograder.zip"
    result = CliRunner().invoke(main, ["gradescope", "engine", "-o", str(out), *LIMIT_ARGS])
    assert result.exit_code == 0, result.output
    return out, result.output


def _names(path):
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()


def test_the_bundle_has_gradescopes_two_scripts_at_its_root(bundle):
    out, said = bundle
    names = _names(out)
    assert said == f"Wrote {out}: the autograder for 'engine' ({len(names)} files). " \
                   "Upload it in Gradescope under Configure Autograder.\n"
    assert sorted(n for n in names if "/" not in n) == ["autograder.json", "run_autograder", "setup.sh"]
    with zipfile.ZipFile(out) as archive:
        for script in ("setup.sh", "run_autograder"):
            mode = archive.getinfo(script).external_attr >> 16
            assert stat.S_ISREG(mode) and mode & 0o777 == 0o755
        assert archive.read("setup.sh").startswith(b"#!/usr/bin/env bash\n")
        assert archive.read("run_autograder").startswith(b"#!/bin/sh\n")
        assert b'-m grader gradescope-run --root "$root"' in archive.read("run_autograder")
        config = json.loads(archive.read("autograder.json"))
    assert config == {"exercise": "engine", "grader_version": __version__, "require_sandbox": False,
                      "stdout_visibility": "hidden", "lang": "en",
                      "limits": {"probe_seconds": 1.5, "import_seconds": 5.0, "submission_seconds": 30.0,
                                 "memory_mb": 2048, "processes": 64, "file_size_mb": 64, "open_files": 64,
                                 "output_kb": 1024}}


def test_the_bundle_holds_one_suite_and_no_tests(bundle):
    names = _names(bundle[0])
    suites = {n.split("/")[3] for n in names if n.startswith("grader-src/grader/suites/") and n.count("/") > 3}
    assert suites == {"engine"}
    assert {n for n in names if n.startswith("grader-src/grader/suites/engine/")} >= {
        "grader-src/grader/suites/engine/probes.py", "grader-src/grader/suites/engine/test_engine.py",
        "grader-src/grader/suites/engine/torch_results.json"}
    assert sorted(n for n in names if n.startswith("grader-src/reference/")) == [
        "grader-src/reference/__init__.py", "grader-src/reference/dual.py", "grader-src/reference/engine.py",
        "grader-src/reference/fit_line.py", "grader-src/reference/gradcheck.py", "grader-src/reference/neuron.py",
        "grader-src/reference/nn.py"]
    tops = {n.split("/")[1] for n in names if n.startswith("grader-src/")}
    assert tops == {"grader", "reference", "pyproject.toml"}
    assert not any("__pycache__" in n or n.endswith(".pyc") or "/tests/" in n or "/exercises/" in n for n in names)


def test_other_suites_are_left_out_but_shared_suite_code_stays(tmp_path, monkeypatch):
    package = tmp_path / "grader"
    for folder in ("suites/engine", "suites/03-tanh", "suites/_shared", "judge"):
        (package / folder).mkdir(parents=True)
    for name in ("suites/engine/probes.py", "suites/03-tanh/probes.py", "suites/_shared/checks.py",
                 "suites/__init__.py", "judge/plugin.py", "__init__.py"):
        (package / name).write_text("# " + name)
    (package / "judge" / "__pycache__").mkdir()
    (package / "judge" / "__pycache__" / "plugin.cpython-311.pyc").write_bytes(b"\0")
    monkeypatch.setattr(gradescope, "SUITES", package / "suites")
    assert sorted(gradescope._grader_files("engine", package)) == [
        "__init__.py", "judge/plugin.py", "suites/__init__.py", "suites/_shared/checks.py", "suites/engine/probes.py"]
    assert sorted(gradescope._grader_files("03-tanh", package)) == [
        "__init__.py", "judge/plugin.py", "suites/03-tanh/probes.py", "suites/__init__.py", "suites/_shared/checks.py"]


def test_the_bundle_is_the_same_bytes_every_time(bundle, tmp_path):
    again = tmp_path / "again.zip"
    gradescope.build_bundle("engine", again, limits=Limits(probe_seconds=1.5, import_seconds=5.0,
                                                           submission_seconds=30.0))
    assert again.read_bytes() == bundle[0].read_bytes()


def test_the_bundled_pyproject_installs_the_grader(bundle):
    tomllib = pytest.importorskip("tomllib")
    with zipfile.ZipFile(bundle[0]) as archive:
        project = tomllib.loads(archive.read("grader-src/pyproject.toml").decode())
    assert project["project"]["name"] == "micrograd-grader"
    assert project["project"]["version"] == __version__
    # the grader's own dependencies, as the checkout's pyproject.toml declares them (no extra: no torch)
    ours = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    assert project["project"]["dependencies"] == ours["project"]["dependencies"]
    assert not any(d.startswith(("torch", "numpy")) for d in project["project"]["dependencies"])
    assert project["project"]["scripts"] == {"grade": "grader.cli:main"}


def test_an_unknown_exercise_is_refused(tmp_path):
    result = CliRunner().invoke(main, ["gradescope", "no-such-exercise", "-o", str(tmp_path / "a.zip")])
    assert result.exit_code == 1
    assert result.output.startswith("Error: no suite named 'no-such-exercise'; available: ")
    assert not (tmp_path / "a.zip").exists()


# -- run_autograder in a root laid out like /autograder ------------------------------------------


def _run_autograder(root, cwd=None):
    env = dict(os.environ, GRADE_AUTOGRADER_ROOT=str(root), GRADE_PYTHON=sys.executable,
               # the bundle's copy of the grader, not this checkout's: the bundle must be enough
               PYTHONPATH=str(root / "source" / "grader-src"))
    env.pop("GITHUB_STEP_SUMMARY", None)
    return subprocess.run([str(root / "run_autograder")], cwd=cwd or root, env=env, capture_output=True, text=True,
                          timeout=120)


def _results(root):
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    VALIDATOR.validate(results)
    return results


@pytest.mark.slow
def test_the_bundle_runs_its_own_copy_of_the_grader(bundle, tmp_path):
    root = unpack_bundle(bundle[0], tmp_path)
    env = dict(os.environ, PYTHONPATH=str(root / "source" / "grader-src"))
    found = subprocess.run([sys.executable, "-c", "import grader, grader.suites as s, reference; "
                            "print(grader.__file__); print(reference.__file__); print(s.available())"],
                           cwd=root, env=env, capture_output=True, text=True, check=True).stdout.splitlines()
    assert found == [str(root / "source/grader-src/grader/__init__.py"),
                     str(root / "source/grader-src/reference/__init__.py"), "['engine']"]
    assert "engine" in available()  # while this checkout may hold many suites


@pytest.mark.slow
def test_run_from_a_folder_holding_a_grader_it_runs_the_bundle_s(bundle, tmp_path):
    # docs/gradescope.md's test of a bundle runs ag/run_autograder from this project's checkout, whose grader/ `python
    # -m grader` found first (the current folder leads sys.path): the checkout's code was tested, not the bundle's
    # (session 44: a fix in the bundle scored 0/63 so, the checkout's grader being older)
    root = unpack_bundle(bundle[0], tmp_path / "ag")
    (tmp_path / "grader").mkdir()
    (tmp_path / "grader" / "__init__.py").write_text("raise SystemExit('the grader of the folder it was run from')\n")
    shutil.copy(CORRECT, root / "submission" / "engine.py")
    ran = _run_autograder(root, cwd=tmp_path)
    assert (ran.returncode, ran.stderr.count("the grader of the folder")) == (0, 0), ran.stderr
    results = _results(root)
    assert results["score"] == results["extra_data"]["max_score"] > 0


@pytest.mark.slow
def test_a_correct_engine_gets_full_marks(bundle, tmp_path):
    root = unpack_bundle(bundle[0], tmp_path)
    shutil.copy(CORRECT, root / "submission" / "engine.py")
    ran = _run_autograder(root)
    assert ran.returncode == 0, ran.stderr
    results = _results(root)
    max_score = results["extra_data"]["max_score"]
    assert results["score"] == max_score == sum(t["max_score"] for t in results["tests"]) > 0
    assert {t["status"] for t in results["tests"]} == {"passed"}
    assert results["output"] == ""
    assert results["stdout_visibility"] == "hidden"
    # the one file uploaded is graded as that file (tests/test_seams24.py): its id is the file's
    assert results["extra_data"]["id"] == "engine" and results["extra_data"]["exercise"] == "engine"
    assert [t["number"] for t in results["tests"]] == [str(i) for i in range(1, len(results["tests"]) + 1)]
    assert ran.stdout.startswith(f"Graded 'engine' against 'engine': {max_score:g}/{max_score:g} (graded; ")


@pytest.mark.slow
def test_a_buggy_engine_loses_the_points_of_its_failing_tests(bundle, tmp_path):
    root = unpack_bundle(bundle[0], tmp_path)
    source, line = raising_engine()
    (root / "submission" / "engine.py").write_text(source, encoding="utf-8")
    ran = _run_autograder(root)
    assert ran.returncode == 0, ran.stderr
    results = _results(root)
    failing = [t for t in results["tests"] if t["status"] == "failed"]
    assert failing and {t["extra_data"]["status"] for t in failing} == {"error"}
    assert results["score"] == results["extra_data"]["max_score"] - sum(t["max_score"] for t in failing)
    assert {(t["extra_data"]["file"], t["extra_data"]["line"]) for t in failing} == {("engine.py", line)}
    tanh = next(t for t in failing if t["name"] == "tanh/two")
    assert tanh["output"] == ("[error] y = tanh(x) at x = 2: your engine raised AttributeError: 'Value' object has "
                              f"no attribute 'gradd' (engine.py, line {line}, in backprop) (0 of 2 expressions right "
                              "or already charged elsewhere)")
    assert tanh["tags"] == ["tanh"] and tanh["score"] == 0.0


# The next two run `grade gradescope-run` in this process: the same code as run_autograder, without
# starting another Python.


@pytest.mark.slow
def test_a_zip_uploaded_to_gradescope_is_graded_as_the_submission(bundle, tmp_path):
    root = unpack_bundle(bundle[0], tmp_path)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hw1/engine.py", CORRECT.read_bytes())
    (root / "submission" / "hw1.zip").write_bytes(buffer.getvalue())
    ran = CliRunner().invoke(main, ["gradescope-run"], env={"GRADE_AUTOGRADER_ROOT": str(root)})
    assert ran.exit_code == 0, ran.output
    results = _results(root)
    assert results["extra_data"]["id"] == "hw1"
    assert results["score"] == results["extra_data"]["max_score"] > 0


@pytest.mark.slow
def test_an_empty_submission_scores_0_and_says_why(bundle, tmp_path):
    root = unpack_bundle(bundle[0], tmp_path)
    ran = CliRunner().invoke(main, ["gradescope-run", "--root", str(root)])
    assert ran.exit_code == 0, ran.output
    results = _results(root)
    assert results["score"] == 0.0 and results["tests"] == []
    assert results["output"] == ("Your submission could not be read, so nothing was run and it scores 0: "
                                 "no engine.py found in submission/; expected engine.py, or a single .py or "
                                 ".ipynb file (it is empty)")
    assert results["extra_data"]["status"] == "rejected"


def test_a_root_without_the_bundles_config_is_an_error(tmp_path):
    (tmp_path / "submission").mkdir()
    result = CliRunner().invoke(main, ["gradescope-run", "--root", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: {tmp_path / 'source' / 'autograder.json'} cannot be used (")
    assert not (tmp_path / "results" / "results.json").exists()


def test_submission_entry(tmp_path):
    assert gradescope.submission_entry(tmp_path) == tmp_path
    (tmp_path / "hw.zip").write_bytes(b"")
    (tmp_path / ".DS_Store").write_bytes(b"")
    assert gradescope.submission_entry(tmp_path) == tmp_path / "hw.zip"
    (tmp_path / "notes.txt").write_text("")
    assert gradescope.submission_entry(tmp_path) == tmp_path


def test_limits_round_trip_through_the_config(tmp_path):
    limits = Limits(probe_seconds=2.0, memory_mb=512)
    files = gradescope.bundle_files("engine", limits=limits, stdout_visibility="visible")
    (tmp_path / "source").mkdir()
    (tmp_path / "source" / "autograder.json").write_bytes(files["autograder.json"][0])
    config = gradescope.read_config(tmp_path)
    assert config["limits"] == limits
    assert config["stdout_visibility"] == "visible"
    assert Path(gradescope.__file__).name == "gradescope.py"
