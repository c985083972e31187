"""Implementation styles: the same mistake written into engines built another legitimate way.

A student's engine is not the reference with one line changed. Where the
contract leaves a choice (which input a depth-first sort visits first, a
topological sort by Kahn's algorithm, whether `2 / a` becomes
`Value(2) * a**-1` or `a**-1 * 2`, or `/` is an operation of its own with
its own local derivatives, whether the engine has `_backward` closures that
01 and 02's by-hand probes call or only its own backward() to drive), a
correct engine gives the same numbers
either way, but a buggy one may not: with `=` instead of `+=`, which path's
gradient survives depends on the order the rules run in; with `self.data` for
both operands of `*`, on which operand the constant is.

A *style* is a set of correctness-preserving patches to the reference engine.
Applied on top of a variant (each patch only where its text is still there
exactly once, so the variant's own mistake is never undone), it gives the
same mistake in another style. Diagnosis uses them to tell which of a
variant's numbers are the mistake's own and which depend on such choices.

Styles run in the grader's process: they are the grader's trusted code (the
reference with patches), deterministic (inputs are kept in tuples, never
sets), and only ever needed for a few probes of a few variants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import probekit
from ..variants import ITERATIVE_TOPO

_KAHN_TOPO = """\
        # Topological order by Kahn's algorithm: count each node's consumers, and
        # release a node once every consumer has been released.
        consumers, seen, stack = {}, {self}, [self]
        while stack:
            node = stack.pop()
            for child in node._prev:
                consumers[child] = consumers.get(child, 0) + 1
                if child not in seen:
                    seen.add(child)
                    stack.append(child)
        released, ready = [], [self]
        while ready:
            node = ready.pop(0)
            released.append(node)
            for child in node._prev:
                consumers[child] -= 1
                if consumers[child] == 0:
                    ready.append(child)
        topo = released[::-1]
"""



# -, / and unary - written directly, as many students do, instead of from +, * and **
_DIRECT_NEG = """\
        out = Value(-self.data, (self,), "neg")

        def _backward():
            self.grad += -out.grad

        out._backward = _backward
        return out
"""

_DIRECT_SUB = """\
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data - other.data, (self, other), "-")

        def _backward():
            self.grad += out.grad
            other.grad += -out.grad

        out._backward = _backward
        return out
"""

_DIRECT_DIV = """\
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data / other.data, (self, other), "/")

        def _backward():
            self.grad += out.grad / other.data
            other.grad += -self.data / other.data**2 * out.grad

        out._backward = _backward
        return out
"""


# tanh written from exp, as the lessons let a student add it (`(e - 1) / (e + 1)` with e = exp(2x)): its gradient
# then reaches x through exp, *, + and **, so a mistake of the walk (a forward order) shows in tanh(x) alone too.
# The patch is the reference's whole tanh, so a variant of tanh's own rule is never written so (session 42)
_REFERENCE_TANH = """\
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out
"""
_TANH_FROM_EXP = """\
        e = (self * 2).exp()
        return (e - 1) / (e + 1)
