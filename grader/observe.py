"""Observe: run a suite's probes on every submission, each in its own sandboxed worker.

The worker reports one JSON line per event on a pipe of its own. This side
parses those lines strictly (plain JSON only, sizes capped, every field
checked) and keeps time: a probe that overstays its limit costs that probe,
not the submission, because the worker is killed and a fresh one resumes at
the next probe. Nothing the worker prints reaches the observation channel; it
goes to a capped buffer.
"""

import hashlib
import json
import os
import queue
import re
import random
import selectors
import signal
import subprocess
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

from . import __version__
from .forbidden import forbidden_imports
from .probekit import MAX_DEPTH, MAX_TEXT, MAX_VALUES
from .sandbox import Interrupted
from .student_text import valid_utf8, valid_utf8_tree
from .sandbox.accounting import NOTHING, Usage

MAX_LINE = 1 << 20  # one observation line
MAX_REPORT = 16 << 20  # everything one worker may report
MAX_RESTARTS = 8  # fresh workers after timeouts or crashes, per submission
TIMEOUTS_IN_A_ROW = 3  # then the engine is taken to loop everywhere
# A limit is CPU time, charged over every process the worker started (grader/sandbox/accounting.py):
# a neighbour's load cannot use it up. Time off the CPU is charged too, except time spent waiting
# for one: an engine that sleeps is cut when its wall time less its waiting reaches SLEEP_BACKSTOP
# times a limit. A worker kept waiting by a busy machine is cut only at STARVED_BACKSTOP times a
# limit of wall time, so that a batch always ends; such a timeout is *starved*: not cached, and
# observed again (STARVED_RETRIES times) once the rest of the batch is done.
SLEEP_BACKSTOP = 3
STARVED_BACKSTOP = 10
STARVED_RETRIES = 1
_CPUS = os.cpu_count() or 1


class Budget:
    """The time of one submission: CPU seconds charged across all its workers, and a wall backstop."""

    def __init__(self, limits):
        self.cpu_seconds = limits.submission_seconds
        self.used = NOTHING  # by the workers that ended
        self.started = time.monotonic()


class ProtocolError(ValueError):
    """The worker's report is not what an honest worker writes."""


def _reject_constant(name):
    raise ProtocolError(f"non-standard JSON constant {name}")


# A report line: its size in bytes, and the values it may hold (probekit's limits on one
# observation, plus the event around it). Counted before the line is parsed: JSON's containers
# cost some 30 times their text as Python objects, so 1 MiB of `{"":{}}` would be 30 MB.
MAX_LINE_VALUES = MAX_VALUES + 32
MAX_RUN_VALUES = 100_000  # values kept of one submission's report, across its workers
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.?)*"?', re.DOTALL)  # every match succeeds where it starts: linear


def _values_in(line):
    """An upper bound of the values (keys, items, scalars, containers) a line of JSON holds, found
    without parsing it: strings are blanked out, then every container and separator is counted."""
    skeleton = _JSON_STRING.sub(b"s", line)
    return 1 + sum(skeleton.count(c) for c in (b",", b":", b"[", b"{"))


def _plain_copy(value, depth, count, max_depth=MAX_DEPTH, max_text=MAX_TEXT):
    """A checked copy of observed values: only str keys, finite numbers, strings (valid UTF-8, at most
    `max_text` characters), None, lists and dicts nested at most `max_depth` deep; `count` adds them up."""
    count[0] += 1
    if depth > max_depth:
        raise ProtocolError("observation nested too deeply")
    if value is None or type(value) in (bool, int):
        return value
    if type(value) is str:
        if max_text is not None and len(value) > max_text:
            raise ProtocolError("observation string too long")
        return valid_utf8(value)
    if type(value) is float:
        if value != value or value in (float("inf"), float("-inf")):
            raise ProtocolError("non-finite number")
        return value
    if type(value) is list:
        return [_plain_copy(v, depth + 1, count, max_depth, max_text) for v in value]
    if type(value) is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str or (max_text is not None and len(k) > max_text):
                raise ProtocolError("bad observation key")
            count[0] += 1
            out[valid_utf8(k)] = _plain_copy(v, depth + 1, count, max_depth, max_text)
        return out
    raise ProtocolError(f"unexpected {type(value).__name__}")


