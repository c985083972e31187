"""The parser refuses a report no honest worker writes (issue 5, issue 11), and a process tree is charged its
CPU time: the hostile batch's (tests/test_hostile.py) own checks that need no sandbox."""

import json
import os
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest
from hostile_support import LIMITS

if not sys.platform.startswith("linux"):  # macOS, Windows: the portable worker is no sandbox to attack
    pytest.skip("the Linux sandbox's own tests", allow_module_level=True)


from grader.observe.attempt import Attempt
from grader.observe.protocol import MAX_LINE, ProtocolError, parse_event
from grader.probekit import MAX_VALUES, ObservationError, plain
from grader.sandbox.accounting import Budget, tree_usage
from grader.sandbox.pipes import CappedOutput

pytestmark = pytest.mark.slow  # slow as when they were test_hostile.py's (a process tree burns 0.3 s of CPU)


# -- the parser refuses a report no honest worker writes --------------------------------------


def _attempt(todo=("p1", "p2")):
    return Attempt(SimpleNamespace(limits=LIMITS), 0, None, {}, list(todo), CappedOutput(100), Budget(LIMITS))


def _feed(attempt, *events):
    pending = list(attempt.todo)
    for event in events:
        expected = attempt.current if attempt.current else (pending[0] if pending else None)
        attempt._apply(parse_event(json.dumps(event).encode(), expected), pending)
    return attempt


HELLO, IMPORTED = {"event": "hello", "pid": 2}, {"event": "imported", "ok": True}


@pytest.mark.parametrize("events, why", [
    ([HELLO, IMPORTED, {"event": "result", "probe": "p1", "status": "ok", "values": {}}], "result without a start"),
    ([HELLO, IMPORTED, {"event": "start", "probe": "p1"}, {"event": "result", "probe": "p1", "status": "ok",
      "values": {}}, {"event": "result", "probe": "p1", "status": "ok", "values": {}}], "not running"),
    ([HELLO, IMPORTED, {"event": "start", "probe": "p2"}], "out of order"),
    ([HELLO, HELLO], "hello twice"),
    ([IMPORTED], "before hello"),
    ([HELLO, IMPORTED, {"event": "exited", "code": "0"}], "exited after the import"),
    ([HELLO, {"event": "result", "probe": "p1", "status": "ok", "values": {}}], "before a successful import"),
    ([HELLO, IMPORTED, IMPORTED], "imported twice"),
    ([HELLO, IMPORTED, {"event": "done"}], "done before every probe ran"),
])
def test_forged_sequences_are_refused(events, why):
    with pytest.raises(ProtocolError, match=why):
        _feed(_attempt(), *events)


@pytest.mark.parametrize("line", [b"[" * 200_000 + b"]" * 200_000, b'{"event": "hello", "pid": ' + b"9" * 5000 + b"}",
                                  b"\xff\xfe", b'{"event": NaN}', b"", b"[]"])
def test_hostile_lines_raise_protocol_errors_only(line):
    with pytest.raises(ProtocolError):
        parse_event(line, "p1")


def _result_line(values):
    return json.dumps({"event": "result", "probe": "p1", "status": "ok", "values": values}).encode()


def test_the_values_of_a_line_are_counted_before_it_is_parsed():
    # issue 11: 1 MiB of {"":{}} was some 33 MB of Python objects once parsed; it is refused unparsed
    flood = ("{" + ",".join(f'"k{i}":{{"":{{}}}}' for i in range(60_000)) + "}").encode()
    line = b'{"event":"result","probe":"p1","status":"ok","values":' + flood + b"}"
    assert len(line) < MAX_LINE
    with pytest.raises(ProtocolError, match=rf"a line holds more values than an observation may \({MAX_VALUES}\)"):
        parse_event(line, "p1")
    with pytest.raises(ProtocolError, match="a line holds more values"):
        parse_event(b'{"event":"hello","x":' + b"[" * 20_000 + b"]" * 20_000 + b"}", "p1")


