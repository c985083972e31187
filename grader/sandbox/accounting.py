"""What a worker has used: CPU time and time spent waiting for a CPU, counted over every process
it started (setsid'd grandchildren included), how to kill all of them, and when a limit is spent.

A submission is charged for its own CPU time, not for the wall clock of a machine that a
neighbour (or anything else) keeps busy; the time a worker was runnable but waited for a CPU
tells a starved worker from one that sleeps.

Two ways to count, the first that works here:

- **cgroup v2** (`CgroupTree`): each slot's worker runs in a cgroup of its own, created under the
  grader's cgroup. Every process the worker forks stays in it whatever it does (new session, new
  pid namespace, reparented to init), `cpu.stat` counts their CPU time (the dead ones' too),
  `cpu.pressure` the time they waited for a CPU, and `cgroup.kill` ends them all at once. Where
  the hierarchy offers the `cpu` and `pids` controllers, the slots also share the CPU equally
  (a worker with 46 processes gets no more than a worker with one) and `pids.max` caps processes
  even when the grader is not root.
- **/proc** (`ProcessTree`): the worker's live process tree, and, when the grader is root, every
  process of the worker's own uid (a process that left the tree by a double fork is still
  counted). CPU of processes that died unreaped by the worker is lost; waiting time comes from
  /proc/<pid>/schedstat.
"""

import dataclasses
import os
import subprocess
import time

from ..machine_size import own_cgroup_v2
from .host_facts import program, remembered
from .claim import descendants
from .leftovers import kill_cgroup, new_tree, remove_tree, sweep_leftovers, unmake_tree
from .workers_cpu import closing, opened

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100  # Windows: no /proc either
FRESH_SECONDS = 0.05  # a /proc count this recent is used again (it may miss that much CPU time)


@dataclasses.dataclass(frozen=True)
class Usage:
    cpu: float  # seconds on a CPU
    waited: float  # seconds runnable but waiting for a CPU
    # Whether this machine measured them. The portable worker counts wall time as CPU time; a kernel
    # without pressure stall information (cgroup v2's cpu.pressure, off with psi=0) or schedstats
    # (/proc/<pid>/schedstat) cannot tell waiting for a CPU from sleeping. A timeout that such a
    # guess decided may be the machine's doing: it is treated as starved (never cached, observed again).
    cpu_measured: bool = True
    waiting_measured: bool = True

    def __sub__(self, other):
        return Usage(self.cpu - other.cpu, self.waited - other.waited, self.cpu_measured and other.cpu_measured,
                     self.waiting_measured and other.waiting_measured)

    def __add__(self, other):
        return Usage(self.cpu + other.cpu, self.waited + other.waited, self.cpu_measured and other.cpu_measured,
                     self.waiting_measured and other.waiting_measured)


NOTHING = Usage(0.0, 0.0)


# -- when a limit is spent ------------------------------------------------------------------------

# A limit is CPU time, charged over every process the worker started (counted below): a neighbour's
# load cannot use it up. Time off the CPU is charged too, except time spent waiting for one: an
# engine that sleeps is cut when its wall time less its waiting reaches SLEEP_BACKSTOP times a
# limit. A worker kept waiting by a busy machine is cut only at STARVED_BACKSTOP times a limit of
# wall time, so that a batch always ends; such a timeout is *starved*: not cached, and observed
# again once the rest of the batch is done (grader/observe: STARVED_RETRIES).
SLEEP_BACKSTOP = 3
STARVED_BACKSTOP = 10


class Budget:
    """The time of one submission: CPU seconds charged across all its workers, and a wall backstop."""

    def __init__(self, limits, drawn=0.0):
        self.cpu_seconds = limits.submission_seconds
        self.drawn_seconds = limits.submission_seconds * drawn  # the drawn probes' own share on top (observe/)
        self.used = NOTHING  # by the workers that ended
        self.started = time.monotonic()


