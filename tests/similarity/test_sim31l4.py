"""Session 31's level-4 class (bench/similarity/sim31l4/, issue 27, a tuning class): six sources copied at level 4 by
a third hand in restructurings no earlier class held, two honest engines of each copy's design, the eighteenth's
background; every file through the eighteenth's check when the class is built."""

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import sim31l4  # noqa: E402


@pytest.fixture(scope="module")
def labels():
    return sim31l4.labels()["main"]


def test_the_class_is_built_every_file_checked(tmp_path, labels):
    found = sim31l4.build(tmp_path / "class")
    assert found == {"main": labels}
    assert len(labels) == 44
    clusters = sorted(l["cluster"] for l in labels.values() if l["cluster"])
    assert clusters == sorted(f"c{i}" for i in range(1, 7) for _ in range(2))
    assert {l["level"] for l in labels.values() if l["cluster"]} == {4}
    honest = [sid for sid, l in labels.items() if l["cluster"] is None and sid.startswith("u")]
    assert len(honest) == 12
    starter = (tmp_path / "class" / "main" / "starter" / "engine.py").read_text(encoding="utf-8")
    assert starter == (REPO / "exercises" / "04-more-ops" / "engine.py").read_text(encoding="utf-8")


def test_what_an_engine_does_at_the_edges_of_its_ops():
    # c1's copy turned its source into a visitor, renamed and reworded everything: its edges are its source's
    from grader.similarity.handled import items

    def edges(sid):
        return sorted(items((sim31l4.CLASS / "main" / "submissions" / f"{sid}.py").read_text(encoding="utf-8")))

    assert edges("u539") == edges("u638") == ["bound 700", "cast float", "raise TypeError", "raise ValueError"]
    # an honest engine of the visitor's design: its own (and a common) set
    assert edges("u239") == ["assert", "cast float", "raise ValueError"]
    # c2's copy: its source's assert raised as an AssertionError is an assert; a `float('nan')` is nan, not a cast
    assert edges("u438") == edges("u284") == ["assert", "cast float", "catch ValueError", "nan", "raise TypeError"]
    assert items("def f(x, n=3):\n    if type(x) is bool or x < -1e-12:\n        return float('-inf')\n") == {
        "not bool", "bound 1e-12", "-inf", "default 3"}
