"""The nineteenth labelled class (bench/similarity/nineteenth/, issue 27, a tuning class): 55 hand-written files of
03-tanh's engine.py that work, labelled in the held-out class's shape (20 independents, two of them real engines from
PyPI under the MIT licence; 3 hard pairs; 12 sources with 13 copies; 4 copies of karpathy/micrograd's engine with the
tanh it lacks added), its public source micrograd's engine.py (MIT) in its own public/."""

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from tests.similarity.held_out import (
    assert_built_as_committed, assert_hard_pairs_same_and_copies_differ, assert_held_out_shape,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import nineteenth  # noqa: E402
import run  # noqa: E402

SUBMISSIONS = nineteenth.CLASS / "main" / "submissions"
PUBLIC = nineteenth.CLASS / "public"
THIRD_PARTY = nineteenth.CLASS / "third_party"


@pytest.fixture(scope="module")
def labels():
    return nineteenth.labels()["main"]


@pytest.fixture(scope="module")
def texts(labels):
    """Each file's text by its id."""
    return {sid: (SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8") for sid in labels}


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    built = tmp_path / "class"
    assert assert_built_as_committed(nineteenth, tmp_path, labels, plain=False) == (  # every file through check
        REPO / "exercises" / "03-tanh" / "engine.py").read_text(encoding="utf-8")
    assert run.starter_file(built / "main").name == "engine.py"
    assert run.public_source(built / "main") == built / "public" / "engine.py"
    grader_copy = REPO / "grader" / "data" / "public" / "karpathy-micrograd"
    assert (built / "public" / "engine.py").read_bytes() == (grader_copy / "engine.py").read_bytes()
    assert (built / "public" / "LICENSE").read_bytes() == (grader_copy / "LICENSE").read_bytes()
    assert not (built / "third_party").exists()  # the notices stay with the class as written, not in a cohort


def test_every_file_has_full_marks_on_the_courses_suite(tmp_path, labels):
    folder = tmp_path / "subs"
    shutil.copytree(SUBMISSIONS, folder)
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["-e", "03-tanh", "--no-cache", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text())
    assert sorted(row["id"] for row in scores["submissions"]) == sorted(labels)
    assert {(row["status"], row["score"]) for row in scores["submissions"]} == {("graded", scores["max_score"])}


def test_the_public_copies_are_micrograds_engine_with_a_tanh(labels, texts):
    source = (PUBLIC / "engine.py").read_text(encoding="utf-8")
    assert source.count("def ") == 19 and "def tanh(" not in source
    public = {sid: texts[sid] for sid, lab in labels.items() if lab["cluster"] == "public"}
    assert [labels[sid]["level"] for sid, t in public.items() if source in t] == [1]  # pasted verbatim once
    assert all(t.count("def tanh(self)") == 1 and t.startswith("import math\n") for t in public.values())


def test_the_two_pypi_engines_are_independents_with_their_licences_beside_them(labels, texts):
    notes = (THIRD_PARTY / "README.md").read_text(encoding="utf-8")
    found = {sid: lab for sid, lab in labels.items() if "PyPI package" in lab["kind"]}
    assert sorted(lab["kind"].split("PyPI package ")[1].split(" (")[0] for lab in found.values()) == [
        "micrograd-ds 0.1.1", "omnigrad 0.2.3"]
    for sid, lab in found.items():
        assert lab["cluster"] is None and "hard_pair" not in lab and "(MIT, " in lab["kind"]
        assert f"main/submissions/{sid}.py" in notes
    assert (THIRD_PARTY / "micrograd-ds.LICENSE").read_text(encoding="utf-8").startswith(
        "MIT License\n\nCopyright (c) 2026 Debeshee Sen\n")
    assert (THIRD_PARTY / "omnigrad.LICENSE").read_text(encoding="utf-8").startswith(
        "MIT License\n\nCopyright (c) monkeyluffy824\n")
    omnigrad = next(sid for sid, lab in found.items() if "omnigrad" in lab["kind"])
    assert b"\r\n" in (SUBMISSIONS / f"{omnigrad}.py").read_bytes()  # the package's line ends, kept


def test_the_class_has_its_shape(labels):
    assert_held_out_shape(labels, r"s\d{3}", "fills 03 (engine.py)", 16, {}, independents=20,
                          public_levels=(1, 2, 2, 3))
    assert not (nineteenth.CLASS / "plain").exists()  # no scripted evasions: every disguise was made by hand


def test_hard_pairs_are_the_same_code_and_copies_differ(labels, texts):
    assert len(labels) == 55
    assert_hard_pairs_same_and_copies_differ(labels, texts, {})


@pytest.mark.parametrize("mutation", [
    ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - t) * out.grad"),  # 1 - t
    ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - t)**2 * out.grad"),  # (1 - t)**2
    ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - self.data**2) * out.grad"),  # from the input
    ("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - t**2)"),  # without the chain rule
    ("self.grad += (1 - t**2) * out.grad", "self.grad = (1 - t**2) * out.grad"),  # = for +=
    ("self.grad += (1 - t**2) * out.grad", "self.grad += out.grad / math.cosh(self.data) ** 2"),  # overflows at 400
    ("t = math.tanh(self.data)", "t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)"),  # overflows
    ("t = math.tanh(self.data)", "t = math.tanh(abs(self.data))"),  # wrong at negatives
    ('out = Value(t, (self,), "tanh")', 'out = Value(t, (), "tanh")'),  # no input: nothing flows back
    ("self.grad += other.data * out.grad", "self.grad = other.data * out.grad"),  # 02's bug back in *
    ("            other.grad += out.grad\n", "            other.grad = out.grad\n"),  # and in +
    ("(out.data > 0) * out.grad", "(out.data >= 0) * out.grad"),  # relu'(0) = 1
    ("        self.grad = 1\n", "        self.grad = 1.5\n"),  # a wrong seed
])
def test_the_check_finds_an_engine_that_does_not_do_what_the_exercise_asks(labels, texts, mutation):
    source = texts[next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h0" and "(h0a)" in lab["kind"])]
    old, new = mutation
    assert source.count(old) == 1
    nineteenth.check(source, "h0a")
    with pytest.raises(AssertionError):
        nineteenth.check(source.replace(old, new), "h0a mutated")
