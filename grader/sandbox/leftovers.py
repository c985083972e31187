"""The cgroups and scratch folders that killed graders left behind (see docs/security.md, "At a timeout").

A grader that is SIGKILLed cannot close its tree of cgroups (accounting.CgroupTree) nor remove its scratch
folder (`grade-sandbox-<pid>-*`, holding the runner and the files of the submissions it was observing); the
next grader to open a sandbox removes them: sweep_leftovers, sweep_scratch. Each is told from a live grader's by an
flock the grader holds on it while it lives (hold_tree, scratch_root), not by its pid alone: a grader in another
pid namespace sharing the folder or the cgroup parent has a pid that means nothing here, and a killed grader's pid
may have been given to another process since.
"""

import fcntl
import os
import re
import select
import shutil
import tempfile
import time

from .scratch import remove_scratch
from .slot_tmp import detach_under

_TREE_NAME = re.compile(r"micrograd-grader-(\d+)-\d+")  # a grader's before the lock: judged by its pid
HELD_SUFFIX = "-locked"  # micrograd-grader-<pid>-<n>-locked: a tree whose grader holds an flock on it (hold_tree)
_HELD_NAME = re.compile(r"micrograd-grader-\d+-\d+" + HELD_SUFFIX)
_ROOT_PREFIX = "grade-sandbox-"
_ROOT_NAME = re.compile(_ROOT_PREFIX + r"(\d+)-[a-z0-9_]+")  # tempfile.mkdtemp's random part: no "-"


def scratch_root(parent):
    """A scratch folder of this grader's own in `parent`, `grade-sandbox-<pid>-<random>`, and a descriptor that holds
    an flock on it for as long as this process (or a child it forked, a fleet horse) lives: the mark that it is
    in use (sweep_scratch). Close the descriptor once the folder is removed (Sandbox.close)."""
    path = tempfile.mkdtemp(prefix=f"{_ROOT_PREFIX}{os.getpid()}-", dir=parent)
    fd = None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        fcntl.flock(fd, fcntl.LOCK_EX)
        return path, fd
    except BaseException:  # nothing left behind: no caller has the folder yet
        if fd is not None:
            os.close(fd)
        shutil.rmtree(path, ignore_errors=True)
        raise


def sweep_scratch(parent):
    """Remove the scratch folders that graders killed mid-batch left in `parent` (a SIGKILLed `grade`, a `grade serve`
    worker or `grade worker` stopped by systemd's SIGKILL or the OOM killer): each `grade-sandbox-<pid>-*` of this
    user's whose grader pid is not alive here and whose flock no process holds (a grader in another pid namespace
    that shares this folder holds it). A folder named otherwise (a grader before this one: no pid, no flock) is
    left alone. Returns how many were removed."""
    removed, uid = 0, os.geteuid()
    for path in _of_dead_graders(parent, _ROOT_NAME):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            if os.fstat(fd).st_uid != uid:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # in use
            detach_under(path)  # the slots' /tmp it had mounted (slot_tmp.py): else the folder cannot be removed
            remove_scratch(path)  # its runs' work/ read-only without bubblewrap (scratch.read_only_modes)
            removed += not os.path.exists(path)
        finally:
            os.close(fd)
    return removed


def hold_tree(folder):
    """An flock on the tree of cgroups `folder` this grader has just made (CgroupTree.create), held for as long as the
    returned descriptor is open here or in a child this process forked (a fleet horse): the mark that the tree is in
    use (sweep_leftovers). None where a sweep holds it (it took the new, empty tree for a leftover and may be removing
    it: make another); raises OSError where the kernel refuses the lock."""
    fd = None
    try:  # opened inside: a Ctrl-C as soon as it is open closes it too
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if os.stat(folder).st_ino == os.fstat(fd).st_ino:  # not removed by a sweep that held it before us
            return fd
    except (BlockingIOError, FileNotFoundError):  # a sweep holds it, or removed it already
        pass
    except BaseException:
        if fd is not None:
            os.close(fd)
        raise
    if fd is not None:
        os.close(fd)
    return None


def new_tree(parent, numbers, made):
    """Make a tree of cgroups of this grader's own under `parent` and hold it (hold_tree): None, or why not. Its name
    is `micrograd-grader-<pid>-<n>-locked`, n the first of `numbers` free: a name left by a killed grader whose pid
    this one now has (pids are reused) or held by a sweep (which removes it) takes the next, not the slower /proc
    accounting (a worker's CPU read from /proc cost the grader 20 ms). `made` holds the folder from before its mkdir
    and the lock from the moment it is held (unmake_tree's, should this be stopped); a failure removes them before
    it returns."""
    for _, number in zip(range(100), numbers):
        folder = os.path.join(parent, f"micrograd-grader-{os.getpid()}-{number}{HELD_SUFFIX}")
        made[:] = [folder]
        try:
            os.mkdir(folder, 0o755)
        except FileExistsError:
            del made[:]  # not this grader's: left to the sweep
            continue
        except OSError as exc:
            del made[:]
            return f"cannot create a cgroup under {parent} ({exc.strerror})"
        try:
            made.append(hold_tree(folder))
        except OSError as exc:  # the kernel refuses the lock: removed as made, without one
            remove_tree(folder)
            del made[:]
            return f"cannot lock a cgroup under {parent} ({exc.strerror})"
        if made[1] is not None:
            return None
        del made[:]  # a sweep holds it, and removes it: the next name
    return f"cannot create a cgroup under {parent} (every name taken)"


