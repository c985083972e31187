"""Every exercise's suite, graded end to end: the reference solution scores full marks, the
untouched starter scores 0 on the exercise's own tests, the notebook scores what the .py files
score, and each classic mistake fails exactly the tests about it (one batch per exercise)."""

import pytest
from conftest import EXERCISES_DIR, fit_line_mistakes
from suite_facts import full_marks

from grader.classroom.starters import solved_files
from grader.scores import suite_tests
from grader.course import COURSE
from grader.suites import load_suite

# Score and failing tests of each mistake (see conftest._mistakes): exact, so a change to a suite
# or to a variant that changes what is caught shows up here. A test added to a suite that one of
# these mistakes fails changes its entry: the failure prints the entry as it now is, to paste here
# (docs/exercise-authors.md, "Adding a test").
MISTAKES = {
    '01-mul-backward': {
        # `=` in mul's rule costs nothing here: accumulating is 02's lesson, tested there
        'variant-mul-assign-not-accumulate': (14, []),
        'variant-mul-forgets-out-grad': (11, ['gradcheck/products', 'mul/chain']),
        'variant-mul-own-data': (0, ['constant/both-sides', 'constant/left', 'constant/right', 'engine/from-scratch', 'gradcheck/products', 'mul/after-add', 'mul/chain', 'mul/fractions', 'mul/int-data', 'mul/then-add', 'mul/values', 'neuron/relu']),
        'variant-mul-self-data': (0, ['constant/both-sides', 'constant/left', 'constant/right', 'engine/from-scratch', 'gradcheck/products', 'mul/after-add', 'mul/chain', 'mul/fractions', 'mul/int-data', 'mul/then-add', 'mul/values', 'neuron/relu']),
    },
    '02-accumulate': {
        'variant-add-assign-not-accumulate': (16, ['shared/a+a']),
        'variant-mul-assign-not-accumulate': (4, ['diamond/nested', 'diamond/simple', 'shared/a*a', 'shared/a*a*a', 'shared/a*a+a', 'shared/intermediate', 'shared/loss', 'shared/pairwise-products', 'shared/three-paths']),
        'variant-relu-assign-not-accumulate': (17, ['rule/relu']),
    },
    '03-tanh': {
        # graph/* do not charge again a tanh that tanh/* and saturation/* charge (charge04: 3 before)
        'tanh-by-exp': (16, ['saturation/large-input']),
        # charged on tanh's own test since probes26 (tanh/two's tanh_inner: a second tanh whose input already holds a
        # gradient); graph/numeric, 16 before
        'variant-tanh-assign-not-accumulate': (16, ['tanh/two']),
        'variant-tanh-input': (10, ['saturation/five', 'saturation/large-input', 'saturation/minus-eight', 'tanh/int-data', 'tanh/negative', 'tanh/two']),
        'variant-tanh-one-minus-t': (10.5, ['saturation/five', 'saturation/large-input', 'saturation/minus-eight', 'tanh/int-data', 'tanh/negative', 'tanh/two']),
        'variant-tanh-square-outside': (10.5, ['saturation/five', 'saturation/large-input', 'saturation/minus-eight', 'tanh/int-data', 'tanh/negative', 'tanh/two']),
    },
    '04-more-ops': {
        # charged once (session 25): an op's mistake costs its own tests; the whole expressions and the ops built on
        # it (`a / b` on `**`) are not charged again (grader/suites/04-more-ops/__init__.py's OWN)
        'variant-exp-input': (26, ['exp/negative', 'exp/values', 'exp/zero']),
        'variant-log-output': (26, ['log/one', 'log/small', 'log/values']),
        'variant-neg-self': (29, ['neg/values']),
        'variant-pow-missing-k': (26, ['pow/cube', 'pow/fractional', 'pow/negative-base']),
        'variant-pow-no-minus-one': (26, ['pow/cube', 'pow/fractional', 'pow/negative-base']),
        'variant-rsub-order': (28, ['sub/constant']),
        'variant-rtruediv-order': (28, ['div/constant']),
        'variant-sub-as-add': (25, ['sub/a-a', 'sub/constant', 'sub/values']),
        'variant-truediv-flipped': (25, ['div/constant', 'div/shared', 'div/values']),
    },
    '05-backward': {
        'variant-direct-children-only': (10, ['deep/10000-chain', 'deep/long-sum', 'graph/micrograd-sanity', 'graph/random', 'once/ladder', 'order/chain', 'order/nested-diamonds', 'order/reused-intermediate']),
        'variant-forward-order': (6, ['deep/10000-chain', 'deep/long-sum', 'graph/micrograd-sanity', 'graph/random', 'once/ladder', 'once/shared-intermediate', 'order/chain', 'order/nested-diamonds', 'order/reused-intermediate', 'seed/out-grad-is-one']),
        'variant-no-seed': (0, ['deep/10000-chain', 'deep/long-sum', 'engine/from-scratch', 'graph/micrograd-sanity', 'graph/random', 'once/a*a', 'once/ladder', 'once/shared-intermediate', 'order/chain', 'order/diamond', 'order/nested-diamonds', 'order/reused-intermediate', 'order/untouched-leaf', 'seed/out-grad-is-one', 'seed/single-op']),
        'variant-no-visited': (14, ['graph/micrograd-sanity', 'graph/random', 'once/ladder', 'once/shared-intermediate', 'order/nested-diamonds', 'order/reused-intermediate']),
        'variant-recursive-topo': (22, ['deep/10000-chain']),
        'variant-seed-after-walk': (0, ['deep/10000-chain', 'deep/long-sum', 'engine/from-scratch', 'graph/micrograd-sanity', 'graph/random', 'once/a*a', 'once/ladder', 'once/shared-intermediate', 'order/chain', 'order/diamond', 'order/nested-diamonds', 'order/reused-intermediate', 'order/untouched-leaf', 'seed/out-grad-is-one', 'seed/single-op']),
        'variant-seed-every-node': (0, ['deep/10000-chain', 'deep/long-sum', 'engine/from-scratch', 'graph/micrograd-sanity', 'graph/random', 'once/a*a', 'once/ladder', 'once/shared-intermediate', 'order/chain', 'order/diamond', 'order/nested-diamonds', 'order/reused-intermediate', 'order/untouched-leaf', 'seed/out-grad-is-one', 'seed/single-op']),
        'variant-self-only': (6, ['deep/10000-chain', 'deep/long-sum', 'graph/micrograd-sanity', 'graph/random', 'once/ladder', 'once/shared-intermediate', 'order/chain', 'order/nested-diamonds', 'order/reused-intermediate', 'seed/out-grad-is-one']),
    },
    '06-gradcheck': {
        # charged once (session 20): given-h sees the h used, on one side; gradcheck's tests its verdict on its numbers
        'forward-difference': (12, ['numerical/known-functions']),
        'loose-tolerance': (13, ['gradcheck/half-a-percent']),
        'relative-only': (14, ['gradcheck/zero-gradient']),
    },
    '07-mlp-xor': {
        # of 24 points since holes28's parameters/rng (a Layer that takes no rng, as here, passes it)
        'course-api': (24, []),  # MLP([2, 4, 1], seed=42): the course's other API passes every test
        # charged on forward/mlp alone since holes28 (10/23 before)
        'last-layer-tanh': (22, ['forward/mlp']),
        'last-layer-tanh-base-parameters': (22, ['forward/mlp']),  # 19/24 before (train/train-xor charged it again)
        # charged by parameters/counts alone since session 30 (7/24 before, eight tests)
        'no-bias-parameter': (22, ['parameters/counts']),
        'no-zero-grad': (21, ['train/train-xor']),
        # told "call model.zero_grad()" (and charged by parameters/zero-grad) before session 29: 18/23
        'parameters-used-up': (22, ['parameters/counts']),  # session 30: train/train-xor no longer charges it again
        # `w_i.data * x_i`: charged by backward/mlp alone since session 30 (14/24 before, the trainings too)
        'weight-data': (22, ['backward/mlp']),
    },
    '10-neuron': {
        'by-hand': (15, ['graph/backward']),
        'divides-by-reference': (14, ['compare/equal', 'compare/zero-against-nonzero']),
        'no-abs': (13, ['compare/planted', 'compare/zero-against-nonzero']),
        'plain-floats': (5, ['graph/backward', 'graph/own-values', 'relu/more-points', 'relu/negative', 'relu/positive', 'relu/zero-input', 'tanh/points']),
        'relu-always': (14, ['tanh/points']),
        'sums-differences': (14, ['compare/planted']),
    },
    '11-fit-line': {
        # the named mistakes of grader/suites/11-fit-line/mistakes.py, each named in the feedback of the one test
        # that charges it (test_fit_line.CHARGED_BY); the other tests that train say so (before session 21 they
        # failed too: 6, 6, 3, 6 and 4 of 13)
        'mistake-b-moved-by-w-grad': (11, ['step/first']),
        'mistake-cleared-before-update': (11, ['step/first']),
        'mistake-final-loss-before-update': (11, ['step/first']),
        # the mean taken otherwise (session 24; before, charged by every test that trains: 3/13 and 0/13)
        'mistake-errors-not-squared': (11, ['loss/mean']),
        'mistake-mean-over-n-minus-1': (11, ['loss/mean']),
        'mistake-grads-swapped': (11, ['step/first']),
        # each loss noted after its update (session 23; before, history/diverges charged it again: 10/13)
        'mistake-loss-after-update': (12, ['history/shape']),
        'mistake-no-learning-rate': (11, ['step/first']),
        'mistake-never-cleared': (11, ['step/second']),
        # cleared on even steps only (session 39; before, the tests that train longer charged it again: 6/13)
        'mistake-cleared-every-other-step': (11, ['step/second']),
        'mistake-sum-not-mean': (11, ['loss/mean']),
        'mistake-update-mid-backward': (11, ['step/first']),
        'mistake-update-sign': (11, ['step/first']),
        'mistake-w-moved-by-b-grad': (11, ['step/first']),
        # right in other ways: an engine whose backward() clears old gradients, fresh leaves, Values returned
        'right-clearing-engine': (13, []),
        'right-fresh-leaves': (13, []),
        'right-values-returned': (13, []),
    },
    '08-dual-numbers': {
        'product-rule-wrong': (5, ['beyond/sin-cos', 'expression/micrograd-sanity', 'expression/neuron', 'expression/softplus', 'expression/two-inputs', 'rule/constants', 'rule/exp-log', 'rule/product', 'rule/quotient', 'rule/relu', 'rule/sub-neg']),
        # expression/neuron and expression/two-inputs need tanh, which rule/tanh charges (session 20)
        'tanh-from-input': (19, ['rule/tanh']),
    },
}


