"""Which of the sandbox's limits ended a worker, as data: what the kernel counted in the slot's cgroup (memory.events'
`oom_kill`, pids.events' `max`) between the worker's start and its end, and the signal that ended it (RLIMIT_CPU's
SIGXCPU; never RLIMIT_FSIZE's SIGXFSZ, which Python ignores: see limit_hit). Counted, never guessed: a SIGKILL is the
memory limit's only where the cgroup counted an out-of-memory kill, and said to be no limit's only where the cgroup
counts them and counted none (a worker that killed itself, `os.kill(os.getpid(), 9)`). Where the machine counts
nothing (no memory controller: cgroup v1, a delegation without it, the portable worker), the words say that it
cannot tell."""

import os
import signal
import time

from .accounting import _stat_value
from .claim import descendants, stat_fields
from .template_proc import ns_pid

# the counts read, each as (file of the slot's cgroup, its key): None where the file is not there (no controller)
_COUNTS = {"oom": ("memory.events", b"oom"), "oom_kill": ("memory.events", b"oom_kill"),
           "pids_max": ("pids.events", b"max")}


def limit_events(sandbox, slot) -> dict:
    """{"oom": n, "oom_kill": n, "pids_max": n}: how often the slot's cgroup so far reached its memory.max (`oom`),
    had a process killed for memory (`oom_kill`: by any OOM killer, the system's too) and had a fork refused at
    pids.max; None where it does not count."""
    counts = dict.fromkeys(_COUNTS)
    cgroups = getattr(sandbox, "cgroups", None)
    if cgroups is None:
        return counts
    try:
        folder = cgroups.slot_folder(slot)
    except OSError:
        return counts
    for name, (file, key) in _COUNTS.items():
        try:
            with open(os.path.join(folder, file), "rb") as f:
                counts[name] = _stat_value(f.read(), key)
        except (OSError, ValueError, IndexError):
            pass
    return counts


def signal_of(returncode):
    """(number, name) of the signal that ended a worker, as data: bubblewrap reports one as 128 + its number, Python's
    subprocess as minus it; (None, None) for an exit (or none yet), and the name None for a number Python does not
    name. The one reading of a return code both limit_hit (which limit sent it) and pipes.signal_text (its words)
    use."""
    if returncode is None:
        return None, None
    number = -returncode if returncode < 0 else returncode - 128 if returncode > 128 else None
    if not number:
        return None, None
    try:
        return number, signal.Signals(number).name
    except ValueError:
        return number, None


# The CPU time a worker may have used that `used` does not count: the slot cgroup's count is read just after the worker
# is started (observe/attempt.py), and what it ran before that reading (bubblewrap, the interpreter starting, or more
# where the grader's thread waited for a CPU on a loaded machine) is not in it. A second is far more than that gap on
# any machine the grader runs on, and far less than RLIMIT_CPU (the submission's time + 5 s); a submission that sends
# SIGXCPU itself is then still told so unless it first spent all but a second of the limit.
CPU_MARGIN = 1.0


def limit_hit(returncode, before: dict, after: dict, limits, used=None):
    """(limit, disproved) of a worker that died: `limit` the limit that ended it as data ({"kind", "value", "unit"};
    None where none did or none is known to have); `disproved` True where what was counted shows that no limit sent
    its signal (a SIGKILL where the cgroup counts out-of-memory kills and counted none; a SIGXCPU before the worker,
    all its processes, used RLIMIT_CPU's time less CPU_MARGIN, which is per process: `used`, its accounting.Usage as
    the slot's cgroup counted it; None where no cgroup counts it, as the /proc count may be a reading taken before the
    worker's last seconds), so that the submission sent it itself. A SIGXCPU where nothing counted the CPU time is
    said to be the limit's or the submission's (`limit` None, not disproved)."""
    def grew(name):
        return before.get(name) is not None and after.get(name) is not None and after[name] > before[name]

    _, name = signal_of(returncode)
    if name == "SIGKILL" and grew("oom_kill") and grew("oom"):  # the slot's memory.max: memory.py's bound
        return {"kind": "memory", "value": limits.memory_mb + limits.file_size_mb, "unit": "MiB"}, False
    if name == "SIGKILL" and grew("oom_kill"):  # the machine ran out: the worker is the OOM killer's first choice
        return {"kind": "machine-memory", "value": None, "unit": None}, False
    if name == "SIGKILL":
        return None, before.get("oom_kill") is not None and after.get("oom_kill") is not None
    if name == "SIGXCPU":
        if used is None or not used.cpu_measured:  # nothing counted: the limit's or the submission's, not known
            return None, False
        if used.cpu < limits.cpu_seconds() - CPU_MARGIN:
            return None, True
        return {"kind": "cpu-time", "value": limits.cpu_seconds(), "unit": "s"}, False
    # SIGXFSZ: no limit. Python ignores it, so a file written past RLIMIT_FSIZE raises OSError(EFBIG) in the code and
    # sends nothing that ends the worker; one that ended it was sent by the submission (`os.kill`) or came after the
    # submission restored its default action (`signal.signal`), and the grader cannot tell which (pipes.signal_text)
    if grew("pids_max"):  # a fork or a thread refused, and then the worker died (of what it did about it)
        return {"kind": "processes", "value": limits.processes, "unit": "processes"}, False
    return None, False


# The exception Python raises at each limit it reports (sandbox/worker.py's `_ran_out`), by the worker's fact
RAISED_AT = {"memory": "MemoryError", "processes": "BlockingIOError", "threads": "RuntimeError",
             "file-size": "OSError", "disk-space": "OSError", "open-files": "OSError"}


