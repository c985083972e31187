"""Buggy engines, each the reference engine with one classic student mistake.

A `Variant` is a set of textual patches to `reference/engine.py` together with
the words a student reads when their engine behaves like it: a one-line title,
a short explanation in the course's vocabulary (local derivative, `out.grad`,
topological order, seed) and the concept it belongs to. Diagnosis compares a
submission's observations with each variant's; the tests use the variants to
show that the hidden suites catch every mistake.

Variants are the grader's own trusted code: `load_variant_class` execs their
source in-process. Student code never goes through this module.
"""

from __future__ import annotations

import functools
import importlib.util
import linecache
import types
from dataclasses import dataclass
from pathlib import Path

CONCEPTS = ("local-derivative", "accumulate", "seed", "traversal", "derived-ops", "initial-grad")


@functools.cache
def reference_source() -> str:
    """The text of the installed `reference/engine.py`."""
    # Found through the module rather than `importlib.resources.files("reference")`:
    # a `reference/` folder of tests earlier on sys.path can make `reference` a
    # namespace package, while `reference.engine` still resolves to the real file.
    spec = importlib.util.find_spec("reference.engine")
    return Path(spec.origin).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Variant:
    """One realistic mistake, as patches to the reference engine and words for the student.

    `patches` are `(old, new)` pairs applied in order; each `old` must occur
    exactly once in the text it is applied to, so a change to the reference
    that makes a patch ambiguous or stale fails loudly instead of silently
    producing a different engine.
    """

    name: str
    title: str
    explanation: str
    concept: str
    patches: tuple[tuple[str, str], ...]
    # How the title follows "an engine" in a finding's title: "in which" before a clause with its own subject
    # ("tanh's local derivative is …"), "that" before a verb phrase ("overwrites `grad` …").
    lead_in: str = "in which"

    def __post_init__(self):
        if self.concept not in CONCEPTS:
            raise ValueError(f"variant {self.name!r}: unknown concept {self.concept!r}; expected one of {CONCEPTS}")
        if not self.patches:
            raise ValueError(f"variant {self.name!r} has no patches")
        if self.lead_in not in ("in which", "that"):
            raise ValueError(f"variant {self.name!r}: lead_in is {self.lead_in!r}; expected 'in which' or 'that'")

    def source(self) -> str:
        """The reference engine's text with this variant's patches applied."""
        text = reference_source()
        for old, new in self.patches:
            count = text.count(old)
            if count != 1:
                raise ValueError(
                    f"variant {self.name!r}: patch text occurs {count} times in reference/engine.py, "
                    f"expected exactly once: {old!r}"
                )
            text = text.replace(old, new)
        return text


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


def _assign(op: str, shows: str) -> Variant:
    """The `=`-instead-of-`+=` mistake in one op's backward rule."""
    return Variant(
        name=f"{op}-assign-not-accumulate",
        title=f"overwrites `grad` with `=` instead of adding with `+=` in {_OP_NAMES[op]}'s backward",
        lead_in="that",
        explanation=(
            "A node used more than once receives gradient along every path, and the contributions must add up. "
            f"With `=`, the last path to run overwrites the others: {shows}. "
            "Use `+=` in every backward rule."
        ),
        concept="accumulate",
        patches=(_ASSIGN[op],),
    )



