"""Observe: run a suite's probes on every submission, each in its own sandboxed worker.

The worker reports one JSON line per event on a pipe of its own. This side
parses those lines strictly (plain JSON only, sizes capped, every field
checked) and keeps time: a probe that overstays its limit costs that probe,
not the submission, because the worker is killed and a fresh one resumes at
the next probe. Nothing the worker prints reaches the observation channel; it
goes to a capped buffer.
"""

import os
import queue
import random
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

from ..forbidden import absent_imports, forbidden_imports, module_name
from ..i18n import Message, msg
from ..load.shadowing import read_from, worker_names
from ..records import RunStatus, never_ran
from ..sandbox import Interrupted
from ..sandbox.accounting import Budget
from ..sandbox.pipes import CappedOutput
from ..student_text import valid_utf8
from .attempt import Attempt, ran_out_said
from .drawn_pass import ended_probe as _ended_probe, fixed_ended as _fixed_ended, left_to_run, not_run as _not_run
from .endings import ENDINGS, MAX_RESTARTS, TIMEOUTS_IN_A_ROW, _facts, _said
from .paired import skip_paired
from .protocol import ReportTally
from .cache import ObservationCache, share_observations

# the drawn probes' own share of time (judge/drawn.py), on top of the submission's limit, which the fixed probes keep:
# as much again, more than an engine whose fixed pass finished needs for the drawn probes (a subset of the same probes
# at inputs of the same size)
DRAWN_SHARE = 1.0
STARVED_RETRIES = 1  # observations again of a submission whose timeout was starved (sandbox/accounting.py)


def _end_run(run, ending, facts):
    said = _said(ending, facts)
    run["status"], run["message"], run["message_data"] = ending.status, str(said), said.to_json()


def grader_error_message(stage, detail):
    """What a row says when the grader's own code failed on it while doing `stage` (`detail`: the traceback)."""
    return (f"grader error while {stage}: this is a bug in the grader, not in the submission "
            f"({valid_utf8(detail.strip().splitlines()[-1][:300])}); the details are in the run log")


def grader_error_run(submission_id, stage, detail):
    """The run of a submission on which the grader's own code failed: `crashed`, with a message that
    says whose fault it is, and the traceback in `grader_error` for the run log (never cached)."""
    return never_ran(submission_id, RunStatus.CRASHED, grader_error_message(stage, detail),
                     grader_error={"stage": stage, "detail": valid_utf8(detail)})


class WorkerNeverStarted(RuntimeError):
    """A worker died before it ran any code of the submission: the machine's fault or the grader's."""


def secret_order(names):
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


