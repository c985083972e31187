"""Starting one isolated worker process per submission, and removing every trace of it.

Layers, outermost first (each exec'ing the next, so the whole chain is one process id that the grader owns).
Address-space randomisation is off for the whole chain: a personality flag the starting thread sets for its
children (layers.no_aslr_children), `setarch -R` where the kernel refuses. While the worker starts, the grader
puts every one of its processes into the slot's cgroup (accounting.py) and makes them the kernel OOM killer's
first choice (the address-space limit is per process, not per worker); the worker waits for the grader's go
before it imports anything of the submission (claim.py).

1. `prlimit`: address space, processes, file size, open files and CPU time.
2. `setpriv`: when the grader runs as root, a uid of the worker's own, leased per slot (uids.py): the process limit
   counts only its processes, nothing of the grader can be signalled, and no two graders on one machine share one.
   As root with bubblewrap, neither is a hop: the starting thread takes the slot's uid for the exec, and sets the
   limits on every process while placing them (thread_ids.py).
3. `bwrap` (bubblewrap), when installed: new namespaces (no network, no further user namespaces); of the host only
   the worker's Python and the libraries it links, the runner and the submission, all read-only, and a /tmp capped
   at the file-size limit (as root, its inodes too: slot_tmp.py; docs/security.md). Where bwrap is missing (or does
   not work here: host.py) the worker runs with 1 and 2 and an empty environment, and the grader says its sandbox
   is weaker.

The layers' arguments are built in layers.py, from what host.py found.

Where none of this exists (macOS, Windows, a Linux without prlimit), `open_sandbox` gives the portable worker
instead (grader/sandbox/portable.py): a plain subprocess with time and resource limits, for a student's own check.
"""

import dataclasses
import functools
import os
import platform
import shutil
import signal
import subprocess
import threading
from pathlib import Path

from ..records import Strength
from .accounting import CgroupTree, ProcessTree
from .errors import Interrupted, SandboxUnavailable
from .host import bwrap_features, bwrap_works, find_python, linux_sandbox_missing, scratch_parent, unreaped_warning
from .claim import reap_worker, release_when_placed, task_children
from .late_names import LateNames, supported as sealing
from .leftovers import scratch_root, sweep_scratch
from .layers import namespaces, no_aslr_children, system_binds, uid_prefix, worker_arguments
from .boot_view import shared_linked_view
from .runner_files import RunnerFolders
from .same_user import guard_grader
from .scratch import HOME, ScratchFolders, remove_scratch
from .system import python_view
from .template import sandbox_class
from .memory import SeccompFilter, describe_bound, limit_slot_memory
from .slot_tmp import BubblewrapTmp, SlotTmp
from .thread_ids import ThreadIds, worker_limits
from .uids import kill_uid, lease_uid, processes_of_uid

