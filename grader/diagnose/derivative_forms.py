"""Each op's candidate local derivatives, for derivatives.py to compare a student's numbers with: the correct
form, then each classic way to get it wrong, in the course's words (FORMS); the other ops' correct derivatives,
for a rule of one op used for another (_UNARY_OTHERS); and the tolerance every comparison uses (REL, ABS, _close).
Moved out of derivatives.py in session 42, to keep it under the line limit.
"""

from __future__ import annotations

import math

from ..i18n import msg

REL, ABS = 1e-6, 1e-9


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