def check_plain(value):
    """ProtocolError unless `value` is plain JSON data (a run record's fields: strings of any length,
    nested at most 12 deep), as grader/fleet checks a result from a worker of its own."""
    _plain_copy(value, 0, [0], max_depth=12, max_text=None)


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


def parse_event(line, expected_probe):
    """One line of the worker's report as a checked event dict; ProtocolError otherwise."""
    if len(line) > MAX_LINE:
        raise ProtocolError("line too long")
    if _values_in(line) > MAX_LINE_VALUES:
        raise ProtocolError(f"a line holds more values than an observation may ({MAX_VALUES})")
    try:
        event = json.loads(line.decode("utf-8"), parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:  # also: bad UTF-8, a 5000-digit int, [[[[...]]]] nested 10^5 deep
        raise ProtocolError(f"not JSON: {type(exc).__name__}") from None
    if type(event) is not dict or type(event.get("event")) is not str:
        raise ProtocolError("not an event")
    kind = event["event"]
    if kind in ("hello", "done"):
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
                "exception": _exception(event.get("exception")), "where": _where(event.get("where"))}
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
            count = [0]
            values = _plain_copy(values, 0, count)
            if count[0] > MAX_VALUES:
                raise ProtocolError(f"an observation holds more than {MAX_VALUES} values")
            return {"event": kind, "probe": expected_probe, "status": "ok", "values": values, "size": count[0]}
        if status == "error" and type(event.get("error")) is str:
            return {"event": kind, "probe": expected_probe, "status": "error", "error": clean_text(event["error"], 2000),
                    "exception": _exception(event.get("exception")), "where": _where(event.get("where")),
                    "recursion": event.get("recursion") is True}
        raise ProtocolError("bad result")
    raise ProtocolError(f"unknown event {kind[:40]!r}")


class CappedOutput:
    """What the student printed: the first `limit` bytes kept, the rest counted and dropped."""

    def __init__(self, limit):
        self.limit, self.kept, self.dropped = limit, bytearray(), 0

    def add(self, data):
        room = self.limit - len(self.kept)
        self.kept += data[:max(room, 0)]
        self.dropped += max(len(data) - max(room, 0), 0)

    def text(self):
        text = self.kept.decode("utf-8", errors="replace")
        if self.dropped:
            text += f"\n[... {self.dropped} more bytes of output were dropped]"
        return text


def _signal_text(returncode):
    """How a worker ended, in words: bwrap reports a signal as 128 + its number."""
    if returncode is None:
        return "the worker did not exit"
    signum = -returncode if returncode < 0 else returncode - 128 if returncode > 128 else None
    if signum:
        try:
            name = signal.Signals(signum).name
        except ValueError:
            name = f"signal {signum}"
        why = {
            "SIGSEGV": " (a segmentation fault: often unbounded recursion after raising the recursion limit)",
            "SIGXCPU": " (its CPU time limit)",
            "SIGXFSZ": " (it wrote a file larger than the file-size limit)",
            "SIGKILL": " (killed: a limit was reached)",
        }.get(name, "")
        return f"the worker was killed by {name}{why}"
    return f"the worker exited with status {returncode}"


class _SelectedPipes:
    """The worker's two pipes, read as they become readable (POSIX: select works on pipes)."""

    def __init__(self, *fds):
        self.fds, self.selector = fds, selectors.DefaultSelector()
        for fd in fds:
            self.selector.register(fd, selectors.EVENT_READ)

    def read(self, timeout):
        """[(fd, data)] of what arrived within `timeout` s; b"" once for a pipe that ended."""
        out = []
        for key, _ in self.selector.select(timeout):
            data = os.read(key.fd, 1 << 16)
            if not data:
                self.selector.unregister(key.fd)
            out.append((key.fd, data))
        return out

    def rest_of(self, fd):
        """What is left in pipe `fd` once the worker is dead (bounded: a process that escaped the
        kill could write forever)."""
        os.set_blocking(fd, False)
        rest = bytearray()
        try:
            for _ in range(256):
                data = os.read(fd, 1 << 16)
                if not data:
                    break
                rest += data
        except OSError:
            pass
        return bytes(rest)

    def close(self):
        self.selector.close()
        for fd in self.fds:
            os.close(fd)


