"""The cgroups that killed graders left behind (see docs/security.md, "At a timeout").

A grader that is SIGKILLed cannot close its tree of cgroups (accounting.CgroupTree);
the next grader to open one removes them: sweep_leftovers.
"""

import os
import re
import select
import time

_TREE_NAME = re.compile(r"micrograd-grader-(\d+)-\d+")


def sweep_leftovers(parent):
    """Remove the cgroups that graders killed mid-batch left under `parent` (a SIGKILLed grader cannot
    close its tree; tests and interrupted batches leave hundreds): each `micrograd-grader-<pid>-<n>` whose
    grader pid is no longer alive here. Whatever of a student's code still runs in one of its slots is
    killed first (nothing of a submission outlives its grading), then the slot and the tree are removed.
    A tree whose pid is alive (this grader's own, another grader's, or a reused pid) is left alone, and the
    kernel refuses to remove a cgroup that still holds a process. Returns how many trees were removed."""
    removed = 0
    try:
        names = os.listdir(parent)
    except OSError:
        return 0
    for name in names:
        match = _TREE_NAME.fullmatch(name)
        if match is None or _alive(int(match.group(1))):
            continue
        folder = os.path.join(parent, name)
        remove_tree(folder)
        removed += not os.path.exists(folder)
    return removed


def remove_tree(folder):
    """Kill what runs in each `slot-<n>` cgroup of a grader's tree, then remove the slots and the tree (what
    cannot be removed, a cgroup that still holds a process, stays): CgroupTree.close and the sweep."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith("slot-"):
            path = os.path.join(folder, name)
            kill_cgroup(path)
            try:
                os.rmdir(path)
            except OSError:
                pass
    try:
        os.rmdir(folder)
    except OSError:
        pass


def kill_cgroup(path, events=None):
    """SIGKILL every process in the cgroup at `path` and wait (briefly) until it is empty: True once it is
    (then no process of it is left anywhere: none can leave its cgroup). `events`: the cgroup's
    cgroup.events, open (a slot's: accounting.CgroupTree), to read whether it holds a process and to wait
    for that to change (_kill_watched); else its cgroup.procs is read every few milliseconds."""
    if events is not None:
        try:
            return _kill_watched(path, events)
        except OSError:
            pass  # read as below
    _kill_all(path)
    pause = 0.0005
    for _ in range(400):  # about 4 s at most
        try:
            with open(os.path.join(path, "cgroup.procs")) as f:
                if not f.read().strip():
                    return True
        except OSError:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.01)
    return False


def _kill_all(path):
    try:
        with open(os.path.join(path, "cgroup.kill"), "wb", buffering=0) as f:
            f.write(b"1")
    except OSError:
        kill_listed(os.path.join(path, "cgroup.procs"))


def _populated(events):
    """Whether the cgroup whose cgroup.events is open as `events` holds a process (or a descendant does); the
    read also arms poll(2) on it for the next change (kernfs)."""
    return b"populated 1" in os.pread(events, 4096, 0)


def _kill_watched(path, events, seconds=4.0):
    """kill_cgroup with its cgroup.events open: nothing to kill when it holds no process (a third of bench's
    workers have exited by the time they are killed; no process can enter it but through the grader), else
    killed and waited for with poll(2), which the kernel wakes when `populated` changes (at most 10 ms late:
    it rate-limits the notice), in place of reading cgroup.procs (opened each time) after sleeps that double."""
    if not _populated(events):
        return True
    _kill_all(path)
    poller = select.poll()
    poller.register(events, select.POLLPRI)
    deadline = time.monotonic() + seconds
    while _populated(events):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        poller.poll(1000 * min(left, 0.05))  # a look at least every 50 ms whatever the notices do
    return True


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, another user's
        return True
    return True


def kill_listed(procs_file):
    """SIGKILL every process a cgroup lists (where it has no cgroup.kill)."""
    try:
        with open(procs_file) as f:
            pids = [int(p) for p in f.read().split()]
    except OSError:
        return
    for pid in pids:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
