"""Starting one isolated worker process per submission, and removing every trace of it.

Layers, outermost first (each is a small C program exec'ing the next, so the
whole chain is one process id that the grader owns):

1. `prlimit`: address space, processes, file size, open files and CPU time;
   then `choom`: an OOM score of 1000, so that under memory pressure the kernel
   kills the worker first (the address-space limit is per process, not per worker).
2. `setpriv`: when the grader runs as root, a uid of the worker's own, leased
   per slot from UID_BASE .. UID_BASE + UID_COUNT - 1 with a lock file, so that
   the process limit counts only that worker's processes, nothing of the grader
   can be signalled, and two graders on one machine never share a uid (or kill
   each other's workers when they clean up).
3. `bwrap` (Debian's bubblewrap), when installed: new user, pid, network, ipc
   and uts namespaces (no network at all; no further user namespaces), of the
   host's system only the worker's Python and the libraries it links (read-only;
   see system.py), and only two folders of the grader's: the runner and the submission, both read-only.
   Everything else is read-only too except /tmp, a tmpfs capped at the file-size
   limit (tmpfs is memory that the address-space limit does not count, so an
   uncapped one would let a submission fill the host's RAM or disk).
   The grader's package, hidden suites, reference engine and site-packages are
   never mounted. Where bwrap is missing the worker still runs with 1 and 2 and
   an empty environment, and the grader says that its sandbox is weaker.

Where none of this exists (macOS, Windows, a Linux without prlimit), `open_sandbox`
gives the portable worker instead (grader/sandbox/portable.py): a plain
subprocess with time and resource limits, for a student's own check.
"""

import dataclasses
import hashlib
import os
import platform
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

try:  # POSIX only; on Windows only the portable worker runs, which needs neither
    import fcntl
    import pwd
except ImportError:
    fcntl = pwd = None

from .accounting import CgroupTree, ProcessTree
from .system import python_view

WORKER = Path(__file__).with_name("worker.py")
UID_BASE = 61000
UID_COUNT = 64  # sandbox uids UID_BASE .. UID_BASE + 63 (below systemd's DynamicUser range, 61184+)


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


def worker_arguments(request):
    """The worker's request as `key=value` arguments (lists comma-separated): no JSON to import."""
    args = []
    for key, value in request.items():
        if isinstance(value, (list, tuple)):
            value = ",".join(value)
        value = str(value)
        if any(c in value for c in "\0\n") or (key in ("forbid", "refuse", "run", "modules") and "=" in value):
            raise ValueError(f"cannot pass {key}={value!r} to the worker")
        args.append(f"{key}={value}")
    return args


class Interrupted(Exception):
    """The batch was interrupted (Ctrl-C): no worker is started any more."""


class SandboxUnavailable(RuntimeError):
    """--require-sandbox was given and the full sandbox cannot be had here."""


def _world_executable(path):
    """Whether every folder above `path` can be entered and the file run by any user."""
    p = Path(path)
    for parent in [p, *p.parents]:
        try:
            mode = parent.stat().st_mode
        except OSError:
            return False
        if not mode & 0o001:
            return False
    return True


def find_python():
    """An interpreter the worker's uid can run: the system's, else the grader's own base."""
    candidates = ["/usr/bin/python3", os.path.realpath(sys.executable)]
    for candidate in candidates:
        if os.path.exists(candidate) and _world_executable(candidate):
            return candidate
    return os.path.realpath(sys.executable)


def _bwrap_features(bwrap):
    """The hardening options this bubblewrap has (0.8 has both; older ones may lack them)."""
    try:
        text = subprocess.run([bwrap, "--help"], capture_output=True, timeout=10, env={}).stdout.decode()
    except (OSError, subprocess.SubprocessError):
        text = ""
    return frozenset(opt for opt in ("--size", "--disable-userns") if opt in text)


def _namespaces(features):
    """Every namespace; and, where bwrap can, no user namespace may be created inside the sandbox."""
    args = ["--unshare-all"]
    if "--disable-userns" in features:
        args += ["--unshare-user", "--disable-userns"]
    return args


