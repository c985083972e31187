"""The eighteenth labelled class (bench/similarity/eighteenth/, issue 27, a tuning class): 55 hand-written files of
04-more-ops' engine.py that work, labelled in the held-out class's shape (20 independents, 3 hard pairs, 12 sources
with 13 copies, 4 copies of karpathy/micrograd's engine with the ops it lacks added), its public source micrograd's
engine.py (MIT) in its own public/."""

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

import eighteenth  # noqa: E402
import run  # noqa: E402

SUBMISSIONS = eighteenth.CLASS / "main" / "submissions"
PUBLIC = eighteenth.CLASS / "public"


@pytest.fixture(scope="module")
def labels():
    return eighteenth.labels()["main"]


@pytest.fixture(scope="module")
def texts(labels):
    """Each file's text by its id."""
    return {sid: (SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8") for sid in labels}


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    built = tmp_path / "class"
    assert assert_built_as_committed(eighteenth, tmp_path, labels, plain=False) == (  # every file through check
        REPO / "exercises" / "04-more-ops" / "engine.py").read_text(encoding="utf-8")
    assert run.starter_file(built / "main").name == "engine.py"
    assert run.public_source(built / "main") == built / "public" / "engine.py"
    grader_copy = REPO / "grader" / "data" / "public" / "karpathy-micrograd"
    assert (built / "public" / "engine.py").read_bytes() == (grader_copy / "engine.py").read_bytes()
    assert (built / "public" / "LICENSE").read_bytes() == (grader_copy / "LICENSE").read_bytes()
    assert (built / "public" / "LICENSE").read_text(encoding="utf-8").startswith(
        "MIT License\n\nCopyright (c) 2020 Andrej Karpathy\n")


def test_every_file_has_full_marks_on_the_courses_suite(tmp_path, labels):
    folder = tmp_path / "subs"
    shutil.copytree(SUBMISSIONS, folder)
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["-e", "04-more-ops", "--no-cache", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text())
    assert sorted(row["id"] for row in scores["submissions"]) == sorted(labels)
    assert {(row["status"], row["score"]) for row in scores["submissions"]} == {("graded", scores["max_score"])}


def test_the_public_copies_are_micrograds_engine(labels, texts):
    source = (PUBLIC / "engine.py").read_text(encoding="utf-8")
    assert source.count("def ") == 19 and not any(f"def {op}(" in source for op in ("exp", "log", "tanh"))
    public = {sid: texts[sid] for sid, lab in labels.items() if lab["cluster"] == "public"}
    assert [labels[sid]["level"] for sid, t in public.items() if source in t] == [1]  # pasted verbatim once
    assert all(t.count("def exp(self)") == t.count("def log(self)") == t.count("def tanh(self)") == 1
               for t in public.values())  # the ops micrograd lacks, added by each


def test_the_class_has_its_shape(labels):
    assert_held_out_shape(labels, r"s\d{3}", "fills 04 (engine.py)", 16, {}, independents=20,
                          public_levels=(1, 2, 2, 3))
    assert not (eighteenth.CLASS / "plain").exists()  # no scripted evasions: every disguise was made by hand


def test_hard_pairs_are_the_same_code_and_copies_differ(labels, texts):
    assert len(labels) == 55
    assert_hard_pairs_same_and_copies_differ(labels, texts, {})


@pytest.mark.parametrize("mutation", [
    ('Value(self.data**k, (self,), f"**{k}")', 'Value(self.data**(k - 1), (self,), f"**{k}")'),  # pow's value
    ("self.grad += k * self.data ** (k - 1) * out.grad", "self.grad += k * self.data ** k * out.grad"),  # no -1
    ("self.grad += k * self.data ** (k - 1) * out.grad", "self.grad += self.data ** (k - 1) * out.grad"),  # no k
    ("self.grad += k * self.data ** (k - 1) * out.grad", "self.grad = k * self.data ** (k - 1) * out.grad"),  # = for +=
    ("self.grad += out.data * out.grad", "self.grad += self.data * out.grad"),  # exp's slope from the input
    ("self.grad += out.data * out.grad", "self.grad += out.data"),  # exp without the chain rule
    ("self.grad += (1 / self.data) * out.grad", "self.grad += (1 / out.data) * out.grad"),  # 1 / the output
    ('Value(math.log(self.data), (self,), "log")', 'Value(math.log10(self.data), (self,), "log")'),
    ("        return self * -1\n", "        return self\n"),  # negation returning self
    ("        return self + (-other)\n", "        return self + other\n"),  # sub as add
    ("        return other + (-self)\n", "        return self + (-other)\n"),  # rsub in the wrong order
    ("        return self * other**-1\n", "        return self * other**-2\n"),
    ("        return other * self**-1\n", "        return self * other**-1\n"),  # rtruediv in the wrong order
])
def test_the_check_finds_an_engine_that_does_not_do_what_the_exercise_asks(labels, texts, mutation):
    source = texts[next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h0" and "(h0a)" in lab["kind"])]
    old, new = mutation
    assert source.count(old) == 1
    eighteenth.check(source, "h0a")
    with pytest.raises(AssertionError):
        eighteenth.check(source.replace(old, new), "h0a mutated")
