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
  `socketpair`, `io_uring_setup` and the calls that set an extended attribute
  (`setxattr`, `lsetxattr`, `fsetxattr`, `setxattrat`), `bpf`, `vmsplice`, `splice`, `tee` and
  `sendfile` (which put a reference to a page into a pipe, not a copy), and `inotify_init` and `inotify_init1`
  (whose queues hold events in the kernel's memory), `io_setup` (whose events are the whole host's) and
  Landlock's three calls (whose rules keep inodes alive) and `epoll_create` and `epoll_create1` (whose items, up to
  fs.epoll.max_user_watches per uid, are the kernel's memory) fail with EPERM (`DENIED`: an honest
  engine never calls them, and the sandbox has no network). The filter is a small
  classic-BPF program, built here for x86-64 and AArch64 (the architecture is
  checked first: a syscall of any other ABI, x32 included, fails too), and
  tried once on this machine before it is relied upon. With bubblewrap's
  `--size` capping /tmp, that leaves no page uncounted that a submission can
  hold; /tmp's inodes are the limit left (docs/security.md). `setrlimit` and `prlimit64` that would set
  RLIMIT_CORE fail too, and so do `fcntl`'s commands that set a byte-range lock (`_FCNTL_LOCKS`: locks are the
  kernel's memory, which no limit counts).

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
                            "socketpair": 53, "io_uring_setup": 425, "setxattr": 188, "lsetxattr": 189,
                            "fsetxattr": 190, "setxattrat": 463, "bpf": 321, "vmsplice": 278, "splice": 275,
                            "tee": 276, "sendfile": 40, "inotify_init": 253, "inotify_init1": 294,
                            "io_setup": 206, "landlock_create_ruleset": 444, "landlock_add_rule": 445,
                            "landlock_restrict_self": 446, "epoll_create": 213, "epoll_create1": 291}),
    "aarch64": (0xC00000B7, {"shmget": 194, "memfd_create": 279, "memfd_secret": 447, "semget": 190, "msgget": 186,
                             "mq_open": 180, "add_key": 217, "request_key": 218, "keyctl": 219, "socket": 198,
                             "socketpair": 199, "io_uring_setup": 425, "setxattr": 5, "lsetxattr": 6,
                             "fsetxattr": 7, "setxattrat": 463, "bpf": 280, "vmsplice": 75, "splice": 76,
                             "tee": 77, "sendfile": 71, "inotify_init1": 26, "io_setup": 0,
                             "landlock_create_ruleset": 444, "landlock_add_rule": 445, "landlock_restrict_self": 446,
                             "epoll_create1": 20}),
}
_ARCHES["amd64"] = _ARCHES["x86_64"]
_ARCHES["arm64"] = _ARCHES["aarch64"]
# Every system call that makes a kernel object holding memory that no address space counts, and that no
# limit of its own keeps small (pipes have the uid's pipe-user-pages-soft, keys the uid's key quota): shared
# memory (memfd, System V), System V semaphore sets (one process made 2,000 sets of 32,000 semaphores, 3.7 GB
# of the kernel's memory, in seconds) and message queues, POSIX message queues, sockets (a socketpair's buffers:
# 16 processes of 29 pairs, each buffer raised to net.core.wmem_max, held 7.4 GB here) and io_uring's rings.
# And extended attributes: a tmpfs (Linux 6.6 and later) keeps a file's `user.*` attributes in the kernel's own
# memory, which `--size` does not count (the tmpfs counts them only against its inodes' allowance, nr_inodes x
# 1 KiB, some 3 GB here by default): 64 KiB values set on files of /tmp at import held 4.6 GB of the kernel's
# slab in 10 s of CPU under a 64 MiB /tmp (`xattr-hoard`, session 22). Refused with EPERM, which Python's own
# copying (shutil.copystat) takes as "not supported here". And `bpf`: a BPF map's memory is charged to the
# memory cgroup alone (Linux 5.11 and later), so where a machine lets unprivileged users make maps
# (kernel.unprivileged_bpf_disabled 0) and gives the grader no memory controller, nothing else would count it.
# And the calls that put a *reference* to a page into a pipe's slot instead of a copy (session 23, `pipe-pin`):
# pipe-user-pages-soft counts a pipe's slots as one base page each, but a slot that vmsplice() filled with one byte
# of a transparent huge page keeps all 2 MiB of it once the worker has unmapped it (30 pipes of 16 slots held 960
# MiB under --memory 512; the uid's 16,384 slots, 32 GiB), and one that splice(), tee() or sendfile() filled from a
# file keeps the file's page (a large folio whole) after the file is truncated, past /tmp's `--size`. Refused, a
# pipe holds only what was written into it: copies, in base pages, which the uid's allowance bounds (64 MiB).
# Python's own copying (shutil's sendfile fast path) takes EPERM as "not here" and copies by read and write.
# And inotify (session 23, `inotify-queue`): each instance queues up to fs.inotify.max_queued_events (16,384) events,
# each a kernel allocation holding a file's name, and a uid may make fs.inotify.max_user_instances (128) of them:
# 48 instances watching /tmp while files with long names were made and removed there queued 204 MiB (60 made 246
# MiB of unreclaimable slab in 0.6 s of CPU; a uid's 128, about 500 MiB). (AArch64 has inotify_init1 alone: a name
# an architecture does not have is left out of its filter.) And io_setup (session 23, `aio-pool`): its events come
# from fs.aio-max-nr, one count for the whole machine (65,536), so one call took them all and every other process
# of the host (a database, a VM's disk) got EAGAIN from io_setup while the worker lived. And Landlock (session 23,
# `landlock-pin`): a ruleset holds any number of rules under one descriptor, each keeping the inode it names alive;
# rules for the /proc/<pid>/ entries of children that then exit kept 40 MiB of slab per 1,000 children (0.85 s of
# CPU), which the kernel cannot reclaim while the ruleset lives (some 2 GB in a submission's 60 s).
# And epoll (session 24, `epoll-hoard`): an epoll item is one (file, descriptor number) in one instance, some 200
# bytes of unreclaimable slab, and a uid may have fs.epoll.max_user_watches of them (5.5 million on a 24 GB machine,
# some 1.1 GB; a worker slot has a uid of its own). The descriptor limit does not bound them: an item lives as long
# as its two files, which children can hold while the worker borrows each with pidfd_getfd and puts it under every
# free number; 1.5 million items held 250 MB at import beside full marks. Refusing the instance (epoll_create,
# epoll_create1; AArch64 has the second alone) leaves no item to make.
# An engine needs none of them (the sandbox has no network); /tmp's files are the other way (tmpfs, `--size`).
DENIED = ("memfd_create", "memfd_secret", "shmget", "semget", "msgget", "mq_open", "socket", "socketpair",
          "io_uring_setup", "setxattr", "lsetxattr", "fsetxattr", "setxattrat", "bpf", "vmsplice", "splice", "tee",
          "sendfile", "inotify_init", "inotify_init1", "io_setup", "landlock_create_ruleset", "landlock_add_rule",
          "landlock_restrict_self", "epoll_create", "epoll_create1")
