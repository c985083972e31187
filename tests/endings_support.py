"""The words of a row whose run was ended by grader/observe's ENDINGS, as the tests of many attacks assert them
(each written out: a test of the words must not read them from the code it tests)."""

import os
from pathlib import Path


def tampered(file: str) -> str:
    """What a row says when its worker's report broke the protocol (ENDINGS["protocol"]): what happened, in the
    student's terms, and what to do; the parser's reason is data (`refused`)."""
    return (f"{file} tampered with the grader's report channel (it wrote to, closed or replaced a file descriptor it "
            "did not open), so none of its observations are used: remove that code (`os.write`, `os.close` or "
            "`os.dup2` on a descriptor number, `/dev/fd/`, `/proc/self/fd/`); `print()` and the files your code "
            "opens itself are fine")


def refused(row: dict) -> str:
    """What the grader's parser refused in a tampered report (observe/protocol.py's words): the row's data, never
    in its sentence."""
    return row["message_data"]["params"]["detail"]


def exited(file: str, code) -> str:
    """What a row says when its file called sys.exit(CODE) while being imported (ENDINGS["exited"])."""
    return (f"{file} called sys.exit({code}) while being imported, so nothing of it could be tested: remove that call "
            "(or `exit()`, `quit()`, `raise SystemExit`), or put the code that runs the file as a script under "
            "`if __name__ == \"__main__\":`")


def died_importing(file: str, how: str) -> str:
    """What a row says when its worker died while importing FILE (ENDINGS["died-importing"]), HOW said by
    sandbox/pipes.signal_text."""
    return (f"the worker died while importing {file}: {how}; run {file} on its own to see why, and put what it does "
            "beyond defining its classes (training, large data, processes) under `if __name__ == \"__main__\":`")


def restarts(last: str) -> str:
    """What a row says when its last fresh worker went the way of the others (ENDINGS["restarts"]), LAST how that
    one ended (a probe's words)."""
    return f"the worker crashed 9 times (the last time: {last}); the rest of the probes were not run"


def loops(probe_seconds) -> str:
    """What a row says when three probes in a row ran out of time (ENDINGS["timeouts-in-a-row"])."""
    return (f"3 probes in a row did not finish within {probe_seconds:g} s each; the rest were not run: usually an "
            "infinite loop: in the walk of `backward()` (a graph with a cycle, or a walk with no set of visited "
            "nodes), in an operation such as `__add__`, or a `while` loop whose condition never changes; stop the "
            "loop")


def forged_xfsz() -> str:
    """A SIGXFSZ that ended the worker: never the file-size limit's as data (Python ignores it; limit_hit.py)."""
    return ("the worker was killed by SIGXFSZ, the file-size limit's signal, which Python ignores (a file written "
            "past the limit raises `OSError` instead): the submission's code sent it or restored its default action, "
            "and the grader cannot tell whether a file was too large; remove the code that sends signals (`os.kill`) "
            "or changes how they are handled (`signal.signal`)")


# sandbox/pipes.signal_text's words for a signal the kernel or the submission sent, by what limit_hit.py counted
def sent_itself(signal: str) -> str:
    """Counted: no limit of the grader's sent SIGNAL (no out-of-memory kill where they are counted; CPU time under
    RLIMIT_CPU)."""
    return (f"the worker was killed by {signal}, and by no limit of the grader's: a process of the submission sent "
            "it; remove the code that sends signals (`os.kill`, `os.killpg`, `signal.pthread_kill`)")


def killed_unknown() -> str:
    """A SIGKILL where this machine counts no out-of-memory kills (no cgroup memory controller, the portable
    worker)."""
    return ("the worker was killed by SIGKILL: either it ran out of memory or the submission sent the signal itself, "
            "and this machine cannot tell which; look for a graph or a list that grows with each call, and for code "
            "that sends signals (`os.kill`)")


def xcpu_unknown() -> str:
    """A SIGXCPU where no cgroup counted the worker's CPU time (the /proc count, the portable worker)."""
    return ("the worker was killed by SIGXCPU: either it used up its CPU time limit or the submission sent the signal "
            "itself, and this machine cannot tell which; look for an infinite loop, and for code that sends signals "
            "(`os.kill`)")


def out_of_memory(mib) -> str:
    """A SIGKILL the slot's cgroup counted as an out-of-memory kill."""
    return (f"the worker was killed by SIGKILL: it used more than its memory limit ({mib} MiB for all its processes "
            "and its /tmp), usually because the graph grows with each call or a list kept across calls (at module "
            "level, or a default argument) holds every `Value` made; keep nothing of one call once it returns")


def out_of_cpu(seconds) -> str:
    """A SIGXCPU at RLIMIT_CPU."""
    return (f"the worker was killed by SIGXCPU: it used up its CPU time limit ({seconds} s), usually by an infinite "
            "loop (in the walk of `backward()` over a graph with a cycle, or a loop whose condition never changes); "
            "stop the loop")


def portable_path(work):
    """A PATH without the Linux sandbox's tools (bwrap, prlimit, setpriv): `grade check` then runs the portable worker,
    as on a student's laptop (bench/seams/matrix.portable_row's way)."""
    bin_dir = work / "portable-bin"
    bin_dir.mkdir()
    for directory in os.environ["PATH"].split(os.pathsep):
        if os.path.isdir(directory):
            for name in os.listdir(directory):
                if name not in ("bwrap", "prlimit", "setpriv") and not (bin_dir / name).exists():
                    (bin_dir / name).symlink_to(Path(directory) / name)
    return str(bin_dir)
