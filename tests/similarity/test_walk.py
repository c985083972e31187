"""grader/similarity/walk.py: ast.walk, faster, and the same nodes in the same order."""

import ast
from pathlib import Path

from grader.similarity.walk import children, walk

ENGINE = (Path(__file__).parents[2] / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py").read_text(
    encoding="utf-8")


def test_the_same_nodes_in_the_same_order_as_ast_walk():
    tree = ast.parse(ENGINE)
    nodes = list(walk(tree))
    assert [id(n) for n in nodes] == [id(n) for n in ast.walk(tree)]
    assert len(nodes) == len(list(ast.walk(tree))) > 500
    function = next(n for n in nodes if isinstance(n, ast.FunctionDef) and n.name == "backward")
    assert [id(n) for n in walk(function)] == [id(n) for n in ast.walk(function)]
    for node in nodes:
        assert [id(n) for n in children(node)] == [id(n) for n in ast.iter_child_nodes(node)]
    assert [type(n).__name__ for n in children(function)] == ["arguments", "Assign", "Assign", "FunctionDef",
                                                             "Expr", "Assign", "For"]


def test_breadth_first_and_a_missing_field_skipped():
    tree = ast.parse("x = f(a, b)\n")
    names = [type(n).__name__ for n in walk(tree)]
    assert names == ["Module", "Assign", "Name", "Call", "Store", "Name", "Name", "Name", "Load", "Load", "Load"]
    made = ast.BinOp(ast.Name("a", ast.Load()), ast.Add(), ast.Name("b", ast.Load()))
    del made.right  # a field a node lacks, as a rewrite may leave one
    assert [type(n).__name__ for n in walk(made)] == [type(n).__name__ for n in ast.walk(made)] == \
        ["BinOp", "Name", "Add", "Load"]


def test_a_node_changed_before_it_is_reached_is_read_as_changed():
    """As ast.walk: each node's children are read when the node is reached (a rewrite that changes the tree while
    walking it sees its own changes to the nodes below the one it is at), not all at once before."""
    def changed(walker):
        tree = ast.parse("if a:\n    b = 1\n")
        seen = []
        for node in walker(tree):
            seen.append(type(node).__name__)
            if isinstance(node, ast.If):
                node.body[0].value = ast.Name("c", ast.Load())  # the Assign, not yet reached: its `1` is never walked
        return seen

    assert changed(walk) == changed(ast.walk) == ["Module", "If", "Name", "Assign", "Load", "Name", "Name", "Store",
                                                  "Load"]
