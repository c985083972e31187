"""Memory that the address-space limit does not count, and the bounds that count it.

`prlimit --as` bounds what each process has mapped. Pages that no process has
mapped are not counted: a memfd written and unmapped, a System V shared memory
segment, files in a tmpfs. Each is capped per file by `--file-size`, but one
process may hold `--open-files` of them and a worker may run `--processes`
processes, so a submission could hold gigabytes of the host's RAM under
`--memory 256`. Two bounds close that, used wherever the machine has them:

- **cgroup v2 `memory.max`** on each worker slot's cgroup (accounting.py makes
  it), where the hierarchy offers the `memory` controller: every page the
  worker's processes use is charged to it, shared memory and tmpfs included.
  It is `--memory` plus `--file-size` (the /tmp the worker may fill), for all
  the worker's processes together, with no swap; over it the kernel kills the
  worker (`memory.oom.group`), and its run ends `crashed`.
- **a seccomp filter** given to bubblewrap (`--seccomp FD`): `memfd_create`,
  `memfd_secret`, `shmget`, `semget`, `msgget`, `mq_open`, `socket`,
  `socketpair` and `io_uring_setup` fail with EPERM (`DENIED`: an honest
  engine never calls them, and the sandbox has no network). The filter is a small
  classic-BPF program, built here for x86-64 and AArch64 (the architecture is
  checked first: a syscall of any other ABI, x32 included, fails too), and
  tried once on this machine before it is relied upon. With bubblewrap's
  `--size` capping /tmp, that leaves no page uncounted that a submission can
  hold; /tmp's inodes are the limit left (docs/security.md).

/dev/shm is read-only inside bubblewrap (its /dev is remounted read-only), so
POSIX shared memory cannot be made there. Where neither bound can be had (no
memory controller; no bubblewrap, another architecture, or a bubblewrap whose
/tmp cannot be capped), the sandbox says it is weaker, as it does without
bubblewrap (`describe_bound`).
"""

import hashlib
import os
import platform
import struct
import subprocess
import sys

from . import host_facts
from .claim import run_bwrap_trial

MiB = 1 << 20

# struct seccomp_data: nr at offset 0, arch at offset 4
_LD_W_ABS, _JEQ_K, _JGE_K, _RET_K = 0x20, 0x15, 0x35, 0x06
_ALLOW, _ERRNO = 0x7FFF0000, 0x00050000
_EPERM = 1
_X32_BIT = 0x40000000

# architecture (platform.machine()) -> (AUDIT_ARCH_*, {syscall: number})
_ARCHES = {
    "x86_64": (0xC000003E, {"shmget": 29, "memfd_create": 319, "memfd_secret": 447, "semget": 64, "msgget": 68,
                            "mq_open": 240, "add_key": 248, "request_key": 249, "keyctl": 250, "socket": 41,
                            "socketpair": 53, "io_uring_setup": 425}),
    "aarch64": (0xC00000B7, {"shmget": 194, "memfd_create": 279, "memfd_secret": 447, "semget": 190, "msgget": 186,
                             "mq_open": 180, "add_key": 217, "request_key": 218, "keyctl": 219, "socket": 198,
                             "socketpair": 199, "io_uring_setup": 425}),
}
_ARCHES["amd64"] = _ARCHES["x86_64"]
_ARCHES["arm64"] = _ARCHES["aarch64"]
# Every system call that makes a kernel object holding memory that no address space counts, and that no
# limit of its own keeps small (pipes have the uid's pipe-user-pages-soft, keys the uid's key quota): shared
# memory (memfd, System V), System V semaphore sets (one process made 2,000 sets of 32,000 semaphores, 3.7 GB
# of the kernel's memory, in seconds) and message queues, POSIX message queues, sockets (a socketpair's buffers:
# 16 processes of 29 pairs, each buffer raised to net.core.wmem_max, held 7.4 GB here) and io_uring's rings.
# An engine needs none of them (the sandbox has no network); /tmp's files are the other way (tmpfs, `--size`).
DENIED = ("memfd_create", "memfd_secret", "shmget", "semget", "msgget", "mq_open", "socket", "socketpair",
          "io_uring_setup")
# A warm template's children share its namespaces (template.py): what would outlive a child there is refused too.
SHARED_NAMESPACE_DENIED = DENIED + ("add_key", "request_key", "keyctl")


def _instruction(code, jt, jf, k):
    return struct.pack("=HBBI", code, jt, jf, k)