def _statuses(row):
    return {t["name"]: t["status"] for t in row["tests"]}


@pytest.mark.parametrize("exercise", COURSE)
def test_reference_solution_scores_full_marks(exercise, class_batch):
    styles = [sub_id for sub_id in class_batch(exercise) if sub_id.startswith("style-")]
    # every exercise whose student writes engine.py alone (01 to 05 today, and a new one: docs/exercise-authors.md)
    # is also graded on the complete engines of other styles (tests/fixtures/submissions/correct-*), by conftest's rule
    assert len(styles) == 3 * (tuple(solved_files(exercise)) == ("engine.py",))
    for sub_id in ("solution", "solution-notebook", "reference", *styles):
        row = class_batch(exercise)[sub_id]
        assert row["status"] == "graded", row.get("message")
        assert [t["name"] for t in row["tests"] if t["status"] != "passed"] == []
        assert row["score"] == row["max_score"] > 0


@pytest.mark.parametrize("exercise", COURSE)
def test_untouched_starter_scores_zero_on_every_test_with_points(exercise, class_batch):
    declared = suite_tests(load_suite(exercise))
    with_points = sorted(t["name"] for t in declared if t["points"] > 0)
    for sub_id in ("starter", "starter-notebook"):
        row = class_batch(exercise)[sub_id]
        assert row["status"] == "graded" and row["score"] == 0
        passing = sorted(name for name, status in _statuses(row).items() if status == "passed")
        assert not set(passing) & set(with_points)
        # what passes is worth nothing: the import check, and 02's "still works" checks
        assert passing == sorted(["engine/imports"] + [
            "still-works/add-mul", "still-works/deep-chain", "still-works/relu"] * (exercise == "02-accumulate"))


