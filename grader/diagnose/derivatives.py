"""A mistake no variant makes, named from the student's own numbers: each op's local derivative, inferred.

The suite's `local_<op>` probes (probekit.local_derivatives) run one op on
fresh leaves at several points, once seeded by backward() directly and once
through `* Value(3)`. With the seed alone, an input's gradient *is* the local
derivative the student's rule computes there; the second run shows whether
the rule multiplies by `out.grad` (3) at all, or twice.

Those numbers are compared with candidate forms (derivative_forms.py), each a classic way to get
that op's derivative wrong, written in the course's words: the output instead
of the input or the other way round, a missing factor, swapped operands, k
instead of k − 1, one op's rule used for another, the formula applied twice;
and, for any op, a constant added to the right derivative, or the right
derivative times a constant; for a two-input op, one input cut off (the right
gradient to one, none to the other); for a one-input op, a rule right at every
x > 0 and wrong at every x < 0 (or the other way round: an `abs()`, a branch on
the sign), or split the same way at 1 (where log(x) changes sign). A form is named only when it reproduces the
student's number at *every* point (to 1e-6 relative) while the correct form
does not, and it differs from the correct form at two points at least. The
first form that fits, in the order listed, is named; when none fits, infer
says nothing (local_rules.py names the op's rule "unmatched" then).

Trusted code, in the grader: it reads observations, it runs nothing.
"""

from __future__ import annotations

from ..i18n import msg
from .derivative_forms import ABS, FORMS, _UNARY_OTHERS, _close

# relu's mistakes differ from it only on one side of 0, or at 0 alone (`>= 0`): one point is all there is
MIN_DISTINCT = {"relu": 1}
# An op built from others in the reference (a - b = a + (-b), a / b = a * b**-1) shows their mistakes as
# its own; it is named only when the ops it may be built from show none.
BUILT_FROM = {"neg": ("mul",), "sub": ("add", "neg"), "rsub": ("add", "neg", "sub"), "div": ("mul", "pow"),
              "rtruediv": ("mul", "pow", "div")}


OP_NAMES = {"tanh": "tanh", "exp": "exp", "log": "log", "relu": "relu", "pow": "`**`", "mul": "`*`",
            "add": "`+`", "sub": "`-`", "div": "`/`", "neg": msg("unary `-`"), "rsub": "`2 - x`",
            "rtruediv": "`2 / x`"}


def _cases(values: dict) -> list[dict]:
    """The probe's cases: [{"inputs": {...}, "k"?, "y", "grad": {...}, "scaled": {...}}]."""
    cases, i = [], 0
    while f"{i}.y" in values:
        names = sorted({key.split(".")[1] for key in values if key.startswith(f"{i}.") and key.count(".") == 2})
        case = {"inputs": {n: values.get(f"{i}.{n}") for n in names}, "y": values[f"{i}.y"],
                "grad": {n: values.get(f"{i}.{n}.grad") for n in names},
                "scaled": {n: values.get(f"{i}.{n}.scaled") for n in names}}
        if f"{i}.k" in values:
            case["k"] = values[f"{i}.k"]
        cases.append(case)
        i += 1
    return cases


def _apply(form, case):
    args = list(case["inputs"].values()) if len(case["inputs"]) == 1 else [case["inputs"]["a"], case["inputs"]["b"]]
    if "k" in case:
        args.append(case["k"])
    return _call(form, args, case["y"])


def _call(form, args, y):
    try:
        result = form(*args, y)
    except (ZeroDivisionError, OverflowError, ValueError, TypeError):
        return None
    return result


def _fits(predicted_of, cases, observed_key="grad") -> bool:
    for case in cases:
        predicted = predicted_of(case)
        if predicted is None:
            return False
        for name, got in case[observed_key].items():
            if not _close(got, predicted.get(name)):
                return False
    return True