def observe_submission(submission, suite, sandbox, slot, prework=None):
    """The observations of one submission: a run record (see docs/architecture.md).

    What the grader reads of the source itself (its forbidden imports; `prework(submission)`, the
    pipeline's reading for the diagnosis) is done while the first worker starts, which is mostly the
    kernel's time (namespaces, mounts): the grader's core is otherwise idle then.

    A suite with probe cases (`suite.cases`, 09-write-tests) runs each probe in a fresh worker
    and a fresh scratch folder of its own, carrying only that case's files, in a secret order:
    nothing one probe's run leaves behind (in sys, builtins, a module, a file, the environment)
    reaches another's, and no probe can tell which one it is from what it finds.
    """
    started = time.monotonic()
    limits = sandbox.limits
    output = CappedOutput(limits.output_kb * 1024)
    cases = suite.cases
    # the grade of record's probes at drawn inputs too, after the suite's (judge/drawn.py)
    # (a fleet worker's draws are the job's, whatever its submission: fleet/payload.GivenDraws)
    draws = getattr(suite, "draws", None)
    drawn = draws.names(getattr(submission, "digest", None)) if draws is not None else {}
    every = [*suite.probe_names, *drawn.values()]
    todo = secret_order(every) if cases else list(every)
    probes = {}
    run = {"id": submission.id, "status": "ok", "message": None, "import_error": None}
    # a check of a suite whose grade of record draws (judge/drawn.drawn_probes): its workers are started as the
    # grade's first one is, with the drawn probes' channel (none named on it), so that nothing tells them apart
    as_drawn = draws is None and bool(getattr(suite, "draw_inputs", False)) and not cases
    budget = Budget(limits, drawn=len(drawn) and DRAWN_SHARE)
    # `modules`: what a probe may reach as m.<name>, the suite's own files (nn.py, neuron.py, ...)
    # `absent`: modules the student imports that the sandbox may not have (graphviz above a draw_dot()): stand-ins
    # where no other finder finds them (grader/forbidden.absent_imports)
    request = {"module": suite.module, "forbid": list(suite.forbid), "refuse": list(suite.refuse),
               "modules": [os.path.splitext(name)[0] for name in suite.files], "recursion_limit": 1000,
               "absent": absent_imports(submission.files, suite.forbid + suite.refuse)}
    if f"{suite.module}.py" in submission.notebooks:  # the loader's say (Origin.cells), never the file's text:
        request["cells"] = "1"  # a notebook's cell that raises stops the rest, as Jupyter's Run All does
    tops = {module_name(name).partition(".")[0] for name in submission.files if name.endswith(".py")}
    # handed in as a package (micrograd/nn.py: the loader's say), their `random.py` is theirs as `from . import random`
    # only; else theirs for their own imports (sandbox/shadows.py): a top-level file's, as the loader carried it
    package = submission.package
    request.update(worker_names(tops if package is not None else
                                {name for name in tops if name + ".py" in submission.files}, package))
    run["forbidden_imports"] = None  # read while the first worker starts (its place in the record kept)
    read = {}

    def meanwhile():
        read["begun"] = True
        try:
            read["forbidden"] = _forbidden(submission, suite)
        except Exception:  # read again below, where a failure is this submission's grader error as before
            pass
        if prework is not None:
            try:
                prework(submission)
            except Exception:  # advice read ahead: the diagnosis reads it again, and reports a failure then
                pass

    base = None if cases else sandbox.prepare(slot, submission.files, suite.runner_files)
    timeouts_in_a_row = restarts = drawn_restarts = 0
    tally = ReportTally()  # the report's bytes and values, across the submission's workers
    try:
        while todo:
            if sandbox.stopping:
                raise Interrupted("grading was interrupted")
            todo = skip_paired(todo, probes, suite.paired)  # nor a far probe whose fixed one crashed (paired.py)
            todo = left_to_run(todo, probes)  # not the drawn probes whose fixed ones ran out of time (drawn_pass.py)
            if not todo:
                break
            if cases:
                case = cases[todo[0]]
                base = sandbox.prepare(slot, submission.files, {**suite.runner_files, **case.files})
                to_grader = {case.function: todo[0]}
                attempt_todo = [case.function]
            else:
                to_grader, attempt_todo = {}, todo
            try:
                attempt = Attempt(sandbox, slot, base, request, attempt_todo, output, budget, tally,
                                  meanwhile=None if "begun" in read else meanwhile, as_drawn=as_drawn).run()
            finally:
                if cases:
                    sandbox.cleanup(base)
            budget.used = budget.used + attempt.used
            if attempt.starved:
                run["starved"] = True
                if attempt.measured:  # not a guess of a machine that cannot tell (the portable worker's every timeout)
                    run["waited_for_cpu"] = True
            stopped = (attempt.imported or {}).get("stopped")
            if stopped:  # a notebook's cell raised on import: the cells before it are graded (the import test says so)
                run["import_stopped"] = stopped
            for name, obs in attempt.results.items():
                probes[to_grader.get(name, name)] = obs
                timeouts_in_a_row = 0
            todo = [p for p in todo if p not in probes]
            if attempt.ended == "done":
                if cases:
                    todo = _unless_stopped_early(suite, probes, todo)
                    continue
                break
            if attempt.ended == "import-failed":
                run["import_error"] = {"error": attempt.imported["error"], "exception": attempt.imported["exception"],
                                       "where": attempt.imported["where"], "facts": attempt.imported.get("facts")}
                said = ran_out_said(attempt.imported, sandbox)  # Python said a limit was reached: which, in words
                if said is not None:
                    run["import_error"]["error_message"] = said
                if attempt.imported.get("missing"):  # said of the student's file, in their language (places.py)
                    said = msg("{file} defines no class named `Value`", file=f"{suite.module}.py")
                    run["import_error"].update(error=str(said), error_message=said.to_json())
                break
            if attempt.ended == "died-importing" and not attempt.hello:
                # No code of the submission had run: a worker says hello before it imports it. This
                # machine or the grader failed the worker (a scratch folder its uid cannot enter, a
                # broken interpreter), so the row is a grader error, never cached, not a crash to blame.
                raise WorkerNeverStarted(f"the worker died before it ran any of the submission ({attempt.detail}); "
                                         f"it printed: {output.text()[-500:]!r}")
            ending, facts = ENDINGS[attempt.ended], _facts(suite, limits, attempt)
            if drawn and "@" in (attempt.current or (todo[0] if todo else "")) and not ending.distrusts_report:
                # the drawn probes' pass (judge/cross_check.py): what ends it never ends the run (its status,
                # its fixed observations); a drawn probe that ran out of time is reported as such, never charged
                todo = _drawn_ended(probes, todo, attempt, ending, _said(ending, facts), drawn_restarts)
                drawn_restarts += 1
                continue
            if not ending.probe_only:
                _end_run(run, ending, facts)
                if ending.charges_running_probe and attempt.current:
                    probes[to_grader.get(attempt.current, attempt.current)] = _ended_probe(
                        run["status"], Message.from_json(run["message_data"]))
                if ending.distrusts_report:
                    probes.clear()
                    todo = list(every)
                    break
                todo = _fixed_ended(run, probes, todo)  # the drawn pass still runs (drawn_pass.py)
                continue
            if not todo:
                # Every probe reported, but the worker died before `done` (an honest one writes it
                # right after the last result; a submission that wrote that result itself and exited
                # does not): nothing is left to blame or to run.
                break
            current = to_grader.get(attempt.current, attempt.current)
            if current is None:  # died between probes: blame the next one
                current = todo[0]
            probes[current] = _ended_probe(ending.status, _said(ending, facts))
            if ending.status == "timeout":
                timeouts_in_a_row += 1
            todo = [p for p in todo if p != current]
            if timeouts_in_a_row >= TIMEOUTS_IN_A_ROW:
                _end_run(run, ENDINGS["timeouts-in-a-row"], facts)
                todo = _fixed_ended(run, probes, todo)
                continue
            if cases:  # each case has a worker of its own anyway: one that died costs only itself
                todo = _unless_stopped_early(suite, probes, todo)
                continue
            restarts += 1
            if restarts > MAX_RESTARTS and todo and "@" not in todo[0]:
                # the last fresh worker went the way of the others, and fixed probes are still left
                _end_run(run, ENDINGS["restarts"], dict(facts, last=_said(ending, facts)))
                todo = _fixed_ended(run, probes, todo)
        run["forbidden_imports"] = read["forbidden"] if "forbidden" in read else _forbidden(submission, suite)
        if run["status"] != "ok" and all(o.get("not_run") for o in probes.values()) and run["import_error"] is None:
            # nothing ran at all (it died, exited or hung while importing, or forged its report):
            # one clear failure on the import test, every other test skipped
            run["import_error"] = {"error": run["message"], "where": None}
            if run.get("message_data"):
                run["import_error"]["error_message"] = run["message_data"]  # its words in any language (judge)
        if run["status"] in ("timeout", "crashed"):
            said = run.get("message_data")
            _not_run(run, probes, todo)
    finally:
        if not cases:
            sandbox.cleanup(base)
    run["probes"] = {name: probes[name] for name in suite.probe_names if name in probes}  # the suite's order
    if drawn and run["import_error"] is None:
        # `probe@token`: the same probes at drawn inputs, which only judge/cross_check.py reads, whatever the run's
        # status (those worth running: drawn_pass.left_to_run, as fleet/submit._as_drawn checks)
        run["drawn"] = {name: probes[name] for name in left_to_run(every[len(suite.probe_names):], probes)
                        if name in probes}
    run["output"] = output.text()
    run["seconds"] = round(time.monotonic() - started, 4)
    return run