"""


@dataclass(frozen=True)
class Style:
    name: str
    patches: tuple[tuple[str, str], ...]
    # (old, new) names replaced wherever they occur as a whole word, after the patches: `_backward` becomes
    # a name the probes do not know, as in an engine without closures
    renames: tuple[tuple[str, str], ...] = ()


# A Value without `_backward` closures (an edge list, a class per op, a dict of rules): the probes of an
# exercise taught before backward() (01, 02), which call each node's `_backward` in an order written by hand
# (probekit.backprop_by_hand), drive such an engine by its own backward(), whose walk decides which path a
# `=` keeps. Renamed, the reference's closures are reached only through its own walk.
_NO_CLOSURES = (("_backward", "_rule"),)

# -, / and their reflected forms built from +, * and ** as the reference does, but with the constant made a
# Value first (`a - 2` is `a + (-Value(2))`): the constant then passes through the student's own `__neg__`
# and `**`, so a mistake there shows in `a - 2` and `a / 4` too
_WRAP = "        other = other if isinstance(other, Value) else Value(other)\n"


# (the `=` variants' two-operand rules, the same rules as one tuple assignment that reads both old gradients first)
_READ_BOTH_FIRST = (
    ("            self.grad = out.grad\n            other.grad = out.grad\n",
     "            self.grad, other.grad = self.grad + out.grad, other.grad + out.grad\n"),
    ("            self.grad = other.data * out.grad\n            other.grad = self.data * out.grad\n",
     "            self.grad, other.grad = self.grad + other.data * out.grad, other.grad + self.data * out.grad\n"),
)


STYLES: tuple[Style, ...] = (
    # the depth-first sort meets each node's inputs in the other order
    Style("inputs-reversed", (
        ("self._prev = tuple(dict.fromkeys(_children))", "self._prev = tuple(dict.fromkeys(_children))[::-1]"),
    )),
    # an input used twice (`a * a`) is listed twice, as in an edge list of (input, local derivative) pairs
    Style("inputs-as-given", (
        ("self._prev = tuple(dict.fromkeys(_children))", "self._prev = tuple(_children)"),
    )),
    Style("inputs-as-given-reversed", (
        ("self._prev = tuple(dict.fromkeys(_children))", "self._prev = tuple(_children)[::-1]"),
    )),
    # Kahn's algorithm instead of a depth-first sort
    Style("kahn", ((ITERATIVE_TOPO, _KAHN_TOPO),)),
    # -, / and unary - as operations of their own, each with its local derivatives (a - b passes -1 to b
    # directly, not through a node -b), instead of being built from +, * and **
    Style("derived-ops-direct", (
        ("        return self * -1\n", _DIRECT_NEG),                                   # __neg__
        ("        return self + (-other)\n", _DIRECT_SUB),                             # __sub__
        ("        return other + (-self)\n", "        return Value(other) - self\n"),  # __rsub__
        ("        return self * other**-1\n", _DIRECT_DIV),                            # __truediv__
        ("        return other * self**-1\n", "        return Value(other) / self\n"),  # __rtruediv__
    )),
    Style("constants-wrapped", (
        ("        return self + (-other)\n", _WRAP + "        return self + (-other)\n"),   # __sub__
        ("        return other + (-self)\n", "        return Value(other) + (-self)\n"),  # __rsub__
        ("        return self * other**-1\n", _WRAP + "        return self * other**-1\n"),  # __truediv__
        ("        return other * self**-1\n", "        return Value(other) * self**-1\n"),  # __rtruediv__
    )),
    # no closures the probes can call: driven by its own walk, depth-first or Kahn's
    Style("no-closures", (), _NO_CLOSURES),
    Style("no-closures-kahn", ((ITERATIVE_TOPO, _KAHN_TOPO),), _NO_CLOSURES),
    # `=` for `+=` written as one tuple assignment that reads both old gradients before it writes either
    # (`self.grad, other.grad = self.grad + out.grad, other.grad + out.grad`, or setattr in a loop over pairs
    # made first): it adds along every path but loses one where both operands are one node (`a + a`), as `=`
    # does there, and keeps what the node already held (`(b + c) + b`), where `=` does not. Its patches
    # apply only to the `=` variants' two-operand rules (the reference has no such text).
    Style("assign-read-both-first", _READ_BOTH_FIRST),
    # tanh made of exp, * , + and ** (the lessons' "add exp and tanh"), not an operation of its own
    Style("tanh-from-exp", ((_REFERENCE_TANH, _TANH_FROM_EXP),)),
    # derived and reflected operations with the operands the other way round
    Style("operands-swapped", (
        ("        return self + other\n", "        return Value(other) + self\n"),            # __radd__
        ("        return self * other\n", "        return Value(other) * self\n"),            # __rmul__
        ("        return self + (-other)\n", "        return (-other) + self\n"),               # __sub__
        ("        return other + (-self)\n", "        return Value(other) - self\n"),           # __rsub__
        ("        return other * self**-1\n", "        return Value(other) * self**-1\n"),      # __rtruediv__
    )),
)


def restyle(source: str, style: Style) -> str | None:
    """`source` written in `style`, or None when none of the style's patches applies."""
    text, applied = source, False
    for old, new in style.patches:
        if text.count(old) == 1:
            text, applied = text.replace(old, new), True
    for old, new in style.renames:
        text, count = re.subn(rf"\b{re.escape(old)}\b", new, text)
        applied = applied or count > 0
    return text if applied else None


def observe_in_process(value_class: type, probe) -> dict:
    """One probe on a trusted engine, as the sandbox would report it."""
    if getattr(probe, "takes_modules", False):
        return {"status": "error", "error": "not run: this probe needs more than an engine"}
    try:
        return {"status": "ok", "values": probekit.plain(probe(value_class))}
    except RecursionError as exc:
        return {"status": "error", "error": f"RecursionError: {exc}", "recursion": True}
    except Exception as exc:  # the engine's own mistake, e.g. a TypeError for `2 + a`
        return {"status": "error", "error": f"{type(exc).__name__}: {exc}"}
