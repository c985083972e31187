"""The scratch folders of a sandbox's runs: `<root>/w<slot>-...`, holding work/ (the submission's files) and runner
(a link to the runner's folder, runner_files.py).

With bubblewrap a worker sees work/ only through a read-only bind at /sandbox: it can write nothing there, so the
folder holds exactly the files the grader wrote. Each slot then keeps one folder, `w<slot>`, made once: a run's
files are written into its work/ and removed again by name, instead of a new folder made and walked away each
run (about a dozen metadata operations on the scratch file system fewer: docs/architecture.md, "A worker's CPU
outside the probes"). The slot's folder is given to a run only when

- no other run of the slot holds it (else that run gets a folder of its own, as below),
- every process of the slot's last worker is known to be gone (the slot's cgroup emptied: `worker_gone`), so
  that nothing of an earlier submission can see this one's files through its bind, and
- its work/ is empty (a run whose process was killed before it cleaned up leaves its files: that folder is not
  used again).

Otherwise (no bubblewrap; or any of the above) a run gets a folder of its own, `w<slot>-<random>`, removed whole at
cleanup, as every run did before.

Without bubblewrap no bind makes work/ read-only, so its modes do (`lock_work`, `read_only_modes`): its folders
r-x and its files r-- to the worker, and as root the grader's own, the slot's group (the worker's) let read them. The
worker's audit hook (read_only.py) says the bind's error for every write Python audits; the modes refuse at the
kernel what it cannot see: a path relative to a descriptor (`os.open(name, flags, dir_fd=...)`, which the audit
event does not carry), a C extension's or a child process's write, a file a library makes by itself (sqlite3, a
unix socket's bind). As root the worker owns nothing there and cannot change that; as the grader's own user it owns
the files, and a child process or ctypes can give itself the modes back (docs/security.md).
"""

import os
import shutil
import tempfile
import threading
from pathlib import Path


HOME = "home"  # beside work/ without bubblewrap: the worker's HOME (with it, HOME is the sandbox's private /tmp)
FOLDER_MODE, FILE_MODE = 0o550, 0o440  # work/'s folders and files without a read-only bind: read by owner and group


def read_only_modes(work, group=None):
    """WORK's folders and files (WORK too) made read-only: FOLDER_MODE, FILE_MODE; with `group` (the worker's, as
    root), owned by this process and that group, so that the worker reads them and can change nothing. POSIX only
    (Windows has no such modes: its worker keeps only the audit hook)."""
    if os.name == "nt":
        return
    for folder, _, names in os.walk(work):
        for name in names:
            path = os.path.join(folder, name)
            if group is not None:
                os.chown(path, -1, group, follow_symlinks=False)
            os.chmod(path, FILE_MODE)
        if group is not None:
            os.chown(folder, -1, group)
        os.chmod(folder, FOLDER_MODE)


def remove_scratch(base):
    """shutil.rmtree(BASE), its folders made writable to this process first (read_only_modes took that away). Each
    folder is changed by the descriptor os.fwalk opened it by, never by its path: the worker's HOME beside work/ is
    its own, and a folder there turned into a link to `/etc` between the walk's listing and the change would have
    had root change `/etc` (review25: os.walk's paths were given to chmod, which follows a link)."""
    if os.name != "nt":
        for _, _, _, fd in os.fwalk(base):  # into no link: each folder opened without following one
            try:
                os.chmod(fd, 0o700)
            except OSError:
                pass
    shutil.rmtree(base, ignore_errors=True)


class ScratchFolders:
    def __init__(self, root, keep_per_slot, lock_work=False):
        """`lock_work`: no bind makes work/ read-only (no bubblewrap): read_only_modes does, and the worker's uid
        (as root) owns nothing of it."""
        self.root, self.keep_per_slot, self.lock_work = Path(root), keep_per_slot, lock_work
        self._lock = threading.Lock()
        self._held = {}  # a kept slot folder in use -> [(path, is a folder) the run wrote in it, in order]
        self._unsure = set()  # slots whose last worker is not known to be gone

    def worker_started(self, slot):
        with self._lock:
            self._unsure.add(slot)

    def worker_gone(self, slot):
        """Every process of the slot's last worker is gone (its cgroup is empty)."""
        with self._lock:
            self._unsure.discard(slot)

    def prepare(self, slot, files, runner_folder, uid):
        """A folder holding work/ with `files` and runner -> `runner_folder`: the slot's own when it may be used,
        else a new one. Everything in work/ is the worker uid's (its folders 0755, as mkdir makes them), or with
        `lock_work` the grader's, read-only (read_only_modes)."""
        base, made = self._kept(slot), []
        kept = base is not None
        if not kept:
            base = Path(tempfile.mkdtemp(prefix=f"w{slot}-", dir=self.root))
            (base / "work").mkdir()
        if not kept or self._held[base] is None:  # new: the uid's, and no runner link yet
            made += [base, base / "work"]
        work, written = base / "work", []
        for name, data in files.items():
            target = work / name
            missing, parent = [], target.parent
            while parent != work and not parent.is_dir():
                missing.append(parent)
                parent = parent.parent
            if missing:
                target.parent.mkdir(parents=True, exist_ok=True)
                made += missing
                written += [(folder, True) for folder in reversed(missing)]
            target.write_bytes(data)
            made.append(target)
            written.append((target, False))
        link = base / "runner"
        if base in made or os.readlink(link) != str(runner_folder):
            if base not in made:
                os.unlink(link)
            os.symlink(runner_folder, link)
        if self.lock_work:
            read_only_modes(work, group=uid)
            home = base / HOME  # the worker's HOME, its own to write, as the sandbox's HOME is its private /tmp
            home.mkdir(mode=0o700, exist_ok=True)
            if uid is not None:  # the worker enters it by its group, and can rename nothing in it
                os.chown(home, uid, uid)
                os.chown(base, -1, uid)
                os.chmod(base, 0o750)
        elif uid is not None:
            for path in made:
                os.chown(path, uid, uid)
            if base in made:
                os.chmod(base, 0o700)
        if kept:
            with self._lock:
                self._held[base] = written
        return base

    def _kept(self, slot):
        """The slot's own folder, where it may be used for this run (module docstring); made the first time (then
        `_held` says None for it until prepare has filled it)."""
        if not self.keep_per_slot:
            return None
        base = self.root / f"w{slot}"
        with self._lock:
            if slot in self._unsure or base in self._held:
                return None
            self._held[base] = []  # claimed before the lock is let go
        try:
            if not os.listdir(base / "work"):
                return base
        except FileNotFoundError:
            try:
                os.mkdir(base, 0o700)
                os.mkdir(base / "work")
                with self._lock:
                    self._held[base] = None
                return base
            except OSError:
                pass
        except OSError:
            pass
        with self._lock:
            del self._held[base]  # left to no one: its work/ was not empty, or it could not be made
        return None

    def cleanup(self, base):
        base = Path(base)
        with self._lock:
            written = self._held.pop(base, None)
        if written is None:
            remove_scratch(base)
            return
        try:
            for path, folder in reversed(written):
                (os.rmdir if folder else os.unlink)(path)
        except OSError:
            pass  # something is left: the next run sees a work/ that is not empty and makes a folder of its own
