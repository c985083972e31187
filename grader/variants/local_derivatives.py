"""Variants of one op's local derivative."""

from ..engines import Variant

LOCAL_DERIVATIVES = (
    Variant(
        name="mul-self-data",
        op="mul",
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
        op="mul",
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
        op="mul",
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
        op="add",
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
        op="pow",
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
        op="pow",
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
        op="relu",
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
        op="relu",
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
        op="tanh",
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
        op="tanh",
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
        op="tanh",
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
        op="exp",
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
        op="log",
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
)
