"""How a submission's run ends, by what ended its last worker (Attempt.ended) or by a count that ran out: the status,
and the words the row and its probes keep, each said as what happened and what the student does about it (grader/i18n:
an id with the run's facts as parameters; a renderer says it in the reader's language)."""

import dataclasses

from ..i18n import _FIELD, Message, msg, nmsg

MAX_RESTARTS = 8  # fresh workers after timeouts or crashes, per submission
TIMEOUTS_IN_A_ROW = 3  # then the engine is taken to loop everywhere


@dataclasses.dataclass(frozen=True)
class Ending:
    """What the end of a worker means for the submission's run."""

    status: str  # "timeout" or "crashed": the run's, or with `probe_only` the running probe's
    message: Message  # its id is filled in with the run's facts (see _facts, _said)
    probe_only: bool = False  # only the probe that ran ends; a fresh worker goes on with the rest
    charges_running_probe: bool = False  # the probe that ran gets the run's status and message too
    distrusts_report: bool = False  # none of the observations the submission reported are used
    may_starve: bool = False  # a timeout the machine may have caused: says so when the worker was starved
    data: tuple = ()  # facts kept in the message's parameters (the row's message_data) that its words do not name
    # its words where the worker's processes were counted at the timeout (a fork storm's): what it says without its
    # guess at the cause (an infinite loop), which the processes' words then give; None: `message` itself
    forked: Message = None


# How a run ends, by what ended its last worker (Attempt.ended) or by a count that ran out. Each message is
# data (grader/i18n): the row and the probes keep its id and the facts it names beside the English text.
ENDINGS = {
    # what happened, and what the student does about it; the code each names stays code in every language
    "exited": Ending("crashed", msg("{file} called sys.exit({detail}) while being imported, so nothing of it could be "
                                    "tested: remove that call (or `exit()`, `quit()`, `raise SystemExit`), or put the "
                                    "code that runs the file as a script under `if __name__ == \"__main__\":`")),
    "import-timeout": Ending("timeout", msg("importing {file} did not finish within {import_seconds} s"),
                             may_starve=True),
    "total-timeout": Ending("timeout", msg("the submission's time limit ({submission_seconds} s) ran out"),
                            charges_running_probe=True, may_starve=True),
    # An honest worker never writes a malformed report: something in the submission wrote into the observation
    # pipe (or closed or replaced a descriptor of the grader's). None of what this submission reported is trusted,
    # not even the results that came before the bad line (they may be forged too). What the parser refused
    # (`detail`, observe/protocol.py's words, the grader's own English) is kept as data beside the sentence. When it
    # happened is not said: a forged `imported` event is as good as the worker's own, so "while being imported"
    # could not be told from "while the tests ran"; the calls the sentence names find the code either way.
    "protocol": Ending("crashed", msg("{file} tampered with the grader's report channel (it "
                                      "wrote to, closed or replaced a file descriptor it did not open), so none of "
                                      "its observations are used: remove that code (`os.write`, `os.close` or "
                                      "`os.dup2` on a descriptor number, `/dev/fd/`, `/proc/self/fd/`); `print()` "
                                      "and the files your code opens itself are fine"),
                       distrusts_report=True, data=("detail",)),
    "died-importing": Ending("crashed", msg("the worker died while importing {file}: {detail}; run {file} on its own "
                                            "to see why, and put what it does beyond defining its classes (training, "
                                            "large data, processes) under `if __name__ == \"__main__\":`")),
    "probe-timeout": Ending("timeout", msg("did not finish within {probe_seconds} s"), probe_only=True,
                            may_starve=True),
    "died": Ending("crashed", msg("{detail}"), probe_only=True),
    # what loops in this course, as examples (which code looped is not known): backward's walk (a graph with a cycle,
    # a walk that revisits nodes), an op's method, a while loop
    "timeouts-in-a-row": Ending("timeout", nmsg("{timeouts_in_a_row} probe in a row did not finish within "
                                                "{probe_seconds} s each; the rest were not run: usually an infinite "
                                                "loop: in the walk of `backward()` (a graph with a cycle, or a walk "
                                                "with no set of visited nodes), in an operation such as `__add__`, or "
                                                "a `while` loop whose condition never changes; stop the loop",
                                                "{timeouts_in_a_row} probes in a row did not finish within "
                                                "{probe_seconds} s each; the rest were not run: usually an infinite "
                                                "loop: in the walk of `backward()` (a graph with a cycle, or a walk "
                                                "with no set of visited nodes), in an operation such as `__add__`, or "
                                                "a `while` loop whose condition never changes; stop the loop",
                                                "timeouts_in_a_row", timeouts_in_a_row=TIMEOUTS_IN_A_ROW),
                                  forked=nmsg("{timeouts_in_a_row} probe in a row did not finish within "
                                              "{probe_seconds} s each; the rest were not run",
                                              "{timeouts_in_a_row} probes in a row did not finish within "
                                              "{probe_seconds} s each; the rest were not run",
                                              "timeouts_in_a_row", timeouts_in_a_row=TIMEOUTS_IN_A_ROW)),
    # `last`: how the last worker ended (a probe's words: a signal and what to do, or its timeout)
    "restarts": Ending("crashed", nmsg("the worker crashed {workers} time (the last time: {last}); the rest of the "
                                       "probes were not run",
                                       "the worker crashed {workers} times (the last time: {last}); the rest of the "
                                       "probes were not run",
                                       "workers", workers=MAX_RESTARTS + 1)),
}


