"""The sixteenth labelled class (bench/similarity/sixteenth/, issue 27, a tuning class): 55 hand-written files of
10-neuron's neuron.py that work, labelled in the held-out class's shape (20 independents, 3 hard pairs, 12 sources
with 13 copies, 4 copies of micrograd's nn.py), its public source micrograd's nn.py in its own public/."""

import sys
from pathlib import Path

import pytest

from tests.similarity.held_out import (
    assert_built_as_committed, assert_hard_pairs_same_and_copies_differ, assert_held_out_shape,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import run  # noqa: E402
import sixteenth  # noqa: E402

SUBMISSIONS = sixteenth.CLASS / "main" / "submissions"
MICROGRAD_NN = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "nn.py"


def text(sid: str) -> str:
    return (SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return sixteenth.labels()["main"]


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(sixteenth, tmp_path, labels, plain=False)  # every file through check
    assert starter == (REPO / "exercises" / "10-neuron" / "neuron.py").read_text(encoding="utf-8")
    cohort = tmp_path / "class" / "main"
    assert run.starter_file(cohort).name == "neuron.py"
    assert run.public_source(cohort) == tmp_path / "class" / "public" / "neuron.py"
    assert run.public_source(cohort).read_bytes() == MICROGRAD_NN.read_bytes()  # micrograd's nn.py, unchanged
    assert (tmp_path / "class" / "public" / "LICENSE").read_bytes() == (MICROGRAD_NN.parent / "LICENSE").read_bytes()


def test_the_class_has_its_shape(labels):
    assert_held_out_shape(labels, r"s\d{3}", "fills 10 (neuron.py)", 16, {}, independents=20,
                          public_levels=(1, 2, 2, 3))
    assert not (sixteenth.CLASS / "plain").exists()  # no scripted evasions: every disguise was made by hand
    public = {sid: text(sid) for sid, lab in labels.items() if lab["cluster"] == "public"}
    assert all("random.uniform(-1" in t and "def __call__(self, " in t and "def zero_grad(self):" in t
               for t in public.values())  # micrograd's Module and Neuron, pasted
    verbatim = MICROGRAD_NN.read_text(encoding="utf-8").split("from micrograd.engine import Value\n", 1)[1]
    assert [labels[sid]["level"] for sid, t in public.items() if verbatim in t] == [1]


def test_hard_pairs_are_the_same_code_and_copies_differ(labels):
    assert len(labels) == 55
    assert_hard_pairs_same_and_copies_differ(labels, {sid: text(sid) for sid in labels}, {})


@pytest.mark.parametrize("mutation", [
    ("    y.backward()\n    return {", "    y.backward()\n    y.backward()\n    return {"),  # doubled gradients
    ("        largest = max(largest, abs(g - r)", "        largest = largest + (abs(g - r)"),  # summed, not the max
    ("max(largest, abs(g - r) / max(abs(g), abs(r)))", "max(largest, (g - r) / max(abs(g), abs(r)))"),  # no abs
    ("abs(g - r) / max(abs(g), abs(r))", "abs(g - r) / abs(r)"),  # divided by the reference's
    ("            continue  # both zero: they agree\n", "            pass\n"),  # 0 / 0 where both are zero
    ("        y = n.tanh()\n", "        y = n.relu()\n"),  # tanh ignored
    ('"b": Value(b)}', '"b": b}'),  # a number, not a leaf Value
    ("    n = leaves", "    leaves['x1'].grad = 1.0\n    n = leaves"),  # a leaf that does not start at 0
])
def test_the_check_finds_a_neuron_that_does_not_do_what_the_exercise_asks(labels, mutation):
    source = text(next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h0" and "(h0a)" in lab["kind"]))
    old, new = mutation
    assert source.count(old) == 1
    sixteenth.check(source, "h0a")
    with pytest.raises(AssertionError):
        sixteenth.check(source.replace(old, new), "h0a mutated")
