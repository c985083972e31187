"""Another machine's libm, for tests: math's tanh, exp, log, pow, sin and cos a few ulps from this one's.

Each result moves by -ulps..+ulps (4 by default: twice what two CPUs' libraries are seen to
disagree by), chosen from the arguments, so the same call always gives the same (other) result,
as another CPU's or libm's would. What every libm gets exactly stays exact (exp(0) = 1, cos(0) = 1,
log(1) = 0, tanh(0) = 0, pow with an integer exponent), and |tanh| stays at most 1. Float `**`
is C's pow and cannot be replaced from Python: glibc's is correctly rounded, others may not be.

`use_another_libm` gives a test a grader and a sandbox worker that each run on another libm.
"""

import dataclasses
import inspect
import math as _math


def _other(function, salt, ulps, bounded=False, exact_at_zero=False):
    def other(*args):
        y = function(*args)
        if type(y) is not float or y == 0.0 or not _math.isfinite(y):
            return y
        if exact_at_zero and args[0] == 0:
            return y
        if function is _math.pow and float(args[1]).is_integer():
            return y
        steps = hash((salt,) + tuple(float(a) for a in args)) % (2 * ulps + 1) - ulps
        for _ in range(abs(steps)):
            y = _math.nextafter(y, _math.inf if steps > 0 else -_math.inf)
        return max(-1.0, min(1.0, y)) if bounded else y

    other.__name__ = function.__name__
    return other


def other_functions(salt, ulps):
    """{name: function} of another libm (`salt`: which one), made from this machine's math."""
    return {"tanh": _other(_math.tanh, salt + 1, ulps, bounded=True),
            "exp": _other(_math.exp, salt + 2, ulps, exact_at_zero=True),
            "log": _other(_math.log, salt + 3, ulps),
            "pow": _other(_math.pow, salt + 4, ulps),
            "sin": _other(_math.sin, salt + 5, ulps),
            "cos": _other(_math.cos, salt + 6, ulps, exact_at_zero=True)}


def sandbox_prelude(salt, ulps):
    """Source appended to the worker's probekit.py, which the worker loads before the student's module:
    from then on the worker's math is another libm (a student's `from math import tanh` included)."""
    functions = inspect.getsource(_other) + "\n\n" + inspect.getsource(other_functions)
    return (f"\n\n# another machine's libm (tests/other_libm.py)\nimport math as _math\n\n\n{functions}\n"
            f"for _name, _function in other_functions({salt}, {ulps}).items():\n"
            "    setattr(_math, _name, _function)\n")


def use_another_libm(monkeypatch, *graders, ulps=4):
    """This test's grader and sandbox workers run on another machine's libm (two different ones).

    The grader's math (the reference engine, probekit, the variants run in-process) is patched
    here; each module in `graders` (one that grades, holding `load_suite`) loads suites whose
    probekit.py carries `sandbox_prelude`, so every worker's math is another libm too. The suite's
    digest is kept: stored variant runs, made on this machine, are used as they are on any other.
    """
    for name, function in other_functions(salt=2000, ulps=ulps).items():
        monkeypatch.setattr(_math, name, function)
    prelude = sandbox_prelude(salt=1000, ulps=ulps).encode()
    for module in graders:
        def load_suite(name, load=module.load_suite):
            suite = load(name)
            return dataclasses.replace(suite, runner_files={
                **suite.runner_files, "probekit.py": suite.runner_files["probekit.py"] + prelude})

        monkeypatch.setattr(module, "load_suite", load_suite)
