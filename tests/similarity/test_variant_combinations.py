"""variants._combined derives each combination of identities from its prefix's tree, and leaves out those that add an
identity which changes nothing: the texts must be those of every combination applied to the function afresh
(`_rewritten`), for the engine's identities alone too (the ones whose operands are swapped)."""

import ast
from itertools import combinations

import pytest

from grader.parsing import parse
from grader.similarity import canonical_sources
from grader.similarity.unparse import unparse
from grader.similarity.walk import walk
from grader.similarity.loop_forms import _holders
from grader.similarity.variants import ENGINE_IDENTITIES, IDENTITIES, _combined, _functions, _rewritten
from grader.similarity.walk import copy_tree, same_tree

REFERENCE = {name.rsplit("/", 1)[-1]: text for name, text in canonical_sources().items()}


def _function(file: str, owner: str | None, name: str) -> str:
    return next(unparse(f) for o, f in _functions(parse(REFERENCE[file])) if o == owner and f.name == name)


@pytest.mark.parametrize("file, owner, name", [("nn.py", "Neuron", "__call__"), ("nn.py", "Layer", "parameters"),
                                               ("engine.py", "Value", "tanh"), ("engine.py", "Value", "log")])
def test_each_combination_writes_what_it_writes_afresh(file, owner, name):
    source = _function(file, owner, name)
    applies = [i for i in IDENTITIES if _rewritten(source, (i,))]
    assert len(applies) >= 2  # combinations to make
    afresh = {c: r for size in range(1, len(applies) + 1) for c in combinations(applies, size)
              if (r := _rewritten(source, c))}
    derived = _combined(source, applies)
    assert set(derived.values()) == set(afresh.values())
    assert all(afresh[c] == text for c, text in derived.items())  # a combination derived writes what it writes
    engine = set(ENGINE_IDENTITIES)
    assert {r for c, r in derived.items() if set(c) <= engine} == {r for c, r in afresh.items() if set(c) <= engine}


def test_an_identity_that_changes_the_tree_uncounted_is_combined():
    # _NodeData inlines a temporary read once by the node it makes, and counts no change when no closure reads it
    source = "def f(self):\n    assert self\n    t = g(self)\n    out = Value(t)\n    return out"
    applies = [i for i in IDENTITIES if i.__name__ in ("_NodeData", "_Unasserted")]
    assert not _rewritten(source, applies[:1])
    derived = _combined(source, applies)
    assert set(derived.values()) == {"def f(self):\n    t = g(self)\n    out = Value(t)\n    return out",
                                     "def f(self):\n    out = Value(g(self))\n    return out"}
    assert derived[tuple(applies)] == _rewritten(source, applies)


def test_a_copy_is_the_same_tree_with_its_shared_nodes_shared():
    tree = parse("def f(a):\n    return a + 1\n")
    shared = ast.Name("x", ast.Load())
    tree.body[0].body.append(ast.Expr(ast.BinOp(shared, ast.Add(), shared)))
    copied = copy_tree(tree)
    assert same_tree(copied, tree, {}) and copied is not tree
    added = copied.body[0].body[1].value
    assert added.left is added.right and added.left is not shared
    added.right = ast.Name("x", ast.Load())  # the same text, no longer one node read twice
    assert not same_tree(copied, tree, {})
    assert not same_tree(parse("x = 1"), parse("x = True"), {})  # 1 == True, not the same constant


def test_the_blocks_identities_reach_every_block_in_the_walks_order():
    text = REFERENCE["nn.py"] + "\ntry:\n    x = 1\nexcept E:\n    for a in b:\n        pass\nelse:\n    y = 2\n" \
        "match x:\n    case 1:\n        while t:\n            z = [v for v in w]\n"
    tree = parse(text)
    assert _holders(tree) == [n for n in walk(tree) if isinstance(n, (ast.Module, ast.stmt, ast.excepthandler,
                                                                        ast.match_case))]
