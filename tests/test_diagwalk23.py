"""Two walks session 23's fresh samples (tests/test_diag23.py) found charged and unnamed, named now.

- seed-on-first-node: backward() seeds the first node of the topological order (a leaf) instead of the output
  (`topo[0].grad = 1` for `self.grad = 1`). 5/63, and nothing was named (before diag23, a walk in topological
  order). The seed probe shows it: the output's y.grad after backward() is 0 and a leaf's grad is exactly 1 (the
  seed itself; nothing flows from the output). Named now, from those numbers (compare.seeded_elsewhere).
- no-visited-else: an explicit-stack sort without its visited test on a popped node (`elif node not in
  visited:` made `else:`) lists a node pushed twice before it is finished twice, and runs its rule twice:
  59.75/63, charged by micrograd/more-ops and two random graphs, nothing named. The walk is now one of the walks
  diagnose/walks.py runs on the reference (expands-twice), and it reproduces those probes.
Both failed before (nothing named).
"""

import pytest
from costs import slow_fixture
from test_diag22 import planted_class
from test_fresh_styles import _rows, assert_scored_and_named

from grader.i18n import translator

PLANTED = {
    "engine": {
        "seed-on-first-node": [("        self.grad = 1\n", "        topo[0].grad = 1\n")],
        "no-visited-else": [("            elif node not in visited:\n", "            else:\n")],
    },
}

TABLES = {
    "engine": {
        "seed-on-first-node": (5.0, 46, [("seed", None, "other-node")]),
        "no-visited-else": (59.75, ["micrograd/more-ops", "random/reference-1-8", "random/torch-9-16"],
                            [("walk", "expands-twice", "exact")]),
    },
}

SEED_WORDS = (
    "Your backward() seeds the gradient of another node instead of the output's. For y = a * b + b at a = 2, "
    "b = 3; y.grad after y.backward(): y.grad is 0, not 1, and {node}.grad is 1: the seed dL/dL = 1 that starts "
    "the backward pass was put on {node} instead of on the output. Every other gradient is that 1 multiplied by "
    "local derivatives from the output down; with the output's grad at 0, every backward rule passes on 0. Set "
    "`self.grad = 1` on the node backward() was called on, before walking the graph.")

WALK_TITLE = ("Your gradients match an engine that does not check whether a node popped from the stack was visited "
              "already, so a node reached twice before it is finished is listed twice and its backward rule runs "
              "twice")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=planted_class(PLANTED)) for exercise in TABLES}


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_sample_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def test_the_seed_finding_names_the_node_seeded_and_every_failing_test(rows):
    row = rows["engine"]["seed-on-first-node"]
    (entry,) = row["diagnosis"]
    assert entry["message"] == SEED_WORDS.format(node=entry["node"])
    assert entry["node"] in ("a", "b")
    assert entry["tests"] == sorted(entry["tests"], key=[t["name"] for t in row["tests"]].index)
    assert len(entry["tests"]) == 46


def test_the_walk_finding_says_a_node_is_visited_twice(rows):
    (entry,) = rows["engine"]["no-visited-else"]["diagnosis"]
    assert entry["title"] == WALK_TITLE
    assert entry["tests"] == ["micrograd/more-ops", "random/reference-1-8", "random/torch-9-16"]


@pytest.mark.parametrize("language", ["ru", "zh"])
@pytest.mark.parametrize("case", ["seed-on-first-node", "no-visited-else"])
def test_each_finding_is_translated(rows, case, language):
    (entry,) = rows["engine"][case]["diagnosis"]
    for key in ("title", "explanation"):
        text = translator(language).render(entry["messages"][key])
        assert text != entry[key] and translator("en").render(entry["messages"][key]) == entry[key]
        assert text.split()[0] not in entry[key], text  # not the English id left untranslated
