"""Patches several variants share: `=` for `+=` per op, the walk, the topological sorts, the seed."""

from ..engines import Variant
from ..i18n import Message, msg

# -- patches shared by several variants ---------------------------------------

# `=` instead of `+=`, one backward rule at a time; `assign-not-accumulate-everywhere`
# applies them all.
_ASSIGN = {
    "add": (
        "            self.grad += out.grad\n            other.grad += out.grad\n",
        "            self.grad = out.grad\n            other.grad = out.grad\n",
    ),
    "mul": (
        "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad\n",
        "            self.grad = other.data * out.grad\n            other.grad = self.data * out.grad\n",
    ),
    "pow": (
        "self.grad += k * self.data ** (k - 1) * out.grad",
        "self.grad = k * self.data ** (k - 1) * out.grad",
    ),
    "relu": (
        "self.grad += (out.data > 0) * out.grad",
        "self.grad = (out.data > 0) * out.grad",
    ),
    "tanh": (
        "self.grad += (1 - t**2) * out.grad",
        "self.grad = (1 - t**2) * out.grad",
    ),
    "exp": (
        "self.grad += out.data * out.grad",
        "self.grad = out.data * out.grad",
    ),
    "log": (
        "self.grad += (1 / self.data) * out.grad",
        "self.grad = (1 / self.data) * out.grad",
    ),
}

_WALK = "        for node in reversed(topo):\n            node._backward()\n"

ITERATIVE_TOPO = """\
        # Topological order: every node after all of its inputs. Depth-first
        # with a visited set, but with an explicit stack instead of recursion,
        # so a chain 100,000 nodes long does not hit Python's recursion limit.
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
"""

_RECURSIVE_TOPO = """\
        # Topological order: every node after all of its inputs (depth-first
        # with a visited set).
        topo, visited = [], set()

        def build_topo(node):
            if node not in visited:
                visited.add(node)
                for child in node._prev:
                    build_topo(child)
                topo.append(node)

        build_topo(self)
"""

_SEED = "        # dL/dL = 1: the seed that every other gradient is a multiple of\n        self.grad = 1\n"
_WALK_COMMENT = "        # reverse topological order: each node's grad is complete before it is passed on\n"


_OP_NAMES = {
    "add": "`__add__`",
    "mul": "`__mul__`",
    "pow": "`__pow__`",
    "relu": "`relu`",
    "tanh": "`tanh`",
    "exp": "`exp`",
    "log": "`log`",
}


def _assign(op: str, shows: Message) -> Variant:
    """The `=`-instead-of-`+=` mistake in one op's backward rule."""
    title = msg("overwrites `grad` with `=` instead of adding with `+=` in {op}'s backward", op=_OP_NAMES[op])
    explanation = msg(
        "A node used more than once receives gradient along every path, and the contributions must add up. "
        "With `=`, the last path to run overwrites the others: {shows}. "
        "Use `+=` in every backward rule.", shows=shows)
    return Variant(
        name=f"{op}-assign-not-accumulate",
        title=str(title),
        lead_in="that",
        explanation=str(explanation),
        words={"title": title, "explanation": explanation},
        concept="accumulate",
        patches=(_ASSIGN[op],),
    )
