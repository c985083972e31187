"""Session 36 (charge36): a missing operator under an op that is asked for is charged once, on the missing op's test.

An engine without `__truediv__` whose `__rtruediv__` is `Value(other) / self`, without `__neg__` whose `__rsub__`
is `other + (-self)`, without `__pow__` whose `__rtruediv__` is `other * self ** -1`: the probe that needs `2 / a`
or `2 - a` raises inside the student's `__rtruediv__` / `__rsub__`, and the worker's facts name the method the class
lacks. The missing op's own test (div/values, neg/values, pow/cube) has charged it, but the
composition probe cannot trace it (Python refuses the operator before any method of the student's is called), so
the random graph that needs `2 / a` was charged again: random/reference-1-8 scored 1.75 of 2 (judge/charging.py,
`_missing_beneath`, now excuses it and says "your engine builds `2 / a` on your `a / b`").

What stays charged, on purpose: an op missing where the expression applies it itself (`a / 4` without
`__truediv__` is div/constant's own), and an op of the test's own that raised (sub/values' `a - b` through a
missing `__neg__`: the test's op may be what went wrong). An `__rtruediv__` written `other / self` with `other` an
int recurses by itself, with or without `__truediv__`: a second mistake, and random/reference-1-8 still charges it.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag35 import _plant
from test_fresh_styles import LIMITS

from grader.pipeline import grade

FIXTURES = Path(__file__).parent / "fixtures"
LIFTED = FIXTURES / "charge36" / "correct-lifted"  # micrograd's shape, a constant lifted by `Value.lift`
STACK = FIXTURES / "diag36" / "engine" / "correct-deque-stack"  # no lift: `other * -1`, `other * self ** -1`

TRUEDIV = "    def __truediv__(self, other):\n        return self * Value.lift(other) ** -1\n\n"
RTRUEDIV = "    def __rtruediv__(self, other):\n        return Value.lift(other) * self ** -1\n\n"
NEG = "    def __neg__(self):\n        return self * -1\n\n"
PLANTED = {
    "lifted-no-truediv": (LIFTED, [(TRUEDIV, "")]),
    "lifted-rtruediv-over-missing-truediv": (LIFTED, [(
        TRUEDIV + RTRUEDIV, "    def __rtruediv__(self, other):\n        return Value.lift(other) / self\n\n")]),
    "lifted-rtruediv-recursing": (LIFTED, [(
        TRUEDIV + RTRUEDIV, "    def __rtruediv__(self, other):\n        return other / self\n\n")]),
    "lifted-no-rsub": (LIFTED, [("    def __rsub__(self, other):\n        return Value.lift(other) + (-self)\n\n", "")]),
    "lifted-no-neg": (LIFTED, [(NEG, "")]),
    "lifted-no-pow": (LIFTED, [("    def __pow__(self, k):", "    def _unused_pow(self, k):")]),
    "stack-rtruediv-over-missing-truediv": (STACK, [(
        "    def __truediv__(self, other):\n        return self * other ** -1\n\n", ""),
        ("return other * self ** -1", "return Value(other) / self")]),
    "stack-rsub-over-missing-neg": (STACK, [(NEG, ""), ("return other + self * -1", "return other + (-self)")]),
}

# id -> (score, the tests not passed, random/reference-1-8's score); the score before charge36 in the comment
TABLE = {
    "correct-lifted": (63.0, [], 2.0),
    "correct-deque-stack": (63.0, [], 2.0),
    "lifted-no-truediv": (61.0, ["div/constant", "div/values"], 2.0),
    "lifted-rtruediv-over-missing-truediv": (61.0, ["div/constant", "div/values"], 2.0),  # 60.75: random 1.75
    # `2 / a` recurses in `__rtruediv__` itself (a second mistake): random/reference-1-8's graph #5 charges it
    "lifted-rtruediv-recursing": (60.75, ["div/constant", "div/values", "random/reference-1-8"], 1.75),
    "lifted-no-rsub": (62.0, ["sub/constant"], 2.0),
    # `a - b` and `2 - a` raise in sub's own methods: their tests are charged as before (ops of their own)
    "lifted-no-neg": (60.0, ["neg/values", "sub/constant", "sub/values"], 2.0),  # 59.75
    "lifted-no-pow": (59.0, ["div/constant", "div/values", "pow/cube", "pow/fractional"], 2.0),  # 58.75
    "stack-rtruediv-over-missing-truediv": (61.0, ["div/constant", "div/values"], 2.0),  # 60.75
    # `2 - a` raises in sub/constant's own `__rsub__`: that test is charged too, before as now (an op of its own)
    "stack-rsub-over-missing-neg": (61.0, ["neg/values", "sub/constant"], 2.0),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("charge36")
    folder = tmp / "class"
    folder.mkdir()
    shutil.copytree(LIFTED, folder / "correct-lifted")
    shutil.copytree(STACK, folder / "correct-deque-stack")
    for case, (base, patches) in PLANTED.items():
        _plant(base, folder / case, patches)
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def _test(row, name):
    return next(t for t in row["tests"] if t["name"] == name)


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE)


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_loses_its_tests(rows, case):
    row = rows[case]
    assert row["status"] == "graded", row["message"]
    lost = sorted(t["name"] for t in row["tests"] if t["status"] != "passed")
    assert (row["score"], lost, _test(row, "random/reference-1-8")["score"]) == TABLE[case]


@pytest.mark.parametrize("case,words", [
    ("lifted-rtruediv-over-missing-truediv",
     "random expression graph #5: your engine builds `2 / a` on your `a / b`, which div/values already charges"),
    ("lifted-no-neg", "random expression graph #6: your engine builds `2 - a` on your `-a`, which neg/values "
                      "already charges"),
    # `a ** k` missing is read as either power's (judge/charging.py's _named_by; before: a `pow-constant` no test
    # charges, so that pow's own tests' raising did not count as charged)
    ("lifted-no-pow", "random expression graph #5 needs `a ** k` (k a whole number) and `2 / a`, which div/constant "
                      "and pow/cube already charge"),
])
def test_the_random_test_says_which_test_charged(rows, case, words):
    assert words in _test(rows[case], "random/reference-1-8")["output"]
