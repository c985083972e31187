"""The walks' kept file (diagnose/walks.py's WalkBook), read once a process and then only as far as it was appended to."""

from __future__ import annotations

import itertools
import json

from ..boot_files import read_appended

# kept file -> (read_appended's dict, how many of its entries are converted, (seen, made)): the file (megabytes of
# JSON) read once a process, then only what was appended since (boot_files.read_appended), not once a diagnosed
# batch. Its observations are shared between batches as a book shares each between a batch's submissions: nothing
# changes them.
_KEPT_READ: dict[str, tuple] = {}


def _kept_file(path):
    """(seen, made, used) of a kept file (boot_files.append_entries' lines, each named by its key as JSON: ["seen",
    walk, order, probe, mask], ["made", walk, probe] or ["used", walk, order, probe, mask]: the bits of the nodes
    whose children the mask could reverse), read once a process and then only as far as it was appended to.
    A name's value never changes (it is the reference walked one way, on one probe): a name appended again (by two
    processes that observed it at once) is taken once."""
    entries = read_appended(path)
    read, done, (seen, made, used) = _KEPT_READ.get(path, (None, 0, ({}, {}, {})))
    if read is not entries:  # read_appended began a new dict: another file in its place, read whole
        done, seen, made, used = 0, {}, {}, {}
    for name, value in itertools.islice(entries.items(), done, None):
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
    _KEPT_READ[path] = (entries, len(entries), (seen, made, used))
    return seen, made, used
