"""The walks' kept file (diagnose/walks.py's WalkBook), read once a process and then only as far as it was appended to."""

from __future__ import annotations

import json

from ..boot_files import read_added

# kept file -> (seen, made, used) converted from it: the file (megabytes of JSON) read once a process, then only what
# was appended since (boot_files.read_added, which keeps nothing of it: each name is held once, here, as a tuple), not
# once a diagnosed batch. Its observations are shared between batches as a book shares each between a batch's
# submissions: nothing changes them.
_KEPT_READ: dict[str, tuple[dict, dict, dict]] = {}

KEPT_CAP = 16 << 20  # the bytes the walks' kept file may grow to before its oldest entries are dropped (the engine
# suite's whole set is about 0.5-1.5 MB: every walk, order, probe and mask a batch needs, so a rewrite is rare)


def _kept_file(path):
    """(seen, made, used) of a kept file (boot_files.append_entries' lines, each named by its key as JSON: ["seen",
    walk, order, probe, mask], ["made", walk, probe] or ["used", walk, order, probe, mask]: the bits of the nodes
    whose children the mask could reverse), read once a process and then only as far as it was appended to; read
    whole again where another file is in its place (a new boot's, or one trimmed to KEPT_CAP).
    A name's value never changes (it is the reference walked one way, on one probe): a name appended again (by two
    processes that observed it at once) is taken once."""
    whole, entries = read_added(path)
    seen, made, used = ({}, {}, {}) if whole else _KEPT_READ.get(path, ({}, {}, {}))
    for name, value in entries.items():
        try:
            key = json.loads(name)  # as a later batch reads it (JSON's lists where the book held tuples)
        except (ValueError, RecursionError):
            continue
        if isinstance(key, list) and key[:1] == ["seen"] and len(key) == 5:
            seen[tuple(key[1:])] = value
        elif isinstance(key, list) and key[:1] == ["made"] and len(key) == 3:
            made[tuple(key[1:])] = value
        elif isinstance(key, list) and key[:1] == ["used"] and len(key) == 5 and type(value) is int:
            used[tuple(key[1:])] = value
    _KEPT_READ[path] = (seen, made, used)
    return seen, made, used
