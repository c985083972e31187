"""Each mistake costs once in 03-tanh and 04-more-ops, as in the engine suite (grader/judge/charging.py).

`tests/fixtures/charge04/<exercise>/` holds fresh engines written for it: one planted mistake each (exp's local
derivative times its input, log's 1/x missing, pow's exponent off by one, `-a` passing the gradient unchanged, `2 - a`
as `a - 2`, the quotient rule with b's sign lost, the exponent kept on the class (a stale state: `x ** 0.5 + x ** -1`
uses -1 for both), log's `=` for `+=`; tanh without `* out.grad`, tanh's `=` for `+=`), four correct ones in unusual
styles, and an engine whose exp is still the starter's stub.

04-more-ops checks through an `OwnTests` table since 0689d7a; its fresh engines here held (each mistake on its own
tests). 03-tanh charged a wrong tanh again in every graph test (graph/*): `tanh` without `* out.grad` scored 12/17,
the course's `1 - t` 3/17. Now it checks through a table of its own too (its `__init__.py`), with
`excuse_missing=False` as 04: only a tanh wrong in numbers is excused, so the untouched starter stays at 0.
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.pipeline import grade
from test_fresh_styles import LIMITS

FIXTURES = Path(__file__).parent / "fixtures" / "charge04"

# id -> (score, {failing test: its score}); before: the score on main before this change
MORE_OPS = {
    **{case: (30.0, {}) for case in ["correct-grad-dict-walk", "correct-local-pairs", "correct-mixin-composed",
                                     "correct-partialmethod-table"]},
    # before 23.0: together/softplus, together/sigmoid and together/numeric-exp-log charged it again
    "bug-exp-times-input": (27.0, {"exp/values": 1.0, "exp/negative": 0.0, "exp/zero": 0.0}),
    # before 25.0: together/softplus and together/numeric-exp-log
    "bug-log-no-reciprocal": (27.0, {"log/values": 0.0, "log/small": 0.0}),
    # before 15.0: div/*, built on `**`, and every together/* test
    "bug-pow-exponent-off-by-one": (26.0, {"pow/cube": 0.0, "pow/fractional": 0.0, "pow/negative-base": 0.0}),
    # before 18.0: sub/* (built on `-a`) and every together/* test
    "bug-neg-sign": (29.0, {"neg/values": 0.0}),
    "bug-rsub-order": (28.0, {"sub/constant": 0.0}),  # before 28.0 too: no other test uses `2 - a`
    # before 20.0: four together/* tests too; div/shared, a / (a + 1), is one of the tests about `/` (it owns div)
    "bug-truediv-rule": (25.0, {"div/values": 0.0, "div/constant": 0.0, "div/shared": 0.0}),
    # before 27.0: together/micrograd-more-ops (its `10 / f` is `f ** -1` after `e ** 2`)
    "bug-pow-exponent-on-class": (29.0, {"pow/fractional": 0.0}),
    # before 28.0: log/values all or nothing; now one of its two expressions
    "bug-log-assigns-grad": (29.0, {"log/values": 1.0}),
    # an op not written is charged wherever it is needed (excuse_missing=False): 23.0 before and after
    "unfinished-exp-stub": (23.0, {"exp/values": 0.0, "exp/negative": 0.0, "exp/zero": 0.0, "together/softplus": 0.0,
                                   "together/sigmoid": 0.0, "together/numeric-exp-log": 0.0}),
}

TANH = {
    # before 12.0: graph/tanh-of-tanh, graph/shared-tanh, graph/loss and graph/numeric charged it again
    "bug-tanh-no-upstream": (16.0, {"tanh/negative": 0.0}),
    # only a graph whose tanh's input is used again shows it: graph/numeric charges it, 16.0 before and after
    "bug-tanh-assigns-grad": (16.0, {"graph/numeric": 0.0}),
}

TABLES = {"04-more-ops": MORE_OPS, "03-tanh": TANH}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    graded = {}
    for exercise in TABLES:
        tmp = tmp_path_factory.mktemp(f"charge04-{exercise}")
        shutil.copytree(FIXTURES / exercise, tmp / "class")
        result = grade(tmp / "class", exercise=exercise, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
        graded[exercise] = {row["id"]: row for row in result.scores["submissions"]}
    return graded


def _output(row, test):
    return next(t for t in row["tests"] if t["name"] == test)["output"]


def test_every_fixture_is_in_a_table(rows):
    for exercise, table in TABLES.items():
        assert sorted(rows[exercise]) == sorted(table) == sorted(p.name for p in (FIXTURES / exercise).iterdir())


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_mistake_is_charged_on_its_own_tests_once(rows, exercise, case):
    row = rows[exercise][case]
    failing = {t["name"]: t["score"] for t in row["tests"] if t["status"] != "passed"}
    assert (row["score"], failing) == TABLES[exercise][case]


def test_an_expression_not_charged_again_says_which_test_charged_it(rows):
    row = rows["04-more-ops"]["bug-neg-sign"]
    assert _output(row, "together/sigmoid") == (
        "Not charged again: s = 1 / (1 + exp(-x)) at x = 0.7 needs `-a`, which neg/values already charges.")
    assert _output(row, "sub/values") == (
        "Not charged again: y = a - b at a = 5, b = 2: your engine builds `a - b` on your `-a`, which neg/values "
        "already charges.")
    assert _output(rows["03-tanh"]["bug-tanh-no-upstream"], "graph/loss") == (
        "Not charged again: loss = e * e with e = tanh(w * x + b) + (-1) at x = 0.5, w = 0.8, b = -0.2 needs `tanh`, "
        "which tanh/negative already charges.")


def test_an_op_not_written_is_charged_where_it_is_needed(rows):
    row = rows["04-more-ops"]["unfinished-exp-stub"]
    assert _output(row, "together/sigmoid").startswith(
        "s = 1 / (1 + exp(-x)) at x = 0.7: your engine raised NotImplementedError: 04-more-ops: write Value.exp")
