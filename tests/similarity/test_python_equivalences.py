"""Session 19 (simerr): spellings Python computes alike, read alike by the code's tokens (emitter.py, normalise.py).

- `range(0, n)` is `range(n)` and a step of 1 is none: a counting `while` read as its `for` (while_loops.py) was
  `range(0, n)`, the same `for` written by hand `range(n)`.
- A list comprehension handed to a builtin that walks it once (`sum`, `min`, `max`, `any`, `all`, `sorted`, `list`,
  `tuple`, `set`, `frozenset`, a string's `join`) is its generator: `sum([e for ...])` is `sum(e for ...)`.
- A function defined inside a function under a name of the student's that nothing there names is dead code, as a
  module's private function nothing names is: a one-line helper whose every call was inlined (inline_helpers.InlineHelpers)
  left its `def` behind inside the function, and not when it was written at the module.

The thirteenth class's Burak (t593: an inner `kare` helper, a generator) and his two level-3 copies (t296: the helper
moved to the module; t361: the generator as a list) were 0.673, 0.497 and, the two copies, 0.124 (the copies a
`twice` pair below eight negatives); now 0.83 each."""

import sys
from pathlib import Path

import pytest

from grader.similarity.normalise import read_source

REPO = Path(__file__).resolve().parents[2]


def tokens(source: str, unit: str = "f") -> str:
    return next(" ".join(u.tokens) for u in read_source(source, "engine.py").units if u.name == unit)


def test_a_range_from_zero_or_by_one_is_the_plain_range():
    plain = tokens("def f(xs):\n    for i in range(len(xs)):\n        g(xs[i])\n")
    assert plain == "def:f:1 { loop v call:1 range call:1 len v { Expr call:1 v Subscript v v } }"
    assert tokens("def f(xs):\n    for i in range(0, len(xs)):\n        g(xs[i])\n") == plain
    assert tokens("def f(xs):\n    for i in range(0, len(xs), 1):\n        g(xs[i])\n") == plain
    assert tokens("def f(xs):\n    i = 0\n    while i < len(xs):\n        g(xs[i])\n        i += 1\n") == plain
    # another start, step or a range the file rebinds stays as written
    assert "call:2 range 1 call:1 len v" in tokens("def f(xs):\n    for i in range(1, len(xs)):\n        g(xs[i])\n")
    assert "call:3 range 0 call:1 len v 2" in tokens("def f(xs):\n    for i in range(0, len(xs), 2):\n        g(i)\n")
    assert "call:2 v 0" in tokens("def f(xs, range):\n    for i in range(0, len(xs)):\n        g(i)\n")


@pytest.mark.parametrize("call", ["sum({})", "sum({}, 0)", "min({})", "max({}, key=abs)", "any({})", "all({})",
                                  "sorted({}, reverse=True)", "list({})", "tuple({})", "set({})", "frozenset({})",
                                  "', '.join({})"])
def test_a_list_comprehension_walked_once_is_its_generator(call):
    listed = tokens(f"def f(xs):\n    return {call.format('[x * x for x in xs if x]')}\n")
    assert listed == tokens(f"def f(xs):\n    return {call.format('(x * x for x in xs if x)')}\n")
    assert "GeneratorExp" in listed and "ListComp" not in listed


def test_a_list_comprehension_kept_is_a_list():
    assert "ListComp" in tokens("def f(xs):\n    ys = [x * x for x in xs]\n    return sum(ys)\n")
    assert "ListComp" in tokens("def f(xs):\n    return max([x for x in xs], [1])\n")  # two lists compared
    assert "ListComp" in tokens("def f(xs, sum):\n    return sum([x for x in xs])\n")  # not the builtin
    assert "ListComp" in tokens("def f(xs, sep):\n    return sep.join([x for x in xs])\n")  # not a string's


def test_a_helper_inlined_inside_a_function_leaves_nothing():
    inner = "def f(xs):\n    def sq(e):\n        return e * e\n\n    return sum(sq(x - 1) for x in xs)\n"
    module = "def _sq(e):\n    return e * e\n\n\ndef f(xs):\n    return sum(_sq(x - 1) for x in xs)\n"
    assert tokens(inner) == tokens(module) == (
        "def:f:1 { Return call:1 sum GeneratorExp Mult Sub v 1 Sub v 1 comprehension v v }")
    assert [u.name for u in read_source(module, "engine.py").units] == ["f"]