def test_an_observation_as_large_as_probekit_allows_is_accepted():
    largest = {f"x{i}": float(i) for i in range((MAX_VALUES - 1) // 2)}  # the dict, then a key and a number each
    assert plain(largest) == largest
    assert parse_event(_result_line(largest), "p1")["values"] == largest
    larger = dict(largest, one_more=1.0)
    with pytest.raises(ObservationError, match=f"holds more than {MAX_VALUES} values"):
        plain(larger)
    with pytest.raises(ProtocolError, match=f"holds more than {MAX_VALUES} values"):
        parse_event(_result_line(larger), "p1")
    # commas and brackets inside strings are text, not values
    text = parse_event(_result_line({"failures": ["[1, 2], {3: 4}, " * 100] * 50}), "p1")
    assert len(text["values"]["failures"]) == 50


@pytest.mark.parametrize("values, kind", [
    ({"a.grad": 10 ** 4000}, "an int"),  # overflowed the gradient checks and the diagnosis (float(x)) on 8fbbebb
    ({"y": 6}, "an int"),
    ({"y": True}, "a true/false"),
    ({"y": 1.5, "nodes": [1.5, [2.0, 3]]}, "an int"),
    ({"y": 1.5, "z": {"w": False}}, "a true/false"),
])
def test_an_observation_holds_only_the_floats_probekit_reports(values, kind):
    """probekit's plain() turns every number (int, bool, float subclass) into a float: an int or a true/false in
    an observation was written by something else, and the report is refused as a forgery."""
    assert plain({"y": 6, "t": True, "n": [2]}) == {"y": 6.0, "t": 1.0, "n": [2.0]}
    assert all(type(v) is float for v in plain({"y": 6, "t": True}).values())
    with pytest.raises(ProtocolError, match=f"an observation holds {kind}, where probekit reports every number as a "
                                            "float"):
        parse_event(_result_line(values), "p1")


def test_strings_of_the_report_are_made_valid_utf8():
    # issue 11: a lone surrogate in a parsed string stopped scores.json from being written
    line = b'{"event":"result","probe":"p1","status":"ok","values":{"a\\ud800":"x\\udcff","n":[1.5,"\\ud83d"]}}'
    assert parse_event(line, "p1")["values"] == {"a\ufffd": "x\ufffd", "n": [1.5, "\ufffd"]}
    error = parse_event(b'{"event":"result","probe":"p1","status":"error","error":"E: \\udcff\\ud800",'
                        b'"where":["engine.py\\ud800",3,"f"]}', "p1")
    assert (error["error"], error["where"]["file"]) == ("E: \ufffd\ufffd", "engine.py\ufffd")


def test_control_characters_never_reach_the_instructors_terminal():
    line = json.dumps({"event": "result", "probe": "p1", "status": "error", "where": ["engine.py\x1b[2J", 3, "f\r"],
                       "error": "ValueError: \rmallory  graded  62/62\x1b]0;owned\x07\x9b"}).encode()
    event = parse_event(line, "p1")
    shown = event["error"] + event["where"]["file"] + event["where"]["function"]
    assert not any(c in shown for c in "\r\x1b\x07\x9b") and "mallory" in event["error"]


def test_a_process_tree_is_charged_its_cpu_time_and_a_sleeper_none():
    sleeper = subprocess.Popen(["sleep", "600"])  # both killed below: alive while they are measured
    spinner = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                                "while time.process_time() - t < 0.3: pass\ntime.sleep(600)"])
    try:
        deadline = time.monotonic() + 600  # however loaded the machine, it burns its 0.3 s in the end: a hang's bound
        while time.monotonic() < deadline and tree_usage(spinner.pid).cpu < 0.25:
            time.sleep(0.1)
        assert tree_usage(spinner.pid).cpu >= 0.25
        assert tree_usage(sleeper.pid).cpu < 0.1
        assert tree_usage(os.getpid()).cpu >= tree_usage(spinner.pid).cpu  # a process's tree counts its children
    finally:
        sleeper.kill()
        spinner.kill()
        sleeper.wait()
        spinner.wait()