VARIANTS: tuple[Variant, ...] = (
    # -- local derivatives ------------------------------------------------------
    Variant(
        name="mul-self-data",
        title="uses `self.data` as the local derivative for both operands in `__mul__`'s backward",
        lead_in="that",
        explanation=(
            "The local derivative of `a * b` with respect to `a` is `b`, and with respect to `b` it is `a`: "
            "each operand gets the *other* operand's data. "
            "Using `self.data` on both lines gives `a` the wrong gradient whenever the two operands differ. "
            "Check the line that adds into `self.grad` in `__mul__`'s backward."
        ),
        concept="local-derivative",
        patches=(("self.grad += other.data * out.grad", "self.grad += self.data * out.grad"),),
    ),
    Variant(
        name="mul-own-data",
        title="gives each operand of `*` its own data as local derivative instead of the other operand's",
        lead_in="that",
        explanation=(
            "d(a * b)/da is `b`, not `a`: each operand's local derivative is the *other* operand's data. "
            "With the two swapped, `a * b` gets the right gradients only when `a` and `b` are equal. "
            "In `__mul__`'s backward, `self.grad` should use `other.data` and `other.grad` should use `self.data`."
        ),
        concept="local-derivative",
        patches=(
            (
                "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad\n",
                "            self.grad += self.data * out.grad\n            other.grad += other.data * out.grad\n",
            ),
        ),
    ),
    Variant(
        name="mul-forgets-out-grad",
        title="`__mul__`'s backward adds `self.data` into `other.grad` without multiplying by `out.grad`",
        explanation=(
            "The chain rule multiplies each local derivative by the gradient arriving from above, `out.grad`. "
            "Without that factor, `other` gets the derivative of the product alone instead of the derivative "
            "of the final output, which is wrong as soon as the product feeds into anything else. "
            "Multiply by `out.grad` on every line of a backward rule."
        ),
        concept="local-derivative",
        patches=(("other.grad += self.data * out.grad", "other.grad += self.data"),),
    ),
    Variant(
        name="add-forgets-other",
        title="`__add__`'s backward passes the gradient to `self` but not to `other`",
        explanation=(
            "The local derivative of `a + b` is 1 for both operands, so `out.grad` must flow into both "
            "`self.grad` and `other.grad`. "
            "Leaving out the second line gives the right-hand operand of every `+` a gradient of 0. "
            "Add `out.grad` into `other.grad` as well."
        ),
        concept="local-derivative",
        patches=(
            (
                "            self.grad += out.grad\n            other.grad += out.grad\n",
                "            self.grad += out.grad\n",
            ),
        ),
    ),
    Variant(
        name="pow-no-minus-one",
        title="`__pow__`'s local derivative is `k * x**k` instead of `k * x**(k - 1)`",
        explanation=(
            "The power rule lowers the exponent by one: d(x**k)/dx = k * x**(k - 1). "
            "Without the `- 1`, `x ** 3` at x = 2 gets 24 instead of 12, and division (built on `x ** -1`) "
            "goes wrong too. "
            "Check the exponent in `__pow__`'s backward."
        ),
        concept="local-derivative",
        patches=(("k * self.data ** (k - 1) * out.grad", "k * self.data**k * out.grad"),),
    ),
    Variant(
        name="pow-missing-k",
        title="`__pow__`'s local derivative is `x**(k - 1)`, missing the factor `k`",
        explanation=(
            "The power rule brings the exponent down as a factor: d(x**k)/dx = k * x**(k - 1). "
            "Without `k`, `x ** 3` at x = 2 gets 4 instead of 12, and `x ** -1` (used for division) "
            "gets a gradient of the wrong sign. "
            "Check the local derivative in `__pow__`'s backward."
        ),
        concept="local-derivative",
        patches=(("k * self.data ** (k - 1) * out.grad", "self.data ** (k - 1) * out.grad"),),
    ),
    Variant(
        name="relu-at-zero",
        title="relu's local derivative is taken from the input with `>= 0`, so relu'(0) = 1 instead of 0",
        explanation=(
            "relu passes gradient only where its output is positive: its local derivative is 1 for x > 0 "
            "and 0 otherwise, including at x = 0. "
            "Testing `self.data >= 0` lets the gradient through at exactly 0. "
            "Use `out.data > 0`, or a strict `>` on the input."
        ),
        concept="local-derivative",
        patches=(("(out.data > 0) * out.grad", "(self.data >= 0) * out.grad"),),
    ),
    Variant(
        name="relu-pass-through",
        title="relu's backward passes `out.grad` through everywhere, even where the output is 0",
        explanation=(
            "relu's local derivative is 0 wherever its output is 0, so an inactive relu blocks the gradient. "
            "Adding `out.grad` unconditionally treats relu as if it did nothing. "
            "Multiply `out.grad` by 1 where `out.data > 0` and by 0 elsewhere."
        ),
        concept="local-derivative",
        patches=(("self.grad += (out.data > 0) * out.grad", "self.grad += out.grad"),),
    ),
    Variant(
        name="tanh-one-minus-t",
        title="tanh's local derivative is `1 - t` instead of `1 - t**2`",
        explanation=(
            "With t = tanh(x) the output, the local derivative is 1 - t**2: the square matters. "
            "`1 - t` is right only where t is 0 or 1, so tanh'(2) comes out about 0.036 instead of about 0.071, "
            "and for negative x it exceeds 1. "
            "Square the output in tanh's backward."
        ),
        concept="local-derivative",
        patches=(("(1 - t**2) * out.grad", "(1 - t) * out.grad"),),
    ),
    Variant(
        name="tanh-input",
        title="tanh's local derivative is computed from the input (`1 - x**2`) instead of the output t",
        explanation=(
            "The derivative of tanh is 1 - tanh(x)**2, written with the output t = tanh(x), not with x itself. "
            "`1 - x**2` agrees only at x = 0 and even turns negative for |x| > 1. "
            "Use the output `t` (or `out.data`) in tanh's backward."
        ),
        concept="local-derivative",
        patches=(("(1 - t**2) * out.grad", "(1 - self.data**2) * out.grad"),),
    ),
    Variant(
        name="tanh-square-outside",
        title="tanh's local derivative is `(1 - t)**2` instead of `1 - t**2`",
        explanation=(
            "The square belongs to t alone: the local derivative of tanh is 1 - t**2 with t the output. "
            "`(1 - t)**2` squares the whole difference, so tanh'(2) comes out about 0.0013 instead of "
            "about 0.071. "
            "Check the brackets in tanh's backward."
        ),
        concept="local-derivative",
        patches=(("(1 - t**2) * out.grad", "(1 - t) ** 2 * out.grad"),),
    ),
    Variant(
        name="exp-input",
        title="exp's local derivative uses the input x instead of the output exp(x)",
        explanation=(
            "exp is its own derivative: the local derivative of exp(x) is exp(x), which is `out.data`. "
            "Using `self.data` multiplies `out.grad` by x instead, so exp'(0) comes out 0 instead of 1. "
            "Use the output in exp's backward."
        ),
        concept="local-derivative",
        patches=(("self.grad += out.data * out.grad", "self.grad += self.data * out.grad"),),
    ),
    Variant(
        name="log-output",
        title="log's local derivative is `1 / out.data` instead of `1 / x` with x the input",
        explanation=(
            "The derivative of log(x) is 1/x with x the *input*, `self.data`. "
            "Dividing by the output log(x) gives a different number almost everywhere and fails at x = 1, "
            "where log(x) is 0. "
            "Use the input in log's backward."
        ),
        concept="local-derivative",
        patches=(("(1 / self.data) * out.grad", "(1 / out.data) * out.grad"),),
    ),
    # -- accumulate: `=` instead of `+=` ----------------------------------------
    _assign("add", "for y = a + a, a.grad comes out 1 instead of 2"),
    _assign("mul", "for y = a * a at a = 3, a.grad comes out 3 instead of 6"),
    _assign("pow", "for y = x**2 + x**3, x.grad keeps only one of the two terms"),
    _assign("relu", "for y = a.relu() + a.relu(), a.grad keeps only one of the two terms"),
    _assign("tanh", "for y = a.tanh() + a.tanh(), a.grad keeps only one of the two terms"),
    _assign("exp", "for y = a.exp() * a, a.grad keeps only the path through exp"),
    _assign("log", "for y = a.log() + a.log(), a.grad keeps only one of the two terms"),
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
        patches=(
            (
                """\
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
""",
                """\
            else:
                stack.append((node, True))
                for child in node._prev:
                    stack.append((child, False))
""",
            ),
        ),
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
    # -- derived operations -------------------------------------------------------------
    Variant(
        name="sub-as-add",
        title="`__sub__` adds `other` instead of subtracting it",
        explanation=(
            "a - b is a + (-b): the negation is what gives `b` its local derivative of -1. "
            "Without it, both the value and the gradient of `b` come out wrong. "
            "Check `__sub__`."
        ),
        concept="derived-ops",
        patches=(("return self + (-other)", "return self + other"),),
    ),
    Variant(
        name="rsub-order",
        title="`__rsub__` computes `self - other` instead of `other - self`",
        explanation=(
            "Python calls `__rsub__` for `2 - a` with `self` being a and `other` being 2, so it must compute "
            "`other - self`. "
            "Computing `self - other` gives a - 2 instead, with the wrong value and the wrong sign on a's "
            "gradient. "
            "Mind the order of the operands in reflected operations."
        ),
        concept="derived-ops",
        patches=(("return other + (-self)", "return self + (-other)"),),
    ),
    Variant(
        name="rtruediv-order",
        title="`__rtruediv__` computes `self / other` instead of `other / self`",
        explanation=(
            "Python calls `__rtruediv__` for `2 / a` with `self` being a and `other` being 2, so it must "
            "compute `other * self**-1`. "
            "Computing `self / other` gives a / 2 instead, with the wrong value and gradient. "
            "Mind the order of the operands in reflected operations."
        ),
        concept="derived-ops",
        patches=(("return other * self**-1", "return self * other**-1"),),
    ),
    Variant(
        name="truediv-flipped",
        title="`__truediv__` computes `other / self` instead of `self / other`",
        explanation=(
            "`a / b` calls `a.__truediv__(b)`, so it is `self * other**-1`. "
            "Swapping the operands computes b / a, and both gradients follow the wrong formula. "
            "Check which operand is raised to the power -1."
        ),
        concept="derived-ops",
        patches=(("return self * other**-1", "return other * self**-1"),),
    ),
    Variant(
        name="neg-self",
        title="`__neg__` returns `self` unchanged instead of `self * -1`",
        explanation=(
            "-a must be a new node whose local derivative is -1; returning `self` gives the wrong value and "
            "passes gradient back with the wrong sign. "
            "Subtraction built as `a + (-b)` inherits the mistake. "
            "Return `self * -1`."
        ),
        concept="derived-ops",
        patches=(("return self * -1", "return self"),),
    ),
    Variant(
        name="radd-missing",
        title="`__radd__` is missing, so `2 + a` raises TypeError",
        explanation=(
            "When the left operand is a plain number, Python asks the right operand's `__radd__`; without it, "
            "`2 + a` and `sum(values)` (which starts from 0) fail with TypeError. "
            "Addition is commutative, so `__radd__` can return `self + other`. "
            "The reflected forms are part of the engine's interface."
        ),
        concept="derived-ops",
        patches=(
            (
                "    def __radd__(self, other):  # other + self\n        return self + other\n",
                "    def __radd__(self, other):  # other + self\n        return NotImplemented\n",
            ),
        ),
    ),
    Variant(
        name="rmul-missing",
        title="`__rmul__` is missing, so `2 * a` raises TypeError",
        explanation=(
            "When the left operand is a plain number, Python asks the right operand's `__rmul__`; without it, "
            "`2 * a` fails with TypeError. "
            "Multiplication is commutative, so `__rmul__` can return `self * other`. "
            "The reflected forms are part of the engine's interface."
        ),
        concept="derived-ops",
        patches=(
            (
                "    def __rmul__(self, other):  # other * self\n        return self * other\n",
                "    def __rmul__(self, other):  # other * self\n        return NotImplemented\n",
            ),
        ),
    ),
    # -- initial gradient -------------------------------------------------------------
    Variant(
        name="grad-starts-one",
        title="a new Value starts with `grad = 1` instead of 0",
        explanation=(
            "`grad` holds the gradient that has flowed back into a node so far, and before any backward pass "
            "that is nothing: 0. "
            "Starting at 1 adds an extra 1 to every gradient the walk accumulates. "
            "Only the output is seeded with 1, inside `backward()`."
        ),
        concept="initial-grad",
        patches=(("self.grad = 0  #", "self.grad = 1  #"),),
    ),
)

_BY_NAME = {v.name: v for v in VARIANTS}


def variant(name: str) -> Variant:
    """The variant called `name`."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no variant named {name!r}; known: {', '.join(sorted(_BY_NAME))}") from None


def engine_class(source: str, label: str) -> type:
    """Exec trusted engine source (a variant, a style of it) in a fresh module; its `Value` class."""
    filename = f"<{label}>"
    # Register the text so tracebacks through the engine show its lines.
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    module = types.ModuleType("grader_engine")
    module.__file__ = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    return module.Value


def load_variant_class(v: Variant | str) -> type:
    """Exec a variant's source in a fresh module (trusted code) and return its `Value` class."""
    if isinstance(v, str):
        v = variant(v)
    return engine_class(v.source(), f"variant {v.name} of reference/engine.py")
