"""Variants of the walk: accumulating with `=`, the seed, the traversal."""

from ..engines import Variant
from ..i18n import msg
from .patches import _ASSIGN, _RECURSIVE_TOPO, _SEED, _WALK, _WALK_COMMENT, ITERATIVE_TOPO, _assign  # noqa: F401

# the reference's depth-first sort with its visited set taken out (each node listed once per path to it): the
# `no-visited` variant's patch, and diagnose/walks.py's for the walks that sum adjoints
NO_VISITED_SORT = ("""\
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
""", """\
            else:
                stack.append((node, True))
                for child in node._prev:
                    stack.append((child, False))
""")

WALK = (
    # -- accumulate: `=` instead of `+=` ----------------------------------------
    _assign("add", msg("for y = a + a, a.grad comes out 1 instead of 2")),
    _assign("mul", msg("for y = a * a at a = 3, a.grad comes out 3 instead of 6")),
    _assign("pow", msg("for y = x**2 + x**3, x.grad keeps only one of the two terms")),
    _assign("relu", msg("for y = a.relu() + a.relu(), a.grad keeps only one of the two terms")),
    _assign("tanh", msg("for y = a.tanh() + a.tanh(), a.grad keeps only one of the two terms")),
    _assign("exp", msg("for y = a.exp() * a, a.grad keeps only the path through exp")),
    _assign("log", msg("for y = a.log() + a.log(), a.grad keeps only one of the two terms")),
    Variant(
        name="assign-not-accumulate-everywhere",
        title="overwrites `grad` with `=` instead of adding with `+=` in every backward rule",
        lead_in="that",
        explanation=(
            "A node used more than once receives gradient along every path, and the contributions must add up. "
            "With `=`, the last path to run overwrites the others: for y = a * a at a = 3, a.grad comes out 3 "
            "instead of 6. "
            "Use `+=` in every backward rule."
        ),
        concept="accumulate",
        patches=tuple(_ASSIGN.values()),
    ),
    # -- the seed -------------------------------------------------------------------
    Variant(
        name="no-seed",
        title="`backward()` never sets the output's `grad` to 1, so every gradient stays 0",
        explanation=(
            "The walk starts from the seed dL/dL = 1: every other gradient is that 1 multiplied by "
            "local derivatives. "
            "Without `self.grad = 1` the output's grad is 0, and every backward rule multiplies by 0. "
            "Set `self.grad = 1` before walking the graph."
        ),
        concept="seed",
        patches=((_SEED, ""),),
    ),
    Variant(
        name="seed-after-walk",
        title="`backward()` sets `self.grad = 1` after walking the graph instead of before",
        explanation=(
            "The seed dL/dL = 1 must be in place before the first backward rule runs, because the output's "
            "rule multiplies its local derivatives by `out.grad`. "
            "Setting it after the walk leaves every other gradient at 0 while the output shows 1. "
            "Move `self.grad = 1` above the loop."
        ),
        concept="seed",
        patches=((_SEED + _WALK_COMMENT + _WALK, _WALK_COMMENT + _WALK + _SEED),),
    ),
    Variant(
        name="seed-every-node",
        title="sets `grad = 1` on every node during the walk, not only on the output",
        lead_in="that",
        explanation=(
            "Only the output is seeded with 1; every other node's gradient is what flows back into it as "
            "`out.grad` from the nodes above. "
            "Resetting each node's grad to 1 before its rule runs throws that away, so each input gets only "
            "the local derivative of the node right above it. "
            "Set the seed once, on the node `backward()` was called on."
        ),
        concept="seed",
        patches=(
            (
                _WALK,
                "        for node in reversed(topo):\n            node.grad = 1\n            node._backward()\n",
            ),
        ),
    ),
    # -- traversal ------------------------------------------------------------------
    Variant(
        name="forward-order",
        title="calls the backward rules in topological order instead of reversed",
        lead_in="that",
        explanation=(
            "Topological order lists every node after its inputs, so walking it forwards runs each rule "
            "before the nodes above it have passed anything down, while its `out.grad` is still 0. "
            "Only the output's own rule passes on a real gradient, so everything below its direct inputs "
            "stays 0. "
            "Walk the order in reverse so each node's gradient is complete before it is passed on."
        ),
        concept="traversal",
        patches=(("for node in reversed(topo):", "for node in topo:"),),
    ),
    Variant(
        name="no-visited",
        title="the topological sort has no visited set, so a shared node is processed twice",
        explanation=(
            "A node reached along two paths must appear only once in the topological order. "
            "Without a visited set it is listed twice, its backward rule runs twice, and its inputs receive "
            "its gradient twice, once possibly before it is complete. "
            "Keep a set of the nodes already visited and skip them."
        ),
        concept="traversal",
        patches=(NO_VISITED_SORT,),
    ),
    Variant(
        name="direct-children-only",
        title="`backward()` runs the output's rule and its direct inputs' rules, not the whole graph",
        explanation=(
            "Gradient must reach every node the output depends on, however deep. "
            "Calling the backward rule of the output and then of its immediate inputs stops two levels down, "
            "so deeper nodes keep a gradient of 0. "
            "Build the full topological order and call every node's rule in reverse."
        ),
        concept="traversal",
        patches=((_WALK, "        self._backward()\n        for child in self._prev:\n            child._backward()\n"),),
    ),
    Variant(
        name="self-only",
        title="`backward()` calls only the output's own backward rule",
        explanation=(
            "The output's rule passes gradient one level down, to its direct inputs; those nodes must then "
            "run their own rules, and so on down to the leaves. "
            "Calling only the output's rule leaves everything deeper at 0. "
            "Build a topological order and call every node's rule in reverse."
        ),
        concept="traversal",
        patches=((_WALK, "        self._backward()\n"),),
    ),
    Variant(
        name="recursive-topo",
        title="builds the topological order with a recursive function, which fails on a very deep graph",
        lead_in="that",
        explanation=(
            "A recursive `build_topo` gives the right order, but each level of the graph uses a Python stack "
            "frame and Python stops at about 1,000 of them with RecursionError. "
            "A loss summed over thousands of examples makes a chain that deep, so small tests pass and real "
            "training fails. "
            "Use an explicit stack (an iterative depth-first search) instead of recursion."
        ),
        concept="traversal",
        patches=((ITERATIVE_TOPO, _RECURSIVE_TOPO),),
    ),
)
