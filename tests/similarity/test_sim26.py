"""Issue 27 (session 26, sim26): cohort.pairs keeps, when asked, each pair's pieces of evidence (scores.combined), for
the benchmark's bench/similarity/fusion.py, which fits combinations of them; asking changes no score."""

import math

from grader.similarity.cohort import THRESHOLD, Cohort, read_document, starter_kgrams
from grader.similarity.scores import combined

from .public_known import MICROGRAD, known
from .test_input_alias import OWN, REFERENCE_OPS, STARTER, filled
from .test_similarity import CLASS, engine

SOURCE = read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD})
PIECES = ("code", "traits", "shapes", "alone", "written", "named")


def test_combined_is_independent_evidence_and_keeps_each_piece():
    raw, channels = {}, {}
    combined(raw, channels, (0, 1), "code", 0.5)
    combined(raw, channels, (0, 1), "traits", 0.5)
    combined(raw, None, (0, 1), "shapes", 0.2)  # not kept
    assert raw == {(0, 1): 0.8} and channels == {(0, 1): {"code": 0.5, "traits": 0.5}}


def test_the_pieces_kept_make_each_pairs_untouched_score_and_asking_changes_no_score():
    given = starter_kgrams({"engine.py": STARTER})
    texts = {"cy": filled({**REFERENCE_OPS, **OWN}, "# ops homework (Cy)\n")}
    texts["dee"] = texts["cy"].replace("# ops homework (Cy)\n", "# my own work\n")
    documents = [read_document(i, {"engine.py": text}, given, *known()) for i, text in texts.items()]
    cohort = Cohort(documents + [read_document(name.split("/")[-1], {"engine.py": engine(name)}, given,
                                               *known()) for name in CLASS])
    public = {SOURCE.id: dict(cohort.against(SOURCE))}
    plain = cohort.pairs(public=public, threshold=THRESHOLD)
    channels: dict = {}
    assert cohort.pairs(public=public, threshold=THRESHOLD, channels=channels) == plain
    pair = (cohort.position["cy"], cohort.position["dee"])
    assert set(channels[pair]) == {"code", "traits", "shapes", "alone"}  # no two comments or strings, no rare name
    assert channels[pair]["code"] > 0.9
    for key, pieces in channels.items():
        assert set(pieces) <= set(PIECES)
        untouched = 1 - math.prod(1 - pieces.get(p, 0.0) for p in PIECES)
        assert math.isclose(cohort.raw.get(key, 0.0), untouched, abs_tol=1e-9)  # no public source in this class
