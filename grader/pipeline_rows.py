"""A batch's rows judged and diagnosed as their runs arrive, beside the observation of the others.

The pipeline (grader/pipeline.py) observes a batch in sandboxed workers, one per core. Judging a row
(pytest, in the grader's process) and diagnosing it need only that row's run, so `Rows` does both in a
thread of its own, a part at a time, while the other submissions are still observed: what is left when
the last one has been observed is the last part, not the whole batch on one core while the others wait.
The thread shares the GIL with the observing threads, whose every step on a worker's path (its claim and go,
its end, the next scratch folder: some fifty system calls a submission, each giving the GIL up and taking it
back) waited up to the interpreter's switch interval (5 ms) for a judging thread that never gives it up by
itself: on 2 cores the observation took about as much longer as the tail got shorter (docs/scaling.md). So
while the thread runs, the switch interval is SWITCH_SECONDS (`quick_handoff`), and the local pool runs one
worker more than the CPUs (grader/machine_size.py); with both, the thread is on for this machine's pool too
(pipeline.Settings.judge_while_observing, docs/architecture.md "Where the time goes"), as it always was for
an observer that observes elsewhere (the fleet). Without it, every row goes through the same steps once the
observation is over.

The scores are those of judging and diagnosing the whole batch at once, byte for byte:

- the judge keeps its outcomes by what each test reads, across the parts (grader/judge/memo.py); a batch
  in which a test reads different probes on different runs (which one session judges per whole run, for
  every row) is judged again in one session at the end;
- the diagnosis keeps one Diagnoser for the batch (its findings by observation; its variant book, made at
  the first row that needs it), and runs in parts only where that book needs no sandbox (it is the suite's
  stored variant runs) and no submission is a variant's own file (whose run the book would take): else the
  rows are diagnosed once every submission is observed, as before;
- a row's verdicts are kept (grader/verdicts.py) as its part is done, so an interrupted batch keeps them.
- a row of the scores record is made as its part is done (scores.RowsAhead; for the command line its text too),
  not in the one-core tail after the last observation; where the verdicts change at the end (above), the rows are
  made again with the record.

A row whose run the cache kept, with its verdicts, is neither judged nor diagnosed. A grader error while
judging stays on its row (pipeline._judge_contained). Interrupted, the thread stops after its part; the
observed runs are in the cache as before, and the next `grade` resumes from them.
"""

from __future__ import annotations

import dataclasses
import gc
import sys
import threading
from typing import Callable

from .observe.cache import ObservationCache
from .places import as_the_student_sees

# Rows are taken from the observer this many at a time; a row that shows some test what no earlier row
# showed it waits until this many do (or the observation is over), since each pytest session costs the
# grader's process 25-50 ms of CPU beside the tests it runs; a row whose every outcome is known is judged
# at once, without pytest (grader/judge/memo.py).
LEAST_PART = 4
LEAST_SESSION = 32
# Once no more than this many rows are still to come (fewer than a full pool of workers is observing), every row taken
# is judged at once: the waiting rows (up to LEAST_SESSION - 1) were judged and diagnosed after the last worker
# ended, alone on the critical path (session 43: 16 rows, about 0.7 s of 100's wall), where now the last workers run
# beside them.
DRAINING_AT = 4
# The interpreter's switch interval while a judging thread runs beside the observing ones: an observing thread
# back from a system call waits at most this long for the GIL (Python's default: 5 ms).
SWITCH_SECONDS = 0.0005
# The youngest generation's threshold of the cyclic garbage collector while a batch is graded (Python's default:
# 700 allocations). Parsing a source, reading a worker's events and a pytest item each allocate thousands of
# objects, few of them in cycles, and every tenth collection of the next generation was a full one, walking
# every object of the batch's runs and verdicts: 1.5-1.9 ms of the grader's CPU a row of bench/replay.py's
# 1,000 (a fifth of it), against 0.3 ms at 10,000 (docs/architecture.md); the peak grew by about 6 MB.
YOUNGEST_COLLECTED_AT = 10_000


class _WhileGrading:
    """A setting of the whole interpreter changed from the first `enter()` to the last `leave()` of any batch in
    this process (several batches at once, a service's, share one interpreter), then given back as it was."""

    def __init__(self, get, put, during):
        self._get, self._put, self._during = get, put, during
        self._lock, self._count, self._before = threading.Lock(), 0, None

    def enter(self):
        with self._lock:
            if self._count == 0:
                self._before = self._get()
                self._put(self._during(self._before))
            self._count += 1

    def leave(self):
        with self._lock:
            self._count -= 1
            if self._count == 0:
                self._put(self._before)


