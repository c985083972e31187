"""Session 35's trust: the grade of record's drawn inputs hold a run whatever ended it, and bugs far from 0.

1. A run that ends `crashed` or `timeout` in its fixed probes had its drawn ones observed too (observe/drawn_pass.py)
   and is cross-checked at them as a run that ended `ok` is (judge/cross_check.drawn_view); before, it kept the points
   its probes earned at the fixed inputs unchecked, so an engine right only at the fixed inputs' kind of number that
   also crashed its worker nine times (`quarters-exit`) scored 56.0834 beside its twin's 19.0834.
2. The drawn inputs keep each op's input in the cell it has at the fixed ones, so a mistake that starts far from 0 was
   caught only where a fixed input reaches it: an engine whose tanh was wrong below -2, or whose exp clamped at 2,
   scored 63 at every slot. The engine suite reads each op far from 0 too (`tanh_saturated_negative`, `exp_large`,
   `exp_large_negative`, `log_large`, `pow_large`), each with its op's fixed probe as one expression (a tuple in
   OWN.check), so that it costs exactly one expression of the test about it and an engine right wherever the fixed
   probe was right scores what it scored.

The engines: tests/fixtures/trust35/kahn.py (edge lists, Kahn's algorithm, tanh from exp: a style of its own), and
each with one mistake written into it below.
"""

import math
from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap

from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
RIGHT = (ROOT / "tests" / "fixtures" / "trust35" / "kahn.py").read_text(encoding="utf-8")
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)

EXP = "        e = math.exp(self.data)\n"
MUL = "        return Value(self.data * other.data, [(self, other.data), (other, self.data)])\n"
TANH_START = "        x = self.data\n        if x >= 0:"
# `*` right only where both operands are whole quarters, as the fixed inputs are (the kind of engine an answer table
# is: right where the inputs are the published ones), its operands' data swapped elsewhere
QUARTERS = ("        if float(self.data * 4).is_integer() and float(other.data * 4).is_integer():\n    " + MUL
            + "        return Value(self.data * other.data, [(self, self.data), (other, other.data)])\n")
EXITS = "        import os\n        os._exit(3)\n"
SLOPE = "        slope = 1.0 - t * t\n"
READY = "        ready = deque([self])\n"


def _with(*changes):
    text = RIGHT
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


