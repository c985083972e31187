"""Each op's local derivative read off the student's own numbers (the suite's `local_<op>` probes): the
Diagnoser's findings of kind "derivative" (a mixin, kept apart to keep each module small).

derivatives.py names a classic wrong form where one fits at every point tried. Where none fits, the op's rule
is still shown wrong by its own probe alone, when its values are right and other ops' rules are right: the
finding "unmatched" names that op, what its rule should pass on, and at how many of the points tried it does
(a rule wrong only where an input is negative, `abs(b)` for `b`, is right at some); the numbers are the
student's own.
"""

from __future__ import annotations

import math

from ..i18n import capital, msg, said
from ..judge.ops import ops_of
from .compare import wrong
from .derivatives import BUILT_FROM, OP_NAMES, SHOULD, infer_all
from ..observe.probe_words import TEMPLATES
from .evidence import fmt, local_evidence


NOT_A_NUMBER = next(t for t in TEMPLATES if t == "{what} is a {type}, not a number")  # by its words, not place


class LocalRulesMixin:
    def _derivative_entries(self, probes, W, outcomes, entries):
        """Ops whose local derivative, read off the student's own numbers, matches a classic wrong form
        (derivatives.py), or is wrong in a form none matches, for failing tests no entry explains yet. Only
        where another op's rule is right: then a single op's probe shows that op's rule and nothing else."""
        local = {getattr(self.suite.probes, name).local_op: name for name in self.suite.probe_names
                 if getattr(getattr(self.suite.probes, name), "local_op", None)}
        values = {op: probes[name]["values"] for op, name in local.items()
                  if (probes.get(name) or {}).get("status") == "ok"}

        def right(op, keys=lambda k: True):
            if op not in local or (probes.get(local[op]) or {}).get("status") != "ok":
                return False
            reference = self.reference(local[op])
            mine = {k: v for k, v in probes[local[op]]["values"].items() if keys(k)}
            return mine.keys() == {k for k in reference if keys(k)} and not wrong(
                {"status": "ok", "values": mine}, {k: v for k, v in reference.items() if keys(k)})

        def seeded(key):  # the run seeded directly: one op on fresh leaves, and nothing else
            return not key.endswith(".scaled")

        def forward(key):  # the op's inputs and output, no gradient
            return not key.endswith((".grad", ".scaled"))

        inferred = infer_all(values, scaled=right("mul"))
        # a rule that adds a node into the gradient (its local derivative computed from a Value): its probe cannot
        # read the gradient; an op built from such an op shows that op's mistake, and is not named beside it
        unreadable = {op: found for op, name in local.items() if (found := grad_not_a_number(probes.get(name) or {}))}
        inferred.update({op: {"form": "grad-not-a-number", "words": msg(
            "adds a {type} into the gradient, not a number", type=found[1])} for op, found in unreadable.items()
            if not any(base in unreadable for base in BUILT_FROM.get(op, ()))})
        # an op that overwrote its input's number: its gradients are those of whatever it returned (the input
        # itself, seeded), so no form of its rule is named
        changed = {op: c for op in values if (c := changed_input(getattr(self.suite.probes, local[op]), values[op],
                                                                  self.reference(local[op])))}
        # `a - b` built as `a + (-b)` over that `-` changes b as well: the op it is built from is named
        changed = {op: c for op, c in changed.items() if not any(base in changed for base in BUILT_FROM.get(op, ()))}
        inferred.update({op: {"form": "in-place", "words": None} for op in changed})
        # no classic form: the rule seeded directly is wrong while its values are right, and no op it may be
        # built from is wrong
        for op in values:
            if (op not in inferred and not right(op, seeded) and right(op, forward)
                    and all(right(base, seeded) for base in BUILT_FROM.get(op, ()) if base in local)):
                inferred[op] = {"form": "unmatched", "words": msg(
                    "gives a local derivative no classic mistake explains (it should pass {should})", should=SHOULD[op])}
        explained = {t for e in entries for t in e.get("tests", [])}
        found = []
        # each op's probe seeded directly isolates it; the run through `* Value(3)` needs `*` right
        for op, inference in inferred.items():
            if not any(right(other, seeded) for other in local if other != op):
                continue  # no op's rule shows at all: the walk itself passes nothing (empty-walk, no-seed)
            shown = [p for p in W if _named(op) & ops_of(getattr(self.suite.probes, p))]
            tests = [t for t in self.cited(shown, outcomes) if t not in explained]
            if not tests:
                continue
            probe = getattr(self.suite.probes, local[op])
            if inference["form"] == "grad-not-a-number":
                sentence = _unreadable_evidence(probe, *unreadable[op], self.reference(local[op]))
            else:
                sentence = local_evidence(probe, values[op], self.reference(local[op]))
            title = (msg("Your {op} changes its input in place", op=OP_NAMES[op]) if inference["form"] == "in-place"
                     else msg("Your {op} backward {words}", op=OP_NAMES[op], words=inference["words"]))
            if inference["form"] == "in-place":
                sentence = changed[op]
                explanation = msg("{evidence}. The op overwrites its input's number (`self.data = ...`) instead of "
                                  "making a new Value for the result: the input's value is lost wherever else it is "
                                  "used. Leave the inputs as they are and return a new Value, linked to them, as "
                                  "every other op does.", evidence=capital(sentence))
            elif inference["form"] == "grad-not-a-number":
                explanation = msg("{evidence}. A gradient is a number: the rule computes its local derivative from a "
                                  "`{type}` where a number belongs (an exponent or a factor kept as a `{type}`, "
                                  "`n = {type}(n)` and then `n * ...`), so what it adds into `grad` is a node of the "
                                  "graph. Compute the local derivative from numbers (`n.data`), or keep a constant "
                                  "exponent a plain number.", evidence=capital(sentence), type=unreadable[op][1])
            elif inference["form"] == "unmatched":
                total, fits = self._points(values[op], self.reference(local[op]))
                explanation = msg("{evidence}. Its rule gives the right gradients at {fits} of the {n} points tried.",
                                  evidence=capital(sentence), fits=fits, n=total)
            else:
                explanation = msg("{evidence}. This rule alone explains the numbers at every point tried.",
                                  evidence=capital(sentence))
            smallest = min(shown, key=lambda p: self._size(p, probes))
            found.append(said({"kind": "derivative", "op": op, "form": inference["form"],
                               "table": self._table(smallest, probes), "concept": "local-derivative", "tests": tests,
                               **({"constant": inference["constant"]} if "constant" in inference else {})},
                              title=title, explanation=explanation,
                              message=msg("{title}: {evidence}.", title=title, evidence=sentence)))
        return found

    @staticmethod
    def _points(mine: dict, reference: dict) -> tuple[int, int]:
        """(the points of a local probe, those where every input's gradient seeded directly is right)."""
        cases = sorted({k.split(".")[0] for k in reference if k.endswith(".grad")}, key=int)
        fits = sum(1 for case in cases if not wrong(
            {"status": "ok", "values": {k: v for k, v in mine.items() if k.startswith(f"{case}.")
                                        and k.endswith(".grad")}},
            {k: v for k, v in reference.items() if k.startswith(f"{case}.") and k.endswith(".grad")}))
        return len(cases), fits


