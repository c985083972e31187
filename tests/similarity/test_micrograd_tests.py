"""micrograd's tests (karpathy/micrograd test/test_engine.py: test_sanity_check, test_more_ops) are a shipped public
source (session 40), compared when the starter has a test_engine.py (09-write-tests): a student who copies them is
reported as matching them; two honest students who each take micrograd's README example and its sanity check into
their own tests or demo are no pair; a copy of a student's test file that holds them still pairs with its source. The
class is sim39b2's 22 independent test files (09-write-tests) and four files of this folder: t701 (Marta's tests, the
README example and the sanity check among them, asserted with math.isclose and figures worked out), t702 (Tomasz's
engine, whose `__main__` demo prints both), t703 (t701 copied, renamed and its docstring reworded) and t704
(micrograd's two tests copied, PyTorch kept)."""

import json
import shutil
from pathlib import Path

import pytest

from grader.similarity import read_class, scored, shipped_sources

REPO = Path(__file__).parents[2]
CLASS = REPO / "bench" / "similarity" / "sim39b2"
HERE = Path(__file__).parent / "micrograd_tests"
TESTS = "karpathy-micrograd/test_engine.py"


def _class(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    labels = json.loads((CLASS / "labels.json").read_text(encoding="utf-8"))["main"]
    for name, label in labels.items():
        if label["cluster"] is None:  # the honest students
            shutil.copy(CLASS / "main" / "submissions" / f"{name}.py", folder)
    for path in HERE.glob("*.py"):
        shutil.copy(path, folder / path.name)
    reading = read_class(folder, exercise="09-write-tests")
    _, public, found = scored(reading.documents, reading.sources)
    return public, {(p.a, p.b): p.score for p in found}


def test_micrograds_tests_are_compared_when_the_starter_has_tests():
    assert list(shipped_sources({"test_engine.py": ""})) == ["karpathy-micrograd/engine.py", TESTS]
    assert list(shipped_sources({"engine.py": ""})) == ["karpathy-micrograd/engine.py"]
    assert list(shipped_sources({})) == ["karpathy-micrograd/engine.py"]


@pytest.mark.slow  # a class of 26 read and scored: 4 s of CPU
def test_a_copy_of_micrograds_tests_matches_them_and_honest_users_of_its_examples_are_no_pair(tmp_path):
    """Before: no public match for t704, and t704 paired with t702 at 0.1626, with t701 and t703 at 0.1577, t701 with
    t702 at 0.0626 (their shared sanity check); now t704 matches micrograd's tests at 0.6979 (flagged: 0.5) and none
    of those pairs is left."""
    public, scores = _class(tmp_path)
    assert public[TESTS] == {"t701": 0.0908, "t702": 0.0865, "t703": 0.0908, "t704": 0.6979}
    ours = {pair: s for pair, s in scores.items() if {"t701", "t702", "t703", "t704"} & set(pair)}
    assert ours == {("t701", "t703"): 1.0, ("s529", "t701"): 0.0202, ("s529", "t703"): 0.0202,
                    ("s536", "t701"): 0.0202, ("s536", "t703"): 0.0202}
