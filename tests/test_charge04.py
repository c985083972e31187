"""Each mistake costs once in 03-tanh and 04-more-ops, as in the engine suite (grader/judge/charging.py).

`tests/fixtures/charge04/04-more-ops/` holds four fresh correct engines in unusual styles (local-derivative pairs and
no closures, unary ops from a table bound by `functools.partialmethod`, the core in a base class and 04's ops in a
mixin, `__slots__` with rules that return local derivatives summed in a dict). `PLANTED` plants one mistake in a copy
of one of them: exp's local derivative times its input, log's 1/x missing, pow's exponent off by one, `-a` passing
the gradient unchanged, `2 - a` as `a - 2`, the quotient rule with b's sign lost, the exponent kept on the class (a
stale state: `x ** 0.5 + x ** -1` takes -1 for both), log's `=` for `+=`, an exp still a stub that raises as the
starter's; and in 03's solution, tanh without `* out.grad`, tanh's `=` for `+=`.

04-more-ops checks through an `OwnTests` table since 0689d7a; its fresh engines here held (each mistake on its own
tests). 03-tanh charged a wrong tanh again in every graph test (graph/*): `tanh` without `* out.grad` scored 12/17,
the course's `1 - t` 3/17. Now it checks through a table of its own too (its `__init__.py`), with
`excuse_missing=False` as 04: only a tanh wrong in numbers is excused, so the untouched starter stays at 0.
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.classroom.starters import solution_files
from grader.pipeline import grade
from test_fresh_styles import LIMITS
from test_strangers23 import _planted

FIXTURES = Path(__file__).parent / "fixtures" / "charge04"

# id -> (the correct engine it is planted in: a fixture, or "solution", the instructor's; [(text, replaced by)])
PLANTED = {
    "04-more-ops": {
        "bug-exp-times-input": ("correct-local-pairs", [('return Value(e, [(self, e)], "exp")',
                                                         'return Value(e, [(self, e * self.data)], "exp")')]),
        "bug-log-no-reciprocal": ("correct-partialmethod-table", [('"log": (math.log, lambda x, y: 1.0 / x)',
                                                                   '"log": (math.log, lambda x, y: 1.0)')]),
        "bug-pow-exponent-off-by-one": ("correct-mixin-composed", [
            ("self.grad += k * math.pow(self.data, k - 1) * out.grad",
             "self.grad += k * math.pow(self.data, k) * out.grad")]),
        "bug-neg-sign": ("correct-grad-dict-walk", [('"neg", lambda: (-1,))', '"neg", lambda: (1,))')]),
        "bug-rsub-order": ("correct-local-pairs", [("return Value.lift(other) - self",
                                                    "return self - Value.lift(other)")]),
        "bug-truediv-rule": ("correct-grad-dict-walk", [("lambda: (1 / b, -self.data / (b * b))",
                                                         "lambda: (1 / b, self.data / (b * b))")]),
        # a stale state: the exponent kept on the class, so `x ** 0.5 + x ** -1` takes -1 for both
        "bug-pow-exponent-on-class": ("correct-partialmethod-table", [
            ('        out = Value(self.data ** k, (self,), f"**{k}")\n\n        def _backward():\n'
             '            self.grad += k * self.data ** (k - 1) * out.grad',
             '        Value.exponent = k\n        out = Value(self.data ** k, (self,), f"**{k}")\n\n'
             '        def _backward():\n'
             '            self.grad += Value.exponent * self.data ** (Value.exponent - 1) * out.grad')]),
        "bug-log-assigns-grad": ("correct-mixin-composed", [("self.grad += (1 / self.data) * out.grad",
                                                             "self.grad = (1 / self.data) * out.grad")]),
        "unfinished-exp-stub": ("correct-mixin-composed", [
            ('    def exp(self):\n        out = type(self)(math.e ** self.data, (self,), "exp")',
             '    def exp(self):\n        raise NotImplementedError("04-more-ops: write Value.exp")\n'
             '        out = type(self)(math.e ** self.data, (self,), "exp")')]),
    },
    "03-tanh": {
        "bug-tanh-no-upstream": ("solution", [("(1 - t**2) * out.grad", "(1 - t**2)")]),
        "bug-tanh-assigns-grad": ("solution", [("self.grad += (1 - t**2) * out.grad",
                                                "self.grad = (1 - t**2) * out.grad")]),
    },
}

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
    # probes26: pow/fractional reads pow_inner too (two bases of one exponent -1), which this mistake gets right
    "bug-pow-exponent-on-class": (29.3333, {"pow/fractional": 0.3333}),
    # before 28.0: log/values all or nothing; now one of its two expressions
    "bug-log-assigns-grad": (29.0, {"log/values": 1.0}),
    # an op not written is charged wherever it is needed (excuse_missing=False): 23.0 before and after
    "unfinished-exp-stub": (23.0, {"exp/values": 0.0, "exp/negative": 0.0, "exp/zero": 0.0, "together/softplus": 0.0,
                                   "together/sigmoid": 0.0, "together/numeric-exp-log": 0.0}),
}

TANH = {
    # before 12.0: graph/tanh-of-tanh, graph/shared-tanh, graph/loss and graph/numeric charged it again; since probes26
    # tanh/two too, whose tanh_inner multiplies a tanh by 2 (tanh's own tests, each where its upstream is not 1)
    "bug-tanh-no-upstream": (15.0, {"tanh/negative": 0.0, "tanh/two": 1.0}),
    # a graph whose tanh's input is used again shows it: tanh/two's tanh_inner since probes26 (graph/numeric before)
    "bug-tanh-assigns-grad": (16.0, {"tanh/two": 1.0}),
}

TABLES = {"04-more-ops": MORE_OPS, "03-tanh": TANH}


def _class(folder, exercise):
    """The exercise's correct fixtures as they are, and each planted mistake."""
    folder.mkdir()
    if (FIXTURES / exercise).is_dir():
        for case in (FIXTURES / exercise).iterdir():
            shutil.copytree(case, folder / case.name)
    for case, (base, patches) in PLANTED[exercise].items():
        (folder / case).mkdir()
        text = (solution_files(exercise)["engine.py"].encode() if base == "solution"
                else (FIXTURES / exercise / base / "engine.py").read_bytes())
        (folder / case / "engine.py").write_bytes(_planted(text, patches, case))


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    graded = {}
    for exercise in TABLES:
        tmp = tmp_path_factory.mktemp(f"charge04-{exercise}")
        _class(tmp / "class", exercise)
        result = grade(tmp / "class", exercise=exercise, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
        graded[exercise] = {row["id"]: row for row in result.scores["submissions"]}
    return graded


def _output(row, test):
    return next(t for t in row["tests"] if t["name"] == test)["output"]


def test_every_fixture_is_in_a_table(rows):
    for exercise, table in TABLES.items():
        correct = [p.name for p in (FIXTURES / exercise).iterdir()] if (FIXTURES / exercise).is_dir() else []
        assert sorted(rows[exercise]) == sorted(table) == sorted(correct + list(PLANTED[exercise]))


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_mistake_is_charged_on_its_own_tests_once(rows, exercise, case):
    row = rows[exercise][case]
    failing = {t["name"]: t["score"] for t in row["tests"] if t["status"] != "passed"}
    assert (row["score"], failing) == TABLES[exercise][case]


def test_an_expression_not_charged_again_says_which_test_charged_it(rows):
    row = rows["04-more-ops"]["bug-neg-sign"]
    assert _output(row, "together/sigmoid") == (
        "Not charged again: s = 1 / (1 + exp(-x)) at x = 0.7 needs `-a`, which neg/values already charges.")
    assert _output(rows["04-more-ops"]["bug-pow-exponent-off-by-one"], "div/values") == (
        "Not charged again: y = a / b at a = 3, b = 4: your engine builds `a / b` on your `a ** k` (k negative or "
        "fractional), which pow/fractional already charges.")
    assert _output(rows["03-tanh"]["bug-tanh-no-upstream"], "graph/loss") == (
        "Not charged again: loss = e * e with e = tanh(w * x + b) + (-1) at x = 0.5, w = 0.8, b = -0.2 needs `tanh`, "
        "which tanh/two already charges.")


def test_an_op_not_written_is_charged_where_it_is_needed(rows):
    row = rows["04-more-ops"]["unfinished-exp-stub"]
    assert _output(row, "together/sigmoid").startswith(
        "s = 1 / (1 + exp(-x)) at x = 0.7: your engine raised NotImplementedError: 04-more-ops: write Value.exp")
