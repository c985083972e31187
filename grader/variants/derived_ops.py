"""Variants of the derived operations (`-`, `/`, reflected ops, negation) and of the initial gradient."""

from ..engines import Variant

DERIVED_OPS = (
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
        made_by="sub",
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
        made_by="rsub",
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
        made_by="rtruediv",
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
        made_by="div",
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
        made_by="neg",
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
                "",
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
                "",
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
