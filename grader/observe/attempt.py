"""One worker process of a submission's run: it runs the probes it is given until they are done,
a limit is spent, it dies, or its report breaks the protocol. It keeps the time (see
grader/sandbox/accounting.py) and checks that the events come in the order an honest worker
writes them."""

import os
import subprocess
import time

from ..machine_size import usable_cpus
from ..sandbox.accounting import NOTHING, SLEEP_BACKSTOP, STARVED_BACKSTOP, limit_spent
from ..sandbox.late_names import NamesRefused
from ..sandbox.limit_hit import limit_events, limit_hit, ran_out, started_processes, timed_out
from ..sandbox.pipes import SelectedPipes, ThreadedPipes, output_pipe, ran_out_text, signal_text
from .protocol import MAX_LINE, MAX_REPORT, MAX_RUN_VALUES, ProtocolError, ReportTally, parse_event

_CPUS = usable_cpus()  # how fast a worker's processes could spend CPU time at most
# A probe's count starts from a reading of the accounting at most this old: probes that take well under a
# millisecond start and end hundreds of times a second, and reading for each cost the grader more CPU
# than the worker spent. A probe is charged at most FRESH_SECONDS * _CPUS of its predecessors' time.
FRESH_SECONDS = 0.005


# what ends a run whose worker did not read the drawn probes' names it asked for (a protocol error)
UNREAD = "the drawn probes' names were not read: the submission closed or replaced their descriptors"


# the ends for time, at which the worker's processes are counted before it is killed
TIMEOUTS = ("probe-timeout", "import-timeout", "total-timeout")


def _limit(budget, drawn: bool) -> float:
    """The CPU seconds a submission may have used by the end of a fixed probe, or of a drawn one (judge/drawn.py: the
    drawn probes' own share comes on top of the submission's limit, which the fixed probes keep whole)."""
    return budget.cpu_seconds + budget.drawn_seconds if drawn else budget.cpu_seconds


def ran_out_said(raised, sandbox):
    """The message record of an exception (a probe's result, or a failed import) with which Python said the code reached
    a limit (the worker's `ran_out` fact): its words and the limit's fields (pipes.ran_out_text); None for another."""
    kind = (raised.get("facts") or {}).get("ran_out")
    if kind is None:
        return None
    return ran_out_text(kind, raised["error"], raised["exception"], ran_out(kind, sandbox)).to_json()


