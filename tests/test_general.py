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

from pathlib import Path

import pytest

from grader.batch import grade
from grader.diagnose.hints import static_hints
from grader.sandbox import Limits

SLOW_FIXTURES = {"rows"}  # grades every engine style in the sandbox (tests/conftest.py)

GENERAL = Path(__file__).parent / "fixtures" / "general"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)

CORRECT = ["correct-dataclass-graphlib", "correct-dict-writeback", "correct-direct-subdiv", "correct-eq-by-data",
           "correct-karpathy-label", "correct-operator-edges", "correct-recursive-raised-limit",
           "correct-slots-identity", "correct-tanh-exp2x"]

# id -> (score, failing tests, diagnosis as (kind, variant or hint, match))
BUGS = {
    # no variant makes these: nothing is said, not even the variant whose numbers they share on some probes
    "bug-pow-int-exponent": (57.0, ["gradcheck/exp-log", "pow/fractional", "random/reference-1-8",
                                    "random/torch-9-16"], []),
    "bug-div-denominator-sign": (53.0, ["div/constant", "div/values", "gradcheck/rational", "loss/softplus",
                                        "micrograd/more-ops", "random/reference-1-8", "random/torch-9-16"], []),
    "bug-eq-hash-by-data": (47.0, ["add/constant", "backward/long-sum", "gradcheck/relu-sum", "micrograd/more-ops",
                                   "micrograd/sanity-check", "mul/constant", "neuron/relu", "neuron/tanh",
                                   "random/reference-1-8", "random/torch-9-16", "relu/zero"], []),
    # breadth-first is not topological: backward/order's d = c * a (c built from a * a) catches it
    "bug-bfs-order": (55.0, ["backward/order", "micrograd/more-ops", "random/reference-1-8", "random/torch-9-16"],
                      []),
    # `=` in a `__sub__` of its own: no finding names `__add__` or `__mul__`; the hint names the line
    "bug-sub-assign": (55.0, ["gradcheck/relu-sum", "micrograd/more-ops", "random/reference-1-8",
                              "random/torch-9-16", "shared/a-a"], [("hint", "assign-grad", None)]),
    # variants' mistakes in an engine with -, / and unary - of their own (styles.py: derived-ops-direct)
    "style-mul-assign": (37.0, ["backward/long-sum", "backward/order", "backward/seed", "gradcheck/rational",
                                "gradcheck/relu-sum", "gradcheck/tanh-mix", "loss/softplus", "micrograd/more-ops",
                                "micrograd/sanity-check", "mul/constant", "mul/shared-node", "random/reference-1-8",
                                "random/torch-9-16", "shared/a*a+a", "shared/deep-diamond", "shared/intermediate",
                                "shared/three-paths", "values/int-data"],
                         [("variant", "mul-assign-not-accumulate", "style")]),
    "style-add-forgets-other": (29.0, ["add/shared-node", "add/values", "backward/deep-chain", "backward/long-sum",
                                       "backward/order", "backward/seed", "div/constant", "gradcheck/rational",
                                       "gradcheck/tanh-mix", "loss/squared-error", "micrograd/more-ops",
                                       "micrograd/sanity-check", "mul/constant", "neuron/relu", "neuron/tanh",
                                       "pow/fractional", "random/reference-1-8", "random/torch-9-16", "relu/zero",
                                       "shared/a*a+a", "shared/deep-diamond", "shared/intermediate",
                                       "shared/three-paths", "values/int-data"],
                                [("variant", "add-forgets-other", "style")]),
    "style-pow-missing-k": (52.0, ["backward/long-sum", "gradcheck/exp-log", "loss/squared-error",
                                   "micrograd/more-ops", "pow/cube", "pow/fractional", "random/reference-1-8",
                                   "random/torch-9-16"], [("variant", "pow-missing-k", "style")]),
}


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    result = grade(GENERAL, limits=LIMITS, jobs=2, cache_dir=tmp_path_factory.mktemp("general") / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def _failing(row):
    return sorted(t["name"] for t in row["tests"] if t["status"] != "passed")


def _diagnosis(row):
    return [(d["kind"], d.get("variant") or d.get("hint"), d.get("match")) for d in row["diagnosis"]]


def test_every_engine_here_is_graded(rows):
    assert sorted(rows) == sorted(p.name for p in GENERAL.iterdir() if p.is_dir())
    assert set(rows) == set(CORRECT) | set(BUGS) | {"bug-zero-in-loop"}
    assert all(row["status"] == "graded" and row["max_score"] == 63.0 for row in rows.values())


@pytest.mark.parametrize("case", CORRECT)
def test_a_correct_engine_scores_full_and_nothing_is_said(rows, case):
    row = rows[case]
    assert (row["score"], _failing(row), row["diagnosis"]) == (63.0, [], [])


@pytest.mark.parametrize("case", sorted(BUGS))
def test_a_bug_loses_its_tests_and_is_named_only_when_a_variant_makes_it(rows, case):
    row = rows[case]
    assert (row["score"], _failing(row), _diagnosis(row)) == BUGS[case]


def test_zeroing_every_grad_inside_the_walk_is_not_called_a_missing_seed(rows):
    # one backward pass gives all-zero gradients for this engine and for `no-seed` alike; its source,
    # which sets the seed before the walk, rules out both seed variants, and nothing else explains it
    row = rows["bug-zero-in-loop"]
    assert row["score"] == 4.0
    assert _diagnosis(row) == []


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
        "seeds": True, "seeds_before_walk": True}
    assert facts(["for n in reversed(topo):", "    n._backward()", "self.grad = 1.0"]) == {
        "seeds": True, "seeds_before_walk": False}
    assert facts(["for n in reversed(topo):", "    n._backward()"]) == {"seeds": False, "seeds_before_walk": False}
