"""An op cut out of the graph: its rule is right on a leaf, and nothing passes below its input.

On a leaf, an op whose output is not linked to its input (`Value(out, ())`,
children that leave the input out, a copy of the input as the child) looks
right: its own rule runs and adds to the input's gradient, and a leaf has no
rule of its own to run after it. So does an op whose rule is stored on its
input (`self._backward = _backward`), where the input's own rule is replaced.
In the middle of a graph both lose every gradient below the op's input.

The suite's `local_mid_<op>` probes (grader/suites/engine/probes.py) run each
op on inputs made by `+` (`a = x + 0.5`), seeded directly: each input's
gradient is the op's local derivative, and the leaf below it (`x`) should get
the same number through `+`. Then the op twice on the same leaves, summed,
which tells the two shapes apart: a rule stored on the input is replaced by
the second op's, and the leaf gets the local derivative once instead of twice.

An op is named when, at every point, its value and its input's gradient are
the reference's while every leaf below gets 0 where the reference's gets
something (two such points at least), and the walk itself is shown to pass
gradients below an op's input (some op's `local_mid_` probe, or the chain
`(a * b) * c`, right: a walk in the wrong order leaves the leaf at 0 for
every op at once) and as far down as that leaf (the student gets right some
probe whose graph is as deep: a walk that runs only the output's children
and theirs stops at a depth, for every op whose input is built deeper). When `+` is itself cut out (every op's
input is made by `+`, so every op would look cut), only `+` is named; an op
built from another op that is named (`a - b` from `+` and unary `-`) is not.

Trusted code, in the grader: it reads observations, it runs nothing.
"""

from __future__ import annotations

import functools
import math

from ..i18n import Message, msg, said
from ..judge import fmt
from ..judge.ops import ops_of
from ..suites import SuiteError
from .compare import wrong
from .derivatives import BUILT_FROM, OP_NAMES

REL, ABS = 1e-6, 1e-9
MIN_POINTS = 2  # points where something should pass below the input


# A chain through `*` alone, `(a * b) * c`: right, it shows a walk that runs a rule below the output's own
# where `+` is cut, and with it every `local_mid_` probe (each input made by `+`)
CHAINS = ("mul_chain",)


def _right(diagnoser, probes: dict, name: str) -> bool:
    """Whether the student's run of probe `name` is the reference's (its expected values read only where it ran)."""
    observed = probes.get(name)
    return bool(observed) and observed.get("status") == "ok" and not wrong(observed, diagnoser.reference(name))


@functools.lru_cache(maxsize=512)
def _depths(probe) -> tuple[int, int] | None:
    """(depth of the first graph the probe calls backward() on, the deepest of them all), in the reference
    engine: the number of nodes from the output down to the farthest leaf. None for a probe that calls no
    backward() on a Value (trusted code: the reference, in the grader)."""
    from .graph import recorded

    try:
        run = recorded(probe)
    except ImportError:  # a student's install has no reference engine (grader/distribution.py): no depth known
        return None
    roots = run[3] if run else None
    if not roots:
        return None

    def depth(root):
        level, frontier, seen = 0, [root], {id(root)}
        while frontier:
            level += 1
            frontier = [c for n in frontier for c in n._prev if id(c) not in seen and not seen.add(id(c))]
        return level - 1

    found = [depth(root) for root in roots]
    return found[0], max(found)


def _walk_reaches(diagnoser, probes: dict, depth: int) -> bool:
    """Whether the student's walk is shown to pass gradients `depth` nodes down: some probe the student
    gets right holds a graph that deep. A walk in the wrong order (forward, or one that runs only the
    output's children) leaves the leaf below an op at 0 too, for every op at once or for every op whose
    input is that deep: then no op is named."""
    suite = diagnoser.suite
    for name in suite.probe_names:
        if name in diagnoser._deep() or not _right(diagnoser, probes, name):
            continue
        depths = _depths(getattr(suite.probes, name))
        if depths is not None and depths[1] >= depth:
            return True
    return False


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _close(a, b):
    return _number(a) and _number(b) and math.isclose(a, b, rel_tol=REL, abs_tol=ABS)


