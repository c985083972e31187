"""Session 38's diagnosis (diag38): a sort with no visited set under an engine that sums adjoints, named and placed.

`tests/fixtures/diag38/engine/` holds three correct engines that keep the gradients in a table of adjoints of their own
while the walk runs, each in a style no earlier fixture has: closures that say what a result owes its inputs, walked
by a stack of (node, index of the next input) pairs with a `defaultdict` of adjoints keyed by node; nodes that are
plain dicts (`{"val", "grad", "edges"}`) behind a `Value` handle with `data` and `grad` properties; a package whose
`scalar.py` hands its walk to `sweep.py`, a post-order generator over a stack of iterators. `PLANTED` takes the
visited set out of each (and of tests/fixtures/diag37's correct-dict-adjoints):

- a node listed once per path, and at each listing its adjoint so far added to its `grad` and handed to its inputs
  again (`v.grad += adj[v]` in the walk's loop): charged (30 or 31 tests: the walk is the core, never excused) and
  named by nothing before; now the walk `no-visited-adjoints` (diagnose/walks.py), at the line where the sort takes
  a node's inputs (walk_places._no_visited: `kid = v._kids[i]`, `for child, _ in node["edges"]:`, and in the
  package `todo.append(iter(v.inputs))` in sweep.py, the module backward() hands the walk to);
- the same sort with the adjoints written back after the walk by a loop over the order (`for v in order: v.grad +=
  adj[v]`, once per listing): the walk `no-visited-written-back`, before nothing;
- the adjoints written back once per node (a dict of the nodes listed): the micrograd-shaped variant `no-visited`, as
  before, now placed (a dict node's `node["edges"]` is a node's inputs to the reading).

Three more correct engines work out each local derivative while the walk runs (an if/elif chain on the op's name in
backward(), a module-level `partials(op, xs, y)`, a package whose `rules.py` holds a table of lambdas), and `PLANTED`
writes `x.exp()` for `math.exp(x)` in an op, an op's backward rule and each of those, and `v.args.grad` (a tuple's) in
the walk: each was charged as now (exp's two tests, 61/63; the walk's, 2/63), titled "... raises AttributeError", and
outside the ops explained only as "Whatever raises there stops every expression that reaches it". Now the title says
what the line did ("Your backward() looks up `.exp` on a float") and the explanation says to write `math.exp(x)`
(diagnose/raising.py's builtin_lookup and _on_builtin, elsewhere.py).

The closure engine and the package expand a node's first input first over a list of inputs, where `a * a` lists `a`
twice: no order of the walks had the children reversed with their duplicates (walk_book.ORDERS), so those two were not
reproduced on shared/three-paths (y = a * a + a * b + a) and stayed unnamed. No score moves.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag37 import FRESH as FRESH37
from test_diag37 import plant
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.i18n import translator
from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag38" / "engine"

CLOSURE_SEEN = "            if kid not in seen:\n                seen.add(kid)\n                stack.append((kid, 0))\n"
CLOSURE_NONE = "            stack.append((kid, 0))\n"
DICT_SEEN = "            if id(node) in done:\n                continue\n"
PACKAGE_SEEN = ("            if id(v) not in marked:\n                marked.add(id(v))\n                path.append(v)\n"
                "                todo.append(iter(v.inputs))\n                break\n")
PACKAGE_NONE = "            path.append(v)\n            todo.append(iter(v.inputs))\n            break\n"
PACKAGE_SWEEP = ("    for v in reversed(list(post_order(root))):\n        a = adjoint.get(id(v), 0.0)\n"
                 "        v.grad += a\n")
# id -> (the correct engine it is planted in, [(text, replaced by)], all in one file)
PLANTED = {
    # a method looked up on one of Python's own types: in an op, in backward()'s walk, in a helper, in a rule table
    "bug-closure-exp-method": (FRESH / "correct-closure-adjoints", [
        ("e = math.exp(self.data)", "e = self.data.exp()")]),
    "bug-closure-exp-rule-method": (FRESH / "correct-closure-adjoints", [
        ("lambda g: ((self, e * g),)", "lambda g: ((self, self.data.exp() * g),)")]),
    "bug-walk-time-exp-method": (FRESH / "correct-walk-time-rules", [("locals_ = (math.exp(x),)",
                                                                      "locals_ = (x.exp(),)")]),
    "bug-walk-time-grad-on-tuple": (FRESH / "correct-walk-time-rules", [("a.grad += d * v.grad",
                                                                         "a.grad += d * v.args.grad")]),
    "bug-rule-function-exp-method": (FRESH / "correct-rule-function", [("return [math.exp(xs[0])]",
                                                                        "return [xs[0].exp()]")]),
    "bug-rule-table-exp-method": (FRESH / "correct-rule-table-package", [("(math.exp(xs[0]),)", "(xs[0].exp(),)")]),
    # no visited set; each listing adds the node's adjoint so far to its grad and hands it on
    "bug-closure-no-visited": (FRESH / "correct-closure-adjoints", [(CLOSURE_SEEN, CLOSURE_NONE)]),
    "bug-dictnode-no-visited": (FRESH / "correct-dictnode-adjoints", [(DICT_SEEN, "")]),
    "bug-package-no-visited": (FRESH / "correct-package-adjoints", [(PACKAGE_SEEN, PACKAGE_NONE)]),
    "bug-adjoints-no-visited": (FRESH37 / "correct-dict-adjoints", [(
        "            elif id(node) not in placed:\n                placed.add(id(node))\n", "            else:\n")]),
    # no visited set; the adjoints written back after the walk, once per listing
    "bug-closure-no-visited-written-back": (FRESH / "correct-closure-adjoints", [
        (CLOSURE_SEEN, CLOSURE_NONE), ("            v.grad += adj[v]\n", ""),
        ("                adj[kid] += share\n",
         "                adj[kid] += share\n        for v in order:\n            v.grad += adj[v]\n")]),
    "bug-package-no-visited-written-back": (FRESH / "correct-package-adjoints", [
        (PACKAGE_SEEN, PACKAGE_NONE),
        (PACKAGE_SWEEP, "    order = list(post_order(root))\n    for v in reversed(order):\n"
                        "        a = adjoint.get(id(v), 0.0)\n"),
        ("            adjoint[id(u)] = adjoint.get(id(u), 0.0) + d * a\n",
         "            adjoint[id(u)] = adjoint.get(id(u), 0.0) + d * a\n    for v in order:\n"
         "        v.grad += adjoint.get(id(v), 0.0)\n")]),
    # no visited set; the adjoints written back once per node: micrograd's no-visited numbers
    "bug-dictnode-no-visited-written-once": (FRESH / "correct-dictnode-adjoints", [
        (DICT_SEEN, ""), ('            node["grad"] += g\n', ""),
        ("                total[id(child)] = total.get(id(child), 0.0) + local * g\n",
         "                total[id(child)] = total.get(id(child), 0.0) + local * g\n"
         "        for key, node in {id(n): n for n in listed}.items():\n"
         '            node["grad"] += total.get(key, 0.0)\n')]),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag38")
    folder = tmp / "class"
    folder.mkdir()
    for case in sorted(FRESH.iterdir()):
        shutil.copytree(case, folder / case.name)
    for case, (base, patches) in PLANTED.items():
        plant(base, folder / case, patches)
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


CORRECT = sorted(p.name for p in FRESH.iterdir())
ADJOINTS = [("walk", "no-visited-adjoints", "exact")]
WRITTEN_BACK = [("walk", "no-visited-written-back", "exact")]
# id -> (score, how many tests not passed, diagnosis); before session 38 each bug row had the same score and no finding
# but the last (named `no-visited` before too, with no line)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    # a first input expanded first: relu/zero (y = relu(a) + 2 * a at 0) fails where a stack's order passes it
    "bug-closure-no-visited": (24.8334, 30, ADJOINTS),
    "bug-package-no-visited": (24.8334, 30, ADJOINTS),
    "bug-dictnode-no-visited": (23.8334, 31, ADJOINTS),
    "bug-adjoints-no-visited": (23.8334, 31, ADJOINTS),
    "bug-closure-no-visited-written-back": (23.8334, 31, WRITTEN_BACK),
    "bug-package-no-visited-written-back": (23.8334, 31, WRITTEN_BACK),
    "bug-dictnode-no-visited-written-once": (50.25, 7, [("variant", "no-visited", "style")]),
    # charged by exp's own tests alone, as before; the words are what changed (test_a_method_looked_up_on_...)
    "bug-closure-exp-method": (61.0, ["exp/negative", "exp/values"], [("raises", "exp", None)]),
    "bug-closure-exp-rule-method": (61.0, ["exp/negative", "exp/values"], [("raises", "exp", None)]),
    "bug-walk-time-exp-method": (61.0, ["exp/negative", "exp/values"], [("raises", None, None)]),
    "bug-rule-function-exp-method": (61.0, ["exp/negative", "exp/values"], [("raises", None, None)]),
    "bug-rule-table-exp-method": (61.0, ["exp/negative", "exp/values"], [("raises", None, None)]),
    # the walk raises for every expression: every test but the two that never call backward()
    "bug-walk-time-grad-on-tuple": (2.0, 49, [("raises", None, None)]),
}


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert sorted(rows) == sorted(TABLE) and rows[case]["status"] == "graded"
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("bug-closure-no-visited", ("engine.py", 71)),  # `kid = v._kids[i]`, then `stack.append((kid, 0))`
    ("bug-dictnode-no-visited", ("engine.py", 94)),  # `for child, _ in node["edges"]:`
    ("bug-package-no-visited", ("engine/sweep.py", 11)),  # `todo.append(iter(v.inputs))`, beside `for v in todo[-1]:`
    ("bug-adjoints-no-visited", ("engine.py", 70)),  # `todo.extend((i, False) for i in node.inputs)`
    ("bug-closure-no-visited-written-back", ("engine.py", 71)),
    ("bug-package-no-visited-written-back", ("engine/sweep.py", 11)),
    # before: no line (a dict node's field was no node's inputs to the reading)
    ("bug-dictnode-no-visited-written-once", ("engine.py", 94)),
])
def test_the_sort_is_placed_where_it_takes_a_nodes_inputs(rows, case, place):
    (entry,) = rows[case]["diagnosis"]
    assert (entry["file"], entry["line"]) == place


def test_the_finding_says_what_the_walk_does_in_each_language(rows):
    (entry,) = rows["bug-dictnode-no-visited"]["diagnosis"]
    assert entry["title"] == (
        "Your gradients match an engine that lists a shared node once per path to it (its topological sort has no "
        "visited set), and at each listing adds the gradient the node has been handed so far to its grad and passes "
        "it on again")
    # it cites every failing test but the deep graphs' (a 10,000-node chain says nothing of order: walks.py)
    failing = [t["name"] for t in rows["bug-dictnode-no-visited"]["tests"] if t["status"] != "passed"]
    assert sorted(set(failing) - set(entry["tests"])) == ["backward/deep-chain", "backward/long-sum",
                                                          "shared/deep-diamond"]
    assert set(entry["tests"]) < set(failing) and len(entry["tests"]) == 28
    for lang in ("ru", "zh"):
        words = translator(lang).render(entry["messages"]["title"])
        assert words != entry["title"] and "visited" not in words


MATH = ("That line looks up `.exp` on a float, one of Python's own types, not on your class: a float has no `exp` "
        "method. For a plain number `x`, write `math.exp(x)`, not `x.exp()`; ")


@pytest.mark.parametrize("case,title,place,code,ending", [
    # in an op (diag37b's finding): before, "Your `exp` raises AttributeError"
    ("bug-closure-exp-method", "Your `exp` looks up `.exp` on a float", ("engine.py", 33), "e = self.data.exp()",
     MATH + "fix that line and the tests that need `exp` can pass."),
    ("bug-closure-exp-rule-method", "The backward rule of your `exp` looks up `.exp` on a float", ("engine.py", 34),
     "return Value(e, lambda g: ((self, self.data.exp() * g),), (self,))",
     MATH + "fix that line and the tests that need `exp` can pass."),
    # outside every op: before, "Your backward() raises AttributeError" (or `partials`, `<lambda>`) and "Whatever
    # raises there stops every expression that reaches it" with nothing about the float
    ("bug-walk-time-exp-method", "Your backward() looks up `.exp` on a float", ("engine.py", 81),
     "locals_ = (x.exp(),)", MATH + "fix that line and those tests can run."),
    ("bug-rule-function-exp-method", "Your `partials` looks up `.exp` on a float", ("engine.py", 15),
     "return [xs[0].exp()]", MATH + "fix that line and those tests can run."),
    ("bug-rule-table-exp-method", "Your lambda at line 9 looks up `.exp` on a float", ("engine/rules.py", 9),
     '"exp": lambda xs, y, k: (xs[0].exp(),),', MATH + "fix that line and those tests can run."),
    ("bug-walk-time-grad-on-tuple", "Your backward() looks up `.grad` on a tuple", ("engine.py", 89),
     "a.grad += d * v.args.grad",
     "That line looks up `.grad` on a tuple, one of Python's own types, not on your class: a tuple has no `grad`. The "
     "value it reaches there is a tuple, not the node (or the type) you meant; fix that line and those tests can run."),
])
def test_a_method_looked_up_on_a_builtin_type_is_said_as_such_wherever_it_raised(rows, case, title, place, code,
                                                                                  ending):
    (entry,) = rows[case]["diagnosis"]
    assert (entry["kind"], entry["exception"], entry["title"]) == ("raises", "AttributeError", title)
    assert (entry["file"], entry["line"]) == place
    assert entry["explanation"].endswith(f"It raised at {place[0]}, line {place[1]}: `{code}`. {ending}")
    for lang in ("ru", "zh"):
        words = translator(lang).render(entry["messages"]["title"])
        looked = "`.grad`" if "`.grad`" in title else "`.exp`"
        assert words != title and "looks up" not in words and looked in words