# name -> (its source, its status, its score, {test lost: points lost})
ENGINES = {
    "right": (RIGHT, "graded", 63.0, {}),
    # one mistake far from 0 each: the test about it loses one expression's share, nothing else
    "tanh-guard-neg2": (_with((TANH_START, "        x = self.data\n        if x < -2:\n            return Value(-1.0, "
                                           "[(self, 0.0)])\n        if x >= 0:")),
                        "graded", 62.0, {"tanh/saturated": 1.0}),
    "tanh-slope-neg3": (_with((SLOPE, "        slope = 1.0 - t * t if x > -3 else 0.0\n")),
                        "graded", 62.0, {"tanh/saturated": 1.0}),
    "exp-clamp-2": (_with((EXP, "        e = math.exp(min(self.data, 2.0))\n")), "graded", 62.5, {"exp/values": 0.5}),
    "exp-raise-3": (_with((EXP, "        if self.data > 3:\n"
                                "            raise OverflowError('math range error')\n" + EXP)),
                    "graded", 62.5, {"exp/values": 0.5}),
    "exp-flush-neg5": (_with((EXP, "        e = math.exp(self.data) if self.data > -5 else 0.0\n")),
                       "graded", 62.5, {"exp/negative": 0.5}),
    "log-clamp-20": (_with(("        return Value(math.log(x), [(self, 1.0 / x)])",
                            "        x = min(x, 20.0)\n        return Value(math.log(x), [(self, 1.0 / x)])")),
                     "graded", 62.5, {"log/values": 0.5}),
    "pow-abs-base-4": (_with(("        base = self.data\n",
                              "        base = self.data if self.data > -4 else -self.data\n")),
                       "graded", 62.6667, {"pow/cube": 0.3333}),
    # relu'(0) is 0 (the course: "relu: 1 where the output is positive, else 0"): relu/zero had it before
    "relu-kink-ge": (_with(("        on = self.data > 0\n", "        on = self.data >= 0\n")),
                     "graded", 62.0, {"relu/zero": 1.0}),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trust35") / "class"
    folder.mkdir()
    for name, (source, *_) in {**ENGINES, **CRASHING}.items():
        (folder / f"{name}.py").write_text(source, encoding="utf-8")
    graded = grade(folder, limits=LIMITS, jobs=2)
    assert graded.sandbox == "bubblewrap"
    return {r["id"]: r for r in graded.scores["submissions"]}


def _lost(row):
    return {t["name"]: round(t["max_score"] - t["score"], 4) for t in row["tests"] if t["score"] < t["max_score"]}


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_mistake_far_from_0_costs_the_test_about_it_once(rows, name):
    _, status, score, lost = ENGINES[name]
    row = rows[name]
    assert (row["status"], row["score"], _lost(row)) == (status, score, lost)


# name -> (its source, its status, its score, what it scored before session 35): a run that ends `crashed` is held
# to the drawn inputs too
CRASHING = {
    "quarters": (_with((MUL, QUARTERS)), "graded", 19.0834, 19.0834),
    # the same, its exp killing its worker: nine crashes end the run in the fixed probes, so that before, nothing of
    # it was checked at the drawn inputs; its exp tests lost, the ones that need exp excused (charged once)
    "quarters-exit": (_with((MUL, QUARTERS), (EXP, EXITS + EXP)), "crashed", 22.0834, 56.0834),
    # honest crashes keep their scores: a correct engine whose tanh kills its worker loses what needs tanh and, once
    # its nine workers are spent, the probes left (docs/contract.md); every drawn probe it is asked it gets right
    "tanh-exit": (_with((SLOPE, EXITS + SLOPE)), "crashed", 52.0, 52.0),
    # killed (as by a memory limit) on a graph of more than 5,000 nodes: backward/deep-chain alone (its drawn chain,
    # 2,000 deep, is not run: its fixed one crashed)
    "deep-kill": (_with((READY, "        if len(seen) > 5000:\n" + EXITS.replace("        ", "            ") + READY)),
                  "graded", 61.0, 61.0),
}


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("name", sorted(CRASHING))
def test_a_run_that_ends_crashed_is_held_to_the_drawn_inputs_too(rows, name):
    _, status, score, _ = CRASHING[name]
    row = rows[name]
    assert (row["status"], row["score"]) == (status, score)


def test_each_op_far_from_0_is_read_with_its_fixed_probe_as_one_expression():
    """The new probes' expected values are the reference's (never torch's at grading time): here against the math of
    each op, to 1e-9 relative (the reference's tanh slope is 1 - t**2 from its output, which near saturation keeps
    about 1e-11 of 9e-6), and each is read by its op's own test beside the fixed probe it extends, as one expression
    (a tuple in OWN.check) and an isolating probe of that op (charged once)."""
    from grader.judge import suite_config, suite_probes
    from grader.suites import load_suite
    from reference.engine import Value

    p = suite_probes(ROOT / "grader" / "suites" / "engine" / "probes.py")
    t = math.tanh(-6.5)
    want = {"tanh_saturated_negative": {"y": t, "x.data": -6.5, "x.grad": 1 - t * t},
            "exp_large": {"y": math.exp(7.5), "x.data": 7.5, "x.grad": math.exp(7.5)},
            "exp_large_negative": {"y": math.exp(-7.5), "x.data": -7.5, "x.grad": math.exp(-7.5)},
            "log_large": {"y": math.log(75), "x.data": 75.0, "x.grad": 1 / 75},
            "pow_large": {"y": -274.625, "x.data": -6.5, "x.grad": 126.75}}
    for name, values in want.items():
        got = getattr(p, name)(Value)
        assert got.keys() == values.keys(), name
        assert all(math.isclose(got[k], v, rel_tol=1e-9) for k, v in values.items()), (name, got)
    suite = load_suite("engine")
    assert set(want) <= set(suite.probe_names)
    table = suite_config(suite.folder / "__init__.py").OWN.table
    owners = {probe.__name__: test for tests in table.values() for test, probes in tests for probe in probes}
    assert {name: owners.get(name) for name in want} == {
        "tanh_saturated_negative": "tanh/saturated", "exp_large": "exp/values", "exp_large_negative": "exp/negative",
        "log_large": "log/values", "pow_large": "pow/cube"}
