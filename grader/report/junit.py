"""A scores record as JUnit XML: a <testsuite> per submission, a <testcase> per test.

The shape CI servers and test reporters read (Jenkins, GitLab, the JUnit
readers of GitHub Actions):

- `<testsuites name=EXERCISE tests= failures= errors= skipped=>`, the sums of
  its suites;
- `<testsuite name=ID tests= failures= errors= skipped=>` with `<properties>`
  `status`, `score`, `max_score` (and `time` when timings are given);
- `<testcase classname=ID name=TEST>`, holding `<failure>` for `failed`,
  `<error type="error"|"timeout">` for `error` and `timeout`, `<skipped>` for
  `skipped`; the element's `message` is the output's first line and its text
  the whole output. `file` and `line` are attributes when the record has them.
- A `rejected` submission is a suite with one errored testcase `load`; a
  `crashed` or `timeout` one gets, after whatever tests it has, an errored
  testcase `run` saying what happened to the run.

Built with xml.etree, which escapes markup; characters XML 1.0 cannot hold at
all (ANSI escapes, NUL from a student's print) are written as `\\x1b`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .record import number, one_line, score_of, tests_of

ELEMENT_OF_STATUS = {"failed": "failure", "error": "error", "timeout": "error", "skipped": "skipped"}
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def to_junit(scores: dict, *, timings: dict[str, float] | None = None) -> str:
    """The JUnit XML document (a str, UTF-8 declaration) for a scores record."""
    timings = timings or {}
    root = ET.Element("testsuites", name=_xml(scores.get("exercise") or "grade"))
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    for record in scores.get("submissions", []):
        suite = _suite(record, timings.get(record["id"]))
        for key in totals:
            totals[key] += int(suite.get(key))
        root.append(suite)
    for key, count in totals.items():
        root.set(key, str(count))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _suite(record: dict, seconds: float | None) -> ET.Element:
    sid = _xml(record["id"])
    status = record.get("status", "graded")
    suite = ET.Element("testsuite", name=sid)
    if seconds is not None:
        suite.set("time", f"{seconds:.3f}")
    properties = ET.SubElement(suite, "properties")
    for name, value in (("status", status), ("score", number(score_of(record))),
                        ("max_score", number(record.get("max_score")))):
        ET.SubElement(properties, "property", name=name, value=_xml(value))

    cases = []
    if status == "rejected":
        cases.append(_case(sid, "load", "error", record.get("message"), kind="rejected"))
    else:
        for test in tests_of(record):
            case = _case(sid, test["name"], test.get("status", "failed"), test.get("output"))
            # JUnit's line is a line of the file: a notebook's is a line of a cell, so it is left out
            for key in ("file",) if test.get("cell") is not None else ("file", "line"):
                if test.get(key) is not None:
                    case.set(key, _xml(test[key]))
            cases.append(case)
        if status in ("crashed", "timeout"):
            cases.append(_case(sid, "run", "error", record.get("message"), kind=status))
    suite.extend(cases)

    def count(tag):
        return sum(case.find(tag) is not None for case in cases)
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(count("failure")))
    suite.set("errors", str(count("error")))
    suite.set("skipped", str(count("skipped")))
    return suite


def _case(classname: str, name: str, status: str, output, *, kind: str | None = None) -> ET.Element:
    case = ET.Element("testcase", classname=classname, name=_xml(name))
    tag = ELEMENT_OF_STATUS.get(status)
    if tag is None:
        return case  # passed
    text = _xml(output or "")
    result = ET.SubElement(case, tag, message=one_line(text, 200))
    if tag != "skipped":
        result.set("type", kind or status)
    if text:
        result.text = text
    return case


def _xml(value) -> str:
    """Text XML 1.0 can hold: control characters other than tab and newlines written as `\\xNN`."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", str(value))