def changed_input(probe, mine: dict, reference: dict):
    """`for y = -x at x = -1.5, x.data is 1.5 after the op`, where the op changed an input's number at every point
    of its local probe (the probe reads each input's `.data` after the op), else None."""
    cases = sorted({k.split(".")[0] for k in reference if k.endswith(".grad")}, key=int)
    changed = [(case, key) for case in cases for key, want in reference.items()
               if key.startswith(f"{case}.") and key.count(".") == 1 and key.split(".")[1] not in ("y", "k")
               and isinstance(mine.get(key), (int, float)) and not math.isclose(mine[key], want, rel_tol=1e-6,
                                                                                  abs_tol=1e-9)]
    if not cases or {case for case, _ in changed} != set(cases):
        return None
    case, key = changed[0]
    name = key.split(".")[1]
    inputs = ", ".join(f"{k.split('.')[1]} = {fmt(v)}" for k, v in reference.items()
                       if k.startswith(f"{case}.") and k.count(".") == 1 and k.split(".")[1] not in ("y",))
    return msg("for {expression} at {inputs}, {name}.data is {got} after the op, not {want}",
               expression=probe.__doc__.split(" at ")[0], inputs=inputs, name=name, got=fmt(mine[key]), want=fmt(reference[key]))


def grad_not_a_number(observed: dict) -> tuple[str, str] | None:
    """(the key, the type) of a gradient a probe could not read because it is no number (`0.x.grad is a Value, not a
    number`), read from the record of the probe's words the worker sends beside the text (observe/probe_words.py),
    never from the text; else None."""
    record = observed.get("error_message") if observed.get("status") == "error" else None
    params = (record or {}).get("params") or {}
    what, kind = params.get("what"), params.get("type")
    if (record or {}).get("id") != NOT_A_NUMBER or not isinstance(what, str) or not what.endswith(".grad") \
            or not isinstance(kind, str):
        return None
    return what, kind


def _unreadable_evidence(probe, what: str, kind: str, reference: dict):
    """`for y = x ** k at x = 1.5, k = 3, x.grad is a Value, not a number`: the first point of a local probe whose
    gradient WHAT (`0.x.grad`) is a KIND."""
    case, _, name = what.partition(".")
    inputs = ", ".join(f"{k.split('.')[1]} = {fmt(v)}" for k, v in reference.items()
                       if k.startswith(f"{case}.") and k.count(".") == 1 and k.split(".")[1] != "y")
    return msg("for {expression} at {inputs}, {what} is a {type}, not a number",
               expression=probe.__doc__.split(" at ")[0], inputs=inputs, what=name, type=kind)


def _named(op: str) -> set[str]:
    """The names judge.ops gives an expression's uses of `op`: `**` by a whole k >= 0 is "pow", by any other k
    "pow-other" (both are the one rule the `local_pow` probe reads)."""
    return {"pow", "pow-other"} if op == "pow" else {op}
