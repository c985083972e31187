"""The JUnit XML parses with a JUnit reader (junitparser) and counts what the record says."""

import xml.etree.ElementTree as ET

from junitparser import Error, Failure, JUnitXml, Skipped

from grader.report.junit import to_junit

from .conftest import MALLORY


def parse(scores, **kwargs):
    return JUnitXml.fromstring(to_junit(scores, **kwargs).encode("utf-8"))


def test_a_suite_per_submission_with_its_counts(scores):
    document = parse(scores)
    suites = {suite.name: suite for suite in document}
    assert list(suites) == ["alice", "bob", MALLORY, "carol", "dave", "erin", "frank"]
    counts = {name: (s.tests, s.failures, s.errors, s.skipped) for name, s in suites.items()}
    assert counts == {
        "alice": (9, 0, 0, 0),
        "bob": (9, 1, 0, 0),
        MALLORY: (9, 3, 1, 0),
        "carol": (9, 0, 1, 2),
        "dave": (10, 0, 8, 0),   # 7 tests that timed out and the run itself
        "erin": (1, 0, 1, 0),
        "frank": (1, 0, 1, 0),
    }
    root = ET.fromstring(to_junit(scores))
    assert root.tag == "testsuites"
    assert {k: root.get(k) for k in ("name", "tests", "failures", "errors", "skipped")} == {
        "name": "engine", "tests": "48", "failures": "4", "errors": "12", "skipped": "2"}


def test_testcases_carry_their_result_and_output(scores):
    suites = {suite.name: suite for suite in parse(scores)}
    bob = {case.name: case for case in suites["bob"]}
    assert all(case.classname == "bob" for case in bob.values())
    assert bob["add/basic"].is_passed
    (failure,) = bob["mul/shared-node"].result
    assert isinstance(failure, Failure)
    assert failure.message == "a.grad for y = a * a at a = 3: expected 6.0, got 3.0"
    assert failure.text == ("a.grad for y = a * a at a = 3: expected 6.0, got 3.0\n"
                            "The gradient of a node used twice must add both uses.")
    carol = {case.name: case for case in suites["carol"]}
    assert isinstance(carol["pow/constant"].result[0], Error) and carol["pow/constant"].result[0].type == "error"
    assert isinstance(carol["tanh/chain"].result[0], Skipped)
    dave = {case.name: case for case in suites["dave"]}
    assert dave["pow/constant"].result[0].type == "timeout"
    assert dave["run"].result[0].message == "the run overstayed its 60 s time limit"


def test_rejected_is_one_errored_load_testcase(scores):
    frank = {suite.name: suite for suite in parse(scores)}["frank"]
    (case,) = list(frank)
    assert case.name == "load"
    (error,) = case.result
    assert isinstance(error, Error) and error.type == "rejected"
    assert error.message == "not a notebook: invalid JSON (Expecting value: line 1 column 1 (char 0))"


def test_student_text_is_escaped_and_kept_exactly(scores):
    xml = to_junit(scores)
    assert "<script" not in xml
    assert "\x1b" not in xml        # XML 1.0 cannot hold it at all
    suite = {s.name: s for s in parse(scores)}[MALLORY]
    cases = {case.name: case for case in suite}
    assert all(case.classname == MALLORY for case in cases.values())
    assert cases["pow/constant"].result[0].text == (
        "y = a ** 3 at a = 2: expected a.grad 12.0, got <b>6.0</b> ]]> & \\x1b[31mred\\x1b[0m\n"
        "see https://example.org/help")
    assert ET.fromstring(xml).find("testsuite[3]/testcase[6]").get("file") == "engine.py"
    assert ET.fromstring(xml).find("testsuite[3]/testcase[6]").get("line") == "58"


def test_properties_and_time(scores, timings):
    root = ET.fromstring(to_junit(scores, timings=timings))
    bob = root.find("testsuite[@name='bob']")
    assert bob.get("time") == "2.100"
    assert {p.get("name"): p.get("value") for p in bob.iter("property")} == {
        "status": "graded", "score": "18", "max_score": "20"}
    assert root.find("testsuite[@name='frank']").get("time") is None
