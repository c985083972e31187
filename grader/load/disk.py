"""A level on disk: a submitted folder listed without following a link, and its files read only when picked, each
by a reader that refuses a link, a file that is not regular and one over the cap, and charges what it read to the
submission's `Budget` (levels.py looks through levels, on disk or inside a zip, for the exercise files).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable

from ..i18n import msg
from .levels import Level
from .reading import (ARCHIVE_SUFFIXES, MAX_FOLDER_ENTRIES, MAX_WRAPPERS, Budget, Rejected, is_hidden, name_text,
                      read_capped, too_large)


def disk_level(path: Path, where: str, budget: Budget) -> Level:
    files: dict[str, Callable[[int], bytes]] = {}
    dirs: dict[str, Callable[[], Level]] = {}
    links: set[str] = set()
    try:
        with os.scandir(path) as entries:
            for count, entry in enumerate(entries):
                if count >= MAX_FOLDER_ENTRIES:
                    raise Rejected(msg("{where} holds more than {limit} entries; submit only the exercise files",
                                       where=where, limit=MAX_FOLDER_ENTRIES))
                if is_hidden(entry.name):
                    continue
                shown = where + name_text(entry.name)
                if entry.is_symlink():
                    links.add(entry.name)
                    folder = entry.is_dir()
                    (dirs if folder else files)[entry.name] = _refuse_link(shown, folder)
                elif entry.is_dir(follow_symlinks=False):
                    sub = Path(entry.path)
                    dirs[entry.name] = lambda sub=sub, shown=shown: disk_level(sub, shown + "/", budget)
                else:
                    files[entry.name] = disk_reader(Path(entry.path), shown, budget)
    except OSError as e:
        raise Rejected(msg("{file} could not be read ({error})", file=where, error=e.strerror or str(e))) from None
    return Level(where, where, files, dirs, Path(path), frozenset(links))


def _link(shown: str, folder: bool = False) -> Rejected:
    """The refusal of a symbolic link in a submitted folder (`folder`: a link to a folder)."""
    if folder:
        return Rejected(msg("{folder} is a symbolic link to a folder, which is not followed; submit the folder itself",
                            folder=shown))
    return Rejected(msg("{file} is a symbolic link, which is not followed; submit the file itself", file=shown))


def _refuse_link(shown: str, folder: bool) -> Callable[..., bytes]:
    def refuse(*_):
        raise _link(shown, folder)

    return refuse


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # no links, no hanging on a FIFO


def disk_reader(path: Path, shown: str, budget: Budget) -> Callable[[int], bytes]:
    def read(cap: int) -> bytes:
        try:
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                raise _link(shown)
            if not stat.S_ISREG(st.st_mode):
                raise Rejected(msg("{file} is not a regular file", file=shown))
            if st.st_size > cap:
                raise Rejected(too_large(shown, st.st_size, cap))
            with open(path, "rb", opener=lambda p, flags: os.open(p, flags | _NO_FOLLOW)) as stream:
                data = read_capped(stream, cap, shown)
        except OSError as e:
            raise Rejected(msg("{file} could not be read ({error})", file=shown, error=e.strerror or str(e))) from None
        budget.charge(len(data), shown)
        return data

    return read


def lone_archive(folder: Path) -> Path | None:
    """The one visible file of FOLDER, at its top or below wrapper folders (folders holding nothing else, up to
    MAX_WRAPPERS), where it is a .zip or an archive of another kind (ARCHIVE_SUFFIXES); else None. Such a folder is
    read as that file (grader/load's _read_entry), as a zip holding one zip is read as the inner one (zips.py's
    MAX_NESTED_ZIPS: one rule for both)."""
    for _ in range(MAX_WRAPPERS + 1):
        try:
            names = [name for name in os.listdir(folder) if not is_hidden(name)]
            path = Path(folder) / names[0] if len(names) == 1 else None
            mode = path.lstat().st_mode if path is not None else 0
        except OSError:
            return None
        if stat.S_ISDIR(mode):
            folder = path
            continue
        return path if stat.S_ISREG(mode) and path.suffix.lower() in ARCHIVE_SUFFIXES | {".zip"} else None
    return None