def seccomp_program(machine=None, denied=DENIED):
    """The filter as bytes (an array of struct sock_filter), or None for an architecture not known here."""
    machine = machine or platform.machine()
    if machine not in _ARCHES or struct.calcsize("P") != 8:
        return None
    audit_arch, numbers = _ARCHES[machine]
    checks = [(_JGE_K, _X32_BIT)] if audit_arch == _ARCHES["x86_64"][0] else []  # x32's numbers: all refused
    checks += [(_JEQ_K, numbers[name]) for name in denied]
    deny = 3 + len(checks) + 1  # index of the last instruction: arch, jump, nr, the checks, allow, deny

    def to_deny(index):  # a jump's offset counts from the next instruction
        return deny - (index + 1)

    program = [_instruction(_LD_W_ABS, 0, 0, 4),  # the syscall's ABI
               _instruction(_JEQ_K, 0, to_deny(1), audit_arch),  # another ABI (i386 on x86-64): refused
               _instruction(_LD_W_ABS, 0, 0, 0)]  # the syscall's number
    for index, (code, k) in enumerate(checks, start=3):
        program.append(_instruction(code, to_deny(index), 0, k))
    program.append(_instruction(_RET_K, 0, 0, _ALLOW))
    program.append(_instruction(_RET_K, 0, 0, _ERRNO | _EPERM))
    assert len(program) == deny + 1
    return b"".join(program)


_PROBE = """
import os, sys
try:
    os.memfd_create("probe")
except PermissionError:
    sys.exit(0)
sys.exit(3)
"""


class SeccompFilter:
    """The filter written once to `path`, opened afresh for each worker (bubblewrap reads it to its end)."""

    def __init__(self, path):
        self.path = path

    _tried = {}  # (bwrap's argv for fd 0, the program) -> why it does not work here, or None: once per process

    @classmethod
    def create(cls, folder, bwrap_prefix, denied=DENIED, name="seccomp.bpf"):
        """A SeccompFilter that works here, or (None, why not). `bwrap_prefix(fd)` is the argv that runs a
        program in the sandbox with the filter read from fd: the filter is tried on a memfd_create (once per
        process for one bubblewrap and interpreter: about 0.15 s)."""
        program = seccomp_program() if denied is DENIED else seccomp_program(denied=denied)
        if program is None:
            return None, f"no seccomp filter is known for this architecture ({platform.machine()})"
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(program)
        tried = cls(path)
        known = (tuple(bwrap_prefix(0)), program)
        if known not in cls._tried:
            argv = list(known[0])
            parts = [argv, hashlib.sha256(program).hexdigest(),
                     [host_facts.program(a) for a in argv if os.path.isabs(a) and os.path.isfile(a)]]
            cls._tried[known] = host_facts.remembered("seccomp", parts, lambda: (
                (why := tried._try(bwrap_prefix)) is None, why))
        why = cls._tried[known]
        return (None, why) if why else (tried, None)

    def _try(self, bwrap_prefix):
        """Why the filter does not refuse memfd_create in the sandbox here, or None when it does."""
        fd = self.open()
        try:
            argv = bwrap_prefix(fd)
            result = run_bwrap_trial(argv + ["-c", _PROBE], argv[0], pass_fds=(fd,), capture_output=True,
                                     timeout=30, env={}, cwd="/")
        except (OSError, subprocess.SubprocessError) as exc:
            return f"bubblewrap could not load a seccomp filter ({exc})"
        finally:
            os.close(fd)
        if result.returncode != 0:
            why = result.stderr.decode(errors="replace").strip()[-200:] or f"exit status {result.returncode}"
            return f"bubblewrap's seccomp filter did not refuse memfd_create here ({why})"
        return None

    def open(self):
        return os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))


def slot_memory_bytes(limits):
    """memory.max of a worker slot: its address-space limit and the /tmp it may fill, for all its processes."""
    return (limits.memory_mb + limits.file_size_mb) * MiB


def limit_slot_memory(slot_folder, limits):
    """Write the slot cgroup's memory bound (no swap; the whole worker killed together when it is reached).
    Raises OSError when the cgroup does not take it."""
    for name, value in (("memory.max", str(slot_memory_bytes(limits))), ("memory.swap.max", "0"),
                        ("memory.oom.group", "1")):
        path = os.path.join(slot_folder, name)
        if name != "memory.max" and not os.path.exists(path):
            continue  # no swap accounting here, or a kernel before 4.19: memory.max alone still bounds it
        with open(path, "w") as f:
            f.write(value)


def describe_bound(*, cgroup_memory, seccomp, tmp_capped):
    """(bounded, words): whether the memory that RLIMIT_AS does not count is bounded, and by what (or why not)."""
    if cgroup_memory:
        return True, "memory: cgroup v2 memory.max per worker"
    missing = []
    if not seccomp[0]:
        missing.append(f"memfd and shared memory are not refused ({seccomp[1]})")
    if not tmp_capped:
        missing.append("its /tmp cannot be capped (bubblewrap before 0.7 has no --size)")
    if not missing:
        return True, "memory: seccomp (no memfd, no shared memory) and a capped /tmp"
    return False, ("nothing bounds the memory that the address-space limit does not count: "
                   + "; ".join(missing) + "; and cgroup v2's memory controller is not available to the grader")


if __name__ == "__main__":  # the program, for a look with `seccomp-tools` or the like
    sys.stdout.buffer.write(seccomp_program() or b"")
