"""Session 40's diagnosis (diag40b): 07-mlp-xor's output layer squashed by relu.

A network whose last layer applies relu clamps every negative output at 0, so it can never answer XOR's -1s.
forward/mlp and backward/mlp set every parameter to 0.3 at positive inputs, where relu is the identity, so only
training shows it: the course's loops, the course's seed and train_xor failed (3 + 2 + 3 points) with "the loss went
from 5.32 to 2" and parameters/zero-grad's MLP(2, [3, 1]), whose output is negative there, said "every gradient was
already 0 after backward(), so zero_grad could not be checked" (14/24, nothing named; strangersx39). mistakes.py's
`last-layer-relu` is now charged by train/course-loop, which names it; the others are excused where their numbers
are the mistaken reference's. tests/fixtures/diag40b/07-mlp-xor holds three correct networks; each mistake is
planted here, in its own style.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_every_submission_is_in_a_table, assert_scored_and_named
from test_strangersx38 import solutions_class

FRESH = Path(__file__).parent / "fixtures" / "diag40b"
PLANTED = {
    "07-mlp-xor": {
        # the output's activation handed in as a function: relu for the identity
        "bug-activation-fn-relu": ("correct-activation-fn", {"nn.py": [
            ("act=_identity if last else _tanh", "act=(lambda v: v.relu()) if last else _tanh")]}),
        # the MLP's output step (after a linear last layer) a relu
        "bug-output-step-relu": ("correct-output-step", {"nn.py": [
            ("    def _output_step(self, out):\n        return out\n",
             "    def _output_step(self, out):\n        return out.relu()\n")]}),
        # relu written by hand: a negative output multiplied by 0
        "bug-masked-output-relu": ("correct-masked-output", {"nn.py": [
            ("        return pre\n", "        return pre if pre.data > 0 else pre * 0\n")]}),
        # a second mistake beside it: a zero_grad() that clears nothing
        "bug-masked-relu-no-clear": ("correct-masked-output", {"nn.py": [
            ("        return pre\n", "        return pre if pre.data > 0 else pre * 0\n"),
            ("        for p in self.parameters():\n            p.grad = 0\n",
             "        for p in self.parameters():\n            p.grad = p.grad\n")]}),
    },
}
RELU = [("train/course-loop", 3)]
# id -> (score, the tests not passed, diagnosis); before diag40b each relu scored 14/24: train/course-loop,
# train/course-seed, train/train-xor and parameters/zero-grad ("could not be checked"), nothing named
TABLES = {
    "07-mlp-xor": {
        "correct-activation-fn": (24.0, [], []),
        "correct-output-step": (24.0, [], []),
        "correct-masked-output": (24.0, [], []),
        "bug-activation-fn-relu": (21.0, ["train/course-loop"], []),
        "bug-output-step-relu": (21.0, ["train/course-loop"], []),
        "bug-masked-output-relu": (21.0, ["train/course-loop"], []),
        # the second mistake is charged: parameters/zero-grad-everywhere reads zero_grad() on a Layer and a Neuron, and
        # train_xor's numbers (gradients kept from step to step) are not the relu's; left: the given zero_grad()
        # cannot make train_xor learn past the relu, so train/train-xor does not excuse it as it does alone
        "bug-masked-relu-no-clear": (17.0, ["parameters/zero-grad-everywhere", "train/course-loop", "train/train-xor"],
                                     []),
    },
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH, planted=PLANTED)
            for exercise in TABLES}


def test_every_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def _output(row, test):
    return next(t for t in row["tests"] if t["name"] == test)["output"]


@pytest.mark.parametrize("case", ["bug-activation-fn-relu", "bug-output-step-relu", "bug-masked-output-relu"])
def test_a_relu_at_the_output_is_named_and_charged_once(rows, case):
    row = rows["07-mlp-xor"][case]
    assert _output(row, "train/course-loop") == (
        "the course's loop (forward, loss, zero_grad, backward, p.data -= 0.05 * p.grad) on XOR, weights from seed 0: "
        "the loss went from 5.323803058 to 2.0 in 300 steps; a working MLP gets below 0.001 well within that. Your "
        "numbers are those of a network that applies relu to its last layer, so no output is ever below 0 (XOR's "
        "targets -1 are out of reach).")
    excuse = ("Not charged again: your numbers are those of a network that applies relu to its last layer, so no "
              "output is ever below 0 (XOR's targets -1 are out of reach), which train/course-loop already charges.")
    for test in ["train/course-seed", "train/train-xor", "parameters/zero-grad"]:
        assert _output(row, test) == excuse



def test_a_second_mistake_beside_it_is_charged(rows):
    row = rows["07-mlp-xor"]["bug-masked-relu-no-clear"]
    assert _output(row, "parameters/zero-grad-everywhere") == (
        "Layer(2, 2) and Neuron(2): zero_grad() on each after backward(): 9 grads are not 0 after zero_grad()")
    assert _output(row, "train/course-seed").startswith("Not charged again: your numbers are those of a network that "
                                                        "applies relu to its last layer")