@pytest.mark.parametrize("exercise", COURSE)
def test_notebook_scores_what_the_files_score(exercise, class_batch):
    rows = class_batch(exercise)
    for files, notebook in (("starter", "starter-notebook"), ("solution", "solution-notebook")):
        assert rows[notebook]["score"] == rows[files]["score"]
        assert _statuses(rows[notebook]) == _statuses(rows[files])


@pytest.mark.parametrize("exercise, mistake", [(e, m) for e, ms in MISTAKES.items() for m in ms])
def test_each_mistake_fails_exactly_its_tests(exercise, mistake, class_batch):
    row = class_batch(exercise)[mistake]
    now = (row["score"], sorted(name for name, status in _statuses(row).items() if status != "passed"))
    assert row["status"] == "graded"
    assert now == MISTAKES[exercise][mistake], f"MISTAKES[{exercise!r}] now has {mistake!r}: {now!r},"


@pytest.mark.parametrize("mistake", [m.name for m in fit_line_mistakes().MISTAKES])
def test_each_named_mistake_of_the_training_loop_is_named_by_every_test_it_fails(mistake, class_batch):
    titles = {m.name: m.title for m in fit_line_mistakes().MISTAKES}
    failing = [t for t in class_batch("11-fit-line")[f"mistake-{mistake}"]["tests"] if t["status"] != "passed"]
    assert failing
    for test in failing:
        named = [name for name, title in titles.items() if f"those of a loop that {title}." in test["output"]]
        assert mistake in named, (test["name"], test["output"])
        # two loops that agree on a short probe are both named there (never-cleared, cleared-every-other-step on two
        # steps, session 39)
        assert len(named) == 1 or (set(named) == {"never-cleared", "cleared-every-other-step"}
                                   and test["name"] == "step/second"), (test["name"], test["output"])


