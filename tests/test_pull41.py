"""Session 41's mend (mend41b): a pull-style walk's `=` is no `=` for `+=`.

A correct engine whose backward() visits each node once, after every node that reads it, and sets its gradient to
the sum of what each of those users hands it (`node.grad = sum(user.rule(user.grad)[at] for user, at in
users[id(node)])`, the same through `math.fsum` into a keyed store, or a local added to over the users and written
once) scored 63/63 but was told "A backward rule sets `grad` with `=`..." (the attribute's form before session 41,
the keyed form after diag41b). diagnose/pulled.py reads such a sum; the twins that write only one user's share keep
the hint at their line. tests/fixtures/mend41b/engine holds the correct engines; each bug is planted here.
"""
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from test_diag37 import plant
from test_diag40 import graded_with_plants
from test_fresh_styles import assert_scored_and_named

from grader.cli import main
from grader.diagnose.overwrites import assign_grad
from grader.diagnose.pulled import pulled_sum
from grader.diagnose.source_tree import analysed

FRESH = Path(__file__).parent / "fixtures" / "mend41b" / "engine"
PLANTED = {
    # a loop over the users writing each one's share: the last one wins
    "bug-pull-sum": ("pull-sum",
                     "            node.grad = sum(user.rule(user.grad)[at] for user, at in users[id(node)])",
                     "            for user, at in users[id(node)]:\n"
                     "                node.grad = user.rule(user.grad)[at]"),
    # the last user's share alone, into the keyed store
    "bug-pull-fsum-store": (
        "pull-fsum-store", '            node._store["grad"] = math.fsum(user.rule(user._store["grad"])[at]\n'
                           '                                            for user, at in users[id(node)])',
        '            user, at = users[id(node)][-1]\n'
        '            node._store["grad"] = user.rule(user._store["grad"])[at]'),
    # the local set, not added to, in the loop
    "bug-pull-total": ("pull-total", "                total += user.rule(user.grad)[at]",
                       "                total = user.rule(user.grad)[at]"),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return graded_with_plants(tmp_path_factory.mktemp("pull41"), FRESH, PLANTED)


VARIANT = [("variant", "assign-not-accumulate-everywhere", "style")]
# id -> (score, how many tests not passed, diagnosis); before session 41 the first two correct engines had the
# assign-grad hint at their pulled sum (63.0, 0, [("hint", "assign-grad", None)]); the twins were the same before
TABLE = {
    "pull-sum": (63.0, 0, []),
    "pull-fsum-store": (63.0, 0, []),
    "pull-total": (63.0, 0, []),
    "bug-pull-sum": (23.8334, 31, VARIANT),
    "bug-pull-fsum-store": (23.8334, 31, VARIANT),
    "bug-pull-total": (23.8334, 31, VARIANT),
}
SHARE = ("For y = a * a at a = 3, a.grad is 3.0, not 6.0. A node used more than once receives gradient along every "
         "path, and the contributions must add up. With `=`, the last path to run overwrites the others: for y = a * a "
         "at a = 3, a.grad comes out 3 instead of 6. Use `+=` in every backward rule.")
# id -> the line of the one-share `=` the variant is said at
PLACES = {"bug-pull-sum": 84, "bug-pull-fsum-store": 92, "bug-pull-total": 86}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([p.name for p in FRESH.iterdir()] + list(PLANTED))


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded"
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case", sorted(PLACES))
def test_each_one_share_write_is_said_at_its_line(rows, case):
    (entry,) = rows[case]["diagnosis"]
    assert (entry["file"], entry["line"], entry["explanation"]) == ("engine.py", PLACES[case], SHARE)


def _why(folder):
    result = CliRunner().invoke(main, ["check", str(folder), "-e", "engine"])
    return [line for line in result.output.splitlines() if line.startswith("why:")]


def test_grade_check_says_nothing_of_a_pulled_sum_and_the_share_at_its_line(tmp_path):
    assert _why(FRESH / "pull-fsum-store") == []
    plant(FRESH / "pull-fsum-store", tmp_path / "mine", [PLANTED["bug-pull-fsum-store"][1:]])
    assert _why(tmp_path / "mine") == [
        "why:  Your gradients match an engine that overwrites `grad` with `=` instead of adding with `+=` in every "
        "backward rule (engine.py, line 92). " + SHARE]


HEAD = ("import functools\nimport math\nimport operator\n\n\nclass V:\n    def __init__(self, d, kids=()):\n"
        "        self.data, self.kids, self.rule = d, kids, None\n{accessors}\n    def backward(self):\n"
        "        order, users = walk(self)\n        for node in order:\n            {write}\n")
SETTER = "\n    def setGrad(self, g):\n        self._g = g\n\n    def getGrad(self):\n        return self._g\n"
TERM = "u.rule(u.grad)[i] for u, i in users[id(node)]"
# what the walk writes -> the accessors it needs; each is the whole gradient, pulled from every user
PULLED = {
    f"node.grad = sum({TERM})": "",
    f"node.grad = sum([{TERM}], 0.0)": "",
    f"node.grad = math.fsum({TERM})": "",
    f"node.grad = functools.reduce(operator.add, ({TERM}), 0.0)": "",
    f"node.grad = functools.reduce(lambda a, b: a + b, ({TERM}), 0.0)": "",
    f"node.grad = sum(u.rule(u.grad)[i] for u, i in node.users)": "",  # the users kept on the node
    "node.setGrad(sum(u.rule(u.getGrad())[i] for u, i in users[id(node)]))": SETTER,
    "total = 0.0\n            for u, i in users[node]:\n                total += u.rule(u.grad)[i]\n"
    "            node.grad = total": "",
}
# one user's share, or a sum over what is not the node's users: still the `=` for `+=`
SHARE_ONLY = {
    f"for u, i in users[id(node)]:\n                node.grad = u.rule(u.grad)[i]": "",
    "node.grad = max(u.rule(u.grad)[i] for u, i in users[id(node)])": "",
    "node.grad = sum(u.grad for u in order)": "",  # every node's, not the users'
    "node.setGrad(users[id(node)][-1][0].getGrad())": SETTER,
    "total = 0.0\n            for u, i in users[node]:\n                total = u.rule(u.grad)[i]\n"
    "            node.grad = total": "",
}


def _hints(text):
    tree = analysed(text, "engine.py")
    tree.deadline = float("inf")
    return [h["line"] for h in assign_grad(tree, tree.parents, "engine.py")]


@pytest.mark.parametrize("write", sorted(PULLED))
def test_a_sum_over_the_users_is_no_overwrite(write):
    assert _hints(HEAD.format(accessors=PULLED[write], write=write)) == []


@pytest.mark.parametrize("write", sorted(SHARE_ONLY))
def test_one_share_is_still_an_overwrite(write):
    text = HEAD.format(accessors=SHARE_ONLY[write], write=write)
    line = text.splitlines().index(next(x for x in text.splitlines() if "node.grad =" in x or "setGrad(" in x
                                        and "def" not in x)) + 1
    assert _hints(text) == [line]


def test_a_table_of_adjoints_pulled_from_the_users_is_no_overwrite():
    walk = ("def backward(root, order, users):\n    g = {root: 1.0}\n    for v in order:\n"
            "        g[v] = VALUE\n    return g\n")
    assert _hints(walk.replace("VALUE", "sum(g[u] * d for u, d in users[v])")) == []
    # one user's share in a loop over the users: the last one wins
    assert _hints(walk.replace("g[v] = VALUE", "for u, d in users[v]:\n            g[v] = d * g[u]")) == [5]


def test_pulled_sum_reads_the_node_the_table_is_keyed_by():
    tree = analysed("v.grad = sum(u.grad for u in users[v])\nw.grad = sum(u.grad for u in users[v])\n", "e.py")
    first, second = tree.tree.body
    own = tree.chain[id(first.targets[0].value)]
    assert pulled_sum(tree, first.value, own, tree.parents)
    assert not pulled_sum(tree, second.value, tree.chain[id(second.targets[0].value)], tree.parents)
    assert not pulled_sum(tree, first.value, None, tree.parents)
