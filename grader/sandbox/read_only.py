"""The submission's folder read-only to the student's code wherever the worker runs (travels to the sandbox).

The bubblewrap sandbox binds the scratch folder read-only, so an engine that writes beside itself fails there
("Read-only file system"). The portable worker (a student's own `grade check` on a laptop) and a Linux without
bubblewrap run the same worker in a plain folder the user can write: such an engine passed its check and failed
its grade of record (session 24, bench/seams/fresh24.py). `keep(folder)` installs an audit hook (PEP 578: no
Python code can remove one) that refuses, with the same error the read-only bind gives, every write the
interpreter audits inside the folder: opening for writing or creating, making, removing or renaming a file or
folder, links, truncating, changing modes, owners or times. Reading is untouched. Everywhere else (the private
/tmp) writes go on as before. Inside the sandbox the bind refuses them first; the hook says the same.

What no audited event names inside the folder (a path relative to a descriptor, a C library's write) is refused by
the folder's modes (scratch.py's `read_only_modes`), which a worker that owns its folder (the portable worker, the
rlimits fallback without root) could give back itself. So a change of modes or owner is refused by what it
changes, not by the name it is asked by: a descriptor (`os.fchmod`, `os.chmod(fd)`), a name relative to a
descriptor (`dir_fd`) or a link made elsewhere to one of the folder's files or folders each name one of the
folder's inodes, and is refused (session 26); so is ctypes' lookup of the C library's calls that change modes or
owners. Left: a program the worker starts, and ctypes' `syscall` (any system call by its number: the sandbox's
seccomp filter is the wall there, and the red team's fixtures that probe that filter go through it), as
docs/security.md says.

The same hook refuses what the sandbox gives no submission, with a reason that names it, where the worker would
otherwise have it: multiprocessing's locks, queues, pools, pipes, managers and shared memory (the modules that
make them: `_multiprocessing`, `_posixshmem`, `multiprocessing.heap`). The sandbox has no shared memory (its
`/dev/shm` is empty and read-only) and refuses sockets, so there they failed with "Read-only file system" or
"Operation not permitted", and a portable check ran them: a pool scored 63/63 in a student's check and 0/63 in the
grade of record (session 25). A bare `multiprocessing.Process` runs in both.
"""

import sys

try:  # os's system calls without importing os, as worker.py does: os is a seventh of a fresh worker's own start
    import posix as _os
except ImportError:  # Windows (sandbox/portable.py): os itself
    import os as _os

# os.open's flags that write: a file opened with any of them is a write
_WRITES = _os.O_WRONLY | _os.O_RDWR | _os.O_CREAT | _os.O_TRUNC | _os.O_APPEND
# audited events that change the file system, and which of their arguments are paths
_CHANGES = {"os.mkdir": (0,), "os.remove": (0,), "os.rmdir": (0,), "os.rename": (0, 1), "os.link": (0, 1),
            "os.symlink": (1,), "os.truncate": (0,), "os.chmod": (0,), "os.chown": (0,), "os.utime": (0,),
            "os.chflags": (0,), "os.lchflags": (0,), "os.mkfifo": (0,), "os.mknod": (0,), "os.setxattr": (0,),
            "os.removexattr": (0,)}


# changes of mode or owner: refused by the inode they change, however it is named
_MODES = ("os.chmod", "os.chown")
# the C library's calls a ctypes lookup finds by name that would change modes or owners
_C_CALLS = frozenset(("chmod", "fchmod", "fchmodat", "lchmod", "chown", "fchown", "fchownat", "lchown"))
# what makes multiprocessing's locks, queues, pools, pipes and managers, and shared memory: the sandbox has none
_SHARED = frozenset(("_multiprocessing", "_posixshmem", "multiprocessing.heap"))
NO_SHARED_MEMORY = ("multiprocessing's locks, queues, pools, pipes, managers and shared memory are not available: "
                    "the sandbox a submission is graded in has no shared memory and no sockets (a "
                    "multiprocessing.Process of its own still runs); compute in this one process")


def keep(folder: str) -> None:
    """Refuse writes inside FOLDER (and below it) from now on, in this process. Paths are resolved (os.path) only
    when the student's code asks to write or change a file: the hook costs a worker's start nothing else."""
    root = []  # FOLDER's real path, found at the first write asked for

    def inside(path) -> bool:
        if isinstance(path, int) or path is None:  # a descriptor: opened before, as a read or outside
            return False
        try:
            import os.path  # only here: importing it opens files to read them at most, which this hook lets be

            if not root:
                root.append(os.path.join(os.path.realpath(folder), ""))
            text = os.fsdecode(os.fspath(path))
            return os.path.join(os.path.realpath(os.path.join(os.getcwd(), text)), "").startswith(root[0])
        except Exception:  # a path that cannot be resolved is not the folder's
            return False

    inodes = []  # the folder's files' and folders' (device, inode), found at the first change of modes asked for

    def names_the_folder(target, dir_fd) -> bool:
        """Whether TARGET (a path, relative to DIR_FD where that is not -1, or a descriptor) is one of the folder's
        files or folders, whatever name reaches it."""
        try:
            if not inodes:
                import os

                for top, dirs, files in os.walk(folder):
                    for name in (".", *dirs, *files):
                        found = os.lstat(os.path.join(top, name))
                        inodes.append((found.st_dev, found.st_ino))
            if isinstance(target, int):
                found = [_os.fstat(target)]
            else:
                at = None if dir_fd is None or dir_fd == -1 else dir_fd
                found = [_os.lstat(target, dir_fd=at)]
                try:
                    found.append(_os.stat(target, dir_fd=at))
                except OSError:
                    pass
        except Exception:  # a name or descriptor that names nothing changes nothing
            return False
        return any((st.st_dev, st.st_ino) in inodes for st in found)

    def refused(path) -> OSError:
        import errno

        return OSError(errno.EROFS, _os.strerror(errno.EROFS), path)

    def hook(event, args):
        if event == "open":
            path, _, flags = args
            if flags & _WRITES and inside(path):
                raise refused(path)
        elif event in _CHANGES:
            for index in _CHANGES[event]:
                if index < len(args) and inside(args[index]):
                    raise refused(args[index])
            if event in _MODES and args and names_the_folder(args[0], args[-1]):
                raise refused(args[0])
        elif event == "import" and args and args[0] in _SHARED:
            raise ImportError(NO_SHARED_MEMORY, name=args[0])
        elif event in ("ctypes.dlsym", "ctypes.dlsym/handle") and len(args) > 1 and str(args[1]) in _C_CALLS:
            import errno

            raise OSError(errno.EPERM, f"{_os.strerror(errno.EPERM)}: ctypes' {args[1]}")

    sys.addaudithook(hook)
