"""bench/similarity/sim36q.py: session 36's class on 11-fit-line whose public text is the README's loop builds with
every file checked, and its labels hold its recipe: 22 honest fillers; three copy pairs (c1's source and its verbatim
copy at level 1, its level-2 copy with each of them); two hard-negative pairs; three public copies."""

import collections

import pytest
from bench_modules import load_bench

run = load_bench("run")
sim36q = load_bench("sim36q")


def test_the_class_builds_checked_with_its_recipe(tmp_path):
    labels = sim36q.build(tmp_path / "sim36q")  # raises if a file fails its check
    members = labels["main"]
    assert len(members) == 32 == len(list((tmp_path / "sim36q" / "main" / "submissions").glob("*.py")))
    rows = list(run.labelled_pairs(labels))
    assert collections.Counter(level for _, _, copy, level, _ in rows if copy) == {1: 1, 2: 2}
    assert sum(hard for *_, hard in rows) == 2
    assert sum(m["cluster"] == "public" for m in members.values()) == 3
    assert sum(m["cluster"] is None and "hard_pair" not in m for m in members.values()) == 22
    assert (tmp_path / "sim36q" / "public" / "fit_line.py").is_file()


@pytest.mark.parametrize("wrong, why", [
    ("return total / len(XS)", "return total"),  # the README's first mistake: the sum, not the mean
    ("        w.grad = 0\n", ""),  # never clearing w's gradient
])
def test_a_wrong_loop_fails_the_check(wrong, why):
    text = (sim36q.CLASS / "main" / "submissions" / "s105.py").read_text(encoding="utf-8")
    assert wrong in text
    sim36q.check(text, "s105")
    with pytest.raises(AssertionError, match="s105"):
        sim36q.check(text.replace(wrong, why, 1), "s105")
