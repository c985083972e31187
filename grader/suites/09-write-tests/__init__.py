"""09-write-tests: the student writes test_engine.py; it must pass on the reference engine and fail on buggy ones."""

import json
from pathlib import Path

from grader.suites import ProbeCase, anonymous_source

TITLE = "Writing tests that catch bugs"
MODULE = "engine"  # the worker imports engine.py; the probes read test_engine.py beside it
FILES = ("engine.py", "test_engine.py")
# The student's tests run without torch or numpy (the suites' FORBID) and without pytest: a small
# stand-in covers approx, raises and parametrize.
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False
# ... but the student's tests are read for an assert that can never fail (`assert (cond, "message")`, a tuple):
# grader/diagnose/student_asserts.py names its line.
STUDENT_TESTS = ("test_engine.py",)
# The import test's hint (by default it names the other FILES; here they are the student's own tests).
IMPORT_HINT = "Hand in the exercise folder (engine.py beside your test_engine.py) or the exercise notebook."

# The engines the tests run against (the reference and every variant of grader/variants/, generated
# by `grade starters`) stay in the grader. Each run of the student's tests is a probe case: a fresh
# worker carrying one engine, without its name, title, docstrings or comments, under the same neutral
# file name for every engine, in an order drawn afresh for every run (grader/observe/). The
# reference runs twice, so that tests whose verdict depends on anything but the engine (state left
# by an earlier run, the order of runs, the clock) are seen to disagree with themselves; and once written
# another way (engines.json's "restyled", grader/variants/restyled.py: correct, never handed out), so that
# tests that tell the handed-out engine by how its code reads (every variant is a patch of it) catch nothing.
CASE_FILES = ("engines.json",)  # what probe_cases() reads: instructors' installs only
RUNNER_FILES = ("probes_pytest.py",)  # the stand-in `pytest` that probes.py loads beside itself in the sandbox
ENGINES = Path(__file__).with_name("engines.json")
ENGINE_FILE = "engine_under_test.py"  # what the sandbox's probes.py reads (keep the two in step)
REFERENCE_RUNS = ("on_reference", "on_reference_again", "on_reference_restyled")
RESTYLED_RUN = "on_reference_restyled"  # the run of the reference written another way


def engines():
    return json.loads(ENGINES.read_text(encoding="utf-8"))


def catch_probe_name(variant_name):
    return "catches_" + variant_name.replace("-", "_")


def probe_cases():
    record = engines()

    def case(name, doc, source):
        return ProbeCase(name, doc, "run_tests", {ENGINE_FILE: anonymous_source(source).encode()})

    cases = [case(name, "your tests on the reference engine (a correct engine)", record["reference"])
             for name in REFERENCE_RUNS if name != RESTYLED_RUN]
    cases.append(case(RESTYLED_RUN, "your tests on another correct engine (the reference written another way)",
                      record["restyled"]))
    cases += [case(catch_probe_name(v["name"]), f"your tests on an engine that {v['title']}", v["source"])
              for v in record["variants"]]
    return {c.__name__: c for c in cases}


def reference_passed(observation):
    """Whether a run of the student's tests on the reference passed (None: it did not run)."""
    if observation is None or observation.get("status") == "skipped":
        return None
    values = observation.get("values") if observation.get("status") == "ok" else None
    return bool(values and values["loaded"] and values["tests"] > 0 and not values["failed"]
                and not values["out of time"])


def stop_early(observations):
    """Once a run on the reference fails, no buggy engine can count: the runs left need not happen. (Not once the
    restyled run fails: the words then depend on whether the handed-out engine passes, which is to be seen.)"""
    for name in REFERENCE_RUNS:
        if name == RESTYLED_RUN:
            continue
        if reference_passed(observations.get(name)) is False:
            return "not run: the tests do not pass on the reference engine"
    return None
