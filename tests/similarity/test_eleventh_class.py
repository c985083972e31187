"""The eleventh labelled class (bench/similarity/eleventh/, a tuning class): 43 hand-written files of 07-mlp-xor's
nn.py (the network) that work, labelled in a smaller held-out shape, its public source the grader's micrograd nn.py."""

import ast
import sys
from pathlib import Path

import pytest

from tests.similarity.held_out import assert_built_as_committed, assert_held_out_shape

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import eleventh  # noqa: E402
import run  # noqa: E402

SUBMISSIONS = eleventh.CLASS / "main" / "submissions"


@pytest.fixture(scope="module")
def labels():
    return eleventh.labels()["main"]


@pytest.fixture(scope="module")
def texts(labels):
    return {sid: (SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8") for sid in labels}


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(eleventh, tmp_path, labels, plain=False)  # each file through tenth.check
    assert starter == (REPO / "exercises" / "07-mlp-xor" / "nn.py").read_text(encoding="utf-8")
    cohort = tmp_path / "class" / "main"
    assert not (tmp_path / "class" / "public").exists()  # the grader's own micrograd nn.py is its public source
    assert run.starter_file(cohort).name == "nn.py"
    assert run.public_source(cohort) == run.PUBLIC_ARCHIVE / "nn.py"


def test_the_class_has_its_shape(labels):
    assert_held_out_shape(labels, r"e\d{3}", "fills 07 (nn.py)", 16, {}, independents=16, public_levels=(1, 2, 2, 3),
                          sources_a_level=2)
    assert not any(lab.get("tricks") or lab.get("opaque") for lab in labels.values())


def test_hard_pairs_are_the_same_code_and_level_1_copies_their_source_s(labels, texts):
    """A hard-negative pair's two files differ only in comments and blank lines (the same syntax tree), as does each
    level-1 copy from its source; every other copy's tree differs from its source's; no two files are the same."""
    trees = {sid: ast.dump(ast.parse(text)) for sid, text in texts.items()}
    assert len(set(texts.values())) == len(texts)
    pairs = {}
    for sid, lab in labels.items():
        if "hard_pair" in lab:
            pairs.setdefault(lab["hard_pair"], []).append(sid)
    assert len(pairs) == 3 and all(trees[a] == trees[b] for a, b in pairs.values())
    sources = {lab["cluster"]: sid for sid, lab in labels.items() if lab["kind"].startswith("a source")}
    for sid, lab in labels.items():
        if lab["kind"].startswith("copy of") and lab["cluster"] != "public":
            assert (trees[sid] == trees[sources[lab["cluster"]]]) == (lab["level"] == 1), sid
