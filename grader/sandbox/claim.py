"""Placing a worker that has started, before it runs anything of the submission: every one of its
processes in the slot's cgroup (accounting.py) and the kernel OOM killer's first choice.

The worker's command has no hop of its own for this. Moving a process into a cgroup waits for an RCU
grace period in the kernel (cgroup_threadgroup_rwsem: about 10 ms, asleep), and an `sh` that moved
itself first and then exec'd the rest made every start wait for it. Now the grader moves the worker's
processes while the worker starts (bubblewrap's namespaces and mounts, Python's start-up, loading the
runner), and the worker, before it imports anything of the submission, waits on a pipe for the grader's
go (worker.py, the `hold` request): one byte, written only once every process is in place. A failure,
or a grader that dies, closes the pipe unsaid, and the worker exits without importing the submission.

Which processes: the command's own (one pid through every exec: bubblewrap's outer process, or the
worker itself without bubblewrap); bubblewrap's sandbox process (pid 1 of its namespace, named on
--info-fd); and that one's child, the worker's Python, when it was forked before its parent moved. A
process forked after its parent moved starts in the cgroup with its parent's OOM score; the worker
forks nothing before the go, and bubblewrap's pid 1 forks only the worker.

OOM score 1000: the memory limit is per process (address space), so a submission that forks up to the
process limit and fills memory in every child can still press the host; then it, not the grader, is
what gets killed. Raising a score needs no privilege, lowering it back does, and children inherit it.
"""

import json
import os
import select
import subprocess
import time

PR_SET_CHILD_SUBREAPER, PR_GET_CHILD_SUBREAPER = 36, 37  # linux/prctl.h
OOM_SCORE = b"1000"
INFO_SECONDS = 30.0  # bubblewrap names its sandbox process within milliseconds; a hung one is killed after this
NEAR = 64  # a child's pid is looked for this close above its parent's first (pids are handed out in turn)
SETTLE_SECONDS = 0.01  # how long to wait for the worker's Python to be forked before reading all of /proc


class ClaimError(OSError):
    """A worker's processes could not all be placed: it must not run the submission."""


def place(pid, procs_file):
    """OOM score 1000 for process `pid`, then into the slot's cgroup (`procs_file`: its cgroup.procs, or
    None where there is no cgroup; see accounting.py)."""
    with open(f"/proc/{pid}/oom_score_adj", "wb", buffering=0) as f:
        f.write(OOM_SCORE)
    if procs_file is not None:
        with open(procs_file, "wb", buffering=0) as f:
            f.write(str(pid).encode())