class Attempt:
    """One worker process: runs the probes in `todo` until done, a timeout or its death."""

    def __init__(self, sandbox, slot, base, request, todo, output, budget, tally=None, meanwhile=None,
                 as_drawn=False):
        self.sandbox, self.slot, self.base = sandbox, slot, base
        # the drawn probes (`probe@token`, after every published one) are named to the worker only once the last
        # published result is in (_send_names), on the sandbox's channel (`late_names`: its class, late_names.py)
        # (`later`: their names). `as_drawn`: a check of a suite whose grade of record draws gets the channel too, none
        # named on it, so that its worker's command line and descriptors are the grade's (session 42: a check's lacked
        # `later=1`, which an engine could read to behave in a check as it does not in the grade). Not every worker: a
        # module more in a worker that runs no drawn probe would move the heap (docs/determinism.md)
        channel = getattr(sandbox, "late_names", None)
        self.later = [name for name in todo if "@" in name] if channel is not None else []
        self._channel = channel if self.later or as_drawn else None
        published = [name for name in todo if "@" not in name] if self._channel is not None else todo
        self.request = dict(request, run=published, **({"later": 1} if self._channel is not None else {}))
        self._names = None  # their channel (sandbox/late_names.py), while this worker runs
        self.todo, self.output, self.budget = todo, output, budget
        self.tally = tally if tally is not None else ReportTally()  # shared by a submission's workers
        self.results = {}  # probe -> observation
        self.imported = None  # the import event
        # "done" | "import-failed" | "exited" | "probe-timeout" | "import-timeout" | "total-timeout" | "protocol"
        # | "died" (while a probe ran, or between probes) | "died-importing" (before its engine was imported)
        self.ended = None
        self.starved = False  # the timeout that ended it came from the wall clock while it waited for a CPU
        self.measured = True  # ... or while this machine could not tell waiting for a CPU from sleeping
        self.current = None
        self.detail = None
        self.limit = None  # the sandbox's limit that ended it, as data (sandbox/limit_hit.py), where one is known
        self.hello = False
        self._pid = None  # the worker's pid as its hello named it: how its own processes are told from the code's
        self.processes = None  # those the code started and had not ended when its time ran out (None: none)
        self.stopped = False  # ... and whether the worker's Python was stopped then (SIGSTOP: it waited, stopped)
        self.used = NOTHING  # what this worker used, all its processes counted
        self.phase = None  # (CPU limit, wall start, usage at start) of the import or the current probe
        self._read = (None, -1.0)  # the last reading of the accounting (since this worker started), and when
        self.meanwhile = meanwhile  # the grader's own work, done once the worker is spawned (while it starts)
        # running the drawn probes (`probe@token`, after every fixed one): the submission's limit and their share
        self.drawn = bool(todo) and "@" in todo[0]

    def _new_phase(self, limit, usage):
        self.phase = (limit, time.monotonic(), usage)

    def _out_of_time(self, usage, now):
        """Which timeout ends the worker now, if any (and whether it happened while starved)."""
        limit, wall_start, at_start = self.phase
        budget = self.budget
        spent, starved = limit_spent(_limit(budget, self.drawn), budget.used + usage, now - budget.started)
        if spent:
            return "total-timeout", starved
        spent, starved = limit_spent(limit, usage - at_start, now - wall_start)
        if spent:
            return ("probe-timeout" if self.imported else "import-timeout"), starved
        return None, False

    def _next_look(self, usage, now):
        """When to measure again: the first moment a limit could be spent (looked at as it nears, not
        polled). CPU time: when what is left could be spent on every core at once; the sleep and
        starvation backstops: when the wall time less the waiting counted so far reaches them."""
        limit, wall_start, at_start = self.phase
        budget = self.budget
        # in floats, the same sums as the Usage objects' (`budget.used + usage`, `usage - at_start`), without making
        # two of them for each probe of a run (0.8 ms of the grader's CPU a submission)
        used_cpu, used_waited = budget.used.cpu + usage.cpu, budget.used.waited + usage.waited
        total = _limit(budget, self.drawn)
        first = min(
            (limit - (usage.cpu - at_start.cpu)) / _CPUS,
            (total - used_cpu) / _CPUS,
            wall_start + SLEEP_BACKSTOP * limit + (usage.waited - at_start.waited) - now,
            budget.started + SLEEP_BACKSTOP * total + used_waited - now,
            wall_start + STARVED_BACKSTOP * limit - now,
        )
        return now + max(0.01, first)

    def _usage(self, proc, at_start, fresh=0.0):
        """What the worker used since `at_start`: a reading at most `fresh` seconds old."""
        usage, when = self._read
        now = time.monotonic()
        if usage is None or now - when > fresh:
            usage = self.sandbox.usage(self.slot, proc) - at_start
            self._read = (usage, now)
        return usage

    def run(self):
        limits = self.sandbox.limits
        # Every path out closes the pipes and kills the worker: a start that fails (a fork refused, too many open
        # files) is one submission's grader error in a process that may grade for days.
        obs_r, obs_w = os.pipe()
        try:
            out_r, out_w = output_pipe()
        except BaseException:
            os.close(obs_r)
            os.close(obs_w)
            raise
        proc = None
        try:
            self._names = self._channel() if self._channel is not None else None
            later = {"later": self._names} if self._names is not None else {}
            proc = self.sandbox.start(self.slot, self.base, self.request, obs_w, out_w, **later)
            os.close(obs_w)
            os.close(out_w)
            obs_w = out_w = None
            if self._names is not None:
                self._names.started()
            # With cgroups the count runs on from this slot's earlier workers: charge only the difference.
            at_start = self.sandbox.usage(self.slot, proc)
            events = limit_events(self.sandbox, self.slot)  # what the slot's cgroup counted before this worker
            self._new_phase(limits.import_seconds, NOTHING)
            pipes = (ThreadedPipes if getattr(self.sandbox, "threaded_pipes", False) else SelectedPipes)(obs_r, out_r)
        except BaseException:
            for fd in (obs_r, obs_w, out_r, out_w):
                if fd is not None:
                    os.close(fd)
            if self._names is not None:
                self._names.close()
            if proc is not None:
                self.sandbox.kill(self.slot, proc)
            raise
        buffer = bytearray()
        pending = [*self.request["run"], *self.later]  # the order the worker runs them in
        obs_open = True
        look_at = time.monotonic()
        try:
            if self.meanwhile is not None:
                self.meanwhile()  # its events wait in the pipe; its limits are its CPU time, not this thread's
            while obs_open and self.ended is None:
                now = time.monotonic()
                if now >= look_at:
                    usage = self._usage(proc, at_start)
                    self.ended, self.starved = self._out_of_time(usage, now)
                    self.measured = usage.cpu_measured and usage.waiting_measured
                    if self.ended:
                        break
                    look_at = self._next_look(usage, now)
                arrived = pipes.read(max(look_at - now, 0))
                for fd, data in arrived:  # the output first: a report line that ends the run must not drop it
                    if fd == out_r:
                        self.output.add(data)
                for fd, data in arrived:
                    if fd == out_r:
                        continue
                    if not data:
                        obs_open = False  # the report ended; what else arrived with it is still kept
                        continue
                    self.tally.bytes += len(data)
                    buffer += data
                    if self.tally.bytes > MAX_REPORT or (b"\n" not in buffer and len(buffer) > MAX_LINE):
                        raise ProtocolError("report too large")
                    if b"\n" not in data:
                        continue
                    *lines, rest = bytes(buffer).split(b"\n")  # one pass: a flood of short lines stays linear
                    buffer = bytearray(rest)
                    begun = False
                    for line in lines:
                        if self.ended is not None:
                            break
                        expected = self.current if self.current else (pending[0] if pending else None)
                        begun = self._apply(parse_event(line, expected), pending) or begun
                    if begun and self.ended is None:
                        # a new probe started: its limit counts from here (from the last one that these lines
                        # began, read once for them all: an earlier one's phase ended within them)
                        usage = self._usage(proc, at_start, FRESH_SECONDS)
                        self._new_phase(limits.probe_seconds, usage)
                        look_at = self._next_look(usage, time.monotonic())
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
            if self.ended in TIMEOUTS:  # counted before the kill: one is enough, an engine starts none
                started, self.stopped = started_processes(self.sandbox, self.slot, proc, self._pid)
                self.processes = started or None
            self.sandbox.kill(self.slot, proc)
            if self._names is not None:
                self._names.close()
            self.used = self.sandbox.usage(self.slot, proc) - at_start
            self.output.add(pipes.rest_of(out_r))
            pipes.close()
        if self.ended is None:
            self.ended = "died" if self.imported is not None and self.imported["ok"] else "died-importing"
            # the CPU count decides a SIGXCPU only where the slot's cgroup counted it (limit_hit.py)
            counted = self.used if getattr(self.sandbox, "cgroups", None) is not None else None
            self.limit, disproved = limit_hit(proc.returncode, events, limit_events(self.sandbox, self.slot),
                                              self.sandbox.limits, counted)
            self.detail = signal_text(proc.returncode, self.limit, disproved)
        else:
            self.limit = timed_out(self.ended, self.sandbox.limits)
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
            self._pid = event.get("pid")
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
        if kind == "more":
            self._send_names(pending)
            return True
        if kind == "start":
            if self.current is not None:
                raise ProtocolError("start while a probe runs")
            self.current = event["probe"]
            self.drawn = self.drawn or "@" in self.current
            return True
        if kind == "result":
            if self.current is None:
                raise ProtocolError("result without a start")
            self.tally.values += event.get("size", 0)
            if self.tally.values > MAX_RUN_VALUES:
                raise ProtocolError(f"the report holds more than {MAX_RUN_VALUES} values")
            obs = {k: v for k, v in event.items() if k not in ("event", "probe", "size")}
            said = ran_out_said(obs, self.sandbox)
            if said is not None and "error_message" not in obs:
                obs["error_message"] = said
            self.results[self.current] = obs
            pending.remove(self.current)
            self.current = None
            return True
        if kind == "done":
            if pending and not self.current and pending == self.later and self._names.sent:
                raise ProtocolError(UNREAD)
            if pending or self.current:
                raise ProtocolError("done before every probe ran")
            self.ended = "done"
            return False

    def _send_names(self, pending):
        """The worker has written its last published result, and every published probe's result is here: only now
        are the drawn probes named to it (sandbox/late_names.py), so that nothing the submission reads or reports at
        the published inputs can name a draw (docs/security.md, review35)."""
        if self._names is None or self._names.sent:
            raise ProtocolError("more asked twice, or by a worker that runs no drawn probe")
        if self.current is not None or pending != self.later:
            raise ProtocolError("more before every published probe reported")
        try:
            self._names.send(pending)
        except NamesRefused as exc:
            raise ProtocolError(f"the drawn probes' names were not handed over: {exc}") from None
        self.drawn = self.drawn or bool(pending)  # none in a check: its time stays the fixed probes'
