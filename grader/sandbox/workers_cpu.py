"""The CPU time this process's sandbox workers have used, all of them summed: a read-only count for whoever
measures what grading costs (the test suite's per-test figures, tests/conftest.py).

A worker that ends on its own is reaped (the grader adopts bubblewrap's sandbox process and waits for it: claim.py),
its CPU in this process's children's rusage; one killed in its cgroup (`cgroup.kill`: a timeout, a limit spent, a
worker still running) is waited for by no parent, and no rusage counts it. Each slot's cgroup counts both
(accounting.py's CgroupTree: cpu.stat's `usage_usec`, the dead processes' too), and its count runs on from one worker
of the slot to the next. So the total is: what the slots of every tree this process closed had counted when it
closed it, plus what the slots of every tree still open count now. A difference of two readings is what the workers
used in between; less the children's rusage over the same time, what no rusage counted (tests/conftest.py).

Its limits, written down: only a grader that counts in cgroup v2 counts here (the /proc way, accounting.ProcessTree,
is not summed: 0 there); a slot's cgroup removed from outside while its tree is open takes
its count with it; the warm template's own cgroup (template.py, a prototype) is not a slot's; and a grader run as
another process (`grade` started as a command, a fleet's worker, a notebook's kernel) counts in that process, not in
this one.
"""

import os
import threading

_LOCK = threading.Lock()
_OPEN = set()  # the CgroupTrees of this process not closed yet
_closed = 0  # microseconds the slots of the closed trees had counted


def _slots_usec(folder):
    """Microseconds the slots' cgroups under a tree's `folder` have counted (0 for one that is gone)."""
    total = 0
    try:
        names = [name for name in os.listdir(folder) if name.startswith("slot-")]
    except OSError:
        return 0
    for name in names:
        try:
            with open(os.path.join(folder, name, "cpu.stat"), "rb") as f:
                for line in f.read().splitlines():
                    if line.startswith(b"usage_usec "):
                        total += int(line.split()[1])
                        break
        except (OSError, ValueError):
            continue
    return total


def opened(tree):
    """A CgroupTree made: its slots are counted from now on."""
    with _LOCK:
        _OPEN.add(tree)


def closing(tree):
    """A CgroupTree about to remove its slots: what they counted is kept."""
    global _closed
    with _LOCK:
        if tree in _OPEN:
            _OPEN.discard(tree)
            _closed += _slots_usec(tree.folder)


def workers_cpu_seconds():
    """Seconds of CPU this process's sandbox workers have used so far (see the module's docstring)."""
    with _LOCK:
        return (_closed + sum(_slots_usec(tree.folder) for tree in list(_OPEN))) / 1e6
