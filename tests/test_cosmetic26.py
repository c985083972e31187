"""Session 26 (cosmetic26): a progress bar or a plot costs nothing.

The sandbox lacks tqdm, matplotlib, seaborn, graphviz and IPython, and each imports there as a stand-in
(grader/sandbox/standins.py). Before, every use of one was refused, so a correct submission that drew its loss or
showed a progress bar lost everything for it. Now the display-only libraries (`standins.DISPLAY_ONLY`) are silent
no-ops; what they give is never a number, and a student who uses it as one is refused as before. Fresh samples, each
the instructor's reference solution as a student decorates it:

- `correct-tqdm-train-xor` (07): `for _ in tqdm(range(steps), desc="training"):` in train_xor, and the loss plotted
  after it. Before: 20/23 ("AbsentModuleError: `tqdm` is not installed where the grader runs your code:
  `tqdm(...)`" in train/train-xor).
- `correct-notebook-plots-loss` (engine): a notebook with `%matplotlib inline`, `plt.style.use('ggplot')` and
  `plt.rcParams[...] = ...` in its first cell and a cell that trains and plots the loss. Before: 0/63 (the engine did
  not import: "`matplotlib` ...: `plt.style.use(...)`").
- `correct-seaborn-theme` (engine): `sns.set_theme()` at the top of engine.py. Before: 0/63.
- `hostile-plot-number` (07): train_xor's losses taken through a plot's limits (`min(loss.data,
  plt.gca().get_ylim()[1])`): refused, naming the expression, not points (20/23, train/train-xor failing, before
  and after: before at `plt.gca(...)`, now where its number is used).
"""

import json
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named

ROOT = Path(__file__).parent.parent
SOLUTION = {"engine": "engine.py", "07-mlp-xor": "nn.py"}


def _replaced(code, *pairs):
    for old, new in pairs:
        assert code.count(old) == 1, old
        code = code.replace(old, new)
    return code


def _tqdm_nn(code):
    return _replaced(code, ("import random\n", "import random\n\nimport matplotlib.pyplot as plt\n"
                                               "from tqdm import tqdm\n"),
                     ("    for _ in range(steps):\n", '    for _ in tqdm(range(steps), desc="training"):\n'),
                     ("    return history\n", "    plt.plot(history)\n    plt.yscale('log')\n    plt.show()\n"
                                             "    return history\n"))


def _hostile_nn(code):
    return _replaced(code, ("import random\n", "import random\n\nimport matplotlib.pyplot as plt\n"),
                     ("history.append(loss.data)", "history.append(min(loss.data, plt.gca().get_ylim()[1]))"))


def _seaborn(code):
    return _replaced(code, ("import math\n", "import math\n\nimport matplotlib.pyplot as plt\nimport seaborn as sns\n\n"
                                             "sns.set_theme(style='whitegrid')\nplt.rcParams['figure.dpi'] = 120\n"))


def _cell(source, kind="code"):
    cell = {"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True)}
    return {**cell, "execution_count": None, "outputs": []} if kind == "code" else cell


def _notebook(code):
    cells = [_cell("# Backprop homework", "markdown"),
             _cell("%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.style.use('ggplot')\n"
                   "plt.rcParams['figure.figsize'] = (8, 6)"),
             _cell(code),
             _cell("x = Value(0.5)\nlosses = []\nfor step in range(20):\n    y = (x * x - 2) ** 2\n    x.grad = 0\n"
                   "    y.backward()\n    x.data -= 0.05 * x.grad\n    losses.append(y.data)\n"
                   "fig, ax = plt.subplots(figsize=(6, 4))\nax.plot(losses, label='loss')\nax.set_xlabel('step')\n"
                   "ax.legend()\nplt.show()")]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1)


# case -> (exercise, how the reference solution is made the case's file, a notebook?, (score, failing, diagnosis))
CASES = {
    # of 24 since holes28's parameters/rng
    "correct-tqdm-train-xor": ("07-mlp-xor", _tqdm_nn, False, (24.0, [], [])),
    "hostile-plot-number": ("07-mlp-xor", _hostile_nn, False, (21.0, ["train/train-xor"], [])),
    "correct-notebook-plots-loss": ("engine", _notebook, True, (63.0, [], [])),
    "correct-seaborn-theme": ("engine", _seaborn, False, (63.0, [], [])),
}


