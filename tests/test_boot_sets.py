"""The files kept for a boot come in sets, one per grader source; a new set removes the others no live process
holds (grader/boot_sets.py). A live process is a lock held on its set's lock file: here another open file of it,
which flock treats as another owner even within this process, so every interleaving is driven step by step."""

import fcntl
import os
import threading

from grader import boot_sets

MINE, LIVE, DEAD, ORPHAN = "1" * 16, "2" * 16, "3" * 16, "4" * 16
KEY = "ab" * 32


def _set(folder, tag, lock=True):
    names = [f"walks-{tag}-{KEY}.json", f"book-{tag}-{KEY}.jsonl", f"check-{tag}-{'cd' * 32}.json",
             f"dry-run-{tag}-{KEY}.json"]
    for name in names:
        (folder / name).write_text("{}")
    if lock:
        (folder / f"set-{tag}.lock").touch()
    return names


def test_a_new_set_removes_every_other_set_no_live_process_holds(tmp_path):
    live = _set(tmp_path, LIVE)
    holder = os.open(tmp_path / f"set-{LIVE}.lock", os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_SH)  # a live process of another source (another checkout, an older install)
    _set(tmp_path, DEAD)  # its process ended: its lock file stays, held by no one
    _set(tmp_path, ORPHAN, lock=False)
    others = [f"walks-{KEY}.json", f"seccomp-{KEY}.json", f"compiled-{KEY}.json", ".walks-x.json.tmp1", "notes"]
    for name in others:  # named before sets (session 30), the sandbox's trials, a write cut short: not a set's
        (tmp_path / name).write_text("x")
    try:
        fd = boot_sets._hold(str(tmp_path), MINE)  # this source's first process in the boot
        assert fd >= 0
        assert sorted(os.listdir(tmp_path)) == sorted(live + others + [f"set-{LIVE}.lock", f"set-{MINE}.lock"])
        os.close(fd)
    finally:
        os.close(holder)


def test_a_process_of_a_set_already_made_removes_nothing(tmp_path):
    (tmp_path / f"set-{MINE}.lock").touch()  # made by an earlier process of this source
    dead = _set(tmp_path, DEAD)
    fd = boot_sets._hold(str(tmp_path), MINE)
    assert sorted(os.listdir(tmp_path)) == sorted(dead + [f"set-{DEAD}.lock", f"set-{MINE}.lock"])
    os.close(fd)


def test_a_set_held_by_this_process_is_not_removed_by_the_next_source(tmp_path, monkeypatch):
    monkeypatch.setattr(boot_sets, "_HELD", {})
    path = boot_sets.kept_path(str(tmp_path), MINE, "walks", KEY)
    assert path == str(tmp_path / f"walks-{MINE}-{KEY}.json")
    open(path, "w").close()
    fd = boot_sets._hold(str(tmp_path), DEAD)  # another source's first process
    assert sorted(os.listdir(tmp_path)) == sorted([f"walks-{MINE}-{KEY}.json", f"set-{MINE}.lock",
                                                    f"set-{DEAD}.lock"])
    os.close(fd)
    os.close(boot_sets._HELD[str(tmp_path)])


def test_a_process_that_comes_to_its_set_while_it_is_removed_makes_it_anew(tmp_path, monkeypatch):
    files = _set(tmp_path, DEAD)
    lock = str(tmp_path / f"set-{DEAD}.lock")
    remover = os.open(lock, os.O_RDWR)
    fcntl.flock(remover, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another source's new process removes this set
    waiting, real = threading.Event(), fcntl.flock

    def flock(fd, operation):
        if operation == fcntl.LOCK_SH:
            waiting.set()  # about to wait for the remover's lock
        return real(fd, operation)

    monkeypatch.setattr(boot_sets.fcntl, "flock", flock)
    held = []
    comer = threading.Thread(target=lambda: held.append(boot_sets._hold(str(tmp_path), DEAD)))
    comer.start()
    assert waiting.wait(60)
    for name in files:  # the remover goes on: the set's files, then its lock file, then lets go
        os.unlink(tmp_path / name)
    os.unlink(lock)
    os.close(remover)
    comer.join(60)
    fd, = held
    assert fd >= 0 and os.fstat(fd).st_ino == os.stat(lock).st_ino  # holds the lock file at that name now
    assert os.listdir(tmp_path) == [f"set-{DEAD}.lock"]
    try:  # and it is held: a remover cannot take it
        other = os.open(lock, os.O_RDWR)
        assert boot_sets._remove_unheld(str(tmp_path), MINE) is None and os.path.exists(lock)
        os.close(other)
    finally:
        os.close(fd)