class _ThreadedPipes:
    """The same, read by one thread per pipe (Windows cannot select() on a pipe; the portable
    worker uses this on every OS). A thread owns its pipe and closes it at its end: closing an fd
    under a blocked read would let a later pipe reuse the number and be read by the old thread."""

    def __init__(self, *fds):
        self.arrived = queue.Queue()
        self.ended = {fd: threading.Event() for fd in fds}
        for fd in fds:
            threading.Thread(target=self._pump, args=(fd,), daemon=True).start()

    def _pump(self, fd):
        try:
            while True:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    data = b""
                self.arrived.put((fd, data))
                if not data:
                    break
        finally:
            os.close(fd)
            self.ended[fd].set()

    def read(self, timeout):
        try:
            out = [self.arrived.get(timeout=max(timeout, 0))]
        except queue.Empty:
            return []
        while True:
            try:
                out.append(self.arrived.get_nowait())
            except queue.Empty:
                return out

    def rest_of(self, fd, wait=1.0):
        """What pipe `fd` still delivers, until it ends (the worker is dead) or `wait` s pass."""
        self.ended[fd].wait(wait)
        rest, others = bytearray(), []
        while True:
            try:
                got, data = self.arrived.get_nowait()
            except queue.Empty:
                break
            if got == fd:
                rest += data
            else:
                others.append((got, data))
        for item in others:
            self.arrived.put(item)
        return bytes(rest)

    def close(self):
        pass  # each thread closes its own pipe when it ends


