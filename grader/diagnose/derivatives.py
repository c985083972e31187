"""A mistake no variant makes, named from the student's own numbers: each op's local derivative, inferred.

The suite's `local_<op>` probes (probekit.local_derivatives) run one op on
fresh leaves at several points, once seeded by backward() directly and once
through `* Value(3)`. With the seed alone, an input's gradient *is* the local
derivative the student's rule computes there; the second run shows whether
the rule multiplies by `out.grad` (3) at all, or twice.

Those numbers are compared with candidate forms, each a classic way to get
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

import math

from ..i18n import msg

REL, ABS = 1e-6, 1e-9
# relu's mistakes differ from it only on one side of 0, or at 0 alone (`>= 0`): one point is all there is
MIN_DISTINCT = {"relu": 1}
# An op built from others in the reference (a - b = a + (-b), a / b = a * b**-1) shows their mistakes as
# its own; it is named only when the ops it may be built from show none.
BUILT_FROM = {"neg": ("mul",), "sub": ("add", "neg"), "rsub": ("add", "neg", "sub"), "div": ("mul", "pow"),
              "rtruediv": ("mul", "pow", "div")}


def _close(a, b):
    return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, rel_tol=REL,
                                                                                        abs_tol=ABS)


# Per op: the correct local derivatives, then (form, words, local derivatives) for each classic mistake.
# A form takes the case's inputs and the output `y` (the student's own forward value) and gives the local
# derivative of each input. Words complete "your <op> backward ...".
_UNARY_OTHERS = {  # the other ops' correct derivatives at the same input: "one op implemented as another"
    "tanh": lambda x, y: 1 - math.tanh(x) ** 2,
    "exp": lambda x, y: math.exp(x),
    "log": lambda x, y: 1 / x,
    "relu": lambda x, y: 1.0 if x > 0 else 0.0,
}

FORMS = {
    "tanh": (lambda x, y: {"x": 1 - y * y}, [
        ("input-for-output", msg("computes 1 − x² from the input x, although the formula 1 − t² needs the output "
                             "t = tanh(x)"), lambda x, y: {"x": 1 - x * x}),
        ("applied-twice", msg("computes 1 − tanh(t)² although t is already tanh(x): tanh is applied twice"),
         lambda x, y: {"x": 1 - math.tanh(y) ** 2}),
        ("missing-square", msg("computes 1 − t instead of 1 − t² (t = tanh(x))"), lambda x, y: {"x": 1 - y}),
        ("square-outside", msg("computes (1 − t)² instead of 1 − t²"), lambda x, y: {"x": (1 - y) ** 2}),
        ("output", msg("uses the output t itself instead of 1 − t²"), lambda x, y: {"x": y}),
        ("sign", msg("computes t² − 1 instead of 1 − t²: the sign is flipped"), lambda x, y: {"x": y * y - 1}),
    ]),
    "exp": (lambda x, y: {"x": y}, [
        ("input-for-output", msg("uses the input x where the local derivative of exp is its output exp(x)"),
         lambda x, y: {"x": x}),
        ("applied-twice", msg("computes exp(exp(x)): exp is applied to the output again"),
         lambda x, y: {"x": math.exp(y)}),
        ("power-rule", msg("computes x · exp(x), as if exp(x) followed the power rule"), lambda x, y: {"x": x * y}),
        ("one", msg("passes out.grad through unchanged (local derivative 1) instead of multiplying by exp(x)"),
         lambda x, y: {"x": 1.0}),
        ("tanh-rule", msg("computes 1 − y² from its output y, tanh's rule, instead of exp(x) itself"),
         lambda x, y: {"x": 1 - y * y}),
    ]),
    "log": (lambda x, y: {"x": 1 / x}, [
        ("output-for-input", msg("computes 1 / log(x), one over the output, where log's local derivative is 1 / x "
                             "with x the input"), lambda x, y: {"x": 1 / y}),
        ("not-inverted", msg("uses x instead of 1 / x"), lambda x, y: {"x": x}),
        ("inverse-derivative", msg("computes −1 / x², the derivative of 1 / x, instead of 1 / x"),
         lambda x, y: {"x": -1 / (x * x)}),
        ("squared", msg("computes 1 / x² instead of 1 / x"), lambda x, y: {"x": 1 / (x * x)}),
        ("output", msg("uses the output log(x) itself, as exp's rule would"), lambda x, y: {"x": y}),
    ]),
    "relu": (lambda x, y: {"x": 1.0 if x > 0 else 0.0}, [
        ("at-zero", msg("passes the gradient at x = 0 too (relu'(0) = 1, from `>= 0` instead of `> 0`)"),
         lambda x, y: {"x": 1.0 if x >= 0 else 0.0}),
        ("pass-through", msg("passes the gradient through everywhere, even where relu's output is 0"),
         lambda x, y: {"x": 1.0}),
        ("output", msg("multiplies by the output relu(x) instead of by 1 or 0"), lambda x, y: {"x": y}),
        ("reversed", msg("passes the gradient where x is negative and blocks it where x is positive"),
         lambda x, y: {"x": 1.0 if x < 0 else 0.0}),
        # the same, tested on the output (`out.data <= 0` for `out.data > 0`): relu'(0) = 1 as well
        ("reversed", msg("passes the gradient where x is negative and blocks it where x is positive"),
         lambda x, y: {"x": 1.0 if x <= 0 else 0.0}),
    ]),
    "pow": (lambda x, k, y: {"x": k * x ** (k - 1)}, [
        ("k-not-k-1", msg("computes k · x**k instead of k · x**(k − 1): the exponent is not lowered by one"),
         lambda x, k, y: {"x": k * x ** k}),
        ("missing-k", msg("computes x**(k − 1), without the factor k in front"), lambda x, k, y: {"x": x ** (k - 1)}),
        ("k-minus-2", msg("computes k · x**(k − 2): the exponent is lowered twice"),
         lambda x, k, y: {"x": k * x ** (k - 2)}),
        ("applied-twice", msg("computes k · (k − 1) · x**(k − 2), the second derivative: the power rule applied twice"),
         lambda x, k, y: {"x": k * (k - 1) * x ** (k - 2)}),
        ("k-minus-1-factor", msg("computes (k − 1) · x**(k − 1): the factor should be k"),
         lambda x, k, y: {"x": (k - 1) * x ** (k - 1)}),
        ("output", msg("uses the output x**k instead of k · x**(k − 1)"), lambda x, k, y: {"x": y}),
        ("k-1-unbracketed", msg("computes k · x**k − 1: `x ** k-1` is (x**k) − 1 in Python, since `**` binds "
                                "tighter than `-`; the exponent needs brackets, `x ** (k - 1)`"),
         lambda x, k, y: {"x": k * x ** k - 1}),
    ]),
    "mul": (lambda a, b, y: {"a": b, "b": a}, [
        ("swapped", msg("gives each operand its own value instead of the other operand's (a gets a, b gets b)"),
         lambda a, b, y: {"a": a, "b": b}),
        ("self-for-both", msg("uses `self.data` for both operands: both get a"), lambda a, b, y: {"a": a, "b": a}),
        ("other-for-both", msg("uses `other.data` for both operands: both get b"), lambda a, b, y: {"a": b, "b": b}),
        ("as-add", msg("passes out.grad through unchanged, as addition's rule does, instead of multiplying by the "
                   "other operand"), lambda a, b, y: {"a": 1.0, "b": 1.0}),
        ("forgets-other", msg("gives the gradient to `self` only; `other` gets nothing"),
         lambda a, b, y: {"a": b, "b": 0.0}),
    ]),
    "add": (lambda a, b, y: {"a": 1.0, "b": 1.0}, [
        ("forgets-other", msg("passes the gradient to `self` only; `other` gets nothing"),
         lambda a, b, y: {"a": 1.0, "b": 0.0}),
        ("as-mul", msg("multiplies by the other operand, as multiplication's rule does, instead of passing out.grad "
                   "through"), lambda a, b, y: {"a": b, "b": a}),
    ]),
    "sub": (lambda a, b, y: {"a": 1.0, "b": -1.0}, [
        ("sign", msg("gives b a local derivative of +1: the minus sign of a − b is lost on the way back"),
         lambda a, b, y: {"a": 1.0, "b": 1.0}),
        ("swapped", msg("gives a −1 and b +1: the operands are the other way round"),
         lambda a, b, y: {"a": -1.0, "b": 1.0}),
        ("forgets-other", msg("gives the gradient to a only; b gets nothing"), lambda a, b, y: {"a": 1.0, "b": 0.0}),
    ]),
    "div": (lambda a, b, y: {"a": 1 / b, "b": -a / (b * b)}, [
        ("sign", msg("gives b +a / b² instead of −a / b²: the sign is lost"),
         lambda a, b, y: {"a": 1 / b, "b": a / (b * b)}),
        ("not-squared", msg("gives b −a / b instead of −a / b²: b's power is not lowered to −2"),
         lambda a, b, y: {"a": 1 / b, "b": -a / b}),
        ("missing-a", msg("gives b −1 / b² instead of −a / b²: the factor a is missing"),
         lambda a, b, y: {"a": 1 / b, "b": -1 / (b * b)}),
        ("swapped", msg("gives a the rule of b and b the rule of a: the operands are the other way round"),
         lambda a, b, y: {"a": -a / (b * b), "b": 1 / b}),
        ("as-mul", msg("uses multiplication's rule (a gets b, b gets a) for division"),
         lambda a, b, y: {"a": b, "b": a}),
        ("cubed", msg("gives b −a / b³ instead of −a / b²"), lambda a, b, y: {"a": 1 / b, "b": -a / b ** 3}),
    ]),
    "neg": (lambda x, y: {"x": -1.0}, [
        ("plus-one", msg("passes the gradient unchanged: −x's local derivative is −1, not 1"),
         lambda x, y: {"x": 1.0}),
    ]),
    "rsub": (lambda x, y: {"x": -1.0}, [
        ("self-minus-other", msg("computes x − 2 for `2 - x`: `__rsub__` returns `self - other` instead of "
                             "`other - self`"), lambda x, y: {"x": 1.0} if _close(y, x - 2) else None),
        ("self-plus-other", msg("computes x + 2 for `2 - x`: `__rsub__` adds instead of computing `other - self`"),
         lambda x, y: {"x": 1.0} if _close(y, x + 2) else None),
        ("plus-one", msg("gives x a local derivative of +1 in `2 - x`, although the value is right"),
         lambda x, y: {"x": 1.0} if _close(y, 2 - x) else None),
    ]),
    "rtruediv": (lambda x, y: {"x": -2 / (x * x)}, [
        ("self-over-other", msg("computes x / 2 for `2 / x`: `__rtruediv__` returns `self / other` instead of "
                            "`other / self`"), lambda x, y: {"x": 0.5} if _close(y, x / 2) else None),
        ("sign", msg("gives x +2 / x² instead of −2 / x²"), lambda x, y: {"x": 2 / (x * x)}),
        ("missing-2", msg("gives x −1 / x², without the factor 2 of `2 / x`"), lambda x, y: {"x": -1 / (x * x)}),
    ]),
}

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