def limit_spent(limit, usage, wall):
    """Whether a limit is spent by `usage` after `wall` seconds: (spent, starved).

    Starved: the wall clock decided, and the machine may have kept the worker from a CPU (it did, or
    `usage` could not tell); such a timeout says nothing certain about the submission.
    """
    if usage.cpu >= limit:
        return True, not usage.cpu_measured
    if wall - usage.waited >= SLEEP_BACKSTOP * limit:
        return True, not usage.waiting_measured
    return wall >= STARVED_BACKSTOP * limit, True


# -- cgroup v2 ------------------------------------------------------------------------------------


def _cgroup2_mount():
    """Where the cgroup v2 hierarchy is mounted (/sys/fs/cgroup, or /sys/fs/cgroup/unified on a
    hybrid system), or None."""
    try:
        with open("/proc/self/mounts") as f:
            for line in f:
                fields = line.split()
                if len(fields) > 2 and fields[2] == "cgroup2":
                    return fields[1]
    except OSError:
        pass
    return None


def _stat_value(text, key):
    """The number after `key` in a cgroup file's bytes of `key value` lines (cpu.stat)."""
    for line in text.splitlines():
        if line.startswith(key + b" "):
            return int(line.split()[1])
    return 0


def _pressure_total(text):
    """Microseconds in which some task of the cgroup was runnable but waited (`some ... total=N`),
    from cpu.pressure's bytes."""
    for line in text.splitlines():
        if line.startswith(b"some "):
            for part in line.split():
                if part.startswith(b"total="):
                    return int(part[6:])
    return 0


