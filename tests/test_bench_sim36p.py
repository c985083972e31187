"""bench/similarity/sim36p.py: session 36's class on 03-tanh whose public text is the README's canonical shape builds
with every file checked, and its labels hold its recipe: 20 honest fillers; four copy pairs (c1's source and its
verbatim copy at level 1, its level-3 copy with each of them, c2's level 2); two hard-negative pairs; three public
copies."""

import collections

import pytest
from bench_modules import load_bench

run = load_bench("run")
sim36p = load_bench("sim36p")


def test_the_class_builds_checked_with_its_recipe(tmp_path):
    labels = sim36p.build(tmp_path / "sim36p")  # raises if a file fails its check
    members = labels["main"]
    assert len(members) == 32 == len(list((tmp_path / "sim36p" / "main" / "submissions").glob("*.py")))
    rows = list(run.labelled_pairs(labels))
    assert collections.Counter(level for _, _, copy, level, _ in rows if copy) == {1: 1, 2: 1, 3: 2}
    assert sum(hard for *_, hard in rows) == 2
    assert sum(m["cluster"] == "public" for m in members.values()) == 3
    assert sum(m["cluster"] is None and "hard_pair" not in m for m in members.values()) == 20
    assert (tmp_path / "sim36p" / "public" / "engine.py").is_file()


@pytest.mark.parametrize("wrong, why", [
    ("(1 - t**2) * out.grad", "(1 - t) * out.grad"),  # the README's first mistake
    ("(1 - t**2) * out.grad", "(1 - x**2) * out.grad"),  # the derivative from the input
])
def test_a_wrong_tanh_fails_the_check(wrong, why):
    text = (sim36p.CLASS / "main" / "submissions" / "s775.py").read_text(encoding="utf-8")
    assert wrong in text
    sim36p.check(text, "s775")
    with pytest.raises(AssertionError, match="s775"):
        sim36p.check(text.replace(wrong, why), "s775")
