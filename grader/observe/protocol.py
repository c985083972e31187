"""The worker's report as the observer accepts it: one JSON line per event, plain JSON only, sizes
capped before a line is parsed, every field checked. Anything else is what no honest worker writes,
and raises ProtocolError (the order of the events is checked by the attempt that reads them:
attempt.py).
"""

import functools
import json
import re

from ..json_values import separators, values_in
from ..probekit import MAX_DEPTH, MAX_TEXT, MAX_VALUES
from ..student_text import valid_utf8
from ..sandbox.limit_hit import RAISED_AT

MAX_LINE = 1 << 20  # one observation line
MAX_REPORT = 16 << 20  # everything one submission may report, all its workers together


class ReportTally:
    """What one submission's workers have reported so far, all of them together: a fresh worker (after a
    timeout or a crash) does not start the count again, or nine workers could report nine times as much."""

    def __init__(self):
        self.bytes = 0  # of report lines, read from the pipe (MAX_REPORT)
        self.values = 0  # in the results kept (MAX_RUN_VALUES)


class ProtocolError(ValueError):
    """The worker's report is not what an honest worker writes."""


@functools.lru_cache(maxsize=4096)
def _start_line(probe):
    return b'{"event":"start","probe":' + json.dumps(probe).encode() + b"}"


def _reject_constant(name):
    raise ProtocolError(f"non-standard JSON constant {name}")


# json.loads(text, parse_constant=...) builds a decoder per call; one serves every line (it keeps no state).
# A text that starts with a BOM, which json.loads refuses by name, fails here as any text that is not JSON.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


# A report line: its size in bytes, and the values it may hold (probekit's limits on one
# observation, plus the event around it). Counted before the line is parsed: JSON's containers
# cost some 30 times their text as Python objects, so 1 MiB of `{"":{}}` would be 30 MB.
MAX_LINE_VALUES = MAX_VALUES + 32
MAX_RUN_VALUES = 100_000  # values kept of one submission's report, across its workers


def _too_many_values(line):
    """Whether a line may hold more than MAX_LINE_VALUES values (json_values.values_in). Blanking out its strings
    only lowers the count, so a line whose raw count is within the limit is, without the regex (nearly
    every line an honest worker writes: a few hundred bytes), and a line shorter than the limit holds fewer
    separators than that without counting them."""
    return len(line) >= MAX_LINE_VALUES and separators(line) > MAX_LINE_VALUES and values_in(line) > MAX_LINE_VALUES


def _plain_copy(value, depth, count, max_depth=MAX_DEPTH, max_text=MAX_TEXT, ints=False):
    """A checked copy of observed values: only str keys, finite floats, strings (valid UTF-8, at most
    `max_text` characters), None, lists and dicts nested at most `max_depth` deep; `count` adds them up.
    `ints`: ints and booleans too (a run record's fields: seconds, line numbers, flags). An observation
    holds none: probekit's `plain()` reports every number as a float, so an int or a true/false in one
    (a 4000-digit int overflowed the judge's and the diagnosis's float arithmetic) was forged.

    The checks of a scalar inside a container are written out in the container's loop (`_item`'s, in the
    same order, the same errors): a call per number was most of a report's parsing."""
    count[0] += 1
    if depth > max_depth:
        raise ProtocolError("observation nested too deeply")
    kind = type(value)
    if value is None:
        return value
    if kind is bool or kind is int:
        if not ints:
            raise ProtocolError(f"an observation holds {'a true/false' if kind is bool else 'an int'}, "
                                "where probekit reports every number as a float")
        return value
    if kind is str:
        if max_text is not None and len(value) > max_text:
            raise ProtocolError("observation string too long")
        return valid_utf8(value)
    if kind is float:
        if value != value or value == _INF or value == _NEG_INF:
            raise ProtocolError("non-finite number")
        return value
    if kind is list:
        return [_item(v, depth + 1, count, max_depth, max_text, ints) for v in value]
    if kind is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str or (max_text is not None and len(k) > max_text):
                raise ProtocolError("bad observation key")
            count[0] += 1
            out[valid_utf8(k)] = _item(v, depth + 1, count, max_depth, max_text, ints)
        return out
    raise ProtocolError(f"unexpected {kind.__name__}")