# A warm template's children share its namespaces (template.py): what would outlive a child there is refused too.
SHARED_NAMESPACE_DENIED = DENIED + ("add_key", "request_key", "keyctl")


def _instruction(code, jt, jf, k):
    return struct.pack("=HBBI", code, jt, jf, k)


# RLIMIT_CORE: the worker's is 1, soft and hard (layers: `--core=1`, thread_ids.worker_limits). A core_pattern
# that pipes (`|/usr/share/apport/apport ...`, systemd-coredump) ignores the core limit, but for the one value 1,
# which the kernel keeps to stop a helper's own crash recursing: with 0, every crash of a worker (up to --memory of
# it) was handed to the host's helper, running as root outside the sandbox, in no cgroup of the grader's. 1 also
# leaves no core file (smaller than a page). Lowering a limit needs no privilege, and 0 would give the pipe back:
# setrlimit and prlimit64 that set RLIMIT_CORE are refused too.
RLIMIT_CORE = 4
_RLIMIT_CALLS = {"x86_64": (160, 302), "aarch64": (164, 261)}  # setrlimit, prlimit64
_RLIMIT_CALLS["amd64"], _RLIMIT_CALLS["arm64"] = _RLIMIT_CALLS["x86_64"], _RLIMIT_CALLS["aarch64"]