# sys.setswitchinterval(SWITCH_SECONDS) while a judging thread runs beside the observing ones
quick_handoff = _WhileGrading(sys.getswitchinterval, sys.setswitchinterval, lambda before: min(SWITCH_SECONDS, before))
# fewer collections of the young generations while a batch is graded (YOUNGEST_COLLECTED_AT)
fewer_collections = _WhileGrading(gc.get_threshold, lambda thresholds: gc.set_threshold(*thresholds),
                                  lambda before: (max(before[0], YOUNGEST_COLLECTED_AT), *before[1:]))


@dataclasses.dataclass(frozen=True)
class Steps:
    """The pipeline's steps for a part of a batch (grader/pipeline.py)."""

    judge: Callable  # (runs, so_far) -> {id: [Outcome]}; a run the judge failed on is replaced in `runs`
    diagnose: Callable  # (submissions, runs, outcomes, kept) -> {id: [DiagnosisEntry]}
    student_diagnose: Callable  # (submissions, runs, outcomes, kept) -> {id: [DiagnosisEntry]}, or None
    in_parts: bool  # whether a thread judges (and diagnoses) rows as they arrive (a batch of one does not)
    diagnose_in_parts: bool  # see the module's text
    ahead: object = None  # scores.RowsAhead: each row of the scores record made once its part is done, or None