_INF, _NEG_INF = float("inf"), float("-inf")


def _item(value, depth, count, max_depth, max_text, ints):
    """_plain_copy of a value inside a container: a finite float (or, with `ints`, an int) at an allowed depth
    is counted and kept here; anything else is _plain_copy's."""
    kind = type(value)
    if (kind is float or (ints and kind is int)) and depth <= max_depth and value == value and value != _INF \
            and value != _NEG_INF:
        count[0] += 1
        return value
    return _plain_copy(value, depth, count, max_depth, max_text, ints)


def _stopped(stopped) -> dict | None:
    """The worker's report of a notebook's cell that raised while its module was imported: Python's own line, the
    exception's type name, where, and its facts (an `errno`: a write into the read-only folder, diagnose/import_io.py);
    None where there is none."""
    if stopped is None:
        return None
    if type(stopped) is not dict or type(stopped.get("error")) is not str:
        raise ProtocolError("bad import event")
    return {"error": clean_text(stopped["error"], 2000), "exception": _exception(stopped.get("exception")),
            "where": _where(stopped.get("where")), "facts": _facts(stopped.get("facts"))}


def _flat_copy(values, max_text=MAX_TEXT):
    """(_plain_copy of `values`, its count) for a dict whose every key is an ASCII string of at most `max_text`
    characters and every value a finite float, None or such a string: every observation an
    honest worker of bench/run.py's batch reports. The same copy (the same key and value objects, in the same
    order) and count (the dict, each key, each value) in one loop, without a call per item; None for anything
    else, which _plain_copy then checks in its own order, with its own errors."""
    out = {}
    for key, value in values.items():
        if type(key) is not str or not key.isascii() or len(key) > max_text:
            return None
        kind = type(value)
        if kind is float:
            if value != value or value == _INF or value == _NEG_INF:
                return None
        elif kind is str:
            if len(value) > max_text or not value.isascii():
                return None
        elif value is not None:
            return None  # an int or a bool too: _plain_copy refuses it, saying so
        out[key] = value
    return out, 1 + 2 * len(out)


def check_plain(value):
    """ProtocolError unless `value` is plain JSON data (a run record's fields: strings of any length,
    nested at most 12 deep), as grader/fleet checks a result from a worker of its own."""
    _plain_copy(value, 0, [0], max_depth=12, max_text=None, ints=True)


def check_observed(values):
    """ProtocolError unless `values` (a probe's observation, as a run record keeps it) holds only what a
    worker's report may: as check_plain, but every number a float (`_plain_copy`), as parse_event holds it."""
    _plain_copy(values, 0, [0], max_depth=12, max_text=None)


_CONTROL = {c: "\ufffd" for c in [*range(0x00, 0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0)]}


def clean_text(text, limit):
    """A student's text (an exception message, a file name): valid UTF-8 (a lone surrogate could not
    be written to scores.json) and without terminal control characters (every display escapes
    them as well: grader/student_text.py)."""
    return valid_utf8(text[:limit]).translate(_CONTROL)


def _where(value):
    if value is None:
        return None
    if (type(value) is list and len(value) == 3 and type(value[0]) is str
            and (value[1] is None or type(value[1]) is int) and type(value[2]) is str):
        return {"file": clean_text(value[0], 200), "line": value[1], "function": clean_text(value[2], 200)}
    raise ProtocolError("bad location")


def _exception(value):
    """The type name of what the engine raised, or None (an observation the probe refused raised nothing)."""
    if value is None:
        return None
    if type(value) is str:
        return clean_text(value, 200)
    raise ProtocolError("bad exception")


_FACT_TEXTS = ("raised_in", "entered", "name", "owner", "operator")
# the limits Python's own exception names (sandbox/raised.py's _ran_out): those the grader has words for, one list
RAN_OUT = tuple(RAISED_AT)