class CgroupTree:
    """One cgroup per slot under `<grader's cgroup>/micrograd-grader-<pid>-<n>-locked/`, a tree the grader holds an
    flock on while it lives (leftovers.hold_tree: how the sweep tells it from a killed grader's)."""

    _made = 0
    _swept = False  # the leftovers of killed graders removed (once per process, once a sweep ran to its end)

    def __init__(self, folder, controllers, processes, name=None, lock=None):
        self.folder, self.controllers, self.processes, self._lock = folder, controllers, processes, lock
        self.name = name  # the tree as /proc/<pid>/cgroup names it (`/<own cgroup>/micrograd-grader-...`), bytes
        self._slots = {}  # slot -> its cgroup's inode (another: it was removed and made again)
        self._fds = {}  # slot -> (cpu.stat, cpu.pressure) file descriptors, or None where missing
        self._events = {}  # slot -> its cgroup.events, open (kill), or None where it cannot be opened

    @classmethod
    def create(cls, processes):
        """A CgroupTree, or (None, why not) where cgroup v2 cannot be used here. Whatever stops it (an error, a
        Ctrl-C at any point) leaves nothing of it behind: the tree it made is removed and its lock closed."""
        mount, own = _cgroup2_mount(), own_cgroup_v2()
        if mount is None or own is None:
            return None, "no cgroup v2 hierarchy is mounted"
        if not cls._swept:  # done once it has run to its end: one stopped (a Ctrl-C, an error) runs again
            sweep_leftovers(mount + own.rstrip("/"))
            cls._swept = True
        made = []  # the folder being made, then the lock held on it (new_tree): removed where no tree comes back
        try:
            return cls._create(mount, own, processes, made)
        except BaseException:
            unmake_tree(made)
            raise

    @classmethod
    def _numbers(cls):
        while True:
            cls._made += 1
            yield cls._made

    @classmethod
    def _create(cls, mount, own, processes, made):
        """create, once the leftovers are swept; `made`: leftovers.new_tree's, removed before a failure returns."""
        why = new_tree(mount + own.rstrip("/"), cls._numbers(), made)
        if why is not None:
            return None, why
        folder = made[0]
        controllers = []
        try:
            with open(os.path.join(folder, "cgroup.controllers")) as f:
                available = f.read().split()
            for name in ("cpu", "pids", "memory"):  # memory: the slot's memory.max (memory.py)
                if name in available:
                    with open(os.path.join(folder, "cgroup.subtree_control"), "w") as f:
                        f.write(f"+{name}")
                    controllers.append(name)
        except OSError:
            pass
        tree = cls(folder, tuple(controllers), processes, os.fsencode("/" + os.path.relpath(folder, mount)), made[1])

        def trial():  # can the grader move a process of its own in? (a delegated subtree may allow mkdir but not that)
            try:
                child = subprocess.Popen(["/bin/sh", "-c", "read _"], stdin=subprocess.PIPE, env={})
            except OSError as exc:
                return False, [False, str(exc)]
            try:
                with open(tree.procs_file(0), "w") as f:
                    f.write(str(child.pid))
                return True, [True, ""]
            except OSError as exc:
                return False, [False, f"writing its pid to cgroup.procs: {exc.strerror}"]
            finally:
                child.kill()
                child.wait()

        # a success is remembered for this boot (host_facts.py), keyed by the parent cgroup (its inode, owner and
        # mode: a new session's or a changed delegation is a new trial) and the controllers
        ok, why = remembered("cgroup-move", [mount + own, _identity(mount + own), controllers], trial)
        why = why.strip()
        if not ok:
            unmake_tree(made)
            return None, f"cannot move a process into a cgroup under {mount + own} ({why})"
        opened(tree)  # its workers' CPU summed for whoever measures (workers_cpu.py)
        return tree, None

    def describe(self):
        missing = [c for c in ("cpu", "pids") if c not in self.controllers]
        text = "cgroup v2"
        if missing:
            text += (f" (without the {' and '.join(missing)} controller{'s' if len(missing) > 1 else ''} here: "
                     "CPU time is charged to each worker, " + ("but not shared equally between them" if "cpu" in missing
                                                              else "shared equally") + ")")
        return text

    def slot_folder(self, slot):
        return self._slot(slot)

    def _slot(self, slot):
        """The slot's cgroup, made when its first worker starts; later workers of the slot run in the same one (a
        count that runs on: an attempt charges the difference), made again where it was removed from outside (an
        rmdir of empty cgroups), its files opened anew. OSError, saying so, where it cannot be (the tree gone too)."""
        path = os.path.join(self.folder, f"slot-{slot}")
        try:
            inode = os.stat(path).st_ino
        except FileNotFoundError:
            inode = None
        if inode is None or self._slots.get(slot) != inode:
            self._forget(slot)
            try:
                if inode is None:
                    os.mkdir(path, 0o755)
                if "pids" in self.controllers:
                    with open(os.path.join(path, "pids.max"), "w") as f:
                        f.write(str(self.processes))
                self._slots[slot] = os.stat(path).st_ino
            except OSError as exc:
                raise OSError(exc.errno, f"the cgroup of slot {slot} is gone and cannot be made again "
                                         f"({exc.strerror})", path) from exc
        return path

    def _forget(self, slot):  # what was open of the slot's cgroup closed, to be opened again
        self._slots.pop(slot, None)
        for fd in (*(self._fds.pop(slot, None) or ()), self._events.pop(slot, None)):
            if fd is not None:
                os.close(fd)

    def cgroup_name(self, slot):
        """The slot's cgroup as /proc/<pid>/cgroup names it (`0::<this>`), a zombie's too: how an orphan of its
        worker is told from the grader's own children (claim.reap_adopted). None where unknown."""
        return None if self.name is None else self.name + f"/slot-{slot}".encode()

    def procs_file(self, slot):
        """The slot's cgroup.procs: the grader writes each process of a worker there as it starts (claim.py)."""
        return os.path.join(self._slot(slot), "cgroup.procs")

    def _readers(self, slot):
        """The slot's cpu.stat and cpu.pressure, opened once: each reading is one pread of each."""
        fds = self._fds.get(slot)
        if fds is None:
            path = self._slot(slot)
            fds = []
            for name in ("cpu.stat", "cpu.pressure"):
                try:
                    fds.append(os.open(os.path.join(path, name), os.O_RDONLY | os.O_CLOEXEC))
                except OSError:  # cpu.pressure: a kernel without pressure stall information (psi=0)
                    fds.append(None)
            self._fds[slot] = fds = tuple(fds)
        return fds

    def usage(self, slot, proc):
        stat, pressure = self._readers(slot)
        try:
            cpu = _stat_value(os.pread(stat, 4096, 0), b"usage_usec") / 1e6 if stat is not None else 0.0
        except OSError:
            cpu = 0.0
        try:
            waited, measured = _pressure_total(os.pread(pressure, 4096, 0)) / 1e6, True
        except (OSError, TypeError):  # TypeError: no cpu.pressure here
            waited, measured = 0.0, False
        return Usage(cpu, waited, waiting_measured=measured)

    def kill(self, slot):
        """SIGKILL every process in the slot's cgroup and wait (briefly) until it is empty: True once it
        is (then no process of the worker is left anywhere: none can leave its cgroup). False where the slot has no
        cgroup (gone, and it cannot be made again): the caller kills the worker's process group and uid."""
        try:
            path = self._slot(slot)
        except OSError:
            return False
        if slot not in self._events:
            try:
                self._events[slot] = os.open(os.path.join(path, "cgroup.events"), os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                self._events[slot] = None
        return kill_cgroup(path, self._events[slot])

    def close(self):
        closing(self)  # what its slots counted, kept before they are removed (workers_cpu.py)
        for slot in {*self._slots, *self._fds, *self._events}:
            self._forget(slot)
        remove_tree(self.folder)
        if self._lock is not None:  # after: a tree that could not be removed (a process left in it) is a leftover
            os.close(self._lock)
            self._lock = None


# -- /proc -----------------------------------------------------------------------------------------


def _processes():
    """{pid: (ppid, cpu ticks incl. reaped children, run delay ns or None)} from /proc."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rpartition(b")")[2].split()
            # after the command: state ppid ... utime(11) stime(12) cutime(13) cstime(14)
            ticks = sum(int(x) for x in fields[11:15])
            try:
                with open(f"/proc/{entry}/schedstat") as f:
                    delay = int(f.read().split()[1])
            except (OSError, IndexError, ValueError):
                delay = None  # a kernel without schedstats: waiting cannot be told from sleeping
            table[int(entry)] = (int(fields[1]), ticks, delay)
        except (OSError, IndexError, ValueError):
            continue
    return table


def tree_usage(root, uid_pids=()):
    """Usage of process `root` and its descendants (and of `uid_pids`, the worker uid's processes
    wherever they are), or None if `root` is gone."""
    table = _processes()
    if root not in table:
        return None
    seen = descendants([root, *uid_pids], {pid: row[0] for pid, row in table.items()})
    ticks = sum(table[pid][1] for pid in seen)
    delays = [table[pid][2] for pid in seen]
    return Usage(ticks / _TICKS, sum(d for d in delays if d is not None) / 1e9,
                 waiting_measured=None not in delays)


class ProcessTree:
    """Counting from /proc, where cgroup v2 cannot be used."""

    def __init__(self, uid_of_slot, processes_of_uid):
        self._uid_of_slot, self._processes_of_uid = uid_of_slot, processes_of_uid
        self._last = {}  # slot -> (pid, usage, when): a tree that is gone keeps what it used

    def describe(self):
        return "/proc (no cgroup v2 here)"

    def procs_file(self, slot):
        return None  # no cgroup to join

    def cgroup_name(self, slot):
        return None  # nor one to tell a worker's orphans by: its uid does, where it has one

    def usage(self, slot, proc):
        pid, found, when = self._last.get(slot, (None, NOTHING, 0.0))
        now = time.monotonic()
        if pid == proc.pid and now - when < FRESH_SECONDS:
            return found  # a scan of /proc costs milliseconds; probes start and end far more often
        uid = self._uid_of_slot(slot)
        usage = tree_usage(proc.pid, self._processes_of_uid(uid) if uid is not None else ())
        if usage is not None:
            self._last[slot] = (proc.pid, usage, now)
            return usage
        return found if pid == proc.pid else NOTHING

    def kill(self, slot):
        return False  # the caller kills the process group and the uid

    def close(self):
        pass


def _identity(path):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_dev, st.st_ino, st.st_uid, st.st_mode]
