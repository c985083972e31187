"""The cgroups that killed graders left behind (see docs/security.md, "At a timeout").

A grader that is SIGKILLed cannot close its tree of cgroups (accounting.CgroupTree);
the next grader to open one removes them: sweep_leftovers.
"""

import errno
import os
import re
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
        try:
            slots = [n for n in os.listdir(folder) if n.startswith("slot-")]
            for slot in slots:
                path = os.path.join(folder, slot)
                try:
                    with open(os.path.join(path, "cgroup.kill"), "w") as f:
                        f.write("1")
                except OSError:
                    kill_listed(os.path.join(path, "cgroup.procs"))
                _rmdir_when_empty(path)
            _rmdir_when_empty(folder)
            removed += 1
        except OSError:
            continue
    return removed


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, another user's
        return True
    return True


def _rmdir_when_empty(path):
    """rmdir a cgroup, waiting briefly for killed processes to leave it (EBUSY until they have)."""
    pause = 0.0005
    for _ in range(100):
        try:
            os.rmdir(path)
            return
        except OSError as exc:
            if exc.errno != errno.EBUSY:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.01)
    os.rmdir(path)


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
