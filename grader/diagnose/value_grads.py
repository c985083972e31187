"""A gradient that holds a Value: the finding, and the line that puts it there (session 44).

The numbers say it: a probe of a suite that reads such gradients (grader/judge/value_grads.py) reports which grads
held a Value (`value_grads`, a field of its observation), and the judge charged it once. The finding cites the
failing tests that charged it and gives the smallest charged probe's evidence: "for y = a * b + b at a = 2, b = 3,
a.grad is a Value (its `.data` is 3.0)".

The source places it, where one statement of the student's files that hold the class (class_home) does it: an
assignment to a `.grad` (`x.grad += ...`, `x.grad = x.grad + ...`, the seed `x.grad = Value(1)`) whose right side
holds a node where a number belongs:

- a call of the class (`Value(1.0)`, `type(self)(...)`, `self.__class__(...)`): the seed made a Value;
- a bare name that is a node in its function: one the same function (or a function it is nested in) reads `.data`,
  `.grad` or `._prev` of, or `self`/`other`/`out` (`self.grad += other * out.grad`: `other` where `other.data`
  belongs).

The fix is written from the student's own statement: a node that multiplies is its `.data` (`other.data * out.grad`),
a node added alone is its `.grad` (`self.grad += out` -> `out.grad`), the class's call is its argument. Where the
Value comes from a name the function never reads as a node (a rule table's `lambda a, b, g: (b * g, a * g)`, a
tape's `local`), the finding has no line (docs/diagnosis.md, limitations).
"""

from __future__ import annotations

import ast
import copy

from ..i18n import msg, said
from ..judge import expression_of, fmt
from .evidence import capital
from .source_tree import FUNCTIONS, read_in_time

_NODE_FIELDS = ("data", "grad", "_prev", "_children", "children", "prev")
_NODE_NAMES = ("self", "other", "out")


def value_grad_entries(diagnoser, submission, run: dict | None, outcomes: list[dict], files: list[str]) -> list:
    """The finding of a gradient that holds a Value, [] where no observation shows one or no test charged it."""
    probes = (run or {}).get("probes") or {}
    held = [p for p in diagnoser.suite.probe_names if (probes.get(p) or {}).get("status") == "ok"
            and (probes.get(p) or {}).get("value_grads")]
    if not held:
        return []
    failing = {o["name"] for o in outcomes if o.get("status") in ("failed", "error")}
    charged = [o["name"] for o in outcomes if o["name"] in failing
               and any(p in held for p in diagnoser.tests.get(o["name"], []))]
    shown = [p for p in held if any(p in diagnoser.tests.get(t, []) for t in charged)]
    if not charged or not shown:
        return []
    smallest = min(shown, key=lambda p: diagnoser._size(p, probes))
    obs = probes[smallest]
    what, kind = next(iter(obs["value_grads"].items()))
    number = obs["values"].get(what)
    evidence = msg("for {expression}, {what} is a {type} (its `.data` is {value}), not a number",
                   expression=expression_of(getattr(diagnoser.suite.probes, smallest)), what=what, type=kind,
                   value=fmt(number) if isinstance(number, (int, float)) else "?")
    entry = {"kind": "value-grad", "what": what, "type": kind, "tests": charged, "concept": "accumulate"}
    place = None
    for source in files:
        place = read_in_time(submission.files, source, _statement)
        if place is not None:
            entry.update({"file": source, "line": place[0], "code": place[1], "fix": place[2]})
            break
    title = msg("Your engine puts a {type} into `grad`, not a number", type=kind)
    evidence = capital(evidence)
    explanation = (msg("{evidence}. Line {line}: `{code}` puts a {type} where a number belongs. A gradient "
                       "is a number: each rule adds its local derivative, a number (mul's is the other operand's "
                       "`.data`), times `out.grad`. Write `{fix}`.", evidence=evidence, line=place[0], code=place[1],
                       fix=place[2], type=kind) if place else
                   msg("{evidence}. A rule adds a node where its number belongs (`other` where `other.data` "
                       "belongs), or the seed is a Value. A gradient is a number: each rule adds its local "
                       "derivative, a number (mul's is the other operand's `.data`), times `out.grad`.",
                       evidence=evidence))
    return [said(entry, title=title, explanation=explanation,
                 message=msg("{title}: {explanation}", title=title, explanation=explanation))]


def _statement(tree):
    """(line, the statement as written, the statement fixed) of the first assignment to a `.grad` whose right side
    holds a node where a number belongs, or None."""
    for node in tree.nodes(ast.AugAssign, ast.Assign):
        tree.in_time()
        targets = [node.target] if isinstance(node, ast.AugAssign) else node.targets
        if len(targets) != 1 or not (isinstance(targets[0], ast.Attribute) and targets[0].attr == "grad"):
            continue
        if isinstance(node, ast.AugAssign) and not isinstance(node.op, ast.Add):
            continue
        nodes = _node_names(tree, node)
        fixed = copy.deepcopy(node)
        if _fix(fixed, "value", nodes):
            return node.lineno, ast.unparse(node), ast.unparse(fixed)
    return None


def _node_names(tree, statement) -> set:
    """The names that are nodes in the functions STATEMENT is in: read as `X.data`, `X.grad`, `X._prev` there, or
    `self`/`other`/`out`."""
    names, function = set(_NODE_NAMES), tree.parents.get(statement)
    while function is not None:
        if isinstance(function, FUNCTIONS + (ast.Lambda,)):
            names |= {n.value.id for n in ast.walk(function) if isinstance(n, ast.Attribute)
                      and n.attr in _NODE_FIELDS and isinstance(n.value, ast.Name)}
        function = tree.parents.get(function)
    return names


def _fix(parent, field, nodes, factor=False) -> bool:
    """Rewrite what is at PARENT.FIELD where it is a node where a number belongs (a factor: its `.data`; added
    alone: its `.grad`; the class's call: its argument); whether anything was."""
    node = getattr(parent, field)
    if isinstance(node, ast.Name) and node.id in nodes:
        setattr(parent, field, ast.Attribute(value=node, attr="data" if factor else "grad", ctx=ast.Load()))
        return True
    if isinstance(node, ast.Call) and _makes_a_node(node) and len(node.args) == 1 and not node.keywords:
        setattr(parent, field, node.args[0])
        return True
    if isinstance(node, ast.BinOp):  # an operand of `*`, `/`, `**` is a factor; of `+`, `-` added alone
        factor = factor or not isinstance(node.op, (ast.Add, ast.Sub))
        left = _fix(node, "left", nodes, factor=factor)
        right = _fix(node, "right", nodes, factor=factor)
        return left or right
    if isinstance(node, ast.UnaryOp):
        return _fix(node, "operand", nodes, factor=factor)
    return False


def _makes_a_node(call) -> bool:
    """`Value(...)`, `type(self)(...)`, `self.__class__(...)`."""
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "Value"
            or isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "type"
            or isinstance(func, ast.Attribute) and func.attr == "__class__")


__all__ = ["value_grad_entries"]
