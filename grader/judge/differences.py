"""The formulas a numerical_grad may be written with, read from its numbers at the h given (06-gradcheck's
numerical/given-h cases, probes.numerical_given_h): the one-sided differences, a catalogue of differences over
divisors, and the central difference written without its brackets. Pure functions of numbers, moved out of
suites/06-gradcheck/test_gradcheck.py when it reached its 400 lines (session 27); what each returns is code, the
same in every language."""

import math

from . import close

# numerical_given_h's cases: the function, x and the h given
GIVEN_H = {
    "exp at 0, h=0.01": (math.exp, 0.0, 0.01),
    "x**2 at 3, h=0.5": (lambda x: x * x, 3.0, 0.5),
    "x**3 at 1, h=0.1": (lambda x: x**3, 1.0, 0.1),
    "gradcheck x**3 at 1, h=0.1": (lambda x: x**3, 1.0, 0.1),
}


def one_sided(got):
    """Whether every case is a one-sided difference taken with the h given, forwards or backwards."""
    forwards = {case: (f(x + h) - f(x)) / h for case, (f, x, h) in GIVEN_H.items()}
    backwards = {case: (f(x) - f(x - h)) / h for case, (f, x, h) in GIVEN_H.items()}
    return any(all(isinstance(got.get(case), float) and close(got[case], side[case], rel=1e-9, abs_=1e-12)
                   for case in GIVEN_H) for side in (forwards, backwards))


# The differences a numerical_grad can take, and what it can divide them by: each pair but the central
# difference over 2h (the right one) is a formula its own test, numerical/known-functions, charges (and names,
# read with the h given). Formulas are code, the same in every language.
_DIFFERENCES = (("f(x + h) - f(x - h)", lambda f, x, h: f(x + h) - f(x - h)),
                ("f(x - h) - f(x + h)", lambda f, x, h: f(x - h) - f(x + h)),
                ("f(x + h) - f(x)", lambda f, x, h: f(x + h) - f(x)),
                ("f(x) - f(x - h)", lambda f, x, h: f(x) - f(x - h)))
_DIVISORS = (("2h", lambda h: 2 * h), ("h", lambda h: h), ("h²", lambda h: h * h), ("2", lambda h: 2.0),
             (None, lambda h: 1.0))


def formula(got):
    """The formula of the catalogue every case of numerical_given_h is, with the h given ("(f(x + h) - f(x - h))
    / h"), where it is not the right one; else None."""
    for top, difference in _DIFFERENCES:
        for bottom, divisor in _DIVISORS:
            if (top, bottom) == ("f(x + h) - f(x - h)", "2h"):
                continue
            if all(isinstance(got.get(case), float) and
                   close(got[case], difference(f, x, h) / divisor(h), rel=1e-9, abs_=1e-12)
                   for case, (f, x, h) in GIVEN_H.items()):
                return f"({top}) / {bottom}" if bottom else top
    return None


def unbracketed(got):
    """"(f(x + h) - f(x - h)) / 2 * h" where every case of numerical_given_h is the central difference over 2h written
    without its brackets, `/ 2 * h` (Python reads `(d / 2) * h`), with the h given; else None. Named only, by
    numerical/known-functions (session 26: "a one-sided difference or an h far from 1e-6" was said); not in the
    catalogue, whose formulas numerical/given-h also excuses."""
    top, difference = _DIFFERENCES[0]
    if all(isinstance(got.get(case), float) and close(got[case], difference(f, x, h) / 2 * h, rel=1e-9, abs_=1e-15)
           for case, (f, x, h) in GIVEN_H.items()):
        return f"({top}) / 2 * h"
    return None
