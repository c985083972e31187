"""What this machine offers the sandbox: the Linux tools, an interpreter the worker's uid can run,
and a bubblewrap that works here (installed is not enough: user namespaces may be turned off), with
the hardening options it has."""

import functools
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .errors import SandboxUnavailable
from .claim import run_bwrap_trial
from .host_facts import program, remembered
from .layers import namespaces, system_binds, uid_prefix


def linux_sandbox_missing():
    """Why the Linux sandbox cannot be had here, or None when it can (prlimit is its first layer)."""
    if not sys.platform.startswith("linux"):
        return f"the Linux sandbox does not run on {platform.system() or sys.platform}"
    if shutil.which("prlimit") is None:
        return "the Linux sandbox's tools (prlimit, bubblewrap, setpriv) are not installed"
    return None


def world_executable(path):
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


def scratch_parent(workers_have_own_uids):
    """Where the workers' scratch folders go: the temporary folder ($TMPDIR), unless the workers run
    as uids of their own that cannot enter it (a TMPDIR inside a home folder of mode 0700, as some CI
    runners set it), then /tmp, /var/tmp or /dev/shm. Every worker died at import there, `crashed`."""
    default = tempfile.gettempdir()
    if not workers_have_own_uids:
        return default
    for candidate in (default, "/tmp", "/var/tmp", "/dev/shm"):
        if os.path.isdir(candidate) and world_executable(candidate):
            return candidate
    raise SandboxUnavailable(f"the workers' own uids cannot enter the temporary folder {default} (a folder above it "
                             "is closed to other users), nor /tmp, /var/tmp or /dev/shm: set TMPDIR to a folder "
                             "that every user may enter")


def find_python():
    """An interpreter the worker's uid can run: the system's, else the grader's own base."""
    candidates = ["/usr/bin/python3", os.path.realpath(sys.executable)]
    for candidate in candidates:
        if os.path.exists(candidate) and world_executable(candidate):
            return candidate
    return os.path.realpath(sys.executable)


def bwrap_features(bwrap):
    """The hardening options this bubblewrap has (0.8 has both; older ones may lack them)."""
    def trial():
        try:
            text = subprocess.run([bwrap, "--help"], capture_output=True, timeout=10, env={}).stdout.decode()
        except (OSError, subprocess.SubprocessError):
            return False, []
        return bool(text), sorted(opt for opt in ("--size", "--disable-userns") if opt in text)

    return frozenset(remembered("bwrap-features", [program(bwrap)], trial))


def bwrap_works(bwrap, python, uid, features=frozenset()):
    """Try the real thing once: bubblewrap may be installed but user namespaces disabled. A success is
    remembered for this boot (host_facts.py), for a worker uid of the grader's own or for the grader's."""
    def trial():
        try:
            result = run_bwrap_trial(
                uid_prefix(uid) + [bwrap, *namespaces(features), "--die-with-parent",
                                   *system_binds(python, features=features), "--remount-ro", "/",
                                   python, "-I", "-S", "-c", "pass"],
                bwrap, capture_output=True, timeout=20, env={}, cwd="/",
            )
        except (OSError, subprocess.SubprocessError):
            return False, [False, "bwrap could not be started"]
        if result.returncode != 0:
            return False, [False, result.stderr.decode(errors="replace").strip()[:300]]
        return True, [True, ""]

    ok, why = remembered("bwrap-works", [program(bwrap), program(python), uid is None, sorted(features),
                                         [program(p) for p in uid_prefix(uid)[:1]]], trial)
    return ok, why


@functools.cache
def grading_python() -> str:
    """The version of the Python that runs students' code (the sandbox's interpreter), e.g. "3.11.2"."""
    try:
        done = subprocess.run([find_python(), "-I", "-S", "-c", "import platform; print(platform.python_version())"],
                              capture_output=True, text=True, timeout=10)
        return done.stdout.strip() or platform.python_version()
    except (OSError, subprocess.SubprocessError):
        return platform.python_version()


def unreaped_warning(no_cgroups):
    """What a grader with neither bubblewrap's pid namespace, nor cgroup v2 (`no_cgroups`: why not), nor root (a
    uid per slot) cannot do, and what would give it back (docs/security.md, "A grader that runs for days")."""
    return ("Nor can it kill or reap what escapes a worker: without bubblewrap, cgroup v2 (" + no_cgroups + ") or "
            "root (a uid of its own per worker), a process that leaves the worker's process group (a double-forked "
            "daemon) outlives its run as the grader's user, and stays the grader's zombie when it dies. Install "
            "bubblewrap, give the grader a cgroup v2 subtree of its own (systemd's Delegate=yes), or run it as root.")
