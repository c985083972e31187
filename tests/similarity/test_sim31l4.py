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