def infer(op: str, values: dict, *, scaled: bool = True) -> dict | None:
    """The mistake in `op`'s backward rule that the student's numbers show, or None.

    {"op", "form", "words"} where words complete "your <op> backward …".
    `scaled=False`: the run through `* Value(3)` says nothing (the student's
    `*` is itself wrong), so only the run seeded directly is read: it isolates
    the op, and the question of out.grad is left open.
    """
    if op not in FORMS:
        return None
    cases = _cases(values)
    if len(cases) < 2:
        return None
    correct, candidates = FORMS[op]

    def right_of(case):
        return _apply(correct, case)

    local_right = _fits(right_of, cases)
    # out.grad: the scaled run should be 3 times the plain one (whatever the local derivative is)
    times = None
    # `*`'s own run through `* Value(3)` shows its use of out.grad once its rule is right seeded directly: the
    # scaling node's rule is that same rule, and passes the 3 on right whatever it does with out.grad (its out.grad
    # is the seed, 1)
    scaled = scaled or (op == "mul" and local_right)
    for factor, words in ((3.0, None), (1.0, msg("does not multiply by out.grad (the gradient from above)")),
                          (9.0, msg("multiplies by out.grad twice"))):
        if not scaled:
            break
        if all(_close(case["scaled"][n], factor * case["grad"][n]) for case in cases for n in case["grad"]):
            times = words
            break
    else:
        if op != "mul":  # the scaling is itself a `*`: for `*`, its run says nothing of out.grad
            return None  # the two runs do not relate by a constant: not a local rule we can read
    if not local_right and _passes_nothing(cases, right_of):
        if len(cases[0]["grad"]) > 1:
            words = msg("passes no gradient to its inputs (it should pass {should}): its rule adds nothing, never "
                        "runs, or its output is not linked to its input", should=SHOULD[op])
        else:
            words = msg("passes no gradient to its input (it should pass {should}): its rule adds nothing, never "
                        "runs, or its output is not linked to its input", should=SHOULD[op])
        return {"op": op, "form": "no-gradient", "words": words}
    if local_right:
        if times is not None and any(abs(case["grad"][n]) > ABS for case in cases for n in case["grad"]):
            return {"op": op, "form": "out-grad", "words": times}
        return None
    for form, words, predicted in candidates:
        distinct = sum(1 for case in cases if (p := _apply(predicted, case)) is not None and
                       (r := right_of(case)) is not None and any(not _close(p[n], r[n]) for n in p))
        if distinct >= MIN_DISTINCT.get(op, 2) and _fits(lambda case: _apply(predicted, case), cases):
            return {"op": op, "form": form, "words": _and(words, times)}
    split = _split_by_exponent(cases, right_of, candidates)
    if split is not None:
        form, words, wrong_where = split
        words = (msg("{words} where k is not a whole number, and is right where k is whole: the rule depends on "
                     "the exponent's type (a branch such as `isinstance(k, int)`)", words=words)
                 if wrong_where == "fractional" else
                 msg("{words} where k is a whole number, and is right where k is not: the rule depends on the "
                     "exponent's type (a branch such as `isinstance(k, int)`)", words=words))
        return {"op": op, "form": f"{form}-{wrong_where}-k", "words": _and(words, times)}
    unary = len(cases[0]["inputs"]) == 1 and "k" not in cases[0]
    if unary:
        for other, derivative in _UNARY_OTHERS.items():
            if other != op and _fits(lambda case: _call(lambda x, y: {"x": derivative(x, y)},
                                                       list(case["inputs"].values()), case["y"]), cases):
                return {"op": op, "form": f"as-{other}",
                        "words": _and(msg("uses {other}'s local derivative", other=other), times)}
    cut = _cut_off(cases, right_of)
    if cut is not None:
        right, off = cut
        return {"op": op, "form": f"no-gradient-to-{off}", "words": _and(msg(
            "passes the right gradient to {right} but none to {off}: {off} is cut off from the graph (an operand "
            "rebuilt from its number, `Value({off}.data)`, is a constant to backward())", right=right, off=off),
            times)}
    sided = _one_sided(cases, right_of)
    if sided is not None:
        words = (msg("gives the right local derivative where x > 0 but a wrong one where x < 0: something in it "
                     "depends on the sign of x (an `abs()`, a branch on the sign)") if sided == "negative" else
                 msg("gives the right local derivative where x < 0 but a wrong one where x > 0: something in it "
                     "depends on the sign of x (an `abs()`, a branch on the sign)"))
        return {"op": op, "form": f"wrong-where-{sided}", "words": _and(words, times)}
    # the other point a rule is split at: 1, where log(x) changes sign (log's inputs are all above 0)
    sided = _one_sided(cases, right_of, pivot=1.0)
    if sided is not None:
        words = (msg("gives the right local derivative where x > 1 but a wrong one where x < 1: something in it "
                     "depends on whether x is above 1 (a branch on x, or on the sign of log(x))")
                 if sided == "negative" else
                 msg("gives the right local derivative where x < 1 but a wrong one where x > 1: something in it "
                     "depends on whether x is above 1 (a branch on x, or on the sign of log(x))"))
        return {"op": op, "form": "wrong-below-1" if sided == "negative" else "wrong-above-1",
                "words": _and(words, times)}
    # the right derivative plus a constant, or times a constant, for every input
    for kind in ("plus", "times"):
        found = _constant(cases, right_of, kind)
        if found is not None:
            c = found
            words = (msg("adds {c} to the right local derivative", c=_fmt(c)) if kind == "plus"
                     else msg("has the wrong sign") if _close(c, -1.0)
                     else msg("multiplies the right local derivative by {c}", c=_fmt(c)))
            return {"op": op, "form": f"{kind}-constant", "constant": c, "words": _and(words, times)}
    return None


