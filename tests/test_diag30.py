"""Session 30's 07-mlp-xor samples: a bug loses points on the test about it, once, graded in one batch.

- A `parameters()` that returns one generator kept in the object (used up by its first walk, so zero_grad() and every
  update find nothing) lost parameters/counts and train/train-xor (19/24): now parameters/counts alone (22/24), and
  train/train-xor says "Not charged again" where every seed's loss never moved.
- A Neuron that draws its weights from the module's `random` although it is given an rng (07's README: "Draw weights
  from the `rng` argument when one is given, so that the same seed always gives the same network") scored 24/24: now
  parameters/rng builds the same layer twice from one seed and charges it (23/24).
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, _failing, _output, _planted

from grader.pipeline import grade

ROOT = Path(__file__).parent.parent
# the base: test_fresh_styles' correct-generators (`rng = rng or random`, parameters() as generators)
GENERATORS = Path(__file__).parent / "fixtures" / "fresh-styles" / "07-mlp-xor" / "correct-generators"
_DRAW = "        rng = rng or random\n        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]\n"
_MLP_PARAMETERS = "        return chain.from_iterable(layer.parameters() for layer in self.layers)\n"
_LAYERS = ("        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(nouts) - 1, rng=rng) "
           "for i in range(len(nouts))]\n")
# id -> the patches made to the base's nn.py
PLANTED = {
    "correct-generators": [],
    "correct-rng-inline": [(_DRAW, "        self.w = [Value((rng or random).uniform(-1, 1)) for _ in range(nin)]\n")],
    "correct-rng-ternary": [("rng = rng or random", "rng = rng if rng is not None else random.Random()")],
    "rng-from-import": [(_DRAW, "        self.w = [Value(uniform(-1, 1)) for _ in range(nin)]\n"),
                        ("import random\n", "import random\nfrom random import uniform\n")],
    "rng-module-uniform": [("rng = rng or random", "rng = random")],
    "rng-random-scaled": [(_DRAW, "        self.w = [Value(random.random() * 2 - 1) for _ in range(nin)]\n")],
    "usedup-chain-kept": [(_MLP_PARAMETERS, "        if not hasattr(self, '_params'):\n            self._params = "
                                            "chain.from_iterable(layer.parameters() for layer in self.layers)\n"
                                            "        return self._params\n")],
    "usedup-iter-init": [(_MLP_PARAMETERS, "        return self._all\n"),
                         (_LAYERS, _LAYERS + "        self._all = iter([p for layer in self.layers "
                                             "for p in layer.parameters()])\n")],
}

USED_UP = ("Not charged again: parameters() gives nothing to move after its first call, so train_xor's loss stays at "
           "4.171759357 in every step, which parameters/counts already charges.")
MODULE_RANDOM = ("Layer(3, 3, rng=random.Random(1)), built twice, gives two different layers: its neurons do not draw "
                 "their weights from the rng they are given (the module's `random`, or a generator of their own?). "
                 "Draw every weight from `rng` when one is given, so that the same seed always gives the same network")

# id -> (score, the tests not passed, the first failing test's output (its start))
TABLE = {
    # the rng when one is given, the module's `random` otherwise (`rng if rng is not None else random.Random()`,
    # `(rng or random).uniform`), and test_fresh_styles' correct-generators (`rng = rng or random`): correct
    "correct-generators": (24.0, [], None),
    "correct-rng-inline": (24.0, [], None),
    "correct-rng-ternary": (24.0, [], None),
    # the module's `random` whatever the rng (`rng = random`, `from random import uniform`, `random.random() * 2 - 1`):
    # before, 24/24
    "rng-from-import": (23.0, ["parameters/rng"], MODULE_RANDOM),
    "rng-module-uniform": (23.0, ["parameters/rng"], MODULE_RANDOM),
    "rng-random-scaled": (23.0, ["parameters/rng"], MODULE_RANDOM),
    # one generator kept (made on the first call, or an iter() made in __init__): before, 19/24
    "usedup-chain-kept": (22.0, ["parameters/counts"], "MLP(2, [4, 1]).parameters() gives 17 entries on its first "
                                                       "call and 0 on the next."),
    "usedup-iter-init": (22.0, ["parameters/counts"], "MLP(2, [4, 1]).parameters() gives 17 entries on its first "
                                                      "call and 0 on the next."),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag30")
    base = (GENERATORS / "nn.py").read_text(encoding="utf-8")
    for case, patches in PLANTED.items():
        (tmp / "class" / case).mkdir(parents=True)
        (tmp / "class" / case / "nn.py").write_text(_planted(base, patches, case), encoding="utf-8")
        shutil.copy(ROOT / "exercises" / "07-mlp-xor" / "engine.py", tmp / "class" / case / "engine.py")
    result = grade(tmp / "class", exercise="07-mlp-xor", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def test_every_sample_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted(PLANTED)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_sample_scores_and_says_why(rows, case):
    row = rows[case]
    score, failing, first = TABLE[case]
    assert (row["status"], round(row["score"], 4), _failing(row)) == ("graded", score, failing)
    if first is not None:
        assert _output(row, failing[0]).startswith(first)


@pytest.mark.parametrize("case", ["usedup-chain-kept", "usedup-iter-init"])
def test_a_used_up_parameters_is_not_charged_again_by_training(rows, case):
    assert _output(rows[case], "train/train-xor") == USED_UP
    assert _output(rows[case], "parameters/zero-grad").startswith("Not charged again")
