"""bench/similarity/sim36b1.py and sim36b2.py (and sessions 37's and 38's sim37b*.py and sim38b*.py): the blind classes build
with every file checked (a file labelled with a bug must fail the exercise's check, every other file pass it), and
their labels hold the recipe of issue 27's held-out class."""

import collections

import pytest
from bench_modules import load_bench

run = load_bench("run")


def _pairs(labels):
    rows = list(run.labelled_pairs(labels))
    copies = collections.Counter(level for _, _, copy, level, _ in rows if copy)
    hard = sum(hard for *_, hard in rows)
    return copies, hard


EVASIONS = {"form feed in a comment", "annotation on every assignment", "() after every statement",
            "zlib+base64 and exec"}


@pytest.mark.slow
@pytest.mark.parametrize("name, files, levels, hard, public, bugs", [
    ("sim36b1", 57, {1: 3, 2: 3, 3: 4, 4: 4}, 3, 6, 1),
    ("sim36b2", 45, {1: 2, 2: 2, 3: 4, 4: 2}, 4, 4, 2),
    ("sim37b1", 57, {1: 3, 2: 3, 3: 5, 4: 3}, 3, 6, 2),  # session 37's (tests/test_bench_sim37.py: their writers)
    ("sim37b2", 44, {1: 2, 2: 2, 3: 3, 4: 1}, 3, 5, 2),
    ("sim38b1", 57, {1: 3, 2: 3, 3: 5, 4: 3}, 3, 6, 2),  # session 38's (tests/test_bench_sim38.py: their writers)
    ("sim38b2", 46, {1: 2, 2: 2, 3: 4, 4: 2}, 3, 5, 2),
    ("sim39b1", 57, {1: 3, 2: 4, 3: 4, 4: 3}, 3, 6, 2),  # session 39's (tests/test_bench_sim39.py: their writers)
    ("sim39b2", 46, {1: 2, 2: 3, 3: 3, 4: 3}, 3, 5, 2),
    ("sim40b1", 47, {1: 3, 2: 4, 3: 4, 4: 7}, 3, 6, 2),  # session 40's (tests/test_bench_sim40.py: its writer)
])
def test_the_class_builds_checked_with_its_recipe(tmp_path, name, files, levels, hard, public, bugs):
    module = load_bench(name)
    labels = module.build(tmp_path / name)  # raises if a file fails its check (or a labelled bug passes it)
    members = labels["main"]
    assert len(members) == files == len(list((tmp_path / name / "main" / "submissions").glob("*.py")))
    assert _pairs(labels) == (levels, hard)
    assert sum(m["cluster"] == "public" for m in members.values()) == public
    assert sum("bug" in m for m in members.values()) == bugs
    assert {m["evasion"] for m in members.values() if "evasion" in m} == EVASIONS
    assert (tmp_path / name / "materials").is_dir()
    committed = module.CLASS / "main" / "submissions"
    for path in sorted(committed.glob("*.py")):  # what is built is what is committed, byte for byte
        assert (tmp_path / name / "main" / "submissions" / path.name).read_bytes() == path.read_bytes()


def test_a_file_that_breaks_a_rule_fails_the_check():
    sim36b1 = load_bench("sim36b1")
    text = (sim36b1.CLASS / "materials" / "slides" / "engine.py").read_text(encoding="utf-8")
    sim36b1.check(text, "slides")
    with pytest.raises(AssertionError, match="log: grad"):
        sim36b1.check(text.replace("(1 / self.data) * out.grad", "(1 / out.data) * out.grad"), "slides")
    sim36b2 = load_bench("sim36b2")
    text = (sim36b2.CLASS / "public" / "neuron.py").read_text(encoding="utf-8")
    sim36b2.check(text, "public")
    with pytest.raises(AssertionError, match="difference 2"):
        sim36b2.check(text.replace("if denom == 0.0:", "if g == 0.0:"), "public")
