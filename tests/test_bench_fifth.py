"""The fifth labelled class (bench/similarity/fifth.py) builds, and its labels say what run.py measures.

One seed (03-tanh, the smallest starter) is built: about a second of CPU. The class's figures
are measured by `python bench/similarity/run.py --fifth`, not here.
"""

import collections
import itertools
import json

import pytest
from bench_modules import load_bench

fifth = load_bench("fifth")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("fifth")
    labels = fifth.build(out, 1)
    return out, labels["main"]


def test_every_file_has_its_label_and_the_starter_is_the_exercise(built):
    out, labels = built
    files = {p.stem for p in (out / "main" / "submissions").glob("*.py")}
    assert files == set(labels) and len(files) == 57
    assert json.loads((out / "labels.json").read_text(encoding="utf-8"))["main"] == labels
    starter = (out / "main" / "starter" / "engine.py").read_text(encoding="utf-8")
    from grader.classroom import starters

    assert starter == starters.starter_files("03-tanh")["engine.py"]  # the starter students are given


def test_the_class_has_the_held_out_shape(built):
    _, labels = built
    independent = [i for i, lab in labels.items() if lab["cluster"] is None]
    assert len(independent) == 26
    pairs = collections.Counter(lab.get("hard_pair") for lab in labels.values() if lab.get("hard_pair"))
    assert sorted(pairs.values()) == [2, 2, 2]
    public = sorted(lab["level"] for lab in labels.values() if lab["cluster"] == "public")
    assert public == [1, 1, 2, 2, 3, 3]
    clusters = collections.defaultdict(list)
    for lab in labels.values():
        if lab["cluster"] not in (None, "public"):
            clusters[lab["cluster"]].append(lab)
    assert len(clusters) == 12
    sizes = sorted(len(m) for m in clusters.values())
    assert sizes == [2] * 11 + [3]
    twice = next(m for m in clusters.values() if len(m) == 3)
    assert twice[0]["level"] in (2, 3)
    levels = collections.Counter(m[0]["level"] for m in clusters.values())
    assert levels == {1: 3, 2: 2, 3: 3, 4: 4}
    for members in clusters.values():
        assert len({m["level"] for m in members}) == 1
        assert sum(m["kind"].startswith("a source") for m in members) == 1


def test_copies_differ_from_their_source_from_level_two_on(built):
    out, labels = built
    text = {i: (out / "main" / "submissions" / f"{i}.py").read_text(encoding="utf-8") for i in labels}
    for a, b in itertools.combinations(sorted(labels), 2):
        la, lb = labels[a], labels[b]
        if la["cluster"] not in (None, "public") and la["cluster"] == lb["cluster"] and la["level"] >= 2:
            assert text[a] != text[b], (a, b)


def test_the_check_refuses_an_engine_with_a_wrong_gradient():
    starter = fifth.starter_text("03-tanh")
    person = fifth.people()["anna"]
    good = fifth.filler(starter, "03-tanh", person)
    fifth.check(good, "anna")
    with pytest.raises(AssertionError, match="gradient"):
        fifth.check(good.replace("self.grad += (1 - t**2) * out.grad", "self.grad += (1 - t) * out.grad"), "bad")
    with pytest.raises(AssertionError):  # `=` for `+=`: a node used twice loses a path
        fifth.check(good.replace("other.grad += out.grad", "other.grad = out.grad"), "bad")


def test_run_py_reads_the_labels_as_the_class_means(built):
    """14 copy pairs (12 sources, one copied twice: 3 pairs), 3 hard-negative pairs, public copies never a pair."""
    _, labels = built
    run = load_bench("run")
    rows = list(run.labelled_pairs({"main": labels}))
    assert len(rows) == 57 * 56 // 2
    copies = [r for r in rows if r[2]]
    assert len(copies) == 14
    assert collections.Counter(r[3] for r in copies) == {1: 3, 2: 4, 3: 3, 4: 4} or \
        collections.Counter(r[3] for r in copies) == {1: 3, 2: 2, 3: 5, 4: 4}
    assert sum(r[4] for r in rows) == 3
    public = {i for i, lab in labels.items() if lab["cluster"] == "public"}
    assert not any(set(r[1].split("|")) <= public for r in copies)
