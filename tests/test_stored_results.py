"""What suites store (PyTorch's results, the bug variants' runs) is current with what they would compute."""

import json
import math
import random

import pytest
from checkout_support import ROOT, checkout_env, imported_grader

from grader import torch_adapter
from grader.boot_files import append_entries
from grader.diagnose import stored
from grader.suites import available, load_suite


@pytest.mark.parametrize("name", [n for n in available() if load_suite(n).diagnose])
def test_stored_variant_runs_are_current(name):
    suite = load_suite(name)
    assert stored.load(suite) is not None, (
        f"{suite.folder / stored.FILENAME} is missing or stale (its probes, the worker or a variant "
        f"changed): run `grade variant-runs {name}`")


WITH_TORCH_RESULTS = [n for n in available() if (load_suite(n).folder / torch_adapter.FILENAME).exists()]


def _last_bits_of_another_cpu(monkeypatch, torch, max_ulps, seed):
    """torch.tanh, exp and log moved to a neighbouring double, up to max_ulps away, as another CPU's may be."""
    rng = random.Random(seed)

    def nudged(function):
        def other_cpu(tensor):
            out = function(tensor)
            value = out.item()
            direction = math.inf if rng.random() < 0.5 else -math.inf
            for _ in range(rng.randint(0, max_ulps)):
                value = math.nextafter(value, direction)
            return out + (value - out.item())  # the gradient stays torch's own

        return other_cpu

    for name in ("tanh", "exp", "log"):
        monkeypatch.setattr(torch, name, nudged(getattr(torch, name)))


@pytest.mark.parametrize("name", WITH_TORCH_RESULTS)
def test_stored_torch_results_match_a_live_run_to_a_few_ulps(name, torch):
    suite = load_suite(name)
    stored = torch_adapter.stored_record(suite)["probes"]
    live = json.loads(json.dumps(torch_adapter.torch_observations(suite)))
    beyond = [c.describe() for c in torch_adapter.compare(stored, live) if not c.within_tolerance]
    assert beyond == [], (
        f"{suite.folder / torch_adapter.FILENAME} differs from a live torch run by more than "
        f"{torch_adapter.MAX_ULPS} ulps: run `grade torch-results {name}`")


@pytest.mark.slow
@pytest.mark.parametrize("name", WITH_TORCH_RESULTS)
def test_another_cpus_last_bits_are_within_the_tolerance(name, monkeypatch, torch):
    # The reason MAX_ULPS is what it is: every tanh, exp and log moved by up to 4 ulps
    # (twice what two CPUs' libraries disagree by) keeps every stored value within it.
    suite = load_suite(name)
    stored = torch_adapter.stored_record(suite)["probes"]
    for seed in range(3):
        with monkeypatch.context() as patched:
            _last_bits_of_another_cpu(patched, torch, 4, seed)
            live = json.loads(json.dumps(torch_adapter.torch_observations(suite)))
        changes = torch_adapter.compare(stored, live)
        assert [c.describe() for c in changes if not c.within_tolerance] == []


def test_a_changed_probe_is_beyond_the_tolerance(monkeypatch, torch):
    # ...and the tolerance still sees a probe that computes something else, even when the
    # change is 100,000 times smaller than the judge's 1e-7: tanh off by one part in 10^12.
    suite = load_suite("03-tanh")
    stored = torch_adapter.stored_record(suite)["probes"]
    monkeypatch.setattr(torch, "tanh", lambda t, original=torch.tanh: original(t) * (1 + 1e-12))
    live = json.loads(json.dumps(torch_adapter.torch_observations(suite)))
    beyond = [c for c in torch_adapter.compare(stored, live) if not c.within_tolerance]
    assert ("tanh_zero", "values.y") not in [(c.probe, c.key) for c in beyond]  # tanh(0) = 0 either way
    assert ("tanh_two", "values.y") in [(c.probe, c.key) for c in beyond]