class Attempt:
    """One worker process: runs the probes in `todo` until done, a timeout or its death."""

    def __init__(self, sandbox, slot, base, request, todo, output, budget, values_kept=None):
        self.sandbox, self.slot, self.base = sandbox, slot, base
        self.request = dict(request, run=todo)
        self.todo, self.output, self.budget = todo, output, budget
        self.values_kept = values_kept if values_kept is not None else [0]  # shared by a submission's workers
        self.results = {}  # probe -> observation
        self.imported = None  # the import event
        self.ended = None  # "done" | "probe-timeout" | "import-timeout" | "total-timeout" | "died" | "protocol" | "exited"
        self.starved = False  # the timeout that ended it came from the wall clock while it waited for a CPU
        self.current = None
        self.detail = None
        self.hello = False
        self.used = NOTHING  # what this worker used, all its processes counted
        self.phase = None  # (CPU limit, wall start, usage at start) of the import or the current probe

    def _new_phase(self, limit, usage):
        self.phase = (limit, time.monotonic(), usage)

    @staticmethod
    def _over(limit, cpu, wall, waited):
        """Whether a limit is spent: (spent, starved)."""
        if cpu >= limit or wall - waited >= SLEEP_BACKSTOP * limit:
            return True, False
        return wall >= STARVED_BACKSTOP * limit, True

    def _out_of_time(self, usage, now):
        """Which timeout ends the worker now, if any (and whether it happened while starved)."""
        limit, wall_start, at_start = self.phase
        budget = self.budget
        spent, starved = self._over(budget.cpu_seconds, budget.used.cpu + usage.cpu, now - budget.started,
                                    budget.used.waited + usage.waited)
        if spent:
            return "total-timeout", starved
        spent, starved = self._over(limit, usage.cpu - at_start.cpu, now - wall_start, usage.waited - at_start.waited)
        if spent:
            return ("probe-timeout" if self.imported else "import-timeout"), starved
        return None, False

    def _next_look(self, usage, now):
        """When to measure again: no later than the budget left could be spent on every core."""
        limit, wall_start, at_start = self.phase
        cpu_left = min(limit - (usage.cpu - at_start.cpu), self.budget.cpu_seconds - self.budget.used.cpu - usage.cpu)
        return now + max(0.01, min(0.25, cpu_left / _CPUS))

    def run(self):
        limits = self.sandbox.limits
        obs_r, obs_w = os.pipe()
        out_r, out_w = os.pipe()
        try:
            proc = self.sandbox.start(self.slot, self.base, self.request, obs_w, out_w)
        finally:
            os.close(obs_w)
            os.close(out_w)
        # With cgroups the count runs on from this slot's earlier workers: charge only the difference.
        at_start = self.sandbox.usage(self.slot, proc)
        self._new_phase(limits.import_seconds, NOTHING)
        pipes = (_ThreadedPipes if getattr(self.sandbox, "threaded_pipes", False) else _SelectedPipes)(obs_r, out_r)
        buffer, reported = bytearray(), 0
        pending = list(self.todo)
        obs_open = True
        look_at = time.monotonic()
        try:
            while obs_open and self.ended is None:
                now = time.monotonic()
                if now >= look_at:
                    usage = self.sandbox.usage(self.slot, proc) - at_start
                    self.ended, self.starved = self._out_of_time(usage, now)
                    if self.ended:
                        break
                    look_at = self._next_look(usage, now)
                for fd, data in pipes.read(max(look_at - now, 0)):
                    if fd == out_r:
                        self.output.add(data)
                        continue
                    if not data:
                        obs_open = False  # the report ended; what else arrived with it is still kept
                        continue
                    reported += len(data)
                    buffer += data
                    if reported > MAX_REPORT or (b"\n" not in buffer and len(buffer) > MAX_LINE):
                        raise ProtocolError("report too large")
                    if b"\n" not in data:
                        continue
                    *lines, rest = bytes(buffer).split(b"\n")  # one pass: a flood of short lines stays linear
                    buffer = bytearray(rest)
                    for line in lines:
                        if self.ended is not None:
                            break
                        expected = self.current if self.current else (pending[0] if pending else None)
                        event = parse_event(line, expected)
                        if self._apply(event, pending):
                            # a new probe starts: its limit counts from here
                            self._new_phase(limits.probe_seconds, self.sandbox.usage(self.slot, proc) - at_start)
                            look_at = time.monotonic()
        except ProtocolError as exc:
            self.ended, self.detail = "protocol", str(exc)
        finally:
            if not obs_open:
                # The report ended: let a dying worker finish dying, so that its exit status
                # (a segfault, os._exit) is its own and not the SIGKILL sent below.
                try:
                    proc.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    pass
            self.sandbox.kill(self.slot, proc)
            self.used = self.sandbox.usage(self.slot, proc) - at_start
            self.output.add(pipes.rest_of(out_r))
            pipes.close()
        if self.ended is None:
            self.ended = "died"
            self.detail = _signal_text(proc.returncode)
        return self

    def _apply(self, event, pending):
        """Take one event in; True when it starts a new phase (the next probe's limit begins)."""
        kind = event["event"]
        # An honest worker says hello once, first; exits only while importing; and reports a
        # result only for the probe it announced. Anything else is a forged line.
        if kind == "hello":
            if self.hello:
                raise ProtocolError("hello twice")
            self.hello = True
            return False
        if not self.hello:
            raise ProtocolError(f"{kind} before hello")
        if kind == "exited":
            if self.imported is not None:
                raise ProtocolError("exited after the import")
            self.ended, self.detail = "exited", event["code"]
            return False
        if kind == "imported":
            if self.imported is not None:
                raise ProtocolError("imported twice")
            self.imported = event
            if not event["ok"]:
                self.ended = "import-failed"
            return True
        if self.imported is None or not self.imported["ok"]:
            raise ProtocolError(f"{kind} before a successful import")
        if kind == "start":
            if self.current is not None:
                raise ProtocolError("start while a probe runs")
            self.current = event["probe"]
            return True
        if kind == "result":
            if self.current is None:
                raise ProtocolError("result without a start")
            self.values_kept[0] += event.get("size", 0)
            if self.values_kept[0] > MAX_RUN_VALUES:
                raise ProtocolError(f"the report holds more than {MAX_RUN_VALUES} values")
            obs = {k: v for k, v in event.items() if k not in ("event", "probe", "size")}
            self.results[self.current] = obs
            pending.remove(self.current)
            self.current = None
            return True
        if kind == "done":
            if pending or self.current:
                raise ProtocolError("done before every probe ran")
            self.ended = "done"
            return False
        raise ProtocolError(kind)