def _points(reference: dict) -> list[tuple[str, str]]:
    """(case, input) of every input of every case the probe reports."""
    return [(key.split(".")[0], key.split(".")[1]) for key in reference if key.endswith(".below")]


def cut_off(mine: dict, reference: dict) -> dict | None:
    """{"form": "not-linked" | "rule-on-input" | "cut-out", "point": (case, input)} when the student's
    `local_mid_<op>` values show the op right at its input and nothing passing below it; else None."""
    if not isinstance(mine, dict):
        return None
    points = _points(reference)
    passing = [(i, n) for i, n in points if not _close(reference[f"{i}.{n}.below"], 0.0)]
    if len(passing) < MIN_POINTS:
        return None
    for i, n in points:
        if not (_close(mine.get(f"{i}.y"), reference[f"{i}.y"])
                and _close(mine.get(f"{i}.{n}.grad"), reference[f"{i}.{n}.grad"])
                and _close(mine.get(f"{i}.{n}.below"), 0.0)):
            return None
    ratios = [mine.get(f"{i}.{n}.twice") / reference[f"{i}.{n}.twice"] for i, n in passing
              if _number(mine.get(f"{i}.{n}.twice")) and not _close(reference[f"{i}.{n}.twice"], 0.0)]
    form = "cut-out"
    if len(ratios) == len(passing) and all(_close(r, 0.5) for r in ratios):
        form = "rule-on-input"
    elif len(ratios) == len(passing) and all(_close(r, 1.0) for r in ratios):
        form = "not-linked"
    point = max(passing, key=lambda p: abs(reference[f"{p[0]}.{p[1]}.below"]))
    return {"form": form, "point": point}


# The names the suite's charging map (grader.judge.ops.ops_of) gives each op's forms: `a * 4`, `2 * a`, `x ** 0.5`
_FORMS = {"add": {"add", "add-constant", "radd"}, "mul": {"mul", "mul-constant", "rmul"},
          "sub": {"sub", "sub-constant"}, "div": {"div", "div-constant"}, "pow": {"pow", "pow-other"}}


def _uses(op: str) -> set[str]:
    """The ops (as ops_of names them) whose expressions a cut `op` breaks: its own forms, and those of the
    ops that may be built from it (`a / b` from `*` and `**`, `2 - a` from `+` and unary `-`)."""
    built = {op}
    while True:
        more = {o for o, bases in BUILT_FROM.items() if built & set(bases)} - built
        if not more:
            break
        built |= more
    return set().union(*(_FORMS.get(o, {o}) for o in built))


def cut_ops(mid: dict[str, tuple[dict, dict]]) -> dict[str, dict]:
    """{op: cut_off's finding} for the ops cut out of the graph, {op: (student's values, reference's)} given."""
    found = {op: f for op, (mine, reference) in mid.items() if (f := cut_off(mine, reference))}
    if "add" in found:  # every op's input is made by `+`: a `+` cut out makes every op look cut
        return {"add": found["add"]}
    return {op: f for op, f in found.items() if not any(base in found for base in BUILT_FROM.get(op, ()))}


# -- the words ---------------------------------------------------------------------------------------


def _titles(op) -> dict:
    return {
        "not-linked": msg("Your {op} is cut out of the graph: its output is not linked to its input, so the "
                          "gradient stops at its input", op=op),
        "rule-on-input": msg("Your {op} keeps its backward rule on its input instead of on its output", op=op),
        "cut-out": msg("Your {op} passes the gradient to its input, but nothing goes further", op=op),
    }


