"""What a hidden test is written with: points, the probes, and comparisons whose
messages a student can act on.

    from grader.judge import points, suite_probes, assert_values

    probes = suite_probes(__file__)

    @points(2, concept="accumulate", name="mul/shared-node")
    def test_shared_node(observe, expect):
        \"\"\"y = a * a adds both uses of a into a.grad\"\"\"
        assert_values(observe(probes.shared_mul), expect(probes.shared_mul))

Fixtures a test may ask for: `observe(probe)` (the student's observations,
from the sandbox; raises for an error or a timeout, skips when nothing ran),
`observation(probe)` (the raw record: status, values or error, `recursion`),
`expect(probe)` (the reference engine's, computed here), `torch_expect(probe)`
(PyTorch's, stored), `imported` (status, message and import error of the run),
`run` (the whole run record: a test that asks for it is judged once per
submission instead of once per distinct observation, so prefer the others).
"""

import math
from pathlib import Path

from ..i18n import Message, items, msg, nmsg, place
from ..places import place_text, without_own_place
from ..records import VISIBILITIES
from .shapes import shape_difference  # noqa: F401 - the judge's plugin holds observations to the reference's shape

# Tolerances. Students' engines compute the same quantities in other orders
# (x / y directly or as x * y**-1, tanh from exp), so exact equality is wrong;
# those reorderings cost a few ulps per op, far below 1e-7 relative. A real bug
# (a missing path, a wrong local derivative) is off by a large fraction. The
# absolute floor covers true values near 0 (saturated tanh, relu's dead side),
# where a relative test is meaningless.
REL_TOL = 1e-7
ABS_TOL = 1e-9


class _Verdict:
    """A verdict's message (the student's feedback), `where` it points in the student's files:
    {"file", "line", "function"?} or None, and `detail`, its parts as fields: {"expression", "node",
    "expected", "got", "digits" (when the numbers are shown to other than DIGITS)} (those known), for
    tables that show them apart. Reports take the place from `where` and the parts from `detail`,
    never from the text.

    What charging (judge/charging.py) decides from is given when the verdict is made, never attached
    later: `raised` (the engine's exception as one comparable key of its type and the worker's facts,
    "" for a probe that never ran), `exception` (its type's name), `facts` (the worker's facts of it:
    grader.records.ExceptionFacts) and `credit` (the share of the test's probes right or charged
    elsewhere)."""

    def __init__(self, message="", *, where=None, raised="", exception=None, facts=None, credit=0.0, **detail):
        # `message` is a grader.i18n.Message (an id and its parameters, rendered in the student's language
        # where it is shown) or, from a suite's own test, a plain text; str() is its English text
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else None
        self.where = where
        self.raised, self.exception, self.facts, self.credit = raised, exception, facts, credit
        self.detail = {k: v.to_json() if isinstance(v, Message) else v for k, v in detail.items() if v is not None}


class Mismatch(_Verdict, AssertionError):
    """An observation differs from what it should be; the message is the student's feedback."""


class StudentError(_Verdict, Exception):
    """The student's engine raised while a probe ran it."""


class ProbeTimeout(_Verdict, Exception):
    """The probe did not finish within its limit."""


class NotRun(Exception):
    """The probe could not run at all (no importable engine); the test is skipped."""


def points(value, *, concept, name=None, visibility="visible", with_other_credit=False):
    """Declare a hidden test's points, the concept it covers, its public name and visibility.

    `with_other_credit`: the test's points count only beside a point earned by
    another test (a property of the work, such as "built from scratch", is not
    credited to an untouched starter); otherwise it is skipped, saying why.
    """
    if visibility not in VISIBILITIES:
        raise ValueError(f"visibility must be one of {VISIBILITIES}, not {visibility!r}")

    def mark(test):
        test.grading = {
            "points": float(value),
            "concept": concept,
            "name": name or test.__name__.removeprefix("test_").replace("_", "-"),
            "visibility": visibility,
            "doc": (test.__doc__ or "").strip(),
            "with_other_credit": with_other_credit,
        }
        return test

    return mark