def _facts(value):
    """The structured facts of a probe's exception (sandbox/raised.py's `facts`), checked: each text a string
    or None, `missing` a short list of method names, `errno` (only an OSError's) an int, `ran_out` (only where Python
    said a limit was reached) one of RAN_OUT, `module` (only an ImportError's) a text with `module_theirs` a bool;
    None from an older
    worker that sent none."""
    if value is None:
        return None
    if type(value) is not dict or set(value) - {"errno", "ran_out", "module", "module_theirs"} != {
            *_FACT_TEXTS, "missing"} or ("module" in value) != ("module_theirs" in value):
        raise ProtocolError("bad exception facts")
    facts = {}
    if "module" in value:  # an ImportError's module, and whether it was the student's file (sandbox/shadows.py)
        if type(value["module"]) is not str or type(value["module_theirs"]) is not bool:
            raise ProtocolError("bad exception facts")
        facts["module"], facts["module_theirs"] = clean_text(value["module"], 200), value["module_theirs"]
    if "ran_out" in value:
        if type(value["ran_out"]) is not str or value["ran_out"] not in RAN_OUT:
            raise ProtocolError("bad exception facts")
        facts["ran_out"] = value["ran_out"]
    if "errno" in value:
        if type(value["errno"]) is not int or not 0 <= value["errno"] < 1 << 16:
            raise ProtocolError("bad exception facts")
        facts["errno"] = value["errno"]
    for key in _FACT_TEXTS:
        if value[key] is not None and type(value[key]) is not str:
            raise ProtocolError("bad exception facts")
        facts[key] = value[key] and clean_text(value[key], 200)
    missing = value["missing"]
    if type(missing) is not list or len(missing) > 4 or any(type(m) is not str or len(m) > 40 for m in missing):
        raise ProtocolError("bad exception facts")
    facts["missing"] = [clean_text(m, 40) for m in missing]
    return facts


# The sentences the sandbox's own exceptions say (sandbox/standins.py's `_refusal`): the grader's words, not the
# student's, so a translated page says them in the student's language (`error_message`); decisions never read them.
_SANDBOX_SAYS = {
    "ForbiddenModuleError": re.compile(r"ForbiddenModuleError: `(?P<module>[^`]+)` is not allowed in this exercise: "
                                       r"`(?P<used>[^`]+)`(?: \((?P<name>[^()]+)\))?"),
    "AbsentModuleError": re.compile(r"AbsentModuleError: `(?P<module>[^`]+)` is not installed where the grader runs "
                                    r"your code: `(?P<used>[^`]+)`(?: \((?P<name>[^()]+)\))?"),
}


def sandbox_words(error: str, exception) -> dict | None:
    """The message record of an error the sandbox raised for the grader (`numpy` used where it is forbidden), as
    observations keep one (`error_message`); None for any other error, the student's own words."""
    from ..i18n import msg

    pattern = _SANDBOX_SAYS.get(exception)
    found = pattern and pattern.fullmatch(error)
    if not found:
        return None
    parts = found.groupdict()
    if exception == "ForbiddenModuleError":
        said = (msg("ForbiddenModuleError: `{module}` is not allowed in this exercise: `{used}` ({name})", **parts)
                if parts["name"] else
                msg("ForbiddenModuleError: `{module}` is not allowed in this exercise: `{used}`",
                    module=parts["module"], used=parts["used"]))
    else:
        said = (msg("AbsentModuleError: `{module}` is not installed where the grader runs your code: `{used}` "
                    "({name})", **parts) if parts["name"] else
                msg("AbsentModuleError: `{module}` is not installed where the grader runs your code: `{used}`",
                    module=parts["module"], used=parts["used"]))
    return said.to_json() if str(said) == error else None


def _value_grads(value) -> dict | None:
    """The grads a probe read off a Value's `.data` ({what: the grad's type}, probekit.grad), checked: at most 100
    short strings, or ProtocolError."""
    if value is None:
        return None
    if type(value) is not dict or len(value) > 100 or not all(
            type(k) is str and type(v) is str and len(k) <= 200 and len(v) <= 200 for k, v in value.items()):
        raise ProtocolError("value_grads must be an object of at most 100 short strings")
    return {clean_text(k, 200): clean_text(v, 200) for k, v in value.items()}