def grader_error_message(stage, detail):
    """What a row says when the grader's own code failed on it while doing `stage` (`detail`: the traceback)."""
    return (f"grader error while {stage}: this is a bug in the grader, not in the submission "
            f"({valid_utf8(detail.strip().splitlines()[-1][:300])}); the details are in the run log")


def grader_error_run(submission_id, stage, detail):
    """The run of a submission on which the grader's own code failed: `crashed`, with a message that
    says whose fault it is, and the traceback in `grader_error` for the run log (never cached)."""
    message = grader_error_message(stage, detail)
    return {"id": submission_id, "status": "crashed", "message": message,
            "import_error": {"error": message, "where": None}, "probes": {}, "output": "", "seconds": 0.0,
            "grader_error": {"stage": stage, "detail": valid_utf8(detail)}}


def _secret_order(names):
    """`names` shuffled by the operating system's randomness, afresh for every run: a submission
    cannot tell from the order (or its position in it) which probe it is in."""
    return random.SystemRandom().sample(list(names), len(names))


def _unless_stopped_early(suite, probes, todo):
    """The cases still to run, or none when the suite says the rest cannot matter (each then
    recorded as skipped, with the suite's reason)."""
    why_not = suite.stop_early(probes) if todo else None
    if not why_not:
        return todo
    for name in todo:
        probes[name] = {"status": "skipped", "error": why_not, "not_run": True}
    return []