def test_pytorch_runs_no_probe_that_reports_places(torch):
    # a probe marked @probekit.places reports files and lines, which under PyTorch are torch's own files, named
    # from wherever it is installed: it is left out of the stored record whatever its name
    import types

    from grader import probekit

    def numbers(V):
        return {"y": probekit.number((V(2.0) * V(3.0)).data, "y")}

    def lines(V):
        return {"at": [__file__, 1.0]}

    renamed = probekit.places(lambda V: lines(V))
    probes = {"numbers": numbers, "where_written": lines, "anywhere": renamed}
    suite = types.SimpleNamespace(probe_names=list(probes), probe=probes.__getitem__)
    assert torch_adapter.torch_observations(suite) == {"numbers": {"values": {"y": 6.0}},
                                                        "where_written": {"values": {"at": [__file__, 1.0]}}}
    engine = load_suite("engine")
    marked = [n for n in engine.probe_names if getattr(engine.probe(n), "reports_places", False)]
    assert marked == ["where_written"]
    assert "where_written" not in torch_adapter.stored_record(engine)["probes"]


@pytest.mark.slow
def test_torch_live_grades_exactly_as_the_stored_results(tmp_path, torch):
    import shutil
    from pathlib import Path

    from grader.pipeline import grade
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


def test_torch_results_names_an_exercise_or_all():
    from click.testing import CliRunner

    from grader.cli import main

    result = CliRunner().invoke(main, ["torch-results"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: name the exercise(s) whose stored PyTorch results to regenerate (`grade suites` lists them), "
        "or give --all")


def _suite_copy(tmp_path, monkeypatch, name):
    import shutil

    import grader.suites

    shutil.copytree(grader.suites.SUITES / name, tmp_path / name)
    monkeypatch.setattr(grader.suites, "SUITES", tmp_path)
    return tmp_path / name / torch_adapter.FILENAME


def test_torch_results_prints_what_changed_and_keeps_the_last_bits(tmp_path, monkeypatch, torch):
    from click.testing import CliRunner

    from grader.cli import main

    path = _suite_copy(tmp_path, monkeypatch, "03-tanh")
    record = json.loads(path.read_text())
    live_y = record["probes"]["tanh_zero"]["values"]["y"]
    record["probes"]["tanh_two"]["values"]["y"] = 0.5  # a stale value
    del record["probes"]["tanh_layer"]  # a probe added since
    record["probes"]["tanh_gone"] = {"values": {"y": 1.0}}  # a probe removed since
    # another CPU's last bits in probes that did not change: kept as stored though the file is rewritten
    stored_y = math.nextafter(math.nextafter(record["probes"]["tanh_negative"]["values"]["y"], 0), 0)
    record["probes"]["tanh_negative"]["values"]["y"] = stored_y
    numeric = record["probes"]["numeric_tanh"]["values"]
    numeric["a.numeric"] = stored_numeric = numeric["a.numeric"] * (1 + 1e-13)  # f's last bits over h
    path.write_text(json.dumps(record, indent=1) + "\n")

    result = CliRunner().invoke(main, ["torch-results", "03-tanh"])
    assert result.exit_code == 0, result.output
    live = json.loads(path.read_text())["probes"]
    assert result.output.splitlines()[1:] == [
        f"  tanh_two values.y: 0.5 → {live['tanh_two']['values']['y']!r} "
        f"({torch_adapter.ulps_apart(0.5, live['tanh_two']['values']['y']):.3g} ulps)",
        "  tanh_gone: probe removed",
        "  tanh_layer: new probe",
    ]
    assert result.output.splitlines()[0].startswith(f"03-tanh: wrote {path} (3 changes")
    suite = load_suite("03-tanh")  # a probe of places (where_written) is not PyTorch's to run: torch_adapter.py
    assert list(live) == [n for n in suite.probe_names if not getattr(suite.probe(n), "reports_places", False)]
    assert live["tanh_zero"]["values"]["y"] == live_y
    assert live["tanh_negative"]["values"]["y"] == stored_y
    assert live["numeric_tanh"]["values"]["a.numeric"] == stored_numeric

    again = CliRunner().invoke(main, ["torch-results", "03-tanh"])
    assert again.output.startswith(f"03-tanh: {path} is up to date")


def test_torch_results_keeps_a_file_that_differs_in_the_last_bits_only(tmp_path, monkeypatch, torch):
    from click.testing import CliRunner

    from grader.cli import main

    path = _suite_copy(tmp_path, monkeypatch, "03-tanh")
    record = json.loads(path.read_text())
    y = record["probes"]["tanh_two"]["values"]["y"]
    record["probes"]["tanh_two"]["values"]["y"] = math.nextafter(math.nextafter(y, 0), 0)  # 2 ulps off
    text = json.dumps(record, indent=1) + "\n"
    path.write_text(text)
    result = CliRunner().invoke(main, ["torch-results", "03-tanh"])
    assert result.exit_code == 0, result.output
    last_bits = [c for c in torch_adapter.compare(record["probes"], json.loads(json.dumps(
        torch_adapter.torch_observations(load_suite("03-tanh")))))]
    assert all(c.within_tolerance for c in last_bits) and ("tanh_two", "values.y") in [(c.probe, c.key)
                                                                                       for c in last_bits]
    assert result.output == (f"03-tanh: {path} is up to date; {len(last_bits)} value"
                             f"{'s' * (len(last_bits) != 1)} within 16 ulps (this CPU's last bits) kept as stored.\n")
    assert path.read_text() == text


def _python(script, *args, cwd):
    """This Python running `script` with `args` in `cwd`, the checkout under test first on its PYTHONPATH
    (checkout_env)."""
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, cwd=cwd,
                          env=checkout_env(), timeout=300)