def _why(form: str, op) -> Message:
    if form == "not-linked":
        return msg("The backward pass goes from each node to the nodes it was made from, and the output of your "
                   "{op} does not list its input among them, so the input's own rule never runs and nothing "
                   "reaches the nodes below it. On a leaf it looks right: a leaf has no rule of its own. Make "
                   "the output with its input as a child, as `Value(data, (self,))` does.", op=op)
    if form == "rule-on-input":
        return msg("Your {op} stores its rule on its input (`self._backward = _backward`), which replaces the "
                   "input's own rule: nothing reaches the nodes below the input. Used twice on one input, the "
                   "second {op} replaces the first one's rule too, so the input gets the local derivative once "
                   "instead of twice. Store the rule on the output: `out._backward = _backward`.", op=op)
    return msg("Either the output of your {op} is not linked to its input, so the backward pass never reaches "
               "the input, or its rule is stored on the input and replaces the input's own rule; either way, "
               "nothing passes below the input. On a leaf it looks right: a leaf has no rule of its own.", op=op)


def _evidence(probe, point, mine, reference) -> Message:
    i, n = point
    expression = probe.__doc__.split(" with ")[0]
    return msg("In {expression}, with {node} made by `+` from a leaf (at {node} = {value}): {node}.grad is {got}, "
               "as it should be, but the leaf below it gets {below}, not {expected}", expression=expression, node=n,
               value=fmt(reference[f"{i}.{n}"]), got=fmt(mine[f"{i}.{n}.grad"]), below=fmt(mine[f"{i}.{n}.below"]),
               expected=fmt(reference[f"{i}.{n}.below"]))


def midgraph_entries(diagnoser, probes: dict, W: list[str], outcomes: list[dict]) -> tuple[list[dict], set[str]]:
    """One "derivative" entry (form not-linked, rule-on-input or cut-out) per op cut out of the graph, and
    the probes of W they explain: every failing expression that uses a cut op is explained by it (as by a
    missing op), and the rest is diagnosed on its own."""
    suite = diagnoser.suite
    found, explained = [], set()
    if not W:
        return found, explained  # nothing left to explain (every failing probe raised, or missed an op)
    names = {op: name for name in suite.probe_names if (op := getattr(getattr(suite.probes, name), "mid_op", None))}
    try:
        mid = {op: ((probes.get(name) or {}).get("values"), diagnoser.reference(name)) for op, name in names.items()
               if op and (probes.get(name) or {}).get("status") == "ok"}
        passes = any(_right(diagnoser, probes, name)
                     for name in [*names.values(), *CHAINS] if name in suite.probe_names)
    except SuiteError:  # a student's install ships no expected values for these probes (grader/distribution.py)
        return found, explained
    if not passes:
        return found, explained  # no op passes anything below its input: the walk's doing, not an op's
    for op, cut in cut_ops(mid).items():
        depths = _depths(getattr(suite.probes, names[op]))
        if depths is None or not _walk_reaches(diagnoser, probes, depths[0]):
            continue  # nothing shows the walk passing gradients that far down: the walk's doing, not the op's
        shown = [p for p in W if _uses(op) & ops_of(getattr(suite.probes, p))]
        tests = diagnoser.cited(shown, outcomes)
        if not tests:
            continue
        words = OP_NAMES[op]
        title = _titles(words)[cut["form"]]
        evidence = _evidence(getattr(suite.probes, names[op]), cut["point"], *mid[op])
        found.append(op_entry(diagnoser, probes, op, cut["form"], shown, tests, title, evidence,
                              _why(cut["form"], words)))
        explained.update(shown)
    return found, explained


def op_entry(diagnoser, probes, op, form, shown, tests, title, evidence, why) -> dict:
    """A "derivative" entry that names `op` in `form` (this module's, stale.py's), with the table of the smallest
    probe of `shown` and the failing `tests` it explains."""
    smallest = min(shown, key=lambda p: diagnoser._size(p, probes))
    return said({"kind": "derivative", "op": op, "form": form, "concept": "local-derivative",
                 "table": diagnoser._table(smallest, probes), "tests": tests},
                title=title, explanation=msg("{evidence}. {why}", evidence=evidence, why=why),
                message=msg("{title}. {evidence}. {why}", title=title, evidence=evidence, why=why))


__all__ = ["cut_off", "cut_ops", "midgraph_entries", "op_entry"]
