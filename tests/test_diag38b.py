"""Session 38's diagnosis (diag38b): a lambda that raises outside every op is said as a lambda at its line.

Python names every lambda `<lambda>` (`partials.<locals>.<lambda>` inside a function), and the title of a finding
for what raised outside every op said that name: "Your `<lambda>` looks up `.exp` on a float", "Your
`partials.<locals>.<lambda>` raises IndexError" (diagnose/elsewhere.py). A student names no function so; the title
now says what it is and where: "Your lambda at line 9 looks up `.exp` on a float". Two styles, each planted in a
correct engine of tests/fixtures/diag38: a module-level table of lambdas in a package's `rules.py`, and a lambda
made and called at once inside a module-level function of a one-file engine (a new correct style, planted here
too). Scores do not move: each bug loses exp's two tests, as before.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag37 import plant
from test_diag38 import FRESH
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.i18n import translator
from grader.pipeline import grade

EXP_CALLED = ("return [math.exp(xs[0])]", "return (lambda: [math.exp(xs[0])])()")
PLANTED = {
    "correct-rule-function-lambda-called": (FRESH / "correct-rule-function", [EXP_CALLED]),
    "bug-rule-table-exp-method": (FRESH / "correct-rule-table-package", [("(math.exp(xs[0]),)", "(xs[0].exp(),)")]),
    "bug-rule-function-lambda-index": (FRESH / "correct-rule-function", [
        ("return [math.exp(xs[0])]", "return (lambda: [math.exp(xs[1])])()")]),
}
EXP = ["exp/negative", "exp/values"]
TABLE = {
    "correct-rule-function-lambda-called": (63.0, [], []),
    "bug-rule-table-exp-method": (61.0, EXP, [("raises", None, None)]),
    "bug-rule-function-lambda-index": (61.0, EXP, [("raises", None, None)]),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag38b")
    folder = tmp / "class"
    folder.mkdir()
    for case, (base, patches) in PLANTED.items():
        plant(base, folder / case, patches)
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert sorted(rows) == sorted(TABLE) and rows[case]["status"] == "graded"
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,title,place,code", [
    # before: "Your `<lambda>` looks up `.exp` on a float"
    ("bug-rule-table-exp-method", "Your lambda at line 9 looks up `.exp` on a float", ("engine/rules.py", 9),
     '"exp": lambda xs, y, k: (xs[0].exp(),),'),
    # before: "Your `partials.<locals>.<lambda>` raises IndexError"
    ("bug-rule-function-lambda-index", "Your lambda at line 15 raises IndexError", ("engine.py", 15),
     "return (lambda: [math.exp(xs[1])])()"),
])
def test_a_lambda_that_raises_is_titled_as_a_lambda_at_its_line(rows, case, title, place, code):
    (entry,) = rows[case]["diagnosis"]
    assert (entry["kind"], entry["title"], entry["file"], entry["line"]) == ("raises", title, *place)
    assert f"It raised at {place[0]}, line {place[1]}: `{code}`. " in entry["explanation"]
    for lang in ("ru", "zh"):
        words = translator(lang).render(entry["messages"]["title"])
        assert words != title and "<lambda>" not in words and f"{place[1]}" in words


# 05-backward: a sort over a stack of iterators in a function of its own (`postorder(root)`) with no visited set was
# named `no-visited` with no line: it takes a node's inputs at two places, the root's (`stack = [(root,
# iter(root._prev))]`) and each child's pushed in the loop; the place is the one in the loop (walk_places._no_visited)
X38 = Path(__file__).parent / "fixtures" / "strangersx38" / "05-backward" / "correct-generator-postorder"
GENERATOR_SEEN = ("                    if id(child) not in seen:\n                        seen.add(id(child))\n"
                  "                        stack.append((child, iter(child._prev)))\n                        break\n")
GENERATOR = X38 / "engine.py"
NEXT_STYLE = '''def postorder(root):
            """Every node once, after its inputs: next() on the top iterator until it runs out."""
            order, todo, seen = [], [(root, iter(root._prev))], {id(root)}
            while todo:
                node, it = todo[-1]
                kid = next(it, None)
                if kid is None:
                    todo.pop()
                    order.append(node)
                elif id(kid) not in seen:
                    seen.add(id(kid))
                    todo.append((kid, iter(kid._prev)))
            return order
'''
NEXT_PLAIN = NEXT_STYLE.replace("elif id(kid) not in seen:\n                    seen.add(id(kid))\n"
                                "                    todo.append((kid, iter(kid._prev)))",
                                "else:\n                    todo.append((kid, iter(kid._prev)))")
POSTORDER = GENERATOR.read_text(encoding="utf-8")
POSTORDER = POSTORDER[POSTORDER.index("def postorder(root):"):POSTORDER.index("        order = list(postorder(self))")]
WALKS = {
    "correct-next-postorder": [(POSTORDER, NEXT_STYLE + "\n")],
    "bug-generator-no-visited": [(GENERATOR_SEEN, "                    stack.append((child, iter(child._prev)))\n"
                                                  "                    break\n")],
    "bug-next-no-visited": [(POSTORDER, NEXT_PLAIN + "\n")],
}
LOST = ["graph/micrograd-sanity", "graph/random", "once/ladder", "once/shared-intermediate", "order/nested-diamonds",
        "order/reused-intermediate"]
NO_VISITED = [("variant", "no-visited", "style")]
WALK_TABLE = {  # id -> (score, tests lost, diagnosis, place); before, each the same with no place
    "correct-next-postorder": (25.0, [], [], None),
    "bug-generator-no-visited": (14.0, LOST, NO_VISITED, ("engine.py", 74)),  # stack.append((child, iter(...)))
    "bug-next-no-visited": (14.0, LOST, NO_VISITED, ("engine.py", 77)),  # todo.append((kid, iter(kid._prev)))
}


@slow_fixture(scope="module")
def walk_rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag38b-walks")
    folder = tmp / "class"
    folder.mkdir()
    for case, patches in WALKS.items():
        plant(X38, folder / case, patches)
    result = grade(folder, exercise="05-backward", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("case", sorted(WALK_TABLE))
def test_a_walk_over_a_stack_of_iterators_with_no_visited_set_is_placed_in_its_loop(walk_rows, case):
    score, lost, diagnosis, place = WALK_TABLE[case]
    row = walk_rows[case]
    assert sorted(walk_rows) == sorted(WALK_TABLE) and row["status"] == "graded"
    assert_scored_and_named(row, (score, lost, diagnosis))
    if place:
        assert (row["diagnosis"][0]["file"], row["diagnosis"][0]["line"]) == place
