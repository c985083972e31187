"""bench/similarity/errors.py: the kinds it puts pairs in, and what it counts as a ranking error."""

import pytest
from bench_modules import load_bench

errors = load_bench("errors")

FILLER = {"kind": "independent: fills 03-tanh", "cluster": None, "level": None}
ENGINE = {"kind": "independent: engine 'russian' (fourth/engines)", "cluster": None, "level": None}
WHOLE_NN = {"kind": "independent: whole nn.py (Bartek: parameters found by walking the attributes)", "cluster": None,
            "level": None}  # the tenth class's: a whole network, its engine's kind
HARD_A = {"kind": "independent: the same plain lines", "cluster": None, "level": None, "hard_pair": "h2"}
HARD_B = dict(HARD_A)
HARD_OTHER = {"kind": "independent: the same lecture lines", "cluster": None, "level": None, "hard_pair": "h1"}
PUBLIC = {"kind": "copy of the public engine, level 2", "cluster": "public", "level": 2}
SOURCE = {"kind": "a source: fills 03-tanh", "cluster": "c1", "level": 3}
COPY = {"kind": "copy, level 3", "cluster": "c1", "level": 3}


@pytest.mark.parametrize("a, b, kind", [
    (HARD_A, HARD_B, "hard"), (HARD_A, HARD_OTHER, "hard-other"), (PUBLIC, PUBLIC, "public-public"),
    (PUBLIC, FILLER, "public-other"), (PUBLIC, HARD_A, "public-other"), (SOURCE, FILLER, "copy-other"),
    (FILLER, FILLER, "fillers"), (ENGINE, FILLER, "engine"), (WHOLE_NN, FILLER, "engine"),
    (HARD_A, FILLER, "hard-other")])
def test_a_negative_pair_has_one_kind(a, b, kind):
    assert errors.negative_kind(a, b) == kind
    assert errors.negative_kind(b, a) == kind


def test_a_positive_pair_is_its_level_or_two_copies_of_one_source():
    assert errors.positive_kind(SOURCE, COPY) == "L3"
    assert errors.positive_kind(COPY, dict(COPY)) == "twice"


def test_errors_count_each_negative_above_each_positive_and_what_putting_a_kind_right_is_worth():
    rows = [(0.9, True, "L1", "a|b"), (0.8, False, "hard", "c|d"), (0.7, True, "L3", "e|f"),
            (0.6, False, "fillers", "g|h"), (0.5, False, "fillers", "i|j"), (0.4, True, "L4", "k|l")]
    result = errors.analyse(rows)
    assert result["ap"] == pytest.approx((1 + 2 / 3 + 3 / 6) / 3)
    # the hard pair is above two positives, each filler pair above one
    assert result["errors"] == {"hard": 2, "fillers": 2}
    assert result["missed"] == {"L1": 0, "L3": 1, "L4": 3}
    assert result["gain"]["hard"] == pytest.approx((1 + 1 + 3 / 5) / 3 - result["ap"])
    assert result["gain"]["fillers"] == pytest.approx((1 + 2 / 3 + 3 / 4) / 3 - result["ap"])
    assert result["gain"]["L4"] == pytest.approx((1 + 1 + 3 / 4) / 3 - result["ap"])
    assert result["gain"]["public-public"] == 0.0
    # k = 3: the hard pair is in the top k
    assert (result["hard_in_top_k"], result["public_pairs_in_top_k"]) == (1, 0)


def test_a_held_out_class_built_before_is_read_from_its_labels(tmp_path):
    (tmp_path / "labels.json").write_text('{"main": {"t101": {"kind": "independent", "cluster": null}}}')
    for name in ("eighth", "ninth", "tenth"):
        assert errors.build(name, 0, tmp_path) == {"main": {"t101": {"kind": "independent", "cluster": None}}}