def _drawn_ended(probes, todo, attempt, ending, said, restarts):
    """What is left to run of the drawn probes after a worker ended while running them: the probe it ended on
    observed as the ending says (its time out, a crash: the engine's at those inputs, checked as the fixed pass checks
    it), and nothing more once the drawn share of time is spent, a third drawn probe timed out or the workers'
    restarts are used up (each left not run, as the fixed pass leaves them). The run's status is never touched."""
    current = attempt.current or todo[0]
    probes[current] = _ended_probe(ending.status, said)
    todo = [p for p in todo if p != current]
    timeouts = sum(1 for name in probes if "@" in name and probes[name]["status"] == "timeout")
    if attempt.ended == "total-timeout" or timeouts >= TIMEOUTS_IN_A_ROW or restarts >= MAX_RESTARTS:
        for name in todo:
            probes[name] = _ended_probe(ending.status, msg("not run: {reason}", reason=said), not_run=True)
        return []
    return todo


# -- many submissions --------------------------------------------------------------


def observe_all(submissions, suite, sandbox, *, jobs=2, cache=None, on_done=None, prework=None):
    """Runs for every accepted submission, `jobs` at a time; cached runs are reused. `prework(submission)`:
    read while its first worker starts (observe_submission)."""
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
        run = cache.get(key, at_least=sandbox.strength)  # never a run a weaker sandbox observed
        cached = run is not None
        if not cached:
            if sandbox.stopping:
                return
            slot = slots.get()
            try:
                run = observe_submission(submission, suite, sandbox, slot, prework)
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
            else:
                cache.put(key, run, sandbox.strength)  # which keeps no grader error: not the submission's result
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


def _forbidden(submission, suite):
    """The "from scratch" test's evidence: the forbidden imports read from the files, starting where a file of
    theirs runs (shadowing.read_from: their `code.py`, carried for their run-time imports, is read where imported)."""
    return forbidden_imports(submission.files, suite.forbid + suite.refuse, read_from(submission.files),
                             package=submission.package)