def test_a_python_started_here_imports_the_checkout_under_test(tmp_path, monkeypatch):
    """_python's process imports the grader of the checkout this file is in, from a temporary folder and whatever
    PYTHONPATH says: started in pytest's folder with the inherited environment, it imported the venv's editable
    install (another checkout's grader) or that folder's, unless pytest-xdist had set PYTHONPATH to this one."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(tmp_path)  # pytest's folder, which they inherited
    done = _python("import grader; print(grader.__file__)", cwd=tmp_path)
    assert (done.returncode, imported_grader(done.stdout)) == (0, [str(ROOT)]), done.stderr


@pytest.mark.slow  # imports torch in a process of its own
def test_torch_results_prints_no_warning_of_torch(tmp_path, torch):
    # issue 30: torch warns on import that NumPy is missing (the grader needs no NumPy); the command
    # prints its own lines only
    import shutil

    import grader.suites

    shutil.copytree(grader.suites.SUITES / "03-tanh", tmp_path / "03-tanh")
    script = ("import sys, pathlib, grader.suites; grader.suites.SUITES = pathlib.Path(sys.argv[1]); "
              "from grader.cli import main; main(['torch-results', '03-tanh'])")
    done = _python(script, str(tmp_path), cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith(f"03-tanh: {tmp_path / '03-tanh' / torch_adapter.FILENAME} is up to date")


def test_a_stored_file_is_parsed_once_while_unchanged_and_read_again_when_it_changes(tmp_path):
    # stored._record and walks_kept._kept_file: a process's batches share one parse of a file until its stat moves
    from grader.diagnose import walks_kept

    path = tmp_path / stored.FILENAME
    path.write_text(json.dumps({"digest": "d", "runs": {"v": {"status": "ok"}}}), encoding="utf-8")
    first = stored._record(path)
    assert stored._record(path) is first
    path.write_text(json.dumps({"digest": "e", "runs": {}}) + " " * 40, encoding="utf-8")
    assert stored._record(path) == {"digest": "e", "runs": {}}
    # the walks' file is appended to (boot_files.append_entries): what was appended since is read, and only that
    kept = str(tmp_path / "walks.jsonl")
    append_entries(kept, {json.dumps(["seen", "w", 0, "p", 0]): {"status": "ok", "values": {"x": [1.0, 2.0]}},
                          json.dumps(["made", "w", "p"]): 3})
    seen, made, _ = walks_kept._kept_file(kept)
    assert (seen, made) == ({("w", 0, "p", 0): {"status": "ok", "values": {"x": [1.0, 2.0]}}}, {("w", "p"): 3})
    assert walks_kept._kept_file(kept)[0] is seen
    append_entries(kept, {json.dumps(["made", "w", "q"]): 4})  # another process's
    assert walks_kept._kept_file(kept)[1] == {("w", "p"): 3, ("w", "q"): 4}