class Rows:
    """Every row of a batch: its run as the student sees it, its outcomes, its diagnoses (see above)."""

    def __init__(self, suite, submissions, settings, verdicts, steps: Steps):
        from .judge.memo import JudgedSoFar

        self.suite, self.submissions, self.verdicts, self.steps = suite, submissions, verdicts, steps
        self.by_id = {s.id: s for s in submissions}
        self.keys = {s.id: ObservationCache.key(s, suite, settings.limits) for s in submissions if not s.rejected}
        self.so_far = JudgedSoFar()
        self.kept = {}  # the diagnosers of the batch, made when first needed (pipeline._diagnose)
        self.runs, self.placed, self.outcomes, self.diagnoses, self.shown = {}, {}, {}, {}, None
        self.known = {}  # id -> its verdicts kept from an earlier run (grader/verdicts.py)
        self.fresh = []  # ids judged in this batch, as they came
        self.taken = {}  # id -> run: taken from the observer, to be judged
        self.waiting = {}  # id -> run: shows some test something new, judged when LEAST_SESSION do
        self.unshown = []  # rows with kept verdicts whose student view is still to be made
        self.handed = {}  # id -> the run the observer handed over
        self.pending = []
        self.condition = threading.Condition()
        self.closed = self.stopped = False
        self.error = None
        self.thread = None

    # -- the observer's side ---------------------------------------------------------------

    def start(self):
        if self.steps.in_parts:
            self.thread = threading.Thread(target=self._consume, name="grade-rows", daemon=True)
            quick_handoff.enter()
            self.thread.start()

    def _joined(self):
        """Wait for the thread (its part ends it), and give the switch interval back."""
        if self.thread is not None:
            self.thread.join()
            self.thread = None
            quick_handoff.leave()

    def arrived(self, submission, run, cached):
        """A submission's run, observed or from the cache (the observer's on_done)."""
        with self.condition:
            self.handed[submission.id] = run
            self.pending.append((submission, run, cached))
            if len(self.pending) >= LEAST_PART or self._draining():
                self.condition.notify()

    def _draining(self):
        """Whether no more than DRAINING_AT of the rows to observe are still to come."""
        return len(self.keys) - len(self.handed) <= DRAINING_AT

    def stop(self):
        """The observation was interrupted: the thread ends after its part."""
        with self.condition:
            self.stopped = True
            self.condition.notify()
        self._joined()

    def finish(self, runs):
        """(runs, outcomes, diagnoses, student diagnoses or None) of the runs the observer returned."""
        if self.thread is not None:
            with self.condition:
                self.closed = True
                self.condition.notify()
            self._joined()
        if self.error is not None:
            raise self.error
        # what the observer returned without handing it over as it finished
        left = {sid: (self.by_id[sid], run, False) for sid, run in runs.items() if self.handed.get(sid) is not run}
        ahead = self.steps.ahead
        if ahead is not None:
            for sid in left:
                ahead.rows.pop(sid, None)
        self._take([row for row in self.pending if row[0].id not in left] + list(left.values()))
        self.pending = []
        self._judge_some(final=True)
        if self.so_far.regrouped:
            # a test read different probes on different runs: the batch is judged in one session, as before
            fresh = {sid: self.placed[sid] for sid in self.fresh}
            self.outcomes.update(self.steps.judge(fresh, None))
            self.runs.update(fresh)
        if ahead is not None and (self.so_far.regrouped or not self.steps.diagnose_in_parts):
            ahead.forget()  # judged or diagnosed again below: the rows are made with the scores record
        if self.so_far.regrouped or not self.steps.diagnose_in_parts:
            self.diagnoses = {sid: v for sid, v in self.diagnoses.items() if sid in self.known}
            self._diagnose_part(self.fresh, list(self.runs))
        rejected = [s.id for s in self.submissions if s.rejected]
        self._diagnose_part(rejected, rejected)
        ids = [sid for sid in runs if sid in self.runs]
        outcomes = {sid: self.outcomes[sid] for sid in ids if sid not in self.known}
        outcomes.update({sid: self.outcomes[sid] for sid in ids if sid in self.known})
        return {sid: self.runs[sid] for sid in ids}, outcomes, self.diagnoses, self.shown

    # -- the thread's side -------------------------------------------------------------------

    def _consume(self):
        try:
            while True:
                with self.condition:
                    while not (self.stopped or self.closed or len(self.pending) >= LEAST_PART
                               or (self.pending and self._draining())):
                        self.condition.wait()
                    if self.stopped or self.closed:
                        return  # finish() takes what is left, in the pipeline's thread
                    arrived, self.pending = self.pending, []
                    draining = self._draining()
                self._take(arrived)
                self._judge_some(final=False, draining=draining)
        except BaseException as exc:  # raised by finish(), in the pipeline's thread (a SuiteError: the suite's)
            self.error = exc

    def _take(self, arrived):
        """Runs as the student sees them; a row whose verdicts were kept is done, the others wait for the judge."""
        for submission, run, cached in arrived:
            sid = submission.id
            # From here on, a place in a run is the student's own: bob.py, or carol.ipynb's cell and line.
            run = self.runs[sid] = self.placed[sid] = as_the_student_sees(run, submission, self.suite.module)
            key = self.keys[sid]
            # A row whose run came from the cache is judged and diagnosed again only if its verdicts were not
            # kept; a check's: the verdicts of this very run, kept this boot (grader/verdicts.py); else none.
            kept = self.verdicts.get(key, submission) if cached else None
            kept = kept if kept is not None else self.verdicts.get_run(key, run, submission)
            if kept is not None:
                self.known[sid] = kept
                self.outcomes[sid], self.diagnoses[sid] = kept["outcomes"], kept["diagnosis"]
                self.unshown.append(sid)
            else:
                self.taken[sid] = run

    def _judge_some(self, final, draining=False):
        """Judge the rows taken whose outcomes are all known (no pytest), and all waiting rows once enough show
        some test something new (a waiting row stays new until a session judges it: only a session learns), or
        the observation is `draining` (DRAINING_AT)."""
        fresh = {}
        for sid, run in self.taken.items():
            (fresh if self.so_far.knows(run) else self.waiting)[sid] = run
        self.taken = {}
        if final or draining or len(self.waiting) >= LEAST_SESSION:
            fresh.update(self.waiting)
            self.waiting = {}
        if fresh:
            self.fresh += list(fresh)
            self.outcomes.update(self.steps.judge(fresh, self.so_far))
            self.runs.update(fresh)  # a run the judge failed on now says so (a grader error)
        if self.steps.diagnose_in_parts:
            shown, self.unshown = [*fresh, *self.unshown], []
            self._diagnose_part(list(fresh), shown)
            if self.steps.ahead is not None and not final:  # the final part's rows: with the scores record
                for sid in shown:
                    if sid in self.runs:
                        self.steps.ahead.add(self.by_id[sid], self.runs[sid], self.outcomes[sid],
                                             self.diagnoses.get(sid, []),
                                             None if self.shown is None else self.shown.get(sid, []))

    def _diagnose_part(self, fresh, ids):
        """Diagnose the rows `fresh` (judged here) and keep their verdicts; the student view of rows `ids`."""
        if fresh:
            runs = {sid: self.runs[sid] for sid in fresh if sid in self.runs}
            outcomes = {sid: self.outcomes[sid] for sid in runs}
            found = self.steps.diagnose([self.by_id[sid] for sid in fresh], runs, outcomes, self.kept)
            self.diagnoses.update(found)
            for sid, run in runs.items():
                if "grader_error" not in run and not run.get("starved"):
                    self.verdicts.put(self.keys[sid], self.by_id[sid], outcomes[sid], found.get(sid, []))
                    self.verdicts.put_run(self.keys[sid], run, self.by_id[sid], outcomes[sid], found.get(sid, []))
        if ids:
            runs = {sid: self.runs[sid] for sid in ids if sid in self.runs}
            outcomes = {sid: self.outcomes[sid] for sid in runs}
            shown = self.steps.student_diagnose([self.by_id[sid] for sid in ids], runs, outcomes, self.kept)
            if shown is not None:
                self.shown = {**(self.shown or {}), **shown}