def ran_out(kind, sandbox):
    """The limit a probe's exception says its code reached (the worker's `ran_out` fact: "memory", "processes",
    "threads", "file-size", "disk-space", "open-files"), as data: the address space of each process (RLIMIT_AS,
    `--memory`: a MemoryError), the size of a file (RLIMIT_FSIZE, `--file-size`: an OSError, EFBIG), the room of /tmp
    (the sandbox's tmpfs of `--file-size` MiB, its files too: an OSError, ENOSPC; value None where /tmp is not the
    sandbox's own, the machine's disk was full), the files and pipes each
    process holds open (RLIMIT_NOFILE: an OSError, EMFILE), or the processes
    and threads of all the worker's (RLIMIT_NPROC as root, else the slot cgroup's pids.max: a fork or a thread
    refused), its value None where this sandbox sets no such limit (the portable worker; a grader neither root nor
    with the pids controller), as the system's own limit refused it then."""
    limits = sandbox.limits
    if kind == "memory":
        return {"kind": "address-space", "value": limits.memory_mb, "unit": "MiB"}
    if kind == "file-size":
        return {"kind": "file-size", "value": limits.file_size_mb, "unit": "MiB"}
    if kind == "disk-space":  # /tmp full: the sandbox's tmpfs of --file-size MiB (Sandbox.tmp_capped), else the disk's
        capped = getattr(sandbox, "tmp_capped", False)
        return {"kind": "disk-space", "value": limits.file_size_mb if capped else None,
                "unit": "MiB" if capped else None}
    if kind == "open-files":
        return {"kind": "open-files", "value": limits.open_files, "unit": "files"}
    cgroups = getattr(sandbox, "cgroups", None)
    counted = getattr(sandbox, "is_root", False) or "pids" in (getattr(cgroups, "controllers", None) or ())
    return {"kind": "processes", "value": limits.processes if counted else None,
            "unit": "processes" if counted else None}


def timed_out(ended, limits):
    """The limit of a worker that ran out of time (observe/attempt.py's `ended`), as data; None for any other end."""
    seconds = {"probe-timeout": limits.probe_seconds, "import-timeout": limits.import_seconds,
               "total-timeout": limits.submission_seconds}.get(ended)
    return None if seconds is None else {"kind": "time", "value": seconds, "unit": "s"}



# A count of a worker's processes is bounded: no more of cgroup.procs is read than MAX_PROCS_BYTES (a pid and its
# newline take at most 8 bytes: 8,192 processes, far above any process limit the grader sets), and a walk of /proc
# stops after MAX_SCAN_SECONDS (a machine with tens of thousands of processes); what it found by then is counted.
MAX_PROCS_BYTES = 65536
MAX_SCAN_SECONDS = 0.5


def started_processes(sandbox, slot, proc, worker_pid):
    """(started, stopped): how many live processes the submission's code started in the worker of `slot` (started as
    `proc`) and has not ended, and whether the worker's own Python was stopped (SIGSTOP, SIGTSTP: its state `T`, or
    `t` for a stop by a tracer), which spends no time and so waits out the wall clock's backstop. The worker's own
    processes are its Python (`worker_pid`, the pid its hello named, as its pid namespace numbers it) and that
    process's ancestors (bubblewrap's two processes, the hops). Every other is one the code started (a child, a
    grandchild, an orphan adopted by bubblewrap's pid 1 after a double fork): an engine starts none. The live
    processes are the slot cgroup's cgroup.procs where the sandbox made one (none can leave it; a zombie has left it),
    else from /proc: `proc` and its descendants, and the processes of the slot's uid wherever they went. (None, False)
    where nothing counts them (the portable worker, a sandbox without accounting) or the worker's Python is not among
    them. Read before the worker is killed (observe/attempt.py)."""
    accounting = getattr(sandbox, "accounting", None)
    if accounting is None or proc is None or worker_pid is None:
        return None, False
    try:
        procs = accounting.procs_file(slot)
    except OSError:
        return None, False
    parents = _live_parents()
    if procs is not None:
        try:
            with open(procs, "rb") as f:
                live = {int(pid) for pid in f.read(MAX_PROCS_BYTES).split()} & parents.keys()
        except (OSError, ValueError):
            return None, False
    else:
        uid = sandbox.uid(slot) if hasattr(sandbox, "uid") else None
        live = _tree(proc.pid, parents, uid)
    worker = next((pid for pid in live if ns_pid(pid) == worker_pid), None)
    if worker is None:
        return None, False
    stopped = parents[worker][2] in (b"T", b"t")
    own = set()
    while worker in live and worker not in own:
        own.add(worker)
        worker = parents[worker][0]
    return len(live - own), stopped


def _live_parents():
    """{pid: (ppid, real uid, state)} of every live process (no zombie), from /proc, within MAX_SCAN_SECONDS."""
    deadline = time.monotonic() + MAX_SCAN_SECONDS
    parents = {}
    for entry in os.listdir("/proc"):
        if time.monotonic() > deadline:
            break
        if not entry.isdigit():
            continue
        fields = stat_fields(entry)
        try:
            if fields is None or fields[0] in (b"Z", b"X"):  # gone, or a zombie (or one being reaped): runs nothing
                continue
            parents[int(entry)] = (int(fields[1]), os.stat(f"/proc/{entry}").st_uid, fields[0])
        except (OSError, IndexError, ValueError):
            continue
    return parents


def _tree(root, parents, uid):
    """`root` and its live descendants, and the live processes of `uid` (None: none)."""
    if root not in parents:
        return set()
    return descendants([root, *(pid for pid, (_, owner, _) in parents.items() if uid is not None and owner == uid)],
                       {pid: ppid for pid, (ppid, _, _) in parents.items()})

