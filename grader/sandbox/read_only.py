"""The submission's folder read-only to the student's code wherever the worker runs (travels to the sandbox).

The bubblewrap sandbox binds the scratch folder read-only, so an engine that writes beside itself fails there
("Read-only file system"). The portable worker (a student's own `grade check` on a laptop) and a Linux without
bubblewrap run the same worker in a plain folder the user can write: such an engine passed its check and failed
its grade of record (session 24, bench/seams/fresh24.py). `keep(folder)` installs an audit hook (PEP 578: no
Python code can remove one) that refuses, with the same error the read-only bind gives, every write the
interpreter audits inside the folder: opening for writing or creating, making, removing or renaming a file or
folder, links, truncating, changing modes, owners or times. Reading is untouched. Everywhere else (the private
/tmp) writes go on as before. Inside the sandbox the bind refuses them first; the hook says the same.
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

    sys.addaudithook(hook)
