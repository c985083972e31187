"""The seventeenth labelled class (bench/similarity/seventeenth/, issue 27, a tuning class): 55 hand-written files of
08-dual-numbers' dual.py that work, labelled in the held-out class's shape (20 independents, 3 hard pairs, 12 sources
with 13 copies, 4 copies of a public dual-number class), its public source derekeverett/fluxion's dual.py (MIT) in
its own public/."""

import sys
from pathlib import Path

import pytest

from tests.similarity.held_out import (
    assert_built_as_committed, assert_hard_pairs_same_and_copies_differ, assert_held_out_shape,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import run  # noqa: E402
import seventeenth  # noqa: E402

SUBMISSIONS = seventeenth.CLASS / "main" / "submissions"
PUBLIC = seventeenth.CLASS / "public"


@pytest.fixture(scope="module")
def labels():
    return seventeenth.labels()["main"]


@pytest.fixture(scope="module")
def texts(labels):
    """Each file's text by its id."""
    return {sid: (SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8") for sid in labels}


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    built = tmp_path / "class"
    assert assert_built_as_committed(seventeenth, tmp_path, labels, plain=False) == (  # every file through check
        REPO / "exercises" / "08-dual-numbers" / "dual.py").read_text(encoding="utf-8")
    assert run.starter_file(built / "main").name == "dual.py"
    assert run.public_source(built / "main") == built / "public" / "dual.py"
    assert (built / "public" / "dual.py").read_bytes() == (PUBLIC / "dual.py").read_bytes()
    assert (built / "public" / "LICENSE").read_text(encoding="utf-8").startswith(
        "MIT License\n\nCopyright (c) 2025 Derek Everett\n")


def test_the_public_source_is_fluxions_class(labels, texts):
    source = (PUBLIC / "dual.py").read_text(encoding="utf-8")
    assert len(source) == 732 and source.count("def ") == 5  # fluxion/dual.py as stored: __init__, +, -, *, **
    public = {sid: texts[sid] for sid, lab in labels.items() if lab["cluster"] == "public"}
    assert [labels[sid]["level"] for sid, t in public.items() if source in t] == [1]  # pasted verbatim once
    assert all("self.a * other.b + self.b * other.a" in t or "self.eps * rhs.re" in t or "self.dx * other.x" in t
               or "self.slope * that.value" in t for t in public.values())  # its product rule, in each copy


def test_the_class_has_its_shape(labels):
    assert_held_out_shape(labels, r"s\d{3}", "fills 08 (dual.py)", 16, {}, independents=20,
                          public_levels=(1, 2, 2, 3), public_source="derekeverett/fluxion")
    assert not (seventeenth.CLASS / "plain").exists()  # no scripted evasions: every disguise was made by hand


def test_hard_pairs_are_the_same_code_and_copies_differ(labels, texts):
    assert len(labels) == 55
    assert_hard_pairs_same_and_copies_differ(labels, texts, {})


@pytest.mark.parametrize("mutation", [
    ("Dual(self.value + other.value, self.deriv + other.deriv)", "Dual(self.value + other.value, self.deriv)"),
    (" + self.value * other.deriv)", ")"),  # the product rule's second term dropped
    ("self.value * other.deriv) / other.value ** 2)", "self.value * other.deriv) / other.value)"),  # b, not b²
    ("return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)",
     "return Dual(self.value ** k, k * self.value ** (k - 1))"),  # the chain rule forgotten for x ** k
    ("k.deriv * math.log(self.value)", "k.deriv * self.value"),  # x ** y without log
    ("v * math.log(c) * self.deriv", "v * self.deriv"),  # c ** x without log c
    ("Dual(-self.value, -self.deriv)", "Dual(-self.value, self.deriv)"),  # negation keeps the derivative
    ("Dual(math.sin(self.value), math.cos(self.value) * self.deriv)",
     "Dual(math.sin(self.value), math.cos(self.value))"),  # sin's chain rule forgotten
    ("-math.sin(self.value) * self.deriv", "math.sin(self.value) * self.deriv"),  # cos' with the wrong sign
    ("math.exp(self.value) * self.deriv", "math.exp(self.value)"),  # exp's chain rule forgotten
    ("Dual(math.log(self.value), self.deriv / self.value)", "Dual(math.log(self.value), 1 / self.value)"),
    ("(1 - math.tanh(self.value) ** 2)", "(1 - math.tanh(self.value))"),  # tanh' not squared
    ("        if self.value > 0:\n", "        if self.value >= 0:\n"),  # relu'(0) = 1
    ("return out.deriv if isinstance(out, Dual) else 0.0", "return out.deriv"),  # a plain-number result
    ("out = f(Dual(x, 1.0))", "out = f(Dual(x, 0.5))"),  # seeded with the wrong derivative
])
def test_the_check_finds_a_dual_that_does_not_do_what_the_exercise_asks(labels, texts, mutation):
    source = texts[next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h0" and "(h0a)" in lab["kind"])]
    old, new = mutation
    assert source.count(old) == 1
    seventeenth.check(source, "h0a")
    with pytest.raises(AssertionError):
        seventeenth.check(source.replace(old, new), "h0a mutated")
