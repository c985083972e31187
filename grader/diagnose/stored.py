"""The variants' runs of a suite's probes, stored in the suite so that a batch need not observe them.

Observing the 37 variants costs a few seconds of sandboxed work; every batch
that has a failing submission needs them, and a Gradescope or CI run starts
with an empty cache. Their runs depend only on what travels into the sandbox
(the suite's probes, probekit, the worker) and on the variants' sources, so
they are computed once, by `grade variant-runs EXERCISE`, and stored beside
the suite as `variant_runs.json` under a digest of those inputs. A stale file
(any input changed) is ignored and the variants are observed as before; the
project's tests fail until it is regenerated.
"""

import hashlib
import json

from ..variants import VARIANTS

FILENAME = "variant_runs.json"


def inputs_digest(suite, variants=VARIANTS):
    h = hashlib.sha256(suite.digest.encode())
    for v in variants:
        h.update(b"\0" + v.name.encode() + b"\0" + v.source().encode())
    return h.hexdigest()


# path -> (the file's stat: mtime, size, inode; its record): each suite's file (1.1 MB for the engine suite, 20 ms of
# parsing) read once a process while it is unchanged, not twice a diagnosed batch (stored_suffices, then the book).
# The runs are shared as a batch's book shares one variant's run between its submissions: nothing changes them.
_READ: dict[str, tuple] = {}


def _record(path):
    """The file's record, parsed once while its stat is the same; raises OSError or ValueError as reading it does."""
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size, stat.st_ino)
    held = _READ.get(str(path))
    if held is not None and held[0] == key:
        return held[1]
    record = json.loads(path.read_text(encoding="utf-8"))
    _READ[str(path)] = (key, record)
    return record


def load(suite, variants=VARIANTS):
    """{variant name: run} when the stored file is current, else None."""
    try:
        record = _record(suite.folder / FILENAME)
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("digest") != inputs_digest(suite, variants):
        return None
    return record["runs"]


def write(suite, runs, variants=VARIANTS):
    keep = ("status", "message", "import_error", "probes")
    record = {"digest": inputs_digest(suite, variants),
              "runs": {name: {k: run.get(k) for k in keep} for name, run in sorted(runs.items()) if run}}
    path = suite.folder / FILENAME
    _READ.pop(str(path), None)
    path.write_text(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    return path