def observe_submission(submission, suite, sandbox, slot):
    """The observations of one submission: a run record (see docs/architecture.md).

    A suite with probe cases (`suite.cases`, 09-write-tests) runs each probe in a fresh worker
    and a fresh scratch folder of its own, carrying only that case's files, in a secret order:
    nothing one probe's run leaves behind (in sys, builtins, a module, a file, the environment)
    reaches another's, and no probe can tell which one it is from what it finds.
    """
    started = time.monotonic()
    limits = sandbox.limits
    output = CappedOutput(limits.output_kb * 1024)
    cases = suite.cases
    todo = _secret_order(suite.probe_names) if cases else list(suite.probe_names)
    probes = {}
    run = {"id": submission.id, "status": "ok", "message": None, "import_error": None}
    budget = Budget(limits)
    # `modules`: what a probe may reach as m.<name>, the suite's own files (nn.py, neuron.py, ...)
    request = {"module": suite.module, "forbid": list(suite.forbid), "refuse": list(suite.refuse),
               "modules": [os.path.splitext(name)[0] for name in suite.files], "recursion_limit": 1000}
    run["forbidden_imports"] = forbidden_imports(submission.files, suite.forbid + suite.refuse)
    base = None if cases else sandbox.prepare(slot, submission.files, suite.runner_files)
    timeouts_in_a_row = restarts = 0
    values_kept = [0]
    try:
        while todo:
            if sandbox.stopping:
                raise Interrupted("grading was interrupted")
            if cases:
                case = cases[todo[0]]
                base = sandbox.prepare(slot, submission.files, {**suite.runner_files, **case.files})
                to_grader = {case.function: todo[0]}
                attempt_todo = [case.function]
            else:
                to_grader, attempt_todo = {}, todo
            try:
                attempt = Attempt(sandbox, slot, base, request, attempt_todo, output, budget, values_kept).run()
            finally:
                if cases:
                    sandbox.cleanup(base)
            budget.used = Usage(budget.used.cpu + attempt.used.cpu, budget.used.waited + attempt.used.waited)
            if attempt.starved:
                run["starved"] = True
            for name, obs in attempt.results.items():
                probes[to_grader.get(name, name)] = obs
                timeouts_in_a_row = 0
            todo = [p for p in todo if p not in probes]
            ended = attempt.ended
            if ended == "done":
                if cases:
                    todo = _unless_stopped_early(suite, probes, todo)
                    continue
                break
            if ended == "import-failed":
                run["import_error"] = {"error": attempt.imported["error"], "exception": attempt.imported["exception"],
                                       "where": attempt.imported["where"]}
                break
            if ended == "exited":
                run["status"] = "crashed"
                run["message"] = f"{suite.module}.py called sys.exit({attempt.detail}) while being imported"
                break
            busy = (" while the machine was too busy to run it (it waited for a CPU): it will be observed "
                    "again, and is not cached") if attempt.starved else ""
            if ended == "import-timeout":
                run["status"] = "timeout"
                run["message"] = (f"importing {suite.module}.py did not finish within "
                                  f"{limits.import_seconds:g} s{busy}")
                break
            if ended == "total-timeout":
                run["status"] = "timeout"
                run["message"] = (f"the submission's time limit ({limits.submission_seconds:g} s) ran out{busy}")
                if attempt.current:
                    probes[to_grader.get(attempt.current, attempt.current)] = {"status": "timeout",
                                                                               "error": run["message"]}
                break
            if ended == "protocol":
                # An honest worker never writes a malformed report: something in the submission wrote
                # into the observation pipe. None of what this submission reported is trusted, not
                # even the results that came before the bad line (they may be forged too).
                run["status"] = "crashed"
                run["message"] = (f"the worker's report was malformed ({attempt.detail}): the submission wrote "
                                  "into the grader's observation channel, so none of its observations are used")
                probes.clear()
                todo = list(suite.probe_names)
                break
            if not todo:
                # Every probe reported, but the worker died before `done` (an honest one writes it
                # right after the last result; a submission that wrote that result itself and exited
                # does not): nothing is left to blame or to run.
                break
            if attempt.imported is None or not attempt.imported["ok"]:
                # died before its engine was even imported
                run["status"] = "crashed"
                run["message"] = f"the worker died while importing {suite.module}.py: {attempt.detail}"
                break
            current = to_grader.get(attempt.current, attempt.current)
            if current is None:  # died between probes: blame the next one
                current = todo[0]
            if ended == "probe-timeout":
                probes[current] = {"status": "timeout",
                                   "error": f"did not finish within {limits.probe_seconds:g} s{busy}"}
                timeouts_in_a_row += 1
            else:  # died
                probes[current] = {"status": "crashed", "error": attempt.detail}
            todo = [p for p in todo if p != current]
            if timeouts_in_a_row >= TIMEOUTS_IN_A_ROW:
                run["status"] = "timeout"
                run["message"] = (f"{TIMEOUTS_IN_A_ROW} probes in a row did not finish within "
                                  f"{limits.probe_seconds:g} s each; the rest were not run")
                break
            if cases:  # each case has a worker of its own anyway: one that died costs only itself
                todo = _unless_stopped_early(suite, probes, todo)
                continue
            restarts += 1
            if restarts > MAX_RESTARTS and todo:
                # the last fresh worker went the way of the others, and probes are still left
                run["status"] = "crashed"
                run["message"] = (f"the worker crashed {MAX_RESTARTS + 1} times; "
                                  "the rest of the probes were not run")
                break
        if run["status"] != "ok" and not probes and run["import_error"] is None:
            # nothing ran at all (it died, exited or hung while importing, or forged its report):
            # one clear failure on the import test, every other test skipped
            run["import_error"] = {"error": run["message"], "where": None}
        if run["status"] in ("timeout", "crashed"):
            for name in todo:
                probes.setdefault(name, {"status": run["status"], "error": "not run: " + run["message"],
                                         "not_run": True})
    finally:
        if not cases:
            sandbox.cleanup(base)
    run["probes"] = {name: probes[name] for name in suite.probe_names if name in probes}  # the suite's order
    run["output"] = output.text()
    run["seconds"] = round(time.monotonic() - started, 4)
    return run


