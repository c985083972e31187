"""Checking a gradient by nudging the input.

Backpropagation gives the *analytic* derivative; nudging x a little each way
and watching f move gives a *numeric* one. If the two disagree, a backward
rule is wrong (or the graph lost a path).
"""

from typing import NamedTuple

from engine import Value


def numerical_grad(f, x, h=1e-6):
    """df/dx at x by central differences, (f(x + h) - f(x - h)) / 2h, for f: float -> float.

    Central differences cancel the h² term of the Taylor series (f'' appears in
    both halves with the same sign), so the error is O(h²), where the
    one-sided (f(x + h) - f(x)) / h is only O(h).
    """
    # differenza centrale
    avanti, indietro = f(x + h), f(x - h)
    return (avanti - indietro) / (2 * h)


class GradcheckResult(NamedTuple):
    """Backprop's df/dx next to the numeric one, and whether they agree."""

    analytic: float
    numeric: float
    abs_diff: float
    rel_diff: float  # abs_diff / max(|analytic|, |numeric|); 0 when both are 0
    ok: bool


def gradcheck(f, x, h=1e-6, rtol=1e-5, atol=1e-7):
    """Compare backprop's df/dx at x with central differences.

    f takes a `Value` and returns a `Value` built from it with the engine's
    operations. The analytic gradient is `Value(x).grad` after one
    `backward()`; the numeric one is `numerical_grad` on `f(Value(t)).data`.
    The check passes when

        abs_diff <= atol + rtol * max(|analytic|, |numeric|)

    Why these tolerances: the numeric derivative has two errors pulling in
    opposite directions as h shrinks.
      - truncation, from cutting the Taylor series: about h² |f'''(x)| / 6,
        ~1e-13 |f'''| at h = 1e-6;
      - round-off: f(x ± h) are each off by a few ulps of |f(x)|, and the
        subtraction divides that by 2h, giving about eps |f(x)| / h,
        ~2e-10 |f(x)| at h = 1e-6 (eps = 2.2e-16).
    (The sum is smallest near h = eps^(1/3) ≈ 6e-6; h = 1e-6 is close.) So for
    well-scaled functions the numeric value is good to ~1e-9 relative, and
    rtol = 1e-5 leaves a wide margin while still catching any wrong backward
    rule, which is off by far more (a missing factor, a lost path, a wrong
    sign). atol covers gradients that are exactly 0, where no relative test
    can pass. A function whose value is large where its slope is tiny (say
    1e6 + x² near 0) has round-off ~1e-4 and needs a larger atol.
    """
    foglia = Value(x)
    uscita = f(foglia)
    uscita.backward()
    analitica = foglia.grad
    numerica = numerical_grad(lambda t: f(Value(t)).data, x, h)
    diff_ass = abs(analitica - numerica)
    scala = max(abs(analitica), abs(numerica))
    diff_rel = diff_ass / scala if scala > 0 else 0.0
    return GradcheckResult(analitica, numerica, diff_ass, diff_rel, diff_ass <= atol + rtol * scala)