def _output(class_batch, exercise, sub_id, test):
    return next(t["output"] for t in class_batch(exercise)[sub_id]["tests"] if t["name"] == test)


@pytest.mark.parametrize("exercise, sub_id, test, words", [
    ("01-mul-backward", "starter", "mul/values",
     "y = a * b at a = 3, b = -2: your engine raised NotImplementedError: 01-mul-backward: write the _backward "
     "of Value.__mul__ (engine.py, line 46, in _backward)"),
    ("02-accumulate", "starter", "shared/a*a", "a.grad for y = a * a at a = 3: expected 6.0, got 3.0"),
    ("03-tanh", "tanh-by-exp", "saturation/large-input",
     "y = tanh(x) at x = 400 (math.exp(2 * x) would overflow here): your tanh raised OverflowError: math range "
     "error (engine.py, line 64). A float overflows past about 1e308: exp(2x) does for x above about 355, and so "
     "does cosh(x)**2. Use math.tanh, or exp(-2|x|), which stays between 0 and 1, and take the local derivative "
     "from the output: 1 - t**2."),
    ("05-backward", "variant-recursive-topo", "deep/10000-chain",
     "x = Value(0.5); then 10,000 times x = x * 1.0001 + 0.0001; backward() from the last x: backward() raised "
     "RecursionError. A recursive topological sort goes one Python call deeper per node; sort with an explicit "
     "stack (or a loop) instead."),
    ("06-gradcheck", "loose-tolerance", "gradcheck/half-a-percent",
     "gradcheck for x * Value(0.01 * x.data) + 0.99 * x * x at 1.2 passes (ok=True; analytic 2.388, numeric "
     "2.4), but backprop's gradient is wrong here, and gradcheck is there to catch that"),
    ("06-gradcheck", "forward-difference", "numerical/known-functions",
     "numerical_grad for exp at 1: expected 2.718281828 to within 2e-09 relative, got 2.718283. With the h given, "
     "your numerical_grad computes (f(x + h) - f(x)) / h: central differences are (f(x + h) - f(x - h)) / 2h, with "
     "h near 1e-6."),
    ("07-mlp-xor", "no-bias-parameter", "parameters/counts",
     "Neuron(3).parameters() has 3 entries, expected 4 (each neuron: one weight per input, and a bias)"),
    # session 30: the test about a named mistake names it
    ("07-mlp-xor", "weight-data", "backward/mlp",
     "sorted(grads)[1] for MLP(2, [3, 1]) with every parameter 0.3: the gradients of (out - 1) ** 2 at x = (1, 0.5), "
     "sorted: expected -0.1630629882, got -0.0459487799 (11 more values differ). Your numbers are those of a network "
     "that multiplies each input by its weight's number (`w.data`), not the weight, so no gradient reaches the "
     "weights."),
    ("07-mlp-xor", "no-zero-grad", "train/train-xor",
     "train_xor(seed=0, steps=300): in 299 steps of 300, backward() ran while the gradients of the steps before "
     "were still in `.grad`, and the loss never got below 0.001 (lowest: 0.254688578). backward() adds into "
     "`.grad`, so each update moved the weights by the sum of every gradient so far: call model.zero_grad() before "
     "loss.backward() in every step"),
    ("08-dual-numbers", "tanh-from-input", "rule/tanh",
     "the derivative of f(x) = tanh(x / 2) at x = 4 (tanh'(2) ≈ 0.0707, times the inner derivative, 1/2): forward "
     "mode (your Dual, seeded with 1) gives -1.5, reverse mode (backward()) gives 0.0353254124"),
    ("10-neuron", "sums-differences", "compare/planted",
     "largest_relative_difference with dy/db = 0.55 against 0.5 (10%) and dy/dx1 = -1.575 against -1.5 (5%): "
     "expected 0.0909090909 (the largest |g - r| / max(|g|, |r|) over the five gradients), got 0.1385281385"),
    ("11-fit-line", "mistake-sum-not-mean", "loss/mean",
     "loss for loss = mse(w, b) at the start, w = -1, b = 0, and its gradients after loss.backward(): expected "
     "41.5, got 166.0 (2 more values differ). Your numbers are those of a loop that sums the squared errors "
     "instead of taking their mean. The sum of the four squared errors is 4 times their mean, so the loss, both "
     "gradients and every step are 4 times the mean's. Divide the sum by the number of points."),
    ("11-fit-line", "mistake-update-mid-backward", "step/first",
     "w for train_line(1, 0.05): one step from w = -1, b = 0: expected 0.2, got 0.0638972656 (2 more values "
     "differ). Your numbers are those of a loop that moves w and b in the middle of the backward pass, after "
     "each point's share of the gradient. Every gradient of a step must come from one forward pass and one "
     "backward pass, before any parameter moves. A backward pass per point with an update after each computes "
     "the later points' shares at parameters that have already moved: a different algorithm, with other steps."),
    ("09-write-tests", "starter", "reference/passes",
     "your test file defines no tests: write functions whose names start with test_, each asserting what a "
     "correct engine does. A test must pass on a correct engine before failing on a buggy one counts."),
    ("09-write-tests", "starter", "catches/no-seed",
     "no credit until your tests pass on the reference engine (see reference/passes)"),
])
def test_feedback_names_the_mistake(exercise, sub_id, test, words, class_batch):
    assert _output(class_batch, exercise, sub_id, test) == words


@pytest.mark.slow  # `grade` on a class folder, in the sandbox
def test_grade_run_with_an_exercise_end_to_end(tmp_path):
    """`grade submissions/ --exercise 03-tanh`: the instructor's command, on a folder and a notebook."""
    import json

    from click.testing import CliRunner
    from conftest import write_folder

    from grader.cli import main
    from grader.classroom.notebooks import notebook
    from grader.classroom.starters import solution_files

    files = solution_files("03-tanh")
    write_folder(tmp_path / "class" / "alice", files)
    readme = (EXERCISES_DIR / "03-tanh" / "README.md").read_text()
    (tmp_path / "class" / "bob.ipynb").write_text(notebook("03-tanh", files, readme))
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, [str(tmp_path / "class"), "--exercise", "03-tanh", "--no-cache", "-o", str(out)])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text())
    full = full_marks("03-tanh")  # from the suite: a test added to it changes no line here
    assert scores["exercise"] == "03-tanh" and scores["max_score"] == full
    assert [(r["id"], r["status"], r["score"]) for r in scores["submissions"]] == [
        ("alice", "graded", full), ("bob", "graded", full)]
