"""Hidden tests of 09-write-tests: a mutation score for the student's test_engine.py.

The student's tests must pass on the reference engine; each buggy engine they
fail on is caught and earns its point. When the tests fail on the reference
no engine counts as caught: a test that fails on everything catches nothing.
The tests run twice on the reference, in separate fresh workers at secret places in the order:
when the two runs disagree, the tests depend on something other than the engine, and catch
nothing. They run once more on the reference written another way (correct, never handed out):
tests that fail there tell the handed-out engine by its code, not by what it computes. The
engines are the variants of grader/variants/ (engines.json).
"""

from grader.i18n import Message, items, msg, nmsg
from grader.judge import from_scratch_test, import_test, Mismatch, points, suite_config

config = suite_config(__file__)
cases = config.probe_cases()
ENGINES = config.engines()
REFERENCE_RUNS = [cases[name] for name in config.REFERENCE_RUNS]

# Shown before the due date: one of each kind of mistake, so `grade check` says
# something useful; the rest are graded in the same way but hidden.
VISIBLE = {"mul-self-data", "tanh-one-minus-t", "mul-assign-not-accumulate", "no-seed", "forward-order",
           "recursive-topo", "rsub-order", "grad-starts-one"}


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


def _failure(failed):
    """One test that failed on the reference, as the probe keeps it ({"test", "error", "seconds", "fixture"}), in
    words: the sandbox's own exceptions (`numpy` forbidden) in the student's language too."""
    from grader.observe.protocol import sandbox_words

    if failed["error"] is None:
        return msg("{test}: did not finish within {seconds} s of CPU time", test=failed["test"],
                   seconds=f"{failed['seconds']:.2g}")
    said = sandbox_words(failed["error"], failed["error"].partition(":")[0])
    error = Message.from_json(said) if said else failed["error"]
    if failed["fixture"]:
        return msg("{test}: {error} (pytest's own fixtures, such as tmp_path, are not available here; a test takes "
                   "only the fixtures its file or a conftest.py beside it defines, and the arguments given by "
                   "pytest.mark.parametrize)", test=failed["test"], error=error)
    return msg("{test}: {error}", test=failed["test"], error=error)


def _run_problem(got, restyled=False):
    """Why the student's tests do not pass on one run on the reference engine (RESTYLED: on the reference written
    another way), or None."""
    if not got["loaded"]:
        error = msg("took too long") if got["out of time"] else got["error"]
        if restyled:
            return msg("your test file could not be run with another correct engine, the reference written another "
                       "way (the same numbers from other code), so it checks how the engine you were given is "
                       "written, not what it computes: {error}", error=error)
        return msg("your test file could not be run with the reference engine: {error}", error=error)
    if got["tests"] == 0:
        return msg("your test file defines no tests: write functions whose names start with test_, each asserting "
                   "what a correct engine does")
    if got["out of time"]:
        return msg("your tests took longer than the 2.4 s of CPU time they get per engine (ran {ran} of {tests}); "
                   "keep each test small", ran=f"{got['ran']:g}", tests=f"{got['tests']:g}")
    if got["failed"] and restyled:
        return nmsg("{failed} of {n} tests fail on another correct engine, the reference written another way (the "
                    "same numbers from other code), so they check how the engine you were given is written, not "
                    "what it computes: {failures}",
                    "{failed} of {n} tests fail on another correct engine, the reference written another way (the "
                    "same numbers from other code), so they check how the engine you were given is written, not "
                    "what it computes: {failures}", "n",
                    failed=f"{got['failed']:g}", n=int(got["tests"]),
                    failures=items([_failure(f) for f in got["failures"]], join="semicolon"))
    if got["failed"]:
        return nmsg("{failed} of {n} tests fail on the reference engine, which is correct: {failures}",
                    "{failed} of {n} tests fail on the reference engine, which is correct: {failures}", "n",
                    failed=f"{got['failed']:g}", n=int(got["tests"]), failures=items([_failure(f) for f in got["failures"]], join="semicolon"))
    return None


def _reference_problem(observe, observation):
    """Why the student's tests earn nothing, from their runs on the reference, or None."""
    return _reference_verdict(observe, observation)[0]


def _reference_verdict(observe, observation):
    """(why the student's tests earn nothing, or None; where in their tests file, or None): the place of a file that
    could not be run (a SyntaxError's line, as data: `grade ci` annotates it, a feedback page points at it)."""
    runs = []
    for case in REFERENCE_RUNS:
        if observation(case).get("status") == "skipped":  # not needed: another run failed already
            continue
        # observe skips the test when nothing ran, and raises for a timeout or a crash
        runs.append((observe(case), case.__name__ == config.RESTYLED_RUN))
    for got, restyled in sorted(runs, key=lambda run: run[1]):  # the handed-out engine's problem first
        if problem := _run_problem(got, restyled):
            # a file that could not be run: where it stopped; else the first failing test's line that has a place
            # (a NameError inside a test; session 35: no place before)
            where = got.get("where") if not got["loaded"] else next(
                (f["where"] for f in got.get("failures", []) if f.get("where")), None)
            return problem, where
    if any(got != runs[0][0] for got, _ in runs):
        return msg("your tests gave different results in two runs on the same correct engine, so they depend on "
                   "something other than the engine (state left by an earlier run, a file, the order of runs, the "
                   "clock): such tests catch nothing"), None
    return None, None


# Every test below takes `run`, the whole run: the judge then groups submissions by their whole run
# instead of working out which probes a test reads by running it on the reference's observations,
# which here would mean running the reference's own tests against every engine in the grader.


@points(0, concept="writing-tests", name="reference/passes")
def test_passes_on_reference(observe, observation, run):
    """every test passes on a correct engine (otherwise no buggy engine counts as caught)"""
    problem, where = _reference_verdict(observe, observation)
    if problem:
        raise Mismatch(msg("{problem}. A test must pass on a correct engine before failing on a buggy one counts.",
                           problem=problem), where=where)


def _catch_test(variant):
    probe = cases[config.catch_probe_name(variant["name"])]

    def test(observe, observation, run):
        if _reference_problem(observe, observation):
            raise Mismatch(msg("no credit until your tests pass on the reference engine (see reference/passes)"))
        got = observe(probe)
        if not got["loaded"]:
            return  # the file does not even load with this engine: caught
        if got["failed"] == 0:
            raise Mismatch(nmsg("your {n} test does not fail on {engine}", "none of your {n} tests fails on {engine}",
                                "n", n=int(got["tests"]), engine=engine))

    engine = _engine(variant)
    test.__name__ = "test_catches_" + variant["name"].replace("-", "_")
    test.__doc__ = f"a test fails on {engine}"
    visibility = "visible" if variant["name"] in VISIBLE else "hidden"
    test = points(1, concept=variant["concept"], name=f"catches/{variant['name']}", visibility=visibility)(test)
    test.grading["doc_message"] = msg("a test fails on {engine}", engine=engine).to_json()  # the doc, per language
    return test


def _engine(variant):
    """`an engine that <the variant's title>` (or `in which`, as its title reads), rendered per language (the
    title is a message of the `diagnose` catalog, grader.diagnose.evidence.lead_in's words)."""
    title = Message.from_json(variant["title_words"])
    if variant.get("lead_in", "that") == "that":
        return msg("an engine that {title}", title=title)
    return msg("an engine in which {title}", title=title)


for _variant in ENGINES["variants"]:
    _test = _catch_test(_variant)
    globals()[_test.__name__] = _test
del _variant, _test
