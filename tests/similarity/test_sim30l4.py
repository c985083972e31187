"""Session 30's level-4 class (bench/similarity/sim30l4/, issue 27, a tuning class): six sources copied at level 4 by
hand in the restructurings students most often make, two honest engines of each copy's design, the eighteenth's
background; every file through the eighteenth's check when the class is built."""

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import sim30l4  # noqa: E402


@pytest.fixture(scope="module")
def labels():
    return sim30l4.labels()["main"]


def test_the_class_is_built_every_file_checked(tmp_path, labels):
    found = sim30l4.build(tmp_path / "class")
    assert found == {"main": labels}
    assert len(labels) == 44
    clusters = sorted(l["cluster"] for l in labels.values() if l["cluster"])
    assert clusters == sorted(f"c{i}" for i in range(1, 7) for _ in range(2))
    assert {l["level"] for l in labels.values() if l["cluster"]} == {4}
    honest = [sid for sid, l in labels.items() if l["cluster"] is None and sid.startswith("v")]
    assert len(honest) == 12
    starter = (tmp_path / "class" / "main" / "starter" / "engine.py").read_text(encoding="utf-8")
    assert starter == (REPO / "exercises" / "04-more-ops" / "engine.py").read_text(encoding="utf-8")


def test_a_choice_read_with_its_test_turned_round():
    # c1's copy turned its source's `if n == 0: return` (in `**`'s rule) into `if k != 0: ... +=`: one choice
    from grader.similarity.meanings import meanings

    def pow_rule(sid):
        text = (sim30l4.CLASS / "main" / "submissions" / f"{sid}.py").read_text(encoding="utf-8")
        return sorted(t for _, t, _ in meanings(text).values() if t.startswith("op __pow__ d0"))

    assert pow_rule("v487") == pow_rule("v711") == ["op __pow__ d0 (0 if (k == 0) else ((x0 ** (k + -1)) * k))"]
