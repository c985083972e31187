"""The general case: engines written independently of the fixtures and the variant library.

`tests/fixtures/general/` holds correct engines built in styles nothing else in
the project uses (a dict of totals written back, a recursive sort under a raised
recursion limit, `-` and `/` with their own local derivatives, tanh from exp,
`__slots__`, `total_ordering`, the operator module, a dataclass with graphlib, the
lecture's labelled Value), bugs no variant makes, and variants' mistakes written
into an engine whose `-`, `/` and unary `-` are operations of their own. The bar:
a correct engine scores full with nothing said; a bug loses points on the tests
about it; a finding names only a mistake the engine makes, and says nothing
rather than guess. One batch, graded once for the module.
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from suite_facts import full_marks

from grader.pipeline import grade
from grader.diagnose.hints import static_hints
from grader.sandbox import Limits


GENERAL = Path(__file__).parent / "fixtures" / "general"
FULL = full_marks("engine")  # from the suite's declared points

LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)

CORRECT = ["correct-dataclass-graphlib", "correct-dict-writeback", "correct-direct-subdiv", "correct-eq-by-data",
           "correct-karpathy-label", "correct-operator-edges", "correct-recursive-raised-limit",
           "correct-slots-identity", "correct-tanh-exp2x"]

# id -> (score, failing tests, diagnosis as (kind, variant or hint, match))
BUGS = {
    # no variant makes these, and no local derivative is wrong: nothing is said, not even the variant whose
    # numbers they share on some probes
    # since probes25 with diag25 (pow_inner in pow/fractional): `**`'s rule is named as fitting no classic form
    "bug-pow-int-exponent": (62.6667, ["pow/fractional"], [("derivative", "pow", "unmatched")]),
    # a hash by data merges (a + 5) and (5 + a): the tests whose expressions it breaks, and nothing is said
    "bug-eq-hash-by-data": (60.0, ["add/constant", "mul/constant", "neuron/tanh"], []),
    # breadth-first is not topological: backward/order's d = c * a (c built from a * a) catches it; partial
    # credit on the random graphs it gets right; named since the walks may show it on any probe of W (walks.py)
    "bug-bfs-order": (56.25, ["backward/order", "micrograd/more-ops", "random/reference-1-8", "random/torch-9-16"],
                      [("walk", "breadth-first", "exact")]),
    # a `/` of its own whose b gets +a / b²: its own tests, once, and the local derivative names it
    "bug-div-denominator-sign": (61.0, ["div/constant", "div/values"], [("derivative", "div", "sign")]),
    # `=` in a `__sub__` of its own: no finding names `__add__` or `__mul__`; the hint names the line
    "bug-sub-assign": (55.75, ["gradcheck/relu-sum", "micrograd/more-ops", "random/reference-1-8",
                               "random/torch-9-16", "shared/a-a"], [("hint", "assign-grad", None)]),
    # variants' mistakes in an engine with -, / and unary - of their own (styles.py: derived-ops-direct)
    "style-mul-assign": (37.0, ["backward/long-sum", "backward/order", "backward/seed", "gradcheck/rational",
                                "gradcheck/relu-sum", "gradcheck/tanh-mix", "loss/softplus", "micrograd/more-ops",
                                "micrograd/sanity-check", "mul/constant", "mul/shared-node", "random/reference-1-8",
                                "random/torch-9-16", "shared/a*a+a", "shared/deep-diamond", "shared/intermediate",
                                "shared/three-paths", "values/int-data"],
                         [("variant", "mul-assign-not-accumulate", "style")]),
    "style-add-forgets-other": (28.1667, ["add/shared-node", "add/values", "backward/deep-chain", "backward/long-sum",
                                       "backward/order", "backward/seed", "div/constant", "exp/negative",
                                       "gradcheck/rational", "gradcheck/tanh-mix", "log/small", "loss/squared-error",
                                       "micrograd/more-ops", "micrograd/sanity-check", "mul/constant", "neuron/relu",
                                       "neuron/tanh", "pow/cube", "pow/fractional", "random/reference-1-8",
                                       "random/torch-9-16", "relu/zero", "shared/a*a+a", "shared/deep-diamond",
                                       "shared/intermediate", "shared/three-paths", "tanh/two", "values/int-data"],
                                [("variant", "add-forgets-other", "style")]),
    # pow's own tests only: the losses and graphs built on `**` are not charged again
    "style-pow-missing-k": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-missing-k", "exact")]),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    result = grade(GENERAL, limits=LIMITS, jobs=2, cache_dir=tmp_path_factory.mktemp("general") / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def _failing(row):
    return sorted(t["name"] for t in row["tests"] if t["status"] != "passed")


def _diagnosis(row):
    return [(d["kind"], d.get("variant") or d.get("walk") or d.get("hint") or d.get("method") or d.get("op"),
             d.get("match") or d.get("form")) for d in row["diagnosis"]]


def test_every_engine_here_is_graded(rows):
    assert sorted(rows) == sorted(p.name for p in GENERAL.iterdir() if p.is_dir())
    assert set(rows) == set(CORRECT) | set(BUGS) | {"bug-zero-in-loop"}
    assert all(row["status"] == "graded" and row["max_score"] == FULL for row in rows.values())


@pytest.mark.parametrize("case", CORRECT)
def test_a_correct_engine_scores_full_and_nothing_is_said(rows, case):
    row = rows[case]
    assert (row["score"], _failing(row), row["diagnosis"]) == (FULL, [], [])


@pytest.mark.parametrize("case", sorted(BUGS))
def test_a_bug_loses_its_tests_and_is_named_only_when_something_explains_it(rows, case):
    row = rows[case]
    assert (row["score"], _failing(row), _diagnosis(row)) == BUGS[case]


def test_zeroing_every_grad_inside_the_walk_is_not_called_a_missing_seed(rows):
    # one backward pass gives all-zero gradients for this engine and for `no-seed` alike; its source,
    # which sets the seed before the walk, rules out both seed variants: the seed was set and then wiped out
    # (`seed-wiped`, which names a grad set to 0 inside the loop; before session 24 nothing was said)
    row = rows["bug-zero-in-loop"]
    assert row["score"] == 4.0
    assert _diagnosis(row) == [("hint", "seed-wiped", None)]
    assert row["diagnosis"][0]["line"] == 110  # backward's own line, where the seed is set before the walk


def _hints(source):
    return [(h["hint"], h["line"]) for h in static_hints({"engine.py": source.encode()})]


def test_a_write_back_of_summed_totals_in_backward_is_no_assignment_hint():
    write_back = ("class Value:\n    def backward(self):\n        totals = {}\n"
                  "        def write_back(order):\n            for n in order:\n                n.grad = totals[n]\n")
    overwrite = ("class Value:\n    def backward(self):\n        def push(n):\n"
                 "            for p, d in n.edges:\n                p.grad = d * n.grad\n")
    assert _hints(write_back) == []
    assert _hints(overwrite) == [("assign-grad", 5)]  # reads a gradient: the classic `=` in an edge-list walk


def test_a_recursive_sort_under_a_raised_recursion_limit_is_no_hint():
    recursive = ("class Value:\n    def backward(self):\n        seen, order = set(), []\n"
                 "        def build(v):\n            if v not in seen:\n                seen.add(v)\n"
                 "                for c in v._prev:\n                    build(c)\n                order.append(v)\n")
    assert _hints(recursive) == [("recursive-topo", 4)]
    assert _hints("import sys\nsys.setrecursionlimit(100_000)\n" + recursive) == []
    assert _hints("from sys import setrecursionlimit\nsetrecursionlimit(10**6)\n" + recursive) == []


def test_seed_facts_read_from_the_source():
    from grader.diagnose.hints import seed_facts

    def facts(body):
        source = "class Value:\n    def backward(self):\n" + "".join(f"        {line}\n" for line in body)
        return seed_facts({"engine.py": source.encode()})

    assert facts(["self.grad = 1", "for n in reversed(topo):", "    n._backward()"]) == {
        "seeds": True, "seeds_before_walk": True, "line": 2}
    # the loop that builds the order comes first, then the seed, then the loop that runs the rules
    assert facts(["for n in walk(self):", "    topo.append(n)", "self.grad = 1", "for n in reversed(topo):",
                  "    n._backward()"]) == {"seeds": True, "seeds_before_walk": True, "line": 2}
    # a nested build_topo's loop is a definition, not the walk: what runs is the call, then the seed
    assert facts(["def build_topo(v):", "    for c in v._prev:", "        build_topo(c)", "    topo.append(v)",
                  "build_topo(self)", "self.grad = 1", "for n in reversed(topo):", "    n._backward()"]) == {
        "seeds": True, "seeds_before_walk": True, "line": 2}
    assert facts(["for n in reversed(topo):", "    n._backward()", "self.grad = 1.0"]) == {
        "seeds": True, "seeds_before_walk": False}
    assert facts(["for n in reversed(topo):", "    n._backward()"]) == {"seeds": False, "seeds_before_walk": False}


# -- fresh engines: each mistake costs once, and the real bug is named (issue 12) -----------------------------

FIXTURES = Path(__file__).parent / "fixtures"
FRESH = ("charging", "single-bug", "real-looking")

TANH_TESTS = ["tanh/negative", "tanh/saturated", "tanh/two", "tanh/zero"]
# id -> (score, tests not passed, diagnosis as (kind, variant / hint / method / op, match / form))
CHARGING = {
    # missing only `__rtruediv__`: div/constant charges it; the more-ops check, the rational gradient check
    # and the random graphs that need `2 / a` do not charge it again (61/62 = 98%)
    "closures-no-rtruediv": (62.0, ["div/constant"], [("missing-op", "__rtruediv__", None)]),
    # missing only tanh: the four tanh tests, nothing else (deep diamond, tanh neuron, losses, graphs pass)
    "edges-no-tanh": (59.0, TANH_TESTS, [("missing-op", "tanh", None)]),
    "closures-no-transcendentals": (55.0, ["exp/negative", "exp/values", "log/small", "log/values", *TANH_TESTS],
                                    [("missing-op", "tanh", None), ("missing-op", "exp", None),
                                     ("missing-op", "log", None)]),
    # relu'(0) = 1: relu/zero, once
    "op-classes-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
}

# The real bug of each single-bug engine, and the whole diagnosis: (score, diagnosis, the entry naming it)
SINGLE_BUG = {
    "closures-annotation": (0.0, [("hint", "annotation-name-error", None)], 0),
    "closures-backward-shadowed": (4.0, [("hint", "backward-shadowed", None)], 0),
    "closures-exp-no-factor": (61.0, [("derivative", "exp", "one")], 0),
    "closures-forward-order": (14.1667, [("variant", "forward-order", "exact")], 0),
    # 26.6667 before holes28: relu/positive's relu(a) * a * 3, where relu(a) is a, is right for it
    "closures-mul-self-data": (26.8334, [("derivative", "mul", "other-for-both")], 0),
    "closures-relu-ge": (62.0, [("variant", "relu-at-zero", "exact")], 0),
    "closures-rsub-self-plus-other": (62.0, [("derivative", "rsub", "self-plus-other")], 0),
    "dictgrads-add-forgets-other": (28.1667, [("variant", "add-forgets-other", "style")], 0),
    "dictgrads-div-sign": (61.0, [("derivative", "div", "sign")], 0),
    "dictgrads-grad-starts-one": (0.0, [("variant", "grad-starts-one", "exact")], 0),
    "dictgrads-log-output": (61.0, [("variant", "log-output", "exact")], 0),
    "dictgrads-sub-sign": (61.0, [("derivative", "sub", "sign")], 0),
    "edges-log-squared": (61.0, [("derivative", "log", "squared")], 0),
    "edges-neg-plus-one": (62.0, [("derivative", "neg", "plus-one")], 0),
    "edges-no-seed": (4.0, [("variant", "no-seed", "exact")], 0),
    "edges-tanh-input": (60.0, [("variant", "tanh-input", "exact")], 0),
    "edges-tanh-twice": (60.0, [("derivative", "tanh", "applied-twice")], 0),
    "functional-backward-typo": (12.5, [("hint", "backward-typo", None)], 0),
    "functional-mul-assign": (35.0, [("variant", "mul-assign-not-accumulate", "exact")], 0),
    "functional-pow-k-not-k-1": (59.0, [("variant", "pow-no-minus-one", "exact")], 0),
    # 60.5 before holes28: relu/positive's relu(a) * a * 3, a positive, is right for a relu passing every gradient
    "functional-relu-pass-through": (60.6667, [("variant", "relu-pass-through", "exact")], 0),
    "functional-rsub-self-minus-other": (62.0, [("variant", "rsub-order", "exact")], 0),
    "opclasses-div-not-squared": (61.0, [("derivative", "div", "not-squared")], 0),
    "opclasses-exp-input": (61.0, [("variant", "exp-input", "exact")], 0),
    "opclasses-pow-missing-k": (61.0, [("variant", "pow-missing-k", "exact")], 0),
    "opclasses-tanh-one-minus-t": (60.0, [("variant", "tanh-one-minus-t", "exact")], 0),
}
FRESH_CORRECT = ["correct-closures", "correct-dictgrads", "correct-edges", "correct-functional", "correct-opclasses"]

# micrograd-like engines (a recursive sort, a set of children) each missing an op and with one wrong-number bug
REAL_LOOKING = {
    # 4, as closures-backward-shadowed without the missing log: its core is wrong, so nothing is excused (it
    # was 7: the expressions that need log were excused, though the shadowed backward() fails them too)
    "real-backward-shadowed-no-log": (4.0, [("hint", "backward-shadowed", None), ("missing-op", "log", None),
                                            ("hint", "recursive-topo", None)], 0),
    "real-log-output-no-neg": (56.0, [("missing-op", "__neg__", None), ("variant", "log-output", "exact"),
                                      ("variant", "recursive-topo", "exact")], 1),
    "real-relu-ge-no-exp-log": (56.0, [("missing-op", "exp", None), ("missing-op", "log", None),
                                       ("variant", "recursive-topo", "exact"), ("variant", "relu-at-zero", "exact")], 3),
    "real-rsub-self-minus-other-no-tanh": (56.0, [("missing-op", "tanh", None), ("variant", "recursive-topo", "exact"),
                                                  ("variant", "rsub-order", "exact")], 2),
    "real-rsub-self-plus-other-no-rtruediv": (59.0, [("variant", "recursive-topo", "exact"),
                                                     ("missing-op", "__rtruediv__", None),
                                                     ("derivative", "rsub", "self-plus-other")], 2),
    "real-sub-backward-no-log": (58.0, [("missing-op", "log", None), ("variant", "recursive-topo", "exact"),
                                        ("derivative", "sub", "sign")], 2),
    "real-tanh-input-no-relu": (55.0, [("missing-op", "relu", None), ("variant", "tanh-input", "exact"),
                                       ("variant", "recursive-topo", "exact")], 1),
    "real-truediv-backward-no-exp": (58.0, [("missing-op", "exp", None), ("variant", "recursive-topo", "exact"),
                                            ("derivative", "div", "not-squared")], 2),
}


@slow_fixture(scope="module")
def fresh(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fresh")
    folder = tmp / "class"
    folder.mkdir()
    for group in FRESH:
        for case in (FIXTURES / group).iterdir():
            shutil.copytree(case, folder / case.name)
    result = grade(folder, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def _entry(entry):
    return (entry["kind"], entry.get("variant") or entry.get("hint") or entry.get("method") or entry.get("op"),
            entry.get("match") or entry.get("form"))


def test_every_fresh_engine_is_in_a_table(fresh):
    assert set(fresh) == set(CHARGING) | set(SINGLE_BUG) | set(REAL_LOOKING) | set(FRESH_CORRECT)


@pytest.mark.parametrize("case", sorted(CHARGING))
def test_a_missing_or_wrong_op_is_charged_once(fresh, case):
    row = fresh[case]
    assert (row["score"], _failing(row), [_entry(e) for e in row["diagnosis"]]) == CHARGING[case]


def test_missing_only_rtruediv_keeps_at_least_93_percent(fresh):
    row = fresh["closures-no-rtruediv"]
    assert row["score"] / row["max_score"] >= 0.93
    more_ops = next(t for t in row["tests"] if t["name"] == "micrograd/more-ops")
    assert more_ops["status"] == "passed" and more_ops["output"].startswith("Not charged again: ")
    assert "needs `2 / a`, which div/constant already charges" in more_ops["output"]


@pytest.mark.parametrize("case", FRESH_CORRECT)
def test_a_fresh_correct_engine_scores_full_and_nothing_is_said(fresh, case):
    assert (fresh[case]["score"], fresh[case]["diagnosis"]) == (FULL, [])


@pytest.mark.parametrize("case", sorted(SINGLE_BUG) + sorted(REAL_LOOKING))
def test_a_fresh_engine_gets_its_exact_score_and_diagnosis(fresh, case):
    score, diagnosis, _ = {**SINGLE_BUG, **REAL_LOOKING}[case]
    row = fresh[case]
    assert (row["score"], [_entry(e) for e in row["diagnosis"]]) == (score, diagnosis)


def test_the_real_bug_is_named_for_every_fresh_engine():
    """The figures of issue 12: the entry that names each engine's real bug, by kind (the tables above)."""
    named = {case: table[case][1][table[case][2]] for table in (SINGLE_BUG, REAL_LOOKING) for case in table}
    assert sum(case in SINGLE_BUG for case in named) == 26 and sum(case in REAL_LOOKING for case in named) == 8
    kinds = [kind for kind, _, _ in named.values()]
    assert (kinds.count("variant"), kinds.count("derivative"), kinds.count("hint")) == (18, 12, 4)
