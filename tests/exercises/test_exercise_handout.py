"""`grade handout`: what students receive, and a scan that keeps every secret out of it."""

import json
import shutil

import pytest
from click.testing import CliRunner

from grader.classroom import starters
from grader.cli import main
from grader.classroom.handout import HandoutError, build, secrets, solution_secrets
from grader.classroom.starters import SUITES
from grader.course import COURSE


@pytest.fixture(scope="module")
def handout(tmp_path_factory):
    out = tmp_path_factory.mktemp("handout") / "handout"
    result = CliRunner().invoke(main, ["handout", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == (f"Wrote 51 files for 11 exercises to {out}; scanned: no hidden suite, expected value "
                             "or solution in it.\n")
    return out


def test_the_handout_holds_instructions_starters_and_notebooks_only(handout):
    files = sorted(str(p.relative_to(handout)) for p in handout.rglob("*") if p.is_file())
    expected = ["README.md"]
    for exercise in COURSE:
        expected += [f"{exercise}/{name}" for name in
                     ("README.md", ".exercise", *starters.exercise_files(exercise), f"{exercise}.ipynb")]
    assert files == sorted(expected)
    index = (handout / "README.md").read_text()
    assert "| [03-tanh](03-tanh/README.md) | tanh and its backward rule | `engine.py` |" in index
    assert "grade check" in index


def test_the_handout_has_no_secrets(handout):
    assert secrets(handout) == []
    text = "\n".join(p.read_text(errors="replace") for p in handout.rglob("*") if p.is_file())
    assert "torch_results" not in text and "SOLUTION" not in text and "engines.json" not in text
    suite_tests = {p.name for p in SUITES.rglob("test_*.py")}
    assert not {p.name for p in handout.rglob("test_*.py")} & (suite_tests - {"test_engine.py"})


def test_each_exercise_has_a_solution_to_hide():
    secret = {e: solution_secrets(e) for e in COURSE}
    assert all(secret.values())
    assert "t = math.tanh(self.data)" in secret["03-tanh"]
    assert "self.grad += (1 - t**2) * out.grad" in secret["03-tanh"]
    assert "self.grad += other.data * out.grad" in secret["02-accumulate"]
    assert "ok = abs_diff <= atol + rtol * scale" in secret["06-gradcheck"]
    assert "def test_a_ten_thousand_node_chain():" in secret["09-write-tests"]
    # lines that the given code also has are not secrets: they are in every starter
    assert "return out" not in secret["03-tanh"] and "out._backward = _backward" not in secret["03-tanh"]
    # nor is making leaves and calling backward()
    assert "a = Value(3.0)" not in secret["09-write-tests"] and "y.backward()" not in secret["09-write-tests"]


@pytest.mark.parametrize("plant, why", [
    (lambda h: shutil.copy(SUITES / "03-tanh" / "test_tanh.py", h / "03-tanh" / "extra.py"),
     "03-tanh/extra.py: a copy of the hidden suite's 03-tanh/test_tanh.py"),
    (lambda h: (h / "03-tanh" / "torch_results.json").write_text("{}"),
     "03-tanh/torch_results.json: a hidden suite's file name"),
    (lambda h: (h / "05-backward" / "probes.py").write_text("# nothing\n"),
     "05-backward/probes.py: a hidden suite's file name"),
    (lambda h: (h / "07-mlp-xor" / "bug.py").write_text(
        json.loads((SUITES / "09-write-tests" / "engines.json").read_text())["variants"][0]["source"]),
     "07-mlp-xor/bug.py: the source of a buggy engine of 09-write-tests"),
    (lambda h: (h / "03-tanh" / "engine.py").write_text(
        (h / "03-tanh" / "engine.py").read_text() + "\n        t = math.tanh(self.data)\n"),
     "03-tanh/engine.py: 2 piece(s) of the solution of 03-tanh, e.g. 'math.tanh(self.data)'"),
    (lambda h: (h / "02-accumulate" / "engine.py").write_text(
        (h / "02-accumulate" / "engine.py").read_text().replace("self.grad = out.grad\n", "self.grad += out.grad\n")),
     "02-accumulate/engine.py: 1 piece(s) of the solution of 02-accumulate, e.g. 'self.grad += out.grad'"),
    (lambda h: (h / "06-gradcheck" / "README.md").write_text("Hint:\n\n    ok = abs_diff <= atol + rtol * scale\n"),
     "06-gradcheck/README.md: 2 piece(s) of the solution of 06-gradcheck, e.g. 'abs_diff <= atol + rtol * scale'"),
    (lambda h: (h / "README.md").write_text("    assert close(x0.grad, 1.0001**10_000, rel=1e-9)\n"),
     "README.md: 1 piece(s) of the solution of 09-write-tests, e.g. "
     "'assert close(x0.grad, 1.0001**10_000, rel=1e-9)'"),
    # a later exercise's solution in an earlier exercise's folder, however it is spaced
    (lambda h: (h / "01-mul-backward" / "README.md").write_text("Later:  for node in reversed( topo ):\n"),
     "01-mul-backward/README.md: 1 piece(s) of the solution of 05-backward, e.g. 'for node in reversed(topo):'"),
    # a piece of a line, in a sentence of a README
    (lambda h: (h / "01-mul-backward" / "README.md").write_text("So `self` receives `other.data * out.grad`.\n"),
     "01-mul-backward/README.md: 1 piece(s) of the solution of 01-mul-backward, e.g. 'other.data * out.grad'"),
    # ... or in a notebook cell
    (lambda h: (h / "05-backward" / "05-backward.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "code", "source": ["x.grad = 1\n", "visited.add(node)\n"]}]})),
     "05-backward/05-backward.ipynb: 1 piece(s) of the solution of 05-backward, e.g. 'visited.add(node)'"),
    (lambda h: (h / "07-mlp-xor" / "notes.txt").write_text("# BEGIN SOLUTION 07-mlp-xor\n"),
     "07-mlp-xor/notes.txt: a solution marker"),
])
def test_the_scan_finds_each_kind_of_secret(handout, tmp_path, plant, why):
    copy = tmp_path / "copy"
    shutil.copytree(handout, copy)
    plant(copy)
    assert secrets(copy) == [why]


def test_a_handout_of_some_exercises(tmp_path):
    written = build(tmp_path / "week1", ["02-accumulate", "01-mul-backward"])
    assert sorted(str(p.relative_to(tmp_path / "week1")) for p in written) == [
        "01-mul-backward/.exercise", "01-mul-backward/01-mul-backward.ipynb", "01-mul-backward/README.md",
        "01-mul-backward/engine.py", "02-accumulate/.exercise", "02-accumulate/02-accumulate.ipynb",
        "02-accumulate/README.md", "02-accumulate/engine.py", "README.md"]


def test_a_handout_up_to_an_exercise_follows_the_course(tmp_path):
    out = tmp_path / "week3"
    result = CliRunner().invoke(main, ["handout", str(out), "--upto", "05-backward"])
    assert result.exit_code == 0, result.output
    assert result.output == (f"Wrote 13 files for 3 exercises to {out}; scanned: no hidden suite, expected value "
                             "or solution in it.\n")
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["01-mul-backward", "02-accumulate", "05-backward"]
    index = (out / "README.md").read_text()
    rows = [line for line in index.splitlines() if line.startswith("| [")]
    assert [row.split("]")[0][3:] for row in rows] == ["01-mul-backward", "02-accumulate", "05-backward"]
    assert "def tanh" not in (out / "05-backward" / "engine.py").read_text()


def test_a_handout_up_to_an_unknown_exercise_or_with_both_ways_of_choosing_is_refused(tmp_path):
    runner = CliRunner()
    unknown = runner.invoke(main, ["handout", str(tmp_path / "a"), "--upto", "10-attention"])
    assert unknown.exit_code == 1
    assert unknown.output == (
        "Error: no exercise named '10-attention'; the exercises, in course order, are 01-mul-backward, "
        "02-accumulate, 05-backward, 03-tanh, 04-more-ops, 06-gradcheck, 10-neuron, 11-fit-line, 07-mlp-xor, "
        "08-dual-numbers, 09-write-tests\n")
    both = runner.invoke(main, ["handout", str(tmp_path / "b"), "--upto", "03-tanh", "-e", "01-mul-backward"])
    assert both.exit_code == 1
    assert both.output == "Error: give the exercises one by one or the course up to one of them, not both\n"
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_the_handout_refuses_a_used_folder_an_unknown_exercise_and_drifting_starters(tmp_path):
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "x").write_text("")
    with pytest.raises(HandoutError, match="is not empty; give a new folder"):
        build(tmp_path / "used")
    with pytest.raises(HandoutError, match="no exercise named '10-attention'"):
        build(tmp_path / "new", ["10-attention"])
    copy = tmp_path / "exercises"
    shutil.copytree(starters.REPO / "exercises", copy)
    (copy / "03-tanh" / "engine.py").write_text("")
    with pytest.raises(HandoutError, match="the committed starters differ from what the reference gives"):
        build(tmp_path / "new", ["03-tanh"], exercises_dir=copy)
    assert not (tmp_path / "new").exists()