# fcntl's commands that set a byte-range lock (session 24, `lock-hoard`): F_SETLK, F_SETLKW, F_OFD_SETLK and
# F_OFD_SETLKW. A lock is a struct file_lock of the kernel's (some 200 bytes of unreclaimable slab) that no limit
# counts: locks on every other byte do not merge, and over many files (each lock's insertion walks only its own
# file's list) they cost linear time: 200,000 locks, 37 MB, at import beside full marks; 23 MB a second of CPU, some
# 1.4 GB through a submission's 60 s. An engine locks nothing; refused, fcntl's other commands stay (Python sets
# descriptor flags with them). flock(2) is left: one lock per open file, which the descriptor limit bounds.
_FCNTL = {"x86_64": 72, "aarch64": 25}
_FCNTL["amd64"], _FCNTL["arm64"] = _FCNTL["x86_64"], _FCNTL["aarch64"]
_FCNTL_LOCKS = (6, 7, 37, 38)


def _argument(index, high=False):
    """The offset of a system call's argument in struct seccomp_data (its low or high 32 bits; little-endian)."""
    return 16 + 8 * index + (4 if high else 0)


def seccomp_program(machine=None, denied=DENIED):
    """The filter as bytes (an array of struct sock_filter), or None for an architecture not known here."""
    machine = machine or platform.machine()
    if machine not in _ARCHES or struct.calcsize("P") != 8 or sys.byteorder != "little":
        return None
    audit_arch, numbers = _ARCHES[machine]
    setrlimit, prlimit64 = _RLIMIT_CALLS[machine]
    # (code, jump if true, jump if false, k): a jump is a label ("allow", "deny", "setrlimit", "prlimit", "fcntl",
    # "next")
    steps = [("arch", _LD_W_ABS, "next", "next", 4),  # the syscall's ABI
             (None, _JEQ_K, "next", "deny", audit_arch),  # another ABI (i386 on x86-64): refused
             (None, _LD_W_ABS, "next", "next", 0)]  # the syscall's number
    if audit_arch == _ARCHES["x86_64"][0]:
        steps.append((None, _JGE_K, "deny", "next", _X32_BIT))  # x32's numbers: all refused
    steps += [(None, _JEQ_K, "deny", "next", numbers[name]) for name in denied if name in numbers]
    steps += [(None, _JEQ_K, "setrlimit", "next", setrlimit),
              (None, _JEQ_K, "fcntl", "next", _FCNTL[machine]),
              (None, _JEQ_K, "prlimit", "allow", prlimit64),
              ("setrlimit", _LD_W_ABS, "next", "next", _argument(0)),  # setrlimit(resource, new)
              (None, _JEQ_K, "deny", "allow", RLIMIT_CORE),
              ("prlimit", _LD_W_ABS, "next", "next", _argument(1)),  # prlimit64(pid, resource, new, old)
              (None, _JEQ_K, "next", "allow", RLIMIT_CORE),
              (None, _LD_W_ABS, "next", "next", _argument(2)),  # a new limit given (not NULL): refused
              (None, _JEQ_K, "next", "deny", 0),
              (None, _LD_W_ABS, "next", "next", _argument(2, high=True)),
              (None, _JEQ_K, "allow", "deny", 0),
              ("fcntl", _LD_W_ABS, "next", "next", _argument(1))]  # fcntl(fd, cmd, arg): cmd, an unsigned int
    steps += [(None, _JEQ_K, "deny", "next" if i + 1 < len(_FCNTL_LOCKS) else "allow", command)
              for i, command in enumerate(_FCNTL_LOCKS)]
    steps += [("allow", _RET_K, "next", "next", _ALLOW),
              ("deny", _RET_K, "next", "next", _ERRNO | _EPERM)]
    where = {label: index for index, (label, *_) in enumerate(steps) if label}

    def offset(index, label):  # a jump's offset counts from the next instruction
        return 0 if label == "next" else where[label] - (index + 1)

    return b"".join(_instruction(code, offset(i, jt), offset(i, jf), k)
                    for i, (_, code, jt, jf, k) in enumerate(steps))


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