def suite_probes(test_file):
    """The probes module beside a suite's test file (one module object per suite)."""
    from ..suites import suite_module

    return suite_module(Path(test_file).parent, "probes")


def suite_config(test_file):
    """The settings module (`__init__.py`) of the suite beside a test file, one module object per suite."""
    from ..suites import suite_module

    return suite_module(Path(test_file).parent, "__init__")


def describe(probe):
    """The expression a probe builds, as the student reads it (its docstring's first line)."""
    return (probe.__doc__ or probe.__name__).strip().splitlines()[0]


def expression_of(probe):
    """describe(probe) as a Message (grader/i18n), for a message's parameter: str() is the English, a report
    renders it from the `suites` catalog in the student's language where the suite's words are translated
    (grader/locale/babel-suites.cfg)."""
    words = getattr(probe, "expression_words", None)  # made from parts (probekit's random graphs)
    return Message.from_json(words) if words else Message(describe(probe))


def location_text(where, *, function=False):
    """` (bob.py, line 12)`, ` (nb.ipynb, cell 7, line 3)`, or with `, in _backward`: the one way a place is
    written."""
    if not where:
        return ""
    in_function = f", in {where['function']}" if function else ""
    return f" ({place_text(where)}{in_function})"  # place_text: `bob.py, line 12` or `nb.ipynb, cell 7, line 3`


# Exceptions whose own text says where, `(bob.py, line 12)` (grader.places writes the student's place in it)
SAYS_WHERE = frozenset({"SyntaxError", "IndentationError", "TabError"})


def location_suffix(error, where):
    """` (bob.py, line 12)` or ` (carol.ipynb, cell 7, line 3)` for an error (an import error or an
    observation: its `exception` field, the type's name) raised at `where`, unless its own text says where
    already (a SyntaxError's does). Decided from the fields, never from the text."""
    if not where or not where.get("line") or (error or {}).get("exception") in SAYS_WHERE:
        return ""
    return location_text(where)


def close(got, want, rel=REL_TOL, abs_=ABS_TOL):
    return math.isclose(got, want, rel_tol=rel, abs_tol=abs_)


# How many digits a message shows: the words of a message must not change with the last bits of
# another CPU's libm (tests and golden files compare them exactly). A value computed through tanh,
# exp or log carries a few ulps (~1e-15 relative) of its libm; shown to 10 significant digits (and
# at most 10 decimals) its text changes only when it lies within those ulps of a rounding boundary,
# about once in 10^5 numbers. A slope from central differences, (f(x + h) - f(x - h)) / 2h, divides
# f's ulps by h = 1e-6: it moves by about 1e-9 from one libm to another (measured with tanh, exp and
# log 4 ulps away: 1.36694514398 became 1.36694514370), so slopes are shown to SLOPE_DIGITS (`digits=` of
# assert_values, or fmt_slope), near the precision they are compared at (NUMERIC_REL, 1e-5), where such
# a move changes the text about once in 10^3 numbers.
DIGITS = 10
SLOPE_DIGITS = 7


def fmt(x, digits=DIGITS):
    """A number as a message shows it: `digits` significant digits, at most 10 decimals."""
    if not isinstance(x, float):
        return repr(x)
    if abs(x) >= 1e12:
        return f"{x:.6g}"
    return repr(round(float(f"{x:.{digits}g}"), 10))


def fmt_slope(x):
    """A slope from central differences, as a message shows it (SLOPE_DIGITS: see above)."""
    return fmt(x, SLOPE_DIGITS)