def unmake_tree(made):
    """Undo what new_tree `made`: the lock closed (first: the tree would look in use), then the folder removed where no
    process holds its flock. Where the mkdir itself was interrupted nothing tells whether it made the folder; a tree
    of that name that no process holds is this grader's or a killed grader's leftover (the sweep's to remove), never
    a live grader's (one in another pid namespace with the same pid holds its flock)."""
    if len(made) > 1 and (lock := made.pop()) is not None:  # None: a sweep's, which removes it
        os.close(lock)
    if made:
        _remove_unheld(made.pop())


def sweep_leftovers(parent):
    """Remove the cgroups that graders killed mid-batch left under `parent` (a SIGKILLed grader cannot
    close its tree; tests and interrupted batches leave hundreds): each `micrograd-grader-<pid>-<n>-locked`
    whose flock no process holds (hold_tree: its grader and the horses it forked are gone, whatever its pid now
    names here), and each `micrograd-grader-<pid>-<n>` (a grader's before the lock) whose pid is no longer alive
    here. Whatever of a student's code still runs in one of its slots is killed first (nothing of a submission
    outlives its grading), then the slot and the tree are removed. A tree in use (this grader's own, another
    grader's, in this pid namespace or another) is left alone, and the kernel refuses to remove a cgroup that
    still holds a process. Returns how many trees were removed."""
    removed = 0
    try:
        names = os.listdir(parent)
    except OSError:
        return 0
    for name in names:
        folder = os.path.join(parent, name)
        if _HELD_NAME.fullmatch(name):
            if not _remove_unheld(folder):
                continue
        elif (match := _TREE_NAME.fullmatch(name)) and not _alive(int(match.group(1))):
            remove_tree(folder)
        else:
            continue
        removed += not os.path.exists(folder)
    return removed


def _remove_unheld(folder):
    """remove_tree(folder) while holding its flock, where no other process holds it: False where one does."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False  # in use
    else:
        remove_tree(folder)
        return True
    finally:
        os.close(fd)


def _of_dead_graders(parent, pattern):
    """The paths of the entries of `parent` whose names match `pattern`, the first group a grader's pid that is not
    alive here."""
    try:
        names = os.listdir(parent)
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match is not None and not _alive(int(match.group(1))):
            yield os.path.join(parent, name)


def remove_tree(folder):
    """Kill what runs in each `slot-<n>` cgroup of a grader's tree, then remove the slots and the tree (what
    cannot be removed, a cgroup that still holds a process, stays): CgroupTree.close and the sweep."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith("slot-"):
            path = os.path.join(folder, name)
            kill_cgroup(path)
            try:
                os.rmdir(path)
            except OSError:
                pass
    try:
        os.rmdir(folder)
    except OSError:
        pass


def kill_cgroup(path, events=None):
    """SIGKILL every process in the cgroup at `path` and wait (briefly) until it is empty: True once it is
    (then no process of it is left anywhere: none can leave its cgroup). `events`: the cgroup's
    cgroup.events, open (a slot's: accounting.CgroupTree), to read whether it holds a process and to wait
    for that to change (_kill_watched); else its cgroup.procs is read every few milliseconds."""
    if events is not None:
        try:
            return _kill_watched(path, events)
        except OSError:
            pass  # read as below
    _kill_all(path)
    pause = 0.0005
    for _ in range(400):  # about 4 s at most
        try:
            with open(os.path.join(path, "cgroup.procs")) as f:
                if not f.read().strip():
                    return True
        except OSError:
            return False
        time.sleep(pause)
        pause = min(pause * 2, 0.01)
    return False


def _kill_all(path):
    try:
        with open(os.path.join(path, "cgroup.kill"), "wb", buffering=0) as f:
            f.write(b"1")
    except OSError:
        kill_listed(os.path.join(path, "cgroup.procs"))


def _populated(events):
    """Whether the cgroup whose cgroup.events is open as `events` holds a process (or a descendant does); the
    read also arms poll(2) on it for the next change (kernfs)."""
    return b"populated 1" in os.pread(events, 4096, 0)


def _kill_watched(path, events, seconds=4.0):
    """kill_cgroup with its cgroup.events open: nothing to kill when it holds no process (a third of bench's
    workers have exited by the time they are killed; no process can enter it but through the grader), else
    killed and waited for with poll(2), which the kernel wakes when `populated` changes (at most 10 ms late:
    it rate-limits the notice), in place of reading cgroup.procs (opened each time) after sleeps that double."""
    if not _populated(events):
        return True
    _kill_all(path)
    poller = select.poll()
    poller.register(events, select.POLLPRI)
    deadline = time.monotonic() + seconds
    while _populated(events):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        poller.poll(1000 * min(left, 0.05))  # a look at least every 50 ms whatever the notices do
    return True


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, another user's
        return True
    return True


def kill_listed(procs_file):
    """SIGKILL every process a cgroup lists (where it has no cgroup.kill)."""
    try:
        with open(procs_file) as f:
            pids = [int(p) for p in f.read().split()]
    except OSError:
        return
    for pid in pids:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
