"""The benchmark's scripts that read a cohort's pairs (hardstress.py, l4stress.py, errors.py, fusion.py, controls.py)
score it as `grade similarity` does (grader.similarity's `scored`, through run.py's `command_scored`: session 35). They
read `Cohort.pairs` with every public score merged under one source's name before, which scored a pair of two public
copiers by the better of each one's sources: another figure than the command's."""

from pathlib import Path

import pytest
from bench_modules import load_bench
from costs import slow_fixture

from grader.similarity import scored
from grader.similarity.cohort import THRESHOLD, read_document

from similarity.public_known import MICROGRAD, known
from similarity.test_similarity import CLASS, engine

run = load_bench("run")
hardstress = load_bench("hardstress")
l4stress = load_bench("l4stress")
errors = load_bench("errors")
fusion = load_bench("fusion")

# both add the same helper of their own: what a pair of two public copiers shares besides their sources
ADDED = '''

def softplus_of(v):
    """Softplus through the engine's own ops: log(1 + e^v), with a guard for large inputs."""
    if v.data > 30.0:
        return v
    return (v.exp() + 1.0).log_shifted_by_one()
'''
OTHER = engine("strangers/backward-none-leaves")  # a second public source (an engine of another design)
LABELS = {"hs_mc": {"cluster": "hs_c", "level": 4, "kind": "copies micrograd, adds softplus"},
          "hs_xc": {"cluster": "hs_c", "level": 4, "kind": "copies the other source, adds softplus"},
          **{name.split("/")[-1]: {"cluster": None, "level": None, "kind": "independent"} for name in CLASS}}


@slow_fixture(scope="module")
def reading():
    texts = {"hs_mc": MICROGRAD + ADDED, "hs_xc": OTHER + ADDED, **{n.split("/")[-1]: engine(n) for n in CLASS}}
    documents = [read_document(sid, {"engine.py": text}, frozenset(), *known()) for sid, text in texts.items()]
    sources = [read_document("karpathy-micrograd/engine.py", {"engine.py": MICROGRAD}),
               read_document("other/engine.py", {"engine.py": OTHER})]
    return documents, sources


@slow_fixture(scope="module")
def command(reading):
    """{"a|b": score} of every pair, and each one's best public score, as the command scores the class."""
    _, against, found = scored(*reading)
    return {"|".join(sorted((p.a, p.b))): p.score for p in found}, run.best_public(against)


def test_the_old_path_gave_another_score_to_two_public_copiers(reading, command):
    group, against, _ = scored(*reading)
    merged = {"hs_mc|hs_xc": p.score for p in group.pairs(public={"micrograd": run.best_public(against)},
                                                           threshold=THRESHOLD) if {p.a, p.b} == {"hs_mc", "hs_xc"}}
    assert command[0]["hs_mc|hs_xc"] > 0.0
    assert merged["hs_mc|hs_xc"] != pytest.approx(command[0]["hs_mc|hs_xc"], abs=1e-6)


def test_command_scored_is_the_commands_scoring(reading, command):
    group, public, found = run.command_scored(reading)
    assert {"|".join(sorted((p.a, p.b))): p.score for p in found} == command[0]
    assert public == command[1] and sorted(d.id for d in group.documents) == sorted(d.id for d in reading[0])


def test_hardstress_and_l4stress_rank_the_commands_scores(reading, command, monkeypatch):
    for script in (hardstress, l4stress):  # each imports the benchmark's rescore.py by name
        monkeypatch.setattr(script.rescore, "kept_reading", lambda folder, cache: reading)
    row, = hardstress.measure("made", Path("unused"), LABELS, Path("unused"), details=False)
    assert (row["pair"], row["score"]) == ("hs_mc|hs_xc", command[0]["hs_mc|hs_xc"])
    _, public, scores, rows = l4stress._ranked(Path("unused"), LABELS, Path("unused"))
    assert scores == command[0] and public == command[1]
    assert [r[0] for r in rows] == sorted((command[0].get(key, 0.0) for _, key, _, _, _ in
                                           run.labelled_pairs({"main": LABELS})), reverse=True)


def test_errors_and_fusion_read_the_commands_scores(reading, command):
    group, _, found = run.command_scored(reading)
    scores, described = errors.parts(group, found)
    assert scores == command[0] and set(described) == set(command[0])
    features, public = fusion.cohort_features(reading)
    assert public == command[1]
    assert {key: f["score"] for key, f in features.items() if f["score"] > 0} == command[0]
