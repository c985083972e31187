"""micrograd's nn.py compared with 10-neuron's neuron.py, and a copy of some of a public source's classes matched to
it (public_match._Parts): the sixteenth class's copies of micrograd's `Module` and `Neuron` (and its `Layer`, renamed
and restyled), pasted into neuron.py and given the five leaves, with honest fillers around them."""

from pathlib import Path

import pytest

from grader.similarity import shipped_sources, similarity, starter_files

CLASS = Path(__file__).parents[2] / "bench" / "similarity" / "sixteenth" / "main" / "submissions"
# s589 pasted all of nn.py; s162 its Module and Neuron, renamed; s219 its Module, Neuron and Layer, renamed, reordered
# and restyled (bench/similarity/sixteenth/README.md); the others fill the starter in their own words
COPIES = ("s589", "s162", "s219")
HONEST = ("s374", "s602", "s537", "s770", "s169", "s899", "s757", "s596", "s370")


def test_the_public_network_is_compared_with_one_neuron():
    engine, network = "karpathy-micrograd/engine.py", "karpathy-micrograd/nn.py"
    assert sorted(shipped_sources(starter_files("10-neuron", ()))) == [engine, network]
    assert sorted(shipped_sources({"neuron.py": ""})) == [engine, network]
    assert sorted(shipped_sources(starter_files("11-fit-line", ()))) == [engine]


@pytest.fixture(scope="module")
def neuron_class(tmp_path_factory):
    folder = tmp_path_factory.mktemp("neurons")
    for sid in COPIES + HONEST:
        (folder / f"{sid}.py").write_text((CLASS / f"{sid}.py").read_text(encoding="utf-8"), encoding="utf-8")
    return similarity(folder, exercise="10-neuron")


def test_copies_of_part_of_the_public_network_are_matched_to_it(neuron_class):
    record = neuron_class.record
    # as a share of all of nn.py, the two partial copies held 0.43 and 0.15 of it (sixteenth class, session 22); of
    # the classes they took, all and most
    assert [(m["id"], m["source"], m["score"], m["flagged"]) for m in record["public_matches"]] == [
        ("s589", "karpathy-micrograd/nn.py", 0.9993, True), ("s162", "karpathy-micrograd/nn.py", 0.9846, True),
        ("s219", "karpathy-micrograd/nn.py", 0.5097, True)]
    # the source both copied is not counted between two of its copies
    pairs = {(p["a"], p["b"]): (p["score"], p.get("both_match_public")) for p in record["pairs"]}
    assert pairs[("s219", "s589")] == (0.2013, "karpathy-micrograd/nn.py")
    assert ("s162", "s589") not in pairs and ("s162", "s219") not in pairs