# The limit that ended the worker (sandbox/limit_hit.py: counted by the slot's cgroup, or the signal's or the timeout's
# own), kept in every ending's parameters where one is known: its kind, value and unit as three scalars (a message's
# parameters hold no dict but a Message's record and i18n's shapes)
LIMIT_DATA = ("limit", "limit_value", "limit_unit")


def _limit(said: Message) -> dict:
    """The LIMIT_DATA parameters of the ending `said` that has them: for a message built on it to keep."""
    return {name: said.params[name] for name in LIMIT_DATA if name in said.params}


def _facts(suite, limits, attempt):
    """What an ending's message may name."""
    # `file`: the sandbox's name for the student's module; grader.places names the student's own file instead
    limit = getattr(attempt, "limit", None) or {}
    return dict(dataclasses.asdict(limits), module=suite.module, file=f"{suite.module}.py", detail=attempt.detail,
                starved=attempt.starved, measured=attempt.measured, timeouts_in_a_row=TIMEOUTS_IN_A_ROW,
                workers=MAX_RESTARTS + 1, limit=limit.get("kind"), limit_value=limit.get("value"),
                limit_unit=limit.get("unit"), processes=getattr(attempt, "processes", None),
                stopped=getattr(attempt, "stopped", False))


def _forked(said, processes) -> Message:
    """A timeout's words where the submission's code had started `processes` processes that still ran when its time
    ran out (observe/attempt.py counts them): what it started, and what to do; `processes` kept as a parameter (the
    row's message_data)."""
    why = nmsg("your code started {processes} process that was still running when the time ran out (every process "
               "of your code spends the same time limit); an engine needs none: remove the code that starts it "
               "(`os.fork`, `subprocess`, `multiprocessing`)",
               "your code started {processes} processes that were still running when the time ran out (every process "
               "of your code spends the same time limit); an engine needs none: remove the code that starts them "
               "(`os.fork`, `subprocess`, `multiprocessing`)", "processes", processes=processes)
    # TRANSLATORS: {ending} is how the time ran out ("did not finish within 1 s"), {why} the processes still running
    return msg("{ending}, because {why}", ending=said, why=why, processes=processes, **_limit(said))


def _stopped(said) -> Message:
    """A timeout's words where the worker's Python was stopped when its time ran out (a SIGSTOP of the submission's
    own, to itself or its process group: observe/attempt.py reads its state): what happened, and what to do. A stopped
    process spends no time, so it is ended by the wall clock's backstop (accounting.SLEEP_BACKSTOP); before session 42
    its words were an infinite loop's."""
    why = msg("your code stopped its own process (a `SIGSTOP` or `SIGTSTP` signal: `os.kill(os.getpid(), "
              "signal.SIGSTOP)`, `os.killpg`, `signal.raise_signal`), which then did nothing until its time ran out; "
              "an engine sends no signal: remove the code that sends it")
    # TRANSLATORS: {ending} is how the time ran out ("did not finish within 1 s"), {why} the process that was stopped
    return msg("{ending}, because {why}", ending=said, why=why, stopped=True, **_limit(said))


def _said(ending, facts) -> Message:
    """The ending's message with the facts its id names (a timeout of a starved worker says why it is observed
    again: the CPU it waited for, or this machine's wall clock)."""
    stopped = facts.get("stopped") and ending.status == "timeout"
    forked = not stopped and facts.get("processes") and ending.status == "timeout"
    # the words without their guess at the cause (an infinite loop) where the cause is known
    base = ending.forked if (forked or stopped) and ending.forked is not None else ending.message
    # seconds as the English writes them (`1`, `2.5`: numbers are parameters, never translated), counts as numbers
    params = {name: f"{facts[name]:g}" if isinstance(facts[name], float) else facts[name]
              for name in [*_FIELD.findall(base.id), *ending.data]}
    params.update((name, facts[name]) for name in LIMIT_DATA if facts.get("limit") is not None)
    said = Message(base.id, params, base.plural, base.count)
    if forked:
        said = _forked(said, facts["processes"])
    if stopped:
        return _stopped(said)  # stopped, it waited for no CPU: never the machine's doing
    if ending.may_starve and facts["starved"]:
        limit = _limit(said)
        if facts["measured"]:
            return msg("{ending} while the machine was too busy to run it (it waited for a CPU): it will be "
                       "observed again, and is not cached", ending=said, **limit)
        return msg("{ending} by the wall clock (this machine cannot tell a busy CPU from a slow engine): it will "
                   "be observed again, and is not cached", ending=said, **limit)
    return said