# -- many submissions --------------------------------------------------------------


class ObservationCache:
    """Finished runs stored by content hash, written atomically: resume and regrade for free."""

    def __init__(self, folder):
        self.folder = folder
        if folder is not None:
            os.makedirs(folder, mode=0o700, exist_ok=True)

    @staticmethod
    def key(submission, suite, limits):
        h = hashlib.sha256()
        for part in (__version__, suite.digest, repr(limits), submission.digest):
            h.update(part.encode())
            h.update(b"\0")
        return h.hexdigest()

    def get(self, key):
        if self.folder is None:
            return None
        try:
            with open(os.path.join(self.folder, key + ".json"), encoding="utf-8") as f:
                run = json.load(f)
        except (OSError, ValueError, RecursionError):
            return None
        # A cache written by an earlier grader may hold a lone surrogate ("\ud800" in JSON), which
        # would stop scores.json from being written on every rerun.
        return valid_utf8_tree(run) if isinstance(run, dict) else None

    def put(self, key, run):
        if self.folder is None:
            return
        path = os.path.join(self.folder, key + ".json")
        tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            # private to the user who grades, as every file about students is (scores.PRIVATE_FILE_MODE)
            with open(tmp, "w", encoding="utf-8", opener=lambda p, flags: os.open(p, flags, 0o600)) as f:
                json.dump(run, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError:  # a full disk: the run is still graded, only not kept for the next time
            try:
                os.unlink(tmp)
            except OSError:
                pass


def share_observations(run, shared):
    """Make equal probe observations one object: a class's correct engines mostly report the very
    same numbers, and a batch of a thousand would otherwise hold a thousand copies of them."""
    probes = run.get("probes") or {}
    for name, obs in probes.items():
        key = (name, hashlib.sha256(json.dumps(obs, sort_keys=True).encode()).digest())
        probes[name] = shared.setdefault(key, obs)


def observe_all(submissions, suite, sandbox, *, jobs=2, cache=None, on_done=None):
    """Runs for every accepted submission, `jobs` at a time; cached runs are reused."""
    cache = cache or ObservationCache(None)
    slots = queue.Queue()
    for slot in range(jobs):
        slots.put(slot)
    runs = {}
    shared = {}  # (probe, canonical JSON) -> the one observation object kept
    lock = threading.Lock()

    starved = []  # submissions whose run timed out while starved of CPU: observed again at the end

    def one(submission, retries_left=STARVED_RETRIES):
        key = ObservationCache.key(submission, suite, sandbox.limits)
        run = cache.get(key)
        cached = run is not None
        if not cached:
            if sandbox.stopping:
                return
            slot = slots.get()
            try:
                run = observe_submission(submission, suite, sandbox, slot)
            except Interrupted:
                return
            except Exception:  # the grader's own bug: this submission's row says so, the batch goes on
                run = grader_error_run(submission.id, "observing it", traceback.format_exc())
            finally:
                slots.put(slot)
            if sandbox.stopping:
                return  # its worker may have been killed by the interruption: not a result
            if run.get("starved"):
                # Its timeout measured the machine's load, not the submission: never cached, and
                # observed again once the others (a CPU hog among them, maybe) are done.
                if retries_left > 0:
                    with lock:
                        starved.append((submission, retries_left - 1))
                    return
            elif "grader_error" not in run:  # a grader error is not the submission's result: observe it again
                cache.put(key, run)
        share_observations(run, shared)
        with lock:
            runs[submission.id] = run
            if on_done:
                on_done(submission, run, cached)

    accepted = [s for s in submissions if not s.rejected]
    pool = ThreadPoolExecutor(max_workers=max(jobs, 1))
    try:
        for future in [pool.submit(one, s) for s in accepted]:
            future.result()
        while starved:
            again, starved[:] = list(starved), []
            for future in [pool.submit(one, s, left) for s, left in again]:
                future.result()
    except KeyboardInterrupt:
        # Finished runs are in the cache already; the running ones are killed and dropped.
        sandbox.interrupt()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return runs