def _bwrap_works(bwrap, python, uid, features=frozenset()):
    """Try the real thing once: bubblewrap may be installed but user namespaces disabled."""
    try:
        result = subprocess.run(
            _uid_prefix(uid) + [bwrap, *_namespaces(features), "--die-with-parent",
                                *_system_binds(python, features=features), "--remount-ro", "/",
                                python, "-I", "-S", "-c", "pass"],
            capture_output=True, timeout=20, env={}, cwd="/",
        )
    except (OSError, subprocess.SubprocessError):
        return False, "bwrap could not be started"
    if result.returncode != 0:
        return False, result.stderr.decode(errors="replace").strip()[:300]
    return True, ""


def _oom_first():
    """The kernel's OOM killer takes the worker (and everything it forks) before anything else.

    The memory limit is per process (address space), so a submission that forks up to the
    process limit and fills memory in every child can still press the host; then it, not the
    grader, is what gets killed. (Raising one's own oom_score_adj needs no privilege; lowering
    it back does.)
    """
    choom = shutil.which("choom")
    return [choom, "-n", "1000", "--"] if choom else []


def _uid_prefix(uid):
    if uid is None:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"] if setpriv else []


def _system_binds(python, *, features=frozenset(), scratch_bytes=64 << 20):
    """The read-only system the worker sees: its Python and the libraries it links (see system.py),
    proc, dev, and a /tmp of `scratch_bytes` (where bwrap can cap it), the only place it may write."""
    args = list(python_view(python).args)
    args += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev"]
    if "--size" in features:
        args += ["--size", str(scratch_bytes)]
    args += ["--tmpfs", "/tmp"]
    return args


def _lease_folder():
    """A folder only this user can write, holding one lock file per sandbox uid."""
    for top in ("/run/lock", tempfile.gettempdir()):
        folder = os.path.join(top, "micrograd-grader-uids")
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
        except OSError:
            continue
        info = os.lstat(folder)
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid() and not info.st_mode & 0o077:
            return folder
    raise SandboxUnavailable("no private folder for the sandbox uids' lock files (/run/lock or the temp folder)")