def test_a_function_defined_inside_stays_where_anything_names_it():
    walk = ("class Value:\n    def backward(self):\n        topo = []\n\n        def build(v):\n            for c in v._prev:\n"
            "                build(c)\n            topo.append(v)\n        build(self)\n")
    assert "def:f:1 {" in tokens(walk, "Value.backward")
    kept = {"returned": "def f():\n    def g():\n        h()\n    return g\n",
            "decorated": "def f():\n    @register\n    def g():\n        h()\n",
            "a default that calls": "def f():\n    def g(x=h()):\n        return x\n",
            "the engine's name": "def f(out):\n    def _backward():\n        h()\n",
            "in a nested class": "def f():\n    class C:\n        def g(self):\n            h()\n    return C\n"}
    for why, source in kept.items():
        assert "def:" in tokens(source).replace("def:f:", "", 1), why
    unused = "def f(x):\n    def unused(v):\n        print(v)\n    return x\n"
    assert tokens(unused) == "def:f:1 { Return v }"


@pytest.mark.slow  # the class read: 4 s of CPU
def test_the_thirteenth_class_burak_and_his_two_copies():
    sys.path.insert(0, str(REPO / "bench" / "similarity"))
    import run
    import thirteenth

    group, public = run.scored_cohort(*run.read_cohort(thirteenth.CLASS / "main"))
    scores = {frozenset((p.a, p.b)): p.score for p in group.pairs(public={"micrograd": public},
                                                                     threshold=run.THRESHOLD)}
    # were 0.673, 0.497, 0.124; 0.80-0.85 before session 28 (each function's part of the shared code at most
    # units.UNIT_MOST: 0.7978, 0.798, 0.7978)
    for pair in [("t296", "t593"), ("t361", "t593"), ("t296", "t361")]:
        assert 0.79 <= scores[frozenset(pair)] <= 0.85, pair
    # its hard pairs, each two students' same plain lines, as before
    assert scores[frozenset(("t146", "t354"))] == pytest.approx(0.1537, abs=0.001)
    assert scores[frozenset(("t389", "t649"))] == pytest.approx(0.0986, abs=0.001)  # 0.1044 before session 28


def test_a_chain_of_products_or_sums_is_one_however_grouped():
    """`+` and `*` were read either way round one operator at a time, not across a chain: a copier who moved the
    gradient first (`out.grad * k * x ** (k - 1)` for `k * x ** (k - 1) * out.grad`) regrouped the chain, and its line
    was code of its own (the fifth class's level-3 copies of 04-more-ops' `__pow__`)."""
    grouped = ["k * x ** (k - 1) * g", "g * k * x ** (k - 1)", "g * (k * x ** (k - 1))", "x ** (k - 1) * (g * k)"]
    read = {tokens(f"def f(g, k, x):\n    return {e}\n") for e in grouped}
    assert read == {"def:f:3 { Return Mult Mult Pow v Sub v 1 v v }"}
    sums = {tokens(f"def f(a, b, c):\n    return {e}\n") for e in ["a + b + c * 2", "c * 2 + (b + a)", "(a + c * 2) + b"]}
    assert sums == {"def:f:3 { Return Add Add Mult 2 v v v }"}
    # an operator between changes the chain: a difference is grouped as written
    assert tokens("def f(a, b, c):\n    return a - b - c\n") != tokens("def f(a, b, c):\n    return a - (b - c)\n")
    assert tokens("def f(a, b, c):\n    return a * b + c\n") != tokens("def f(a, b, c):\n    return a * (b + c)\n")


def test_a_copy_that_regroups_a_product_scores_as_the_verbatim_copy():
    from grader.similarity import compare
    from .public_known import read_once  # the package's own module, whose readings the other modules share
    from tests.similarity.test_similarity import CLASS, engine

    plain = engine("submissions/correct-closures")
    line = "            self.grad += n * self.data ** (n - 1) * res.grad\n"
    assert line in plain
    texts = {name.split("/")[-1]: engine(name) for name in CLASS if not name.endswith("correct-closures")}
    texts["plain"] = texts["copy"] = plain
    texts["regrouped"] = plain.replace(line, "            self.grad += res.grad * n * self.data ** (n - 1)\n")
    record = compare([read_once(i, t) for i, t in texts.items()], [])
    scores = {frozenset((p["a"], p["b"])): p["score"] for p in record["pairs"]}
    assert scores[frozenset(("plain", "copy"))] == 1.0
    assert scores[frozenset(("plain", "regrouped"))] == 1.0  # 0.9817 read one operator at a time
