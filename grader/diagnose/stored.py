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


def load(suite, variants=VARIANTS):
    """{variant name: run} when the stored file is current, else None."""
    path = suite.folder / FILENAME
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if record.get("digest") != inputs_digest(suite, variants):
        return None
    return record["runs"]


def write(suite, runs, variants=VARIANTS):
    keep = ("status", "message", "import_error", "probes")
    record = {"digest": inputs_digest(suite, variants),
              "runs": {name: {k: run.get(k) for k in keep} for name, run in sorted(runs.items()) if run}}
    path = suite.folder / FILENAME
    path.write_text(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    return path
