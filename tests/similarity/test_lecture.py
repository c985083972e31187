"""The course's lecture as canonical code (grader/data/canonical/lecture/, `lecture_sources`): two students whose
shared code is the lecture's training loop, or its network classes and loop, share no evidence, as two who write the
reference's lines do not."""

from pathlib import Path

import pytest

from grader.distribution import instructor_only
from grader.similarity import LECTURE, canonical_sources, lecture_sources, similarity
from grader.similarity.cohort import Cohort
from grader.similarity.variants import canonical_variants

HERE = Path(__file__).parent
NAME = "course lecture/building_micrograd.py"


def test_the_lecture_is_canonical_in_every_install():
    texts = lecture_sources()
    assert sorted(texts) == [NAME, f"{NAME} <formatted>"]
    assert texts[NAME] == (LECTURE / "building_micrograd.py").read_text(encoding="utf-8")
    # canonical for a network (a starter with nn.py), not for an engine: its loop's `p.grad = 0.0` reads as an
    # engine's `self.grad = 0.0` (the examples' ring: alice|dave 0.5167 -> 0.4851 with it)
    assert {name: canonical_sources({"nn.py": ""})[name] for name in texts} == texts
    # and for 11-fit-line's training loop (the lecture's loop on w and b; the thirteenth class 0.7881 -> 0.7982)
    assert {name: canonical_sources({"fit_line.py": ""})[name] for name in texts} == texts
    assert not set(texts) & (set(canonical_sources({"engine.py": ""})) | set(canonical_sources()))
    # package data of the student's wheel as of the instructor's, with its licence
    assert not instructor_only("grader/data/canonical/lecture/building_micrograd.py")
    assert "MIT License" in (LECTURE / "LICENSE").read_text(encoding="utf-8")


def test_the_lecture_is_read_with_the_usual_spacing_and_its_loop_as_a_function():
    formatted = lecture_sources()[f"{NAME} <formatted>"]
    assert "        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)\n" in formatted
    assert ("def lecture():\n    x = [2.0, 3.0, -1.0]\n    n = MLP(3, [4, 4, 1])\n    n(x)\n"
            "    xs = [[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]]\n") in formatted
    # the canonical variants apply to the loop: the predictions and the loss by index loops
    written = "\n".join(canonical_variants({f"{NAME} <formatted>": formatted}).values())
    assert "        ypred = []\n        for i in range(len(xs)):\n            ypred.append(n(xs[i]))\n" in written


@pytest.fixture(scope="module")
def lecture_class(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lecture")
    paths = (sorted((HERE / "lecture_network").glob("*.py")) + sorted((HERE / "network").glob("*.py"))
             + [HERE / "plain_network" / "noor.py", HERE / "plain_network" / "theo.py"])
    for path in paths:
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    result = similarity(folder, exercise="07-mlp-xor")
    cohort = Cohort(list(result.documents.values()))
    against = {s.id: dict(cohort.against(s)) for s in result.sources.values()}
    return result, {(p.a, p.b): p.score for p in cohort.pairs(None, against, 0.5)}


def test_two_students_who_share_only_the_lecture_are_not_flagged(lecture_class):
    # main before the lecture was canonical (8285bc3): ada|ben 0.0022, cara|dan 0.2956 (the lecture's classes and
    # loop, the starter's nonlin and rng threaded alike: the second of the class's 28 pairs)
    result, scores = lecture_class
    # (session 18: the lecture's code all cara and dan have in common, its evidence at most cohort.CANONICAL_ONLY_MOST:
    # cara|dan 0.0808 -> 0.0636)
    # (session 19: and the lines as written and method shapes of that code at most CANONICAL_ONLY_MOST too: cara|dan
    # 0.0636 -> 0.0618)
    assert (scores[("ada", "ben")], scores[("cara", "dan")]) == (0.0001, 0.0618)
    assert not any({p["a"], p["b"]} & {"ada", "ben", "cara", "dan"} for p in result.record["pairs"] if p["flagged"])
    assert NAME in result.record["canonical"] and result.record["public_matches"] == []