def parse_event(line, expected_probe):
    """One line of the worker's report as a checked event dict; ProtocolError otherwise."""
    if expected_probe is not None and line == _start_line(expected_probe):
        # the line an honest worker writes as the expected probe starts, byte for byte (sandbox/worker.py's
        # encoding); the same event as parsing it gives, at a fifth of the cost, half of all lines
        return {"event": "start", "probe": expected_probe}
    if len(line) > MAX_LINE:
        raise ProtocolError("line too long")
    if _too_many_values(line):
        raise ProtocolError(f"a line holds more values than an observation may ({MAX_VALUES})")
    try:
        event = _DECODER.decode(line.decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # also: bad UTF-8, a 5000-digit int, [[[[...]]]] nested 10^5 deep
        raise ProtocolError(f"not JSON: {type(exc).__name__}") from None
    if type(event) is not dict or type(event.get("event")) is not str:
        raise ProtocolError("not an event")
    kind = event["event"]
    if kind == "hello":  # its pid as the worker sees it (in its pid namespace): how its own processes are told
        pid = event.get("pid")  # from those the submission starts (sandbox/limit_hit.started_processes)
        return {"event": kind, **({"pid": pid} if type(pid) is int and 0 < pid < 1 << 32 else {})}
    if kind in ("done", "more"):  # more: the worker asks for the drawn probes (attempt.py)
        return {"event": kind}
    if kind == "exited":
        return {"event": kind, "code": clean_text(str(event.get("code")), 200)}
    if kind == "imported":
        if type(event.get("ok")) is not bool:
            raise ProtocolError("bad import event")
        error = event.get("error")
        if not event["ok"] and type(error) is not str:
            raise ProtocolError("bad import error")
        return {"event": kind, "ok": event["ok"], "error": error and clean_text(error, 2000),
                "exception": _exception(event.get("exception")), "where": _where(event.get("where")),
                "facts": _facts(event.get("facts")),  # the missing name as data (grader/load/cell_order.py)
                # the one failed import that raised nothing: the module imported and defines no class `Value`
                "missing": not event["ok"] and event.get("exception") is None,
                # a notebook's cell raised, and the cells before it are graded (sandbox/worker.py's _ran_cells)
                "stopped": _stopped(event.get("stopped")) if event["ok"] else None}
    if kind == "start":
        if event.get("probe") != expected_probe:
            raise ProtocolError("probe out of order")
        return {"event": kind, "probe": expected_probe}
    if kind == "result":
        if event.get("probe") != expected_probe:
            raise ProtocolError("result for a probe that is not running")
        status = event.get("status")
        if status == "ok":
            values = event.get("values")
            if type(values) is not dict:
                raise ProtocolError("values must be an object")
            flat = _flat_copy(values)
            if flat is not None:
                values, size = flat
            else:
                count = [0]
                values, size = _plain_copy(values, 0, count), count[0]
            if size > MAX_VALUES:
                raise ProtocolError(f"an observation holds more than {MAX_VALUES} values")
            grads = _value_grads(event.get("value_grads"))  # only where a grad held a Value: records stay as they were
            return {"event": kind, "probe": expected_probe, "status": "ok", "values": values, "size": size,
                    **({"value_grads": grads} if grads else {})}
        if status == "error" and type(event.get("error")) is str:
            said = {"event": kind, "probe": expected_probe, "status": "error", "error": clean_text(event["error"], 2000),
                    "exception": _exception(event.get("exception")), "where": _where(event.get("where")),
                    "recursion": event.get("recursion") is True, "facts": _facts(event.get("facts"))}
            words = sandbox_words(said["error"], said["exception"])
            if words is None and said["exception"] is None:  # a probe's own words: what the engine gave is unreadable
                from .probe_words import probe_words

                words = probe_words(said["error"], event.get("template"), event.get("fields"))
                return {**said, "error_message": words, "unreadable": True} if words else said
            return {**said, "error_message": words} if words else said
        raise ProtocolError("bad result")
    raise ProtocolError(f"unknown event {kind[:40]!r}")