def assert_values(got, want, *, probe=None, keys=None, rel=REL_TOL, abs_=ABS_TOL, what=None, digits=DIGITS, names=None):
    """Every key of `want` (or of `keys`) is present in `got` and equal within tolerance.

    The message names the expression, the first node that differs (by its words in `names`, {key: msg(...)}, for a
    key that is words: the detail's `node_words`), the expected and the observed number, and nothing else.
    """
    keys = list(keys) if keys is not None else list(want)
    wrong = []
    for key in keys:
        w, g = want[key], got.get(key, "missing")
        if isinstance(w, float) and isinstance(g, float):
            if not close(g, w, rel, abs_):
                wrong.append((key, w, g))
        elif g != w:
            wrong.append((key, w, g))
    if wrong:
        context = what or (expression_of(probe) if probe else "")  # made only for the message
        key, w, g = wrong[0]
        n = len(wrong) - 1
        # a node the observation lacks is said in the student's language (the detail keeps "missing", as before)
        # TRANSLATORS: what a mismatch says it got for a value the observation lacks ("expected 6.0, got …")
        shown = msg("'missing'") if isinstance(got, dict) and key not in got else fmt(g, digits)
        values = {"node": (names or {}).get(key, key), "expected": fmt(w, digits), "got": shown}
        if context and n:
            said = nmsg("{node} for {expression}: expected {expected}, got {got} ({n} more value differs)",
                        "{node} for {expression}: expected {expected}, got {got} ({n} more values differ)", "n",
                        expression=context, n=n, **values)
        elif context:
            said = msg("{node} for {expression}: expected {expected}, got {got}", expression=context, **values)
        elif n:
            said = nmsg("{node}: expected {expected}, got {got} ({n} more value differs)",
                        "{node}: expected {expected}, got {got} ({n} more values differ)", "n", n=n, **values)
        else:
            said = msg("{node}: expected {expected}, got {got}", **values)
        raise Mismatch(said, expression=context or None, node=key, node_words=(names or {}).get(key), expected=w,
                       got=g, digits=digits if digits != DIGITS else None)


# -- the checks most hidden tests are made of ---------------------------------------------

# Central differences with h = 1e-6 are accurate to about 1e-9 absolute on the
# suites' functions (truncation ~h², round-off ~eps/h); 1e-5 relative leaves room
# for that and still catches any wrong local derivative, which is off by far more.
NUMERIC_REL, NUMERIC_ABS = 1e-5, 1e-6


def check(observe, expect, probe, **tolerance):
    """The student's observations of `probe` equal the reference's."""
    assert_values(observe(probe), expect(probe), probe=probe, **tolerance)


def observed_or_none(observe, probe):
    """`observe(probe)`, or None where the engine raised or timed out there: a probe a test reads on every run
    (so that every engine's test reads the same probes), right or wrong, to decide whether to excuse."""
    try:
        return observe(probe)
    except (StudentError, ProbeTimeout):
        return None


def assert_imported(imported, module="engine", hint=""):
    """The one clear failure of a submission whose module could not be used at all."""
    error = imported.get("import_error")
    if error:
        where = error.get("where")
        own = error.get("file") or f"{module}.py"  # the student's own name for it (grader.places)
        text = without_own_place(error["error"], where) if error.get("exception") in SAYS_WHERE else error["error"]
        at = place({k: v for k, v in where.items() if k != "function"}) \
            if location_suffix(error, where) or text != error["error"] else None  # a SyntaxError's, said apart
        ended = error.get("error_message")  # the observer's words (an exit, a hang at import): translated too
        hint = Message.from_json(error["advice_message"]) if error.get("advice_message") else hint  # cell_order.py
        values = {"file": own, "error": Message.from_json(ended) if ended else text, "advice": hint}
        if at and hint:
            said = msg("{file} could not be used: {error} ({place}). {advice} Every other test was skipped.",
                       place=at, **values)
        elif at:
            said = msg("{file} could not be used: {error} ({place}). Every other test was skipped.", place=at,
                       **values)
        elif hint:
            said = msg("{file} could not be used: {error}. {advice} Every other test was skipped.", **values)
        else:
            said = msg("{file} could not be used: {error}. Every other test was skipped.", **values)
        raise Mismatch(said, where=where, exception=error.get("exception"))
    stopped = imported.get("import_stopped")
    if stopped:  # a notebook's cell raised: graded as Jupyter's Run All leaves it (grader/sandbox/raised.py)
        where = stopped.get("where") or {}
        values = {"file": stopped.get("file") or f"{module}.py", "error": stopped["error"]}
        if where.get("line") is not None:
            said = msg("{file} stopped at a cell that raised {error} ({place}): the cells before it were graded, as "
                       "Jupyter's Run All leaves them. Fix that cell or remove it.",
                       place=place({k: v for k, v in where.items() if k != "function"}), **values)
        else:
            said = msg("{file} stopped at a cell that raised {error}: the cells before it were graded, as Jupyter's "
                       "Run All leaves them. Fix that cell or remove it.", **values)
        raise Mismatch(said, where=stopped.get("where"), exception=stopped.get("exception"))