def lease_uid(wait=60.0):
    """A sandbox uid that no other grader on this machine holds: (uid, fd of its lock).

    The lease is an flock on `<lease folder>/<uid>`, so it ends when its holder closes it or
    dies, however it dies. Processes left with that uid by a grader that died are killed first.
    """
    folder = _lease_folder()
    deadline = time.monotonic() + wait
    while True:
        for uid in range(UID_BASE, UID_BASE + UID_COUNT):
            if _is_account(uid):  # a real user's: never run workers as it, never kill its processes
                continue
            fd = os.open(os.path.join(folder, str(uid)), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            kill_uid(uid)
            return uid, fd
        if time.monotonic() > deadline:
            raise SandboxUnavailable(f"all {UID_COUNT} sandbox uids ({UID_BASE}..{UID_BASE + UID_COUNT - 1}) "
                                     "are held by other graders running on this machine")
        time.sleep(0.2)


def _is_account(uid):
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


def uid_leased(uid):
    """Whether some live grader holds `uid` (so its processes are that grader's business)."""
    try:
        fd = os.open(os.path.join(_lease_folder(), str(uid)), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except (OSError, SandboxUnavailable):
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing drops the lock if we just took it
    return False


_COMPILER = """
import marshal, sys
name = sys.argv[1]
sys.stdout.buffer.write(marshal.dumps(compile(sys.stdin.buffer.read(), name, "exec")))
"""


_PRECOMPILED = ("probekit.py", "probes.py")  # the runner modules worker.py loads (see _load_source there)


def _compile_with(python, runner_files):
    """Marshalled code of each runner module except the worker itself, made by `python`."""
    out = {}
    for name, source in runner_files.items():
        if not name.endswith(".py") or name == "worker.py":
            continue
        try:
            result = subprocess.run([python, "-I", "-S", "-c", _COMPILER, name], input=source,
                                    capture_output=True, timeout=60, env={}, cwd="/")
        except (OSError, subprocess.SubprocessError):
            continue
        if result.returncode == 0:
            out[name + ".code"] = result.stdout
    return out


class Sandbox:
    """Knows how to start a worker here, and how strong its isolation is."""

    def __init__(self, limits=Limits(), *, require=False, use_bwrap=True):
        self.limits = limits
        self._compiled, self._lock = {}, threading.Lock()
        self._live, self._live_lock, self.stopping = {}, threading.Lock(), False
        self.python = find_python()
        self.is_root = os.geteuid() == 0
        self._leases, self._lease_lock = {}, threading.Lock()  # slot -> (uid, lock fd)
        self.root = Path(tempfile.mkdtemp(prefix="grade-sandbox-"))
        os.chmod(self.root, 0o711)  # workers may enter their own folder, not list the others
        self.bwrap = shutil.which("bwrap") if use_bwrap else None
        self.features = _bwrap_features(self.bwrap) if self.bwrap else frozenset()
        self.warning = None
        if self.bwrap:
            ok, why = _bwrap_works(self.bwrap, self.python, self.uid(0), self.features)
            if not ok:
                self.warning = f"bubblewrap is installed but does not work here ({why})"
                self.bwrap = None
        else:
            self.warning = "bubblewrap (bwrap) is not installed" if use_bwrap else "bubblewrap was turned off"
        if self.warning:
            self.warning += (
                "; falling back to a weaker sandbox: resource limits, an empty environment"
                + (" and a separate user" if self.is_root else "")
                + ", but no namespaces, so a submission can read files the grader can read "
                "and reach the network. Install bubblewrap (apt-get install bubblewrap) for the full sandbox."
            )
            if require:
                self.close()
                raise SandboxUnavailable(self.warning)
        self.strength = "bubblewrap" if self.bwrap else "rlimits"
        # How a worker's CPU time is counted and all its processes killed (see accounting.py).
        self.cgroups, self.no_cgroups = CgroupTree.create(limits.processes)
        self.accounting = self.cgroups or ProcessTree(self._leased_uid, processes_of_uid)

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
        """A fresh scratch folder for one run: work/ (the submission, writable) and runner/."""
        base = Path(tempfile.mkdtemp(prefix=f"w{slot}-", dir=self.root))
        work, runner = base / "work", base / "runner"
        work.mkdir()
        runner.mkdir()
        for name, data in files.items():
            target = work / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for name, data in {**runner_files, **self.compiled(runner_files)}.items():
            (runner / name).write_bytes(data)
        uid = self.uid(slot)
        if uid is not None:
            for path in [base, work, *work.rglob("*")]:
                os.chown(path, uid, uid)
            os.chmod(base, 0o700)
            for path in [runner, *runner.iterdir()]:
                os.chmod(path, 0o755 if path.is_dir() else 0o644)
        return base

    def compiled(self, runner_files):
        """`<name>.code`: the runner's modules compiled once by the worker's own interpreter.

        Compiling a suite's probes.py costs the worker about 12 ms, more than starting
        Python; marshalled code objects load in well under 1 ms. The worker falls back
        to the source if the code file is missing or does not load.
        """
        modules = {n: runner_files[n] for n in _PRECOMPILED if n in runner_files}  # what the worker loads
        key = hashlib.sha256(b"".join(modules[n] for n in sorted(modules))).hexdigest()
        with self._lock:
            if key not in self._compiled:
                self._compiled[key] = _compile_with(self.python, modules)
            return self._compiled[key]

    def command(self, slot, base, request):
        """The argv that starts the worker for the scratch folder `base`."""
        lim = self.limits
        limits = [
            shutil.which("prlimit") or "prlimit",
            f"--as={lim.memory_mb * 1024 * 1024}",
            f"--fsize={lim.file_size_mb * 1024 * 1024}",
            f"--nofile={lim.open_files}",
            f"--cpu={lim.cpu_seconds()}",
            "--core=0",
        ]
        if self.is_root:
            limits.append(f"--nproc={lim.processes}")
        limits.append("--")
        if self.bwrap:
            work, runner = "/sandbox", "/runner"
            sandbox = [
                self.bwrap, *_namespaces(self.features), "--die-with-parent", "--new-session", "--clearenv",
                "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
                "--setenv", "PYTHONHASHSEED", "0", "--setenv", "HOME", "/tmp",
                "--hostname", "sandbox", "--cap-drop", "ALL",
                *_system_binds(self.python, features=self.features, scratch_bytes=lim.file_size_mb << 20),
                "--ro-bind", str(base / "runner"), runner,
                # read-only: the host disk under it has no quota; /tmp is the capped place to write
                "--ro-bind", str(base / "work"), work,
                "--remount-ro", "/",
                "--chdir", work,
            ]
        else:
            work, runner = str(base / "work"), str(base / "runner")
            sandbox = []
        # the observation pipe is the worker's fd 0 (see start)
        request = dict(request, submission=work, runner=runner, obs_fd=0)
        return self.accounting.join_prefix(slot) + self._no_aslr() + limits + _oom_first() + _uid_prefix(self.uid(slot)) + sandbox + [
            self.python, "-I", "-S", "-B", "-u", f"{runner}/worker.py", *worker_arguments(request)
        ]

    @staticmethod
    def _no_aslr():
        """Address-space randomisation off: a set of Values iterates in address order, so an
        engine whose result depends on that order (a `=` instead of `+=` bug) would otherwise
        score differently from run to run."""
        setarch = shutil.which("setarch")
        return [setarch, platform.machine(), "-R"] if setarch else []

    def environment(self, base):
        """The whole environment a worker gets: nothing of the grader's."""
        return {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONHASHSEED": "0",
                "HOME": str(base / "work")}

    def start(self, slot, base, request, obs_write_fd, output_write_fd):
        with self._live_lock:
            if self.stopping:
                raise Interrupted("grading was interrupted")
            proc = subprocess.Popen(
                self.command(slot, base, request),
                # The observation pipe is the worker's fd 0, so its number (and the request) never varies.
                stdin=obs_write_fd, stdout=output_write_fd, stderr=output_write_fd,
                env=self.environment(base), cwd=str(base),
                start_new_session=True, close_fds=True,
            )
            self._live[slot] = proc
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

    def kill(self, slot, proc):
        """SIGKILL the worker's process group, and every process left with the worker's uid."""
        with self._live_lock:
            if self._live.get(slot) is proc:
                del self._live[slot]
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.accounting.kill(slot)  # with cgroups: every process it started, however it left the group
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        uid = self.uid(slot)
        if uid is not None:
            kill_uid(uid)

    def cleanup(self, base):
        shutil.rmtree(base, ignore_errors=True)

    def close(self):
        if getattr(self, "accounting", None) is not None:
            self.accounting.close()
        shutil.rmtree(self.root, ignore_errors=True)
        with self._lease_lock:
            for uid, fd in self._leases.values():
                kill_uid(uid)
                os.close(fd)
            self._leases.clear()


def processes_of_uid(uid):
    """Pids of live processes whose real uid is `uid` (read from /proc); zombies are already dead."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                state = real_uid = None
                for line in f:
                    if line.startswith("State:"):
                        state = line.split()[1]
                    elif line.startswith("Uid:"):
                        real_uid = int(line.split()[1])
                        break
            if real_uid == uid and state != "Z":
                pids.append(int(entry))
        except OSError:
            continue
    return pids


def kill_uid(uid):
    """Kill every process of a worker uid, repeating until none is left (a fork storm refills)."""
    for _ in range(50):
        pids = processes_of_uid(uid)
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass



def linux_sandbox_missing():
    """Why the Linux sandbox cannot be had here, or None when it can (prlimit is its first layer)."""
    if not sys.platform.startswith("linux"):
        return f"the Linux sandbox does not run on {platform.system() or sys.platform}"
    if shutil.which("prlimit") is None:
        return "the Linux sandbox's tools (prlimit, bubblewrap, setpriv) are not installed"
    return None


def open_sandbox(limits=Limits(), *, require=False, use_bwrap=True):
    """The strongest isolation this machine has: the Linux sandbox, else the portable worker.

    require=True (`--require-sandbox`) refuses anything short of bubblewrap.
    """
    why = linux_sandbox_missing()
    if why is None:
        return Sandbox(limits, require=require, use_bwrap=use_bwrap)
    if require:
        raise SandboxUnavailable(f"{why}: the full sandbox needs Linux with bubblewrap and util-linux")
    from .portable import PortableSandbox

    return PortableSandbox(limits, why=why)
