"""Session 29's level-4 class (bench/similarity/sim29l4/, issue 27, a tuning class): six sources copied at level 4 by
hand in restructurings no other by-hand class holds, six honest engines of the same designs, and the meanings'
reading of two of those designs (meanings.py): ops made by a decorator factory, and an engine whose nodes keep their
users (gradients pulled, not pushed)."""

import sys
from pathlib import Path

import pytest

from grader.similarity.meanings import meanings

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import sim29l4  # noqa: E402

SUBMISSIONS = sim29l4.CLASS / "main" / "submissions"


@pytest.fixture(scope="module")
def labels():
    return sim29l4.labels()["main"]


def parts(sid: str) -> dict[str, str]:
    """{op part's text: ...} of a file's meanings (its ops' values, graphs and derivatives)."""
    return {text: text for _, text, _ in meanings((SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8")).values()}


def test_the_class_is_built_every_file_checked(tmp_path, labels):
    found = sim29l4.build(tmp_path / "class")
    assert found == {"main": labels}
    assert len(labels) == 38
    clusters = sorted(l["cluster"] for l in labels.values() if l["cluster"])
    assert clusters == sorted(f"c{i}" for i in range(1, 7) for _ in range(2))
    assert {l["level"] for l in labels.values() if l["cluster"]} == {4}
    starter = (tmp_path / "class" / "main" / "starter" / "engine.py").read_text(encoding="utf-8")
    assert starter == (REPO / "exercises" / "04-more-ops" / "engine.py").read_text(encoding="utf-8")


def test_ops_made_by_a_decorator_factory_are_read():
    # w988 (c6's copy): `@primitive("+") def add(x, y): return x + y, (1, 1)`, bound as `Value.__add__ = add`
    copy, source = parts("w988"), parts("w594")
    assert "op __rsub__ graph (out; (((-1 * x1) + x0); x0, ((-1 * x1); x1, c(-1))), c(-1))" in copy
    assert "op __rtruediv__ graph (out; (((x1 ** -1) * x0); x0, ((x1 ** -1); x1)))" in copy
    assert len(copy) == 52
    assert len(set(copy) & set(source)) == 51  # every part but the engine's walk


def test_a_node_that_keeps_its_users_has_its_inputs_as_its_graph():
    # w655 (c4's copy) keeps, on each node, the nodes that used it: its graph is its inputs, as its source's is
    copy, source = parts("w655"), parts("w134")
    assert "op __truediv__ graph (out; x0, ((x1 ** -1); x1))" in copy
    assert "op __truediv__ graph (out; x0, ((x1 ** -1); x1))" in source
