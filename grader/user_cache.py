"""Where the observation cache lives by default, how big it is, and clearing it (`grade cache`).

A finished run of one submission is stored under a key of its content: the
grader's version, the suite's digest (probes, worker), the limits and the
submission's files (grader.observe.cache.ObservationCache.key). Nothing in the key
depends on where the class folder is, so the cache lives in the user's cache
folder, `$XDG_CACHE_HOME/micrograd-grader` (`~/.cache/micrograd-grader` when
XDG_CACHE_HOME is unset), and grading the same class from another folder
observes nothing again. An entry is one JSON file of a few kilobytes (18 KB
for the engine suite); nothing is ever evicted, so the cache grows by one
entry per distinct submission, suite, limits and grader version until
`grade cache clear`.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

APP = "micrograd-grader"
# An entry: a sha256 hex key and .json. A leftover of an interrupted write: a dot, the entry's name, a
# dot and mkstemp's 8 random characters (grader/private_files.py), or, from earlier graders, the entry's
# name and .<pid>.<thread>.tmp.
_ENTRY = re.compile(r"^(?:[0-9a-f]{64}\.json(?:\.\d+\.\d+\.tmp)?|\.[0-9a-f]{64}\.json\.[a-z0-9_]{8})$")


def default_folder() -> Path:
    """`$XDG_CACHE_HOME/micrograd-grader`, else `~/.cache/micrograd-grader` (the XDG base directory rule:
    an unset, empty or relative XDG_CACHE_HOME is ignored)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if base and os.path.isabs(base):
        return Path(base) / APP
    try:
        return Path.home() / ".cache" / APP
    except (RuntimeError, KeyError):  # HOME unset and a uid without an account (docker run -u 12345, DynamicUser)
        import click

        raise click.UsageError("there is no home folder to keep the observation cache in (HOME is unset and this "
                               "user has no account): pass --cache-dir FOLDER, set XDG_CACHE_HOME, or grade with "
                               "--no-cache") from None


@dataclasses.dataclass(frozen=True)
class Usage:
    entries: int
    bytes: int


VERDICTS = "verdicts"  # the subfolder of what the judge and the diagnosis said (grader/verdicts.py)


def _entries(folder: Path) -> list[Path]:
    found = []
    for place in (Path(folder), Path(folder) / VERDICTS):
        try:
            found += [p for p in place.iterdir() if _ENTRY.match(p.name) and p.is_file()]
        except (FileNotFoundError, NotADirectoryError):
            pass
    return found


def usage(folder) -> Usage:
    """How many entries the cache folder holds, and their size."""
    entries = _entries(Path(folder))
    return Usage(len(entries), sum(p.stat().st_size for p in entries))


def clear(folder) -> Usage:
    """Remove every cache entry of `folder` (only files named as entries: never anything else in it)."""
    removed = Usage(0, 0)
    for path in _entries(Path(folder)):
        size = path.stat().st_size
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed = Usage(removed.entries + 1, removed.bytes + size)
    return removed


def size_text(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"