def sandbox_pid(info_fd, timeout=INFO_SECONDS):
    """bubblewrap's sandbox process (its namespace's pid 1), from the JSON it writes to --info-fd."""
    buffer, deadline = b"", time.monotonic() + timeout
    while not buffer.rstrip().endswith(b"}"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([info_fd], [], [], left)[0]:
            raise ClaimError(f"bubblewrap did not name its sandbox process within {timeout:g} s")
        data = os.read(info_fd, 4096)
        if not data:
            raise ClaimError("bubblewrap ended before it started the sandbox")
        buffer += data
    try:
        return int(json.loads(buffer)["child-pid"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ClaimError(f"bubblewrap's --info-fd said {buffer[:200]!r}") from exc


def stat_fields(pid):
    """The fields of /proc/<pid>/stat after the command's name (0: the state, 1: the parent, ...; proc(5)'s
    numbering less 3), or None where the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()
    except OSError:
        return None


def descendants(roots, parent_of):
    """The processes of `roots` and all their descendants, among those `parent_of` ({pid: its parent's pid}, read
    from /proc) names: a pid it does not name is left out. tree_usage's tree and limit_hit's count of a worker's
    processes."""
    children = {}
    for pid, ppid in parent_of.items():
        children.setdefault(ppid, []).append(pid)
    seen, todo = set(), list(roots)
    while todo:
        pid = todo.pop()
        if pid in seen or pid not in parent_of:
            continue
        seen.add(pid)
        todo.extend(children.get(pid, ()))
    return seen


def task_children(pid, task=None):
    """The children of thread `task` (default: the main thread) of process `pid` (a "self" too), from its
    task's `children` file; raises FileNotFoundError on a kernel without CONFIG_PROC_CHILDREN."""
    with open(f"/proc/{pid}/task/{pid if task is None else task}/children", "rb") as f:
        return [int(p) for p in f.read().split()]


def _parent_of(pid):
    fields = stat_fields(pid)
    try:
        return int(fields[1]) if fields else None
    except (IndexError, ValueError):
        return None


def _last_pid():
    """The pid the kernel handed out last (in this pid namespace), from /proc/loadavg."""
    try:
        with open("/proc/loadavg", "rb") as f:
            return int(f.read().split()[-1])
    except (OSError, IndexError, ValueError):
        return None


def children(parent, settle=SETTLE_SECONDS):
    """The live children of `parent` (a process that was already moved: whatever it forks from now on is
    placed with it), looked for where they are cheap to find: its task's `children` file where the kernel
    has one; else the pids handed out just after it, for up to `settle` seconds while none shows; else all of
    /proc (a child with a far pid: many forks elsewhere in between, or pids wrapping around)."""
    try:
        return task_children(parent)
    except FileNotFoundError:  # a kernel without CONFIG_PROC_CHILDREN
        pass
    deadline = time.monotonic() + settle
    while True:
        last = _last_pid()
        if last is None or not parent < last <= parent + NEAR:
            break  # pids moved far on, or wrapped: read them all
        found = [pid for pid in range(parent + 1, last + 1) if _parent_of(pid) == parent]
        if found:
            return found
        if time.monotonic() >= deadline:
            break
        time.sleep(0.0005)
    return [int(e) for e in os.listdir("/proc") if e.isdigit() and _parent_of(int(e)) == parent]


def place_worker(outer, info_fd, procs_file, limit=None):
    """Place every process of a worker whose command started as `outer` (bubblewrap's outer process when
    `info_fd` is its --info-fd, else the worker itself); raises ClaimError (an OSError) where one cannot be.
    `limit(pids)`, where given, sets their resource limits (the starting thread's, thread_ids.py: the command
    then has no prlimit hop): bubblewrap's two processes before the worker's Python is looked for, so that a
    Python forked after that inherits them. Returns bubblewrap's sandbox process (None without bubblewrap)."""
    def limited(pids):
        try:
            if limit is not None:
                limit(pids)
        except OSError as exc:
            raise ClaimError(f"the worker's resource limits could not be set ({exc})") from exc

    try:
        place(outer, procs_file)
        if info_fd is None:
            limited([outer])
            return None
        inner = sandbox_pid(info_fd)
        place(inner, procs_file)
        limited([outer, inner])
        placed = []
        for pid in children(inner):
            try:
                place(pid, procs_file)
                placed.append(pid)
            except (FileNotFoundError, ProcessLookupError):
                pass  # it ended: what it might have forked is in its parent's cgroup, or gone with it
        limited(placed)
        return inner
    except ClaimError:
        raise
    except OSError as exc:
        raise ClaimError(f"the worker could not be placed in its cgroup with OOM score 1000 ({exc})") from exc


def release_when_placed(outer, info_fd, procs_file, go_fd, output_fd, stop, limit=None):
    """Place a started worker's processes (place_worker, with `limit`), then write its go to `go_fd`; where they cannot
    be placed, say why on its output (`output_fd`) and `stop` it. Closes `go_fd` and `info_fd` either way:
    a worker whose go pipe closes unsaid exits before it imports anything of the submission. Returns
    bubblewrap's sandbox process, for reap_worker (None where it is not known)."""
    try:
        adopt_orphans()
        inner = place_worker(outer, info_fd, procs_file, limit)
        try:
            os.write(go_fd, b"1")
        except BrokenPipeError:
            pass  # it exited before its go (nothing of the submission ran): the attempt reads that as any early death
        return inner
    except ClaimError as exc:
        try:
            os.write(output_fd, f"grader: {exc}\n".encode())
        except OSError:
            pass  # the reason is lost, not the stop
        stop()
    finally:
        os.close(go_fd)
        if info_fd is not None:
            os.close(info_fd)


# -- reaping bubblewrap's sandbox process ------------------------------------------------------------
#
# bubblewrap's outer process exits as soon as its sandbox process (pid 1 of the namespace) tells it the
# worker's exit status, without waiting for that process: it is left to whoever adopts orphans. Where
# that is a machine's init that reaps slowly (a container's, a VM agent's), a batch of short workers
# piles up zombies of the slot's uid, and they count against the uid's process limit (64): a worker
# then cannot start ("bwrap: Can't fork for pid 1: Resource temporarily unavailable", a grader error).
# So the grader adopts its descendants' orphans (a child subreaper) and reaps the one it knows.

_ADOPTING = None


def _forgotten():
    """In a forked child: the kernel does not pass the subreaper on to it (prctl(2)), so it must ask again (a fleet
    horse forked by a worker that had grown one would have believed it adopted, and left its orphans to the worker)."""
    global _ADOPTING
    _ADOPTING = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forgotten)


def adopt_orphans():
    """Make this process its descendants' subreaper, once; True where the kernel did it."""
    global _ADOPTING
    if _ADOPTING is None:
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            _ADOPTING = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
        except (OSError, AttributeError):
            _ADOPTING = False
    return _ADOPTING


def _own_children():
    """This process's children, whichever of its threads forked them (or adopted them: the kernel gives an orphan
    to one of the subreaper's threads)."""
    pids = set()
    try:
        for task in os.listdir("/proc/self/task"):
            try:
                pids.update(task_children("self", task))
            except FileNotFoundError:  # the thread ended meanwhile
                pass
    except (OSError, ValueError):
        return set()
    return pids


def _in_slot(pid, uid, cgroup):
    """How process `pid` (a zombie too: it keeps both) was the slot's: "cgroup" where its cgroup v2 is the slot's
    `cgroup` (as /proc/<pid>/cgroup names it, bytes: accounting.CgroupTree.cgroup_name), "uid" where its uid is the
    slot's own `uid`, else None. Nothing else tells an orphan of a worker from a child of the grader's own: a
    worker's process can change its session, process group and name, not its cgroup or uid."""
    try:
        if cgroup is not None:
            with open(f"/proc/{pid}/cgroup", "rb") as f:
                if b"0::" + cgroup in f.read().splitlines():
                    return "cgroup"
        if uid is not None and os.stat(f"/proc/{pid}").st_uid == uid:
            return "uid"
    except OSError:
        pass
    return None


def reap_adopted(uid, cgroup, seconds=1.0):
    """Reap every child of this process that was the slot's (_in_slot: by `uid` or `cgroup`, None for either where
    the slot has none) and is dead: what it adopted of a killed worker, a process that left the worker's tree by a
    double fork or a new session and was killed with the slot's cgroup or uid. Called once the slot's cgroup is
    empty, or no process of its uid is left (Sandbox.kill): a process leaves its cgroup just before it becomes a
    zombie, so one of the cgroup that is still exiting is waited for, up to `seconds`. Returns how many were reaped.
    Never a child the grader started itself: those run as the grader's uid in the grader's cgroup (a worker's own
    command, started as the slot's uid where the grader is root, is reaped by its Popen before this is called)."""
    if uid is None and cgroup is None:
        return 0
    reaped, deadline, pause = 0, time.monotonic() + seconds, 0.0005
    while True:
        exiting = 0
        for pid in _own_children():
            how = _in_slot(pid, uid, cgroup)
            fields = stat_fields(pid) if how else None
            if not fields:
                continue
            if fields[0] != b"Z":
                exiting += how == "cgroup"  # a live process of the uid is not this slot's to wait for
                continue
            try:
                reaped += os.waitpid(pid, os.WNOHANG)[0] == pid
            except ChildProcessError:  # reaped meanwhile
                pass
        if not exiting or time.monotonic() >= deadline:
            return reaped
        time.sleep(pause)
        pause = min(pause * 2, 0.02)


def reap_worker(proc, uid, cgroup=None, timeout=10.0):
    """Wait (up to `timeout` s) for a killed worker's command (`proc`), then reap what this process adopted
    of it: bubblewrap's sandbox process (`proc.sandbox_pid`, adopted when the outer one ended; waited for
    up to a second) and every process of the slot's `uid` or cgroup v2 (`cgroup`: reap_adopted): a daemon of a
    worker without bubblewrap's pid namespace, every process of a fork storm. No zombie may hold a place under
    the uid's process limit, nor pile up under a grader that runs for days (`grade serve`, `grade worker`)."""
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return
    if not _ADOPTING:
        return
    inner = getattr(proc, "sandbox_pid", None)
    if inner is not None:
        _reap_sandbox_process(inner)
    reap_adopted(uid, cgroup)


def _reap_sandbox_process(inner, seconds=1.0):
    """Reap bubblewrap's sandbox process `inner`, which this process adopted when bubblewrap's outer process ended
    (waited for up to `seconds`: it exits just after it told its parent the exit status)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if os.waitpid(inner, os.WNOHANG)[0] == inner:
                return
        except ChildProcessError:  # not (or no longer) this process's child
            return
        if time.monotonic() >= deadline:
            return
        time.sleep(0.001)


def _subreaper():
    """Whether this process adopts its descendants' orphans now: by adopt_orphans, or by a prctl made before (it
    survives an exec: a wrapper's, an init's)."""
    if _ADOPTING:
        return True
    try:
        import ctypes

        flag = ctypes.c_int(0)
        return ctypes.CDLL(None, use_errno=True).prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(flag), 0, 0, 0) == 0 \
            and flag.value == 1
    except (OSError, AttributeError):
        return False


def run_bwrap_trial(argv, bwrap, **run):
    """subprocess.run(argv, **run) of a trial of bubblewrap (`bwrap`: its program in `argv`) when a sandbox opens,
    and bubblewrap's sandbox process reaped where this process adopted it (a child subreaper: it named that process
    on --info-fd). bubblewrap's outer process exits without waiting for it, so a grader that was already a subreaper
    when it opened a sandbox (a second sandbox of one process: `grade serve`'s batches, a fleet worker; or made one
    before it started) kept a zombie of each trial (two an opening, where the trials are not remembered: host_facts)
    for as long as it lived."""
    read, write = os.pipe()
    at = argv.index(bwrap) + 1
    try:
        try:
            return subprocess.run([*argv[:at], "--info-fd", str(write), *argv[at:]],
                                  pass_fds=(*run.pop("pass_fds", ()), write), **run)
        finally:
            os.close(write)
            if _subreaper():
                try:
                    _reap_sandbox_process(sandbox_pid(read, timeout=1.0))
                except ClaimError:
                    pass  # it started no sandbox process
    finally:
        os.close(read)