# What each op's rule should pass on, in words that complete "it should pass ...".
# Formulas are code, the same in every language; words around them are Messages.
SHOULD = {"tanh": "(1 − t²) · out.grad, t = tanh(x)", "exp": "exp(x) · out.grad", "log": "out.grad / x",
          "relu": msg("out.grad where x > 0"), "pow": "k · x**(k − 1) · out.grad",
          "mul": msg("b · out.grad to a and a · out.grad to b"), "add": msg("out.grad to both operands"),
          "sub": msg("out.grad to a and −out.grad to b"), "div": msg("out.grad / b to a and −a · out.grad / b² to b"),
          "neg": "−out.grad", "rsub": msg("−out.grad to x in `2 - x`"),
          "rtruediv": msg("−2 · out.grad / x² to x in `2 / x`")}


def _passes_nothing(cases, right_of) -> bool:
    """Every input's gradient 0 in every case, where the right rule passes something somewhere."""
    if not all(_close(got, 0.0) for case in cases for got in case["grad"].values()):
        return False
    return any(not _close(r.get(n), 0.0) for case in cases if (r := right_of(case)) for n in case["grad"])


def _cut_off(cases, right_of):
    """(the input whose gradient is right, the one whose gradient is 0 everywhere) of a two-input op, where the
    right rule passes that one something somewhere; else None."""
    names = sorted(cases[0]["grad"])
    if len(names) != 2:
        return None
    for right, off in (names, names[::-1]):
        rights = [right_of(case) for case in cases]
        if None in rights:
            return None
        if (all(_close(case["grad"][off], 0.0) and _close(case["grad"][right], r[right])
                for case, r in zip(cases, rights)) and any(not _close(r[off], 0.0) for r in rights)):
            return right, off
    return None


def _split_by_exponent(cases, right_of, candidates):
    """(form, words, "fractional" or "whole") where `**`'s rule is right at every case of one kind of exponent (a
    whole k, or not) and one candidate form fits every case of the other kind, at two points at least where it
    differs from the right rule (session 42: the `- 1` kept for an `int` k only was "unmatched"); else None."""
    if "k" not in cases[0] or not all(isinstance(case.get("k"), (int, float)) for case in cases):
        return None
    groups = {"whole": [], "fractional": []}
    for case in cases:
        groups["whole" if float(case["k"]).is_integer() else "fractional"].append(case)
    for wrong_where, right_where in (("fractional", "whole"), ("whole", "fractional")):
        wrong, right = groups[wrong_where], groups[right_where]
        if not right or not _fits(right_of, right):
            continue
        for form, words, predicted in candidates:
            distinct = sum(1 for case in wrong if (p := _apply(predicted, case)) is not None and
                           (r := right_of(case)) is not None and any(not _close(p[n], r[n]) for n in p))
            if distinct >= 2 and _fits(lambda case: _apply(predicted, case), wrong):
                return form, words, wrong_where
    return None


def _one_sided(cases, right_of, pivot=0.0):
    """"negative" where a one-input op's rule is right at every x > pivot and wrong at every x < pivot, "positive"
    the other way round; else None (x = pivot says nothing here: relu's own forms read 0)."""
    if sorted(cases[0]["inputs"]) != ["x"]:
        return None
    verdicts = {}
    for case in cases:
        x = case["inputs"]["x"]
        if not isinstance(x, (int, float)) or x == pivot:
            continue
        right = right_of(case)
        fits = right is not None and all(_close(got, right.get(n)) for n, got in case["grad"].items())
        verdicts.setdefault("positive" if x > pivot else "negative", set()).add(fits)
    if set(verdicts) != {"positive", "negative"}:
        return None
    for wrong, right in (("negative", "positive"), ("positive", "negative")):
        if verdicts[right] == {True} and verdicts[wrong] == {False}:
            return wrong
    return None


def _constant(cases, right_of, kind):
    values = []
    for case in cases:
        right = right_of(case)
        if right is None:
            return None
        for name, got in case["grad"].items():
            if kind == "plus":
                values.append(got - right[name])
            elif abs(right[name]) > 1e-6:
                values.append(got / right[name])
    if len(values) < 2 or not all(_close(v, values[0]) for v in values):
        return None
    c = values[0]
    if _close(c, 0.0 if kind == "plus" else 1.0) or (kind == "times" and _close(c, 0.0)):
        return None
    return c


def _fmt(c):
    return f"{c:g}" if abs(c - round(c, 6)) < 1e-9 else f"{c:.4g}"


def _and(words, times):
    return msg("{words}, and {times}", words=words, times=times) if times else words


def infer_all(values_of: dict, *, scaled: bool = True) -> dict:
    """{op: inference} for the ops whose numbers show a mistake, {op: probe values} given; an op built from
    another op that shows a mistake is left out (BUILT_FROM)."""
    found = {op: infer(op, values, scaled=scaled) for op, values in values_of.items()}
    found = {op: f for op, f in found.items() if f}
    return {op: f for op, f in found.items() if not any(base in found for base in BUILT_FROM.get(op, ()))}


__all__ = ["BUILT_FROM", "FORMS", "OP_NAMES", "SHOULD", "infer", "infer_all"]