WORKER = Path(__file__).with_name("worker.py")


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one submission may use. Every field is a `grade` option."""

    probe_seconds: float = 3.0  # one probe (one expression) may run this long
    import_seconds: float = 10.0  # importing the student's module
    submission_seconds: float = 60.0  # the whole run of one submission
    memory_mb: int = 2048  # address space of the worker
    processes: int = 64  # processes and threads of the worker's uid
    file_size_mb: int = 64  # largest file the worker may write
    open_files: int = 64
    output_kb: int = 1024  # what the student prints that is kept

    def cpu_seconds(self):
        return int(self.submission_seconds) + 5


class Sandbox:
    """Knows how to start a worker here, and how strong its isolation is."""

    late_names = LateNames if sealing() else None  # start()'s `later`, the names' channel, made so (late_names.py)
    _swept = False  # the scratch folders of killed graders removed (once per process: leftovers.sweep_scratch)

    def __init__(self, limits=Limits(), *, require=False, use_bwrap=True):
        self.limits = limits
        self._live, self._live_lock, self.stopping = {}, threading.Lock(), False
        self.python = find_python()
        self.is_root = os.geteuid() == 0
        self._leases, self._lease_lock = {}, threading.Lock()  # slot -> (uid, lock fd)
        parent = scratch_parent(self.is_root)
        if not Sandbox._swept:  # what graders killed mid-batch left there, once per process (leftovers.py) that
            sweep_scratch(parent)  # ran to its end: one stopped (a Ctrl-C, an error) runs again at the next opening
            Sandbox._swept = True
        root, self._root_lock = scratch_root(parent)  # held while this grader lives: the sweep's mark
        self.root = Path(root)
        try:  # whatever fails from here (a bad limit, a missing tool, an unwritable folder) leaves nothing behind
            self._open(require, use_bwrap)
        except BaseException:
            self.close()
            raise

    def _open(self, require, use_bwrap):
        """The rest of __init__, once the scratch folder is made (closed by __init__ if this raises)."""
        os.chmod(self.root, 0o711)  # workers may enter their own folder, not list the others
        self.runner_folders = RunnerFolders(self.root, self.python)
        self.bwrap = shutil.which("bwrap") if use_bwrap else None
        self.features = bwrap_features(self.bwrap) if self.bwrap else frozenset()
        self.warning = None
        if self.bwrap:
            ok, why = bwrap_works(self.bwrap, self.python, self.uid(0), self.features)
            if not ok:
                self.warning = f"bubblewrap is installed but does not work here ({why})"
                self.bwrap = None
        else:
            self.warning = "bubblewrap (bwrap) is not installed" if use_bwrap else "bubblewrap was turned off"
        self.scratch = ScratchFolders(self.root, keep_per_slot=self.bwrap is not None, lock_work=self.bwrap is None)
        if self.warning:
            self.warning += (
                "; falling back to a weaker sandbox: resource limits, an empty environment"
                + (" and a separate user" if self.is_root else "")
                + ", but no namespaces, so a submission can read files the grader can read "
                "and reach the network. Install bubblewrap (apt-get install bubblewrap) for the full sandbox."
            )
            if require:
                raise SandboxUnavailable(self.warning)  # closed by __init__
            if not self.is_root:  # the worker runs as this user: what it could read of the grader (same_user.py)
                guard_grader()
        # The worker's view of the system in a few mounts, not one per file (system.linked_view): its tree built
        # once per boot (boot_view.py), else here.
        self.view = (shared_linked_view(python_view(self.python).args, str(self.root.parent), str(self.root / "system"))
                     if self.bwrap else None)
        # The worker's uid and limits given by the starting thread, not by setpriv and prlimit hops (thread_ids.py).
        ids = ThreadIds() if self.bwrap and self.is_root else None
        self.thread_ids = ids if ids is not None and ids.usable else None
        # How a worker's CPU time is counted and all its processes killed (see accounting.py).
        self.cgroups, self.no_cgroups = CgroupTree.create(self.limits.processes)
        self.accounting = self.cgroups or ProcessTree(self._leased_uid, processes_of_uid)
        if self.bwrap is None and self.cgroups is None and not self.is_root:
            self.warning += f" {unreaped_warning(self.no_cgroups)}"
        self._bound_memory(require)

    def _bound_memory(self, require):
        """The bounds on memory that the address-space limit does not count (memory.py), and the strength."""
        self.cgroup_memory = False
        if self.cgroups is not None and "memory" in self.cgroups.controllers:
            try:
                limit_slot_memory(self.cgroups.slot_folder(0), self.limits)
                self.cgroup_memory = True
            except OSError:
                pass
        self.seccomp, why = None, "no bubblewrap to load it"
        if self.bwrap:
            self.seccomp, why = SeccompFilter.create(str(self.root), lambda fd: [
                self.bwrap, *namespaces(self.features), "--die-with-parent",
                *system_binds(self.python, features=self.features), "--remount-ro", "/", "--seccomp", str(fd),
                self.python, "-I", "-S"])
        self.slot_tmp = SlotTmp.create(self.root, self.limits.file_size_mb << 20, self.uid(0), bool(self.bwrap))
        self.tmp_capped = bool(self.bwrap) and ("--size" in self.features or self.slot_tmp.mounted)  # limit_hit.ran_out
        bounded, self.memory_bound = describe_bound(cgroup_memory=self.cgroup_memory,
                                                    seccomp=(self.seccomp is not None, why), tmp_capped=self.tmp_capped)
        if self.bwrap and not bounded:
            self.warning = (f"bubblewrap works here, but {self.memory_bound}: falling back to a weaker sandbox, in "
                            "which a submission can hold memory (memfds, shared memory, files in /tmp) beyond "
                            "--memory, up to --processes x --open-files x --file-size. Install bubblewrap 0.7 or "
                            "later (x86-64 or AArch64), or give the grader cgroup v2 with the memory controller, for "
                            "the full sandbox (docs/security.md).")
            if require:
                raise SandboxUnavailable(self.warning)  # closed by __init__
        # Anything short of BUBBLEWRAP is "a weaker sandbox" (--require-sandbox refuses it).
        self.strength = (Strength.BUBBLEWRAP if self.bwrap and bounded else
                         Strength.WEAKER_BUBBLEWRAP if self.bwrap else Strength.RLIMITS)

    def _leased_uid(self, slot):
        with self._lease_lock:
            lease = self._leases.get(slot)
        return lease[0] if lease else None

    def usage(self, slot, proc):
        """CPU time the worker in `slot` (every process it started) used, and time it waited for a CPU."""
        return self.accounting.usage(slot, proc)

    # -- one worker ------------------------------------------------------------

    def uid(self, slot):
        """The worker's own uid for `slot` when the grader is root: leased, shared with no other grader."""
        if not self.is_root:
            return None
        with self._lease_lock:
            if slot not in self._leases:
                self._leases[slot] = lease_uid()
            return self._leases[slot][0]

    def prepare(self, slot, files, runner_files):
        """A scratch folder for one run: work/ (the submission, read-only to the worker under bubblewrap) and runner/, a
        link to the runner's files (the worker, probekit, the probes, their compiled code), written once per distinct
        set for the whole batch, read-only for every worker: grader files that hold nothing of any submission. work/
        holds only this run's files: the slot's own folder, emptied after each run, where nothing of the slot's last
        worker is left and bubblewrap keeps the worker from writing there, else a folder made anew (scratch.py)."""
        return self.scratch.prepare(slot, files, self._runner_folder(runner_files), self.uid(slot))

    def _runner_folder(self, runner_files):
        """The folder holding `runner_files` and their compiled code (runner_files.py), written once."""
        return self.runner_folders.folder(runner_files)

    def compiled(self, runner_files):
        """`<name>.code`: the runner's modules compiled once by the worker's own interpreter (runner_files.py)."""
        return self.runner_folders.compiled(runner_files)

    def command(self, slot, base, request, seccomp_fd=None, aslr_hop=True, info_fd=None, hops=True, tmp=None):
        """The argv that starts the worker for the scratch folder `base` (`seccomp_fd`: memory.py's filter,
        open for bubblewrap to read; `aslr_hop`: setarch, where start could not turn ASLR off itself;
        `info_fd`: where bubblewrap names its sandbox process, claim.py; `hops` False: without the prlimit and
        setpriv hops, whose limits and uid the starting thread gives, thread_ids.py; `tmp`: slot_tmp.py's /tmp)."""
        lim = self.limits
        limits = [] if not hops else [
            shutil.which("prlimit") or "prlimit", f"--as={lim.memory_mb * 1024 * 1024}",
            f"--fsize={lim.file_size_mb * 1024 * 1024}", f"--nofile={lim.open_files}", f"--cpu={lim.cpu_seconds()}",
            "--core=1",  # 1, not 0: no core to a core_pattern pipe either (memory.RLIMIT_CORE)
        ]
        if self.is_root and hops:
            limits.append(f"--nproc={lim.processes}")
        limits += ["--"] if hops else []
        if self.bwrap:
            work, runner = "/sandbox", "/runner"
            sandbox = [
                self.bwrap, *namespaces(self.features), "--die-with-parent", "--new-session", "--clearenv",
                "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
                "--setenv", "PYTHONHASHSEED", "0", "--setenv", "HOME", "/tmp",
                "--hostname", "sandbox", "--cap-drop", "ALL",
                *(["--seccomp", str(seccomp_fd)] if seccomp_fd is not None else []),
                *(["--info-fd", str(info_fd)] if info_fd is not None else []),
                *system_binds(self.python, features=self.features, scratch_bytes=lim.file_size_mb << 20,
                              view=self.view, tmp=tmp),
                "--ro-bind", str(base / "runner"), runner,
                # read-only: the host disk under it has no quota; /tmp is the capped place to write
                "--ro-bind", str(base / "work"), work,
                "--remount-ro", "/",
                "--chdir", work,
            ]
        else:
            work, runner = str(base / "work"), str(base / "runner")
            sandbox = []
        script = "worker.pyc" if (base / "runner" / "worker.pyc").is_file() else "worker.py"  # compiled()
        # the observation pipe is the worker's fd 0 (see start); it waits for the grader's go (claim.py)
        request = dict(request, submission=work, runner=runner, obs_fd=0, hold=1)
        return ((self._no_aslr() if aslr_hop else []) + limits
                + (uid_prefix(self.uid(slot)) if hops else []) + sandbox
                + [self.python, "-I", "-S", "-B", "-u", f"{runner}/{script}", *worker_arguments(request)])

    @staticmethod
    def _no_aslr():
        """Address-space randomisation off: a set of Values iterates in address order, so an
        engine whose result depends on that order (a `=` instead of `+=` bug) would otherwise
        score differently from run to run. Set by `start` on its own thread (no_aslr_children);
        setarch is the hop where this kernel refuses that."""
        setarch = shutil.which("setarch")
        return [setarch, platform.machine(), "-R"] if setarch else []

    def environment(self, base):
        """The whole environment a worker gets: nothing of the grader's."""
        return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONHASHSEED": "0",
                "HOME": str(base / ("work" if self.bwrap else HOME))}  # bubblewrap sets its own: /tmp

    def start(self, slot, base, request, obs_write_fd, output_write_fd, later=None):
        """Start the worker for `base` in `slot`, place its processes and give it its go (claim.py; on `later`'s pipe:
        late_names.py). Whatever raises once its command has started (a Ctrl-C as Popen returns, a failure while it is
        placed) kills and reaps it and takes it off the live list: the caller never had it to kill."""
        go_read, go = later.go_pipe() if later else os.pipe()  # the worker's go: its only pipe beside its streams
        info, info_write = os.pipe() if self.bwrap else (None, None)
        passed = [fd for fd in (go_read, info_write) if fd is not None] + ([os.dup(later.names)] if later else [])
        started = []  # the worker's command as soon as Popen returns it (before `proc` is bound)
        try:
            with self._live_lock:
                if self.stopping:
                    raise Interrupted("grading was interrupted")
                if self.cgroup_memory:  # the limits of this run (a fleet horse's are its job's)
                    limit_slot_memory(self.cgroups.slot_folder(slot), self.limits)
                procs_file = self.accounting.procs_file(slot)  # the slot's cgroup (made again if it was removed)
                seccomp_fd = self.seccomp.open() if self.seccomp is not None and self.bwrap else None
                passed += [] if seccomp_fd is None else [seccomp_fd]
                ids = self.thread_ids
                tmp = self.slot_tmp.fresh(slot, self.uid(slot))  # None: bubblewrap's own
                with no_aslr_children() as done:
                    argv = self.command(slot, base, request, seccomp_fd, aslr_hop=not done, info_fd=info_write,
                                        hops=ids is None, tmp=tmp)

                    def spawn():  # the observation pipe is the worker's fd 0: its number (and the request) never varies
                        started.append(subprocess.Popen(argv, stdin=obs_write_fd, stdout=output_write_fd,
                                                        stderr=output_write_fd, env=self.environment(base),
                                                        cwd=str(base), start_new_session=True, close_fds=True,
                                                        pass_fds=passed))
                        return started[0]

                    self.scratch.worker_started(slot)
                    proc = spawn() if ids is None else ids.spawning_as(self.uid(slot), spawn)
                self._live[slot] = proc
        except BaseException:
            for fd in (go, info):
                if fd is not None:
                    os.close(fd)  # its go pipe closed unsaid: it exits before it imports anything
            if started:
                self._kill_unplaced(slot, started[0])
            raise
        finally:
            for fd in passed:
                os.close(fd)
        # while the worker starts: it waits for the go before it imports the submission
        handed = False  # go and info: closed by release_when_placed once it is called, else here
        try:
            limit = None
            if ids is not None:
                uid, rlimits = self.uid(slot), worker_limits(self.limits, with_processes=True)

                def limit(pids):
                    ids.set_limits(uid, pids, rlimits)
            stop = functools.partial(self._kill_unplaced, slot, proc)
            handed = True
            proc.sandbox_pid = release_when_placed(proc.pid, info, procs_file, go, output_write_fd, stop, limit=limit)
        except BaseException:
            for fd in () if handed else (go, info):
                if fd is not None:
                    os.close(fd)
            self._kill_unplaced(slot, proc)
            raise
        return proc

    def interrupt(self):
        """Ctrl-C: start no more workers and kill the running ones (their runs are not kept)."""
        with self._live_lock:
            self.stopping = True
            for proc in self._live.values():
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass

    def _kill_unplaced(self, slot, proc):
        """`kill` for a worker whose start failed part way, its processes perhaps not all in the slot's cgroup:
        bubblewrap's sandbox process (not yet named on --info-fd) looked for as its command's child, to be reaped,
        and every process of the slot's uid killed whatever the cgroup holds."""
        if self.bwrap and getattr(proc, "sandbox_pid", None) is None:
            try:
                proc.sandbox_pid = next(iter(task_children(proc.pid)), None)
            except (OSError, ValueError):
                pass
        self.kill(slot, proc, placed=False)

    def kill(self, slot, proc, placed=True):
        """SIGKILL the worker's process group, and every process left with the worker's uid (`placed` False: its
        processes may not all be in the slot's cgroup, whose emptying then proves nothing)."""
        with self._live_lock:
            if self._live.get(slot) is proc:
                del self._live[slot]
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        # with cgroups: every process it started, however it left the group; then no process of the
        # uid is left anywhere (none can leave its cgroup), and /proc need not be searched for one
        emptied = self.accounting.kill(slot) and placed
        if emptied:
            self.scratch.worker_gone(slot)
        uid = self.uid(slot)
        if uid is not None and not emptied:
            kill_uid(uid)
        # and what this process adopted of it: bubblewrap's sandbox process, every process of the slot's uid or cgroup
        # that left the worker's tree (claim.py); none may stay a zombie of a grader that runs for days
        reap_worker(proc, uid, self.accounting.cgroup_name(slot))
        self.slot_tmp.release(slot)  # its /tmp: freed with the sandbox's mount namespace (slot_tmp.py)

    def cleanup(self, base):
        self.scratch.cleanup(base)

    def close(self):
        """Remove everything the sandbox made: also of one whose __init__ failed part way."""
        accounting = getattr(self, "accounting", None) or getattr(self, "cgroups", None)
        if accounting is not None:
            accounting.close()
        getattr(self, "slot_tmp", BubblewrapTmp("")).close()
        remove_scratch(self.root)  # a run's work/ is read-only without bubblewrap (scratch.read_only_modes)
        if getattr(self, "_root_lock", None) is not None:
            os.close(self._root_lock)
            self._root_lock = None
        with self._lease_lock:
            for uid, fd in self._leases.values():
                kill_uid(uid)
                os.close(fd)
            self._leases.clear()


def open_sandbox(limits=Limits(), *, require=False, use_bwrap=True):
    """The strongest isolation this machine has: the Linux sandbox, else the portable worker.

    require=True (`--require-sandbox`) refuses anything short of bubblewrap.
    """
    why = linux_sandbox_missing()
    if why is None:
        return sandbox_class(Sandbox)(limits, require=require, use_bwrap=use_bwrap)  # template.py: an experiment
    if require:
        raise SandboxUnavailable(f"{why}: the full sandbox needs Linux with bubblewrap and util-linux")
    from .portable import PortableSandbox
    return PortableSandbox(limits, why=why)
