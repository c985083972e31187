"""The variants' runs of a suite's probes, stored in the suite so that a batch need not observe them.

Observing the 37 variants costs a few seconds of sandboxed work; every batch
that has a failing submission needs them, and a Gradescope or CI run starts
with an empty cache. Their runs depend only on what travels into the sandbox
(the suite's probes, probekit, the worker) and on the variants' sources, so
they are computed once, by `grade variant-runs EXERCISE`, and stored beside
the suite as `variant_runs.json` under a digest of those inputs. A stale file
(any input changed) is ignored and the variants are observed as before; the
project's tests fail until it is regenerated.

The same command stores the styled variants' observations of the suite's
costly probes (`costly_probes`: deep_chain and its like, which the diagnosis
otherwise runs in the grader's process on each variant in each style, most of
a boot's first batch) as `styled_runs.json`: a file under a digest of the
suite, the in-process observer (styles.py, engines.py) and the Python's
version, each observation named as the book's kept file names it (the engine's
label, a digest of its source, the probe: VariantBook._entry). A stale file is
ignored; an entry whose engine's source changed is never looked up (its name
is another); either way the engine is observed in process as before.
"""

import hashlib
import json
import sys
from pathlib import Path

from .. import engines
from ..variants import VARIANTS
from . import styles

FILENAME = "variant_runs.json"
STYLED_FILENAME = "styled_runs.json"
# A probe is costly when it makes more Python calls on the reference engine (in process) than this for each number it
# reports: what rerunning it costs against what storing it costs. The counts are the code's, not the machine's
# (session 35): deep_chain 30,044 calls for 3 numbers, deep_chain_affine 100,029, deep_chain_affine_by_hand 80,044,
# long_sum_500 8,031 and long_sum 3,431 for 2; composition 3,405 for about 100 (2.4 kB an observation, 0.8 MB in all
# for what the diagnosis reruns in 0.1 ms) and every other probe of the suites under 500 calls.
COSTLY_CALLS = 1_000


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
    return _write_record(suite.folder / FILENAME, record)


def _write_record(path, record):
    """RECORD written as the suite's stored file PATH (compact, keys sorted), its kept reading (_READ) dropped."""
    _READ.pop(str(path), None)
    path.write_text(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


def _numbers(value) -> int:
    if isinstance(value, dict):
        return sum(map(_numbers, value.values()))
    if isinstance(value, (list, tuple)):
        return sum(map(_numbers, value))
    return 1


def costly_probes(suite) -> list[str]:
    """The suite's probes that make more than COSTLY_CALLS Python calls on the reference engine for each number they
    report, in its order (a probe of places, whose observation names the grader's files, or one that needs modules,
    is never one)."""
    reference = engines.engine_class(engines.reference_source(), "reference/engine.py")
    out = []
    for name in suite.probe_names:
        probe = getattr(suite.probes, name)
        if getattr(probe, "reports_places", False) or getattr(probe, "takes_modules", False):
            continue
        calls = 0

        def count(frame, event, arg):
            nonlocal calls
            calls += event == "call"

        sys.setprofile(count)
        try:
            observation = styles.observe_in_process(reference, probe)
        finally:
            sys.setprofile(None)
        if calls > COSTLY_CALLS * max(1, _numbers(observation.get("values"))):
            out.append(name)
    return out


def styled_digest(suite) -> str:
    """What the stored styled observations depend on besides each engine's source: the suite (its probes, probekit),
    the in-process observer and the way an engine is compiled, and the Python's version."""
    h = hashlib.sha256(suite.digest.encode())
    for module in (styles, engines):
        h.update(b"\0" + Path(module.__file__).read_bytes())
    h.update(f"\0python {sys.version_info[0]}.{sys.version_info[1]}".encode())
    return h.hexdigest()


def load_styled(suite) -> dict:
    """{entry (VariantBook._entry): observation} when the suite's stored file is current, else {}."""
    try:
        record = _record(suite.folder / STYLED_FILENAME)
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict) or record.get("digest") != styled_digest(suite):
        return {}
    observations = record.get("observations")
    return observations if isinstance(observations, dict) else {}


def write_styled(suite, observations: dict):
    record = {"digest": styled_digest(suite), "python": f"{sys.version_info[0]}.{sys.version_info[1]}",
              "observations": dict(sorted(observations.items()))}
    return _write_record(suite.folder / STYLED_FILENAME, record)