def _class(folder, exercise):
    given = ROOT / "exercises" / exercise / "engine.py"
    solution = (ROOT / "reference" / SOLUTION[exercise]).read_text(encoding="utf-8")
    for case, (its, make, notebook, _) in CASES.items():
        if its != exercise:
            continue
        if notebook:
            (folder / f"{case}.ipynb").write_text(make(solution), encoding="utf-8")
            continue
        (folder / case).mkdir()
        (folder / case / SOLUTION[exercise]).write_text(make(solution), encoding="utf-8")
        if exercise != "engine":
            shutil.copy(given, folder / case / "engine.py")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=_class) for exercise in ("engine", "07-mlp-xor")}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_plot_or_a_progress_bar_costs_nothing(rows, case):
    exercise, _, _, expected = CASES[case]
    assert rows[exercise][case]["status"] == "graded"
    assert_scored_and_named(rows[exercise][case], expected)


def test_a_plot_used_as_a_number_is_refused_by_name(rows):
    outputs = {t["output"] for t in rows["07-mlp-xor"]["hostile-plot-number"]["tests"] if t["name"] == "train/train-xor"}
    assert outputs == {"train_xor(seed=0, steps=300): your engine raised AbsentModuleError: `matplotlib` is not "
                       "installed where the grader runs your code: `plt.gca(...).get_ylim(...)[...]` "
                       "(matplotlib.pyplot) (nn.py, line 146, in train_xor)"}


# -- in process: the stand-ins themselves ------------------------------------------------------------------


def test_a_display_only_stand_in_is_a_silent_no_op_and_never_a_number():
    from grader.sandbox.standins import AbsentModuleError, _AbsentStandIn, _DisplayStandIn, _StandInLoader

    plt, tqdm, trange = _DisplayStandIn("matplotlib.pyplot"), _DisplayStandIn("tqdm.tqdm"), _DisplayStandIn("tqdm")
    plt.style.use("ggplot")
    plt.rcParams["figure.figsize"] = (8, 6)
    fig, ax = plt.subplots()
    fig, (left, right) = plt.subplots(1, 2)
    first, *rest = plt.subplots(2, 2)
    # matplotlib's pair, a figure and its axes (session 27: `list(plt.subplots())` was refused), and `len` as long as
    # iterating is (`for i in range(len(axes))`)
    assert repr(rest) == "[<matplotlib.pyplot.subplots(...)[1]: display only, not shown>]"
    assert [a for a in plt.gca()] == [] and len(plt.gca()) == 0 and len(list(plt.subplots())) == 2
    with plt.style.context("dark"):
        ax.set_title("loss")
        ax.plot([1, 2]).color = "red"
    assert plt.show() is not None
    assert list(tqdm(range(3), desc="training")) == [0, 1, 2] and list(trange.trange(2, 5)) == [2, 3, 4]
    assert list(tqdm(iterable=None, total=3)) == [] and list(tqdm(iterable=[7])) == [7]
    with tqdm(total=5) as bar:
        bar.update(1)
        bar.set_postfix(loss=0.5)
    assert repr(plt.gca().get_xlim()) == "<matplotlib.pyplot.gca(...).get_xlim(...): display only, not shown>"
    said = "`matplotlib` is not installed where the grader runs your code: "
    for use, shown in [(lambda: float(plt.gca().get_xlim()[0]), "`matplotlib.pyplot.gca(...).get_xlim(...)[...]`"),
                       (lambda: plt.gca() < 1, "`matplotlib.pyplot.gca(...)`"), (lambda: fig == fig, "`matplotlib.pyplot"
                                                                                        ".subplots(...)[0]`"),
                       (lambda: 0 != ax, "`matplotlib.pyplot.subplots(...)[1]`"), (lambda: bool(ax), "`matplotlib"
                                                                                     ".pyplot.subplots(...)[1]`"),
                       (lambda: 1.0 + plt.gca(), "`matplotlib.pyplot.gca(...)`"), (lambda: [0][ax], "`matplotlib"
                                                                                   ".pyplot.subplots(...)[1]`"),
                       (lambda: range(plt.gca()), "`matplotlib.pyplot.gca(...)`")]:
        with pytest.raises(AbsentModuleError) as refused:
            use()
        assert str(refused.value) == said + shown
    made = {name: type(_StandInLoader.create_module(_Spec(name, absent))) for name, absent in [
        ("tqdm.auto", True), ("seaborn", True), ("graphviz", True), ("IPython.display", True), ("IPython", True),
        ("tqdmx", True), ("numpy", True), ("matplotlib", None)]}
    assert made == {"tqdm.auto": _DisplayStandIn, "seaborn": _DisplayStandIn, "graphviz": _DisplayStandIn,
                    "IPython.display": _DisplayStandIn, "IPython": _AbsentStandIn, "tqdmx": _AbsentStandIn,
                    "numpy": _AbsentStandIn, "matplotlib": _forbidden()}


def _forbidden():
    from grader.sandbox.standins import _StandIn
    return _StandIn


class _Spec:
    def __init__(self, name, loader_state):
        self.name, self.loader_state = name, loader_state