def import_test(test_file):
    """The suite's import test (0 points): one clear failure when the module could not be used.

    A suite's test file says `test_imports = import_test(__file__)`; the hint
    (where a multi-file exercise's files belong) comes from the suite's FILES
    or IMPORT_HINT (grader/suites/__init__.py).
    """
    from ..suites import settings

    hint = settings(Path(test_file).parent).import_hint

    @points(0, concept="setup", name="engine/imports")
    def test_imports(imported):
        """engine.py imports and defines a class named Value"""
        assert_imported(imported, hint=hint)

    return test_imports


def from_scratch_test(test_file):
    """The suite's static "from scratch" test, weighted by the suite's FROM_SCRATCH_POINTS.

    A suite's test file says `test_from_scratch = from_scratch_test(__file__)`.
    It reads where the submission imports a forbidden module (grader/forbidden.py,
    from the source: nothing runs) and fails once, naming every such line. A
    forbidden module that is *used* costs, besides, each test whose probe reached
    that use, with the stand-in's message (grader/sandbox/standins.py).
    """
    from ..suites import settings

    config = settings(Path(test_file).parent)

    @points(config.from_scratch_points, concept="from-scratch", name="engine/from-scratch", with_other_credit=True)
    def test_from_scratch(imported):
        """the engine is built from scratch: it imports none of the forbidden packages"""
        found = imported.get("forbidden_imports") or []
        if found:
            places = items([msg("`{module}` ({place})", module=f["module"], place=place(f)) for f in found], "comma")
            names = items(sorted({f["module"] for f in found}))
            raise Mismatch(msg("imports {places}: the engine must be built from scratch with plain Python, so "
                               "{modules} cannot be used in this exercise. Delete the import; any use of it also "
                               "fails the tests that reach that line.", places=places, modules=names),
                           where={k: found[-1][k] for k in ("file", "cell", "line") if k in found[-1]})

    return test_from_scratch


def check_numeric(observe, expect, probe):
    """Backward agrees with central differences of the student's own forward pass (probekit.with_numeric).

    The forward pass must be right first, at the point and around it: an engine
    that computes nothing would otherwise agree with itself.
    """
    got, want = observe(probe), expect(probe)
    assert_values(got, want, probe=probe, keys=["out"])
    for key in want:
        if key.endswith(".numeric") and abs(got[key] - want[key]) > max(NUMERIC_ABS, NUMERIC_REL * abs(want[key])):
            leaf = key[: -len(".numeric")]
            raise Mismatch(msg("f for {expression}: your forward pass is right at the point but not around it: "
                               "nudging {leaf} by ±1e-6 gives a slope of {got}, expected {expected}",
                               expression=expression_of(probe), leaf=leaf, got=fmt_slope(got[key]),
                               expected=fmt_slope(want[key])))
    for key in got:
        if key.endswith(".grad"):
            leaf = key[: -len(".grad")]
            analytic, numeric = got[key], got[f"{leaf}.numeric"]
            if abs(analytic - numeric) > max(NUMERIC_ABS, NUMERIC_REL * abs(numeric)):
                raise Mismatch(msg(
                    "{leaf}.grad for {expression}: your backward() gives {got}, but nudging {leaf} by ±1e-6 in "
                    "your own forward pass gives a slope of {slope}", leaf=leaf, expression=expression_of(probe),
                    got=fmt(analytic), slope=fmt_slope(numeric)))
