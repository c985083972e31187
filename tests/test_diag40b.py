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

import shutil

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from test_diag37 import plant
from test_fresh_styles import LIMITS
from test_fresh_styles import _rows, assert_every_submission_is_in_a_table, assert_scored_and_named
from test_strangersx38 import solutions_class

from grader.cli import main
from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag40b"
NOTEBOOKS = FRESH / "engine"
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


# -- a notebook's `%run ./impl.py`: the class in the file beside it -------------------------------------------------

# each `+=` made `=` in impl.py (the reference's rules, as the student wrote them in a file beside the notebook)
PLANTED_RUN = {
    "bug-nb-run-impl": ("nb-run-impl", "            self.grad += other.data * out.grad\n",
                        "            self.grad = other.data * out.grad\n"),
    "bug-nb-run-i-patched": ("nb-run-i-patched", "            self.grad += out.grad\n",
                             "            self.grad = out.grad\n"),
    "bug-nb-in-folder": ("nb-in-folder", "            self.grad += k * self.data ** (k - 1) * out.grad\n",
                         "            self.grad = k * self.data ** (k - 1) * out.grad\n"),
}


@slow_fixture(scope="module")
def run_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag40b-run")
    folder = tmp / "class"
    folder.mkdir()
    for case in sorted(NOTEBOOKS.iterdir()):
        shutil.copytree(case, folder / case.name)
    for case, (base, old, new) in PLANTED_RUN.items():
        plant(NOTEBOOKS / base, folder / case, [(old, new)])
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


# id -> (score, how many tests not passed, (kind, name, file, line), the explanation's first words); no score moves.
# Before diag40b each was said at its notebook with no line (`engine.ipynb`, None), its words quoting the joined
# code's line ("Line 55: ...", "Line 44: ..."): the %run file's lines had no place (`Origin.cells` None there)
RUN_TABLE = {
    "nb-run-impl": (63.0, 0, None, None),
    "nb-run-i-patched": (63.0, 0, None, None),
    "nb-in-folder": (63.0, 0, None, None),
    "bug-nb-run-impl": (38.0, 18, ("hint", "assign-grad", "impl.py", 51),
                        "In impl.py: Line 51: `_backward` (in `__mul__`) assigns `self.grad = ...`, which throws away "
                        "whatever gradient the node had already received."),
    "bug-nb-run-i-patched": (61.0, 2, ("hint", "assign-grad", "impl.py", 37),
                             "In impl.py: Line 37: `_backward` (in `__add__`) assigns `self.grad = ...`, which throws "
                             "away whatever gradient the node had already received."),
    # the notebook in a folder of the entry: the file beside it named with that folder
    "bug-nb-in-folder": (62.6667, 1, ("variant", "pow-assign-not-accumulate", "hw2/impl.py", 62),
                         "For y = x ** 0.5 + x ** -1 at x = 4, x.grad is -0.0625, not 0.1875."),
}


def test_every_notebook_is_in_the_table(run_rows):
    assert sorted(run_rows) == sorted(RUN_TABLE) == sorted([p.name for p in NOTEBOOKS.iterdir()] + list(PLANTED_RUN))


@pytest.mark.parametrize("case", sorted(RUN_TABLE))
def test_a_run_file_is_said_at_its_own_line(run_rows, case):
    score, failing, said, words = RUN_TABLE[case]
    row = run_rows[case]
    assert (row["status"], row["score"], len([t for t in row["tests"] if t["status"] != "passed"])) == (
        "graded", score, failing)
    if said is None:
        assert row["diagnosis"] == []
        return
    (entry,) = row["diagnosis"]
    assert (entry["kind"], entry.get("hint") or entry.get("variant"), entry["file"], entry.get("cell"),
            entry["line"]) == (said[0], said[1], said[2], None, said[3])
    assert entry["explanation"].startswith(words)


def test_grade_check_names_the_run_file_and_its_line(tmp_path):
    base, old, new = PLANTED_RUN["bug-nb-run-impl"]
    plant(NOTEBOOKS / base, tmp_path / "mine", [(old, new)])
    result = CliRunner().invoke(main, ["check", str(tmp_path / "mine"), "-e", "engine", "--lang", "en"])
    why = [line for line in result.output.splitlines() if line.startswith("why:")]
    assert why == ["why:  A backward rule sets `grad` with `=` instead of adding to it. In impl.py: Line 51: `_backward` "
                   "(in `__mul__`) assigns `self.grad = ...`, which throws away whatever gradient the node had already "
                   "received. A node used more than once gets gradient along every path, and the contributions must "
                   "add up. Use `+=`."]
    ru = CliRunner().invoke(main, ["check", str(tmp_path / "mine"), "-e", "engine", "--lang", "ru"])
    assert [line for line in ru.output.splitlines() if line.startswith("почему:")] == [
        "почему: Правило обратного прохода задаёт `grad` через `=`, а не прибавляет к нему. В файле impl.py: Строка 51: "
        "`_backward` (в `__mul__`) присваивает `self.grad = ...` и тем самым отбрасывает градиент, который узел уже "
        "получил. Узел, использованный больше одного раза, получает градиент по каждому пути, и вклады должны "
        "складываться. Используйте `+=`."]
