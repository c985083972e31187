"""The observation cache: a finished run stored under a key of its content (grader version, the observing code's
digest, suite, limits, submission), so that a rerun, a resume and a regrade observe nothing again; and one object
for equal observations across a batch."""

import dataclasses
import functools
import hashlib
import json
import marshal
import os
from pathlib import Path

from ..version import __version__
from ..private_files import write_text_atomically
from ..records import WEAKEST_FIRST
from ..sandbox import Limits
from ..student_text import valid_utf8_tree


_LIMIT_TYPES = {field.name: field.type for field in dataclasses.fields(Limits)}


def canonical_limits(values):
    """Limits from {field: value} with each value of its field's type (3 and 3.0 make one key)."""
    return Limits(**{name: (float(value) if _LIMIT_TYPES[name] in (float, "float") else int(value))
                     for name, value in values.items()})


# the grader's own modules, beside observe/ and sandbox/, whose code is part of a run: the "from scratch" reading
# (forbidden.py, parsing.py), the probes' kit, the run's record and its values
OBSERVING_MODULES = ("forbidden.py", "parsing.py", "probekit.py", "drawn_inputs.py", "records.py", "json_values.py",
                     "student_text.py")


@functools.lru_cache(maxsize=1)
def observer_digest():
    """A digest of the grader code that turns a worker's report into a run record (grader/observe/, grader/sandbox/
    and OBSERVING_MODULES): two machines whose digests differ could record the same submission differently (the
    fleet's worker refuses a job of another), and a run kept under another is not this code's (the cache's key
    holds it). Session 26: the key held the version alone, which no change of the code moves, so a run kept before
    a fix of the "from scratch" reading was reused after it (a helper `micrograd/__init__.py`: 63/63 kept, 62/63
    observed), and a worker whose forbidden.py differed was the submitter's."""
    here = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted([*(here / "observe").glob("*.py"), *(here / "sandbox").glob("*.py"),
                        *(here / name for name in OBSERVING_MODULES)]):
        name = path.relative_to(here).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class ObservationCache:
    """Finished runs stored by content hash, written atomically: resume and regrade for free."""

    def __init__(self, folder):
        self.folder = folder
        if folder is not None:
            os.makedirs(folder, mode=0o700, exist_ok=True)

    @staticmethod
    def key(submission, suite, limits):
        # the grade of record's drawn inputs (judge/drawn.py) are a function of the suite's draws and the files
        draws = getattr(suite, "draws", None)
        digest = suite.digest if draws is None else f"{suite.digest}+{draws.digest}"
        return ObservationCache.key_of(__version__, observer_digest(), digest, limits, submission.digest)

    @staticmethod
    def key_of(version, observer, suite_digest, limits, files_digest):
        """The key from its parts: a fleet worker computes it from a job's payload, to check that the job's
        files are the ones its id names (grader/fleet/worker.py)."""
        h = hashlib.sha256()
        for part in (version, observer, suite_digest, repr(canonical_limits(dataclasses.asdict(limits))),
                     files_digest):
            h.update(part.encode())
            h.update(b"\0")
        return h.hexdigest()

    def get(self, key, at_least=None):
        """`kept(key, at_least)`'s run alone."""
        return self.kept(key, at_least)[0]

    def kept(self, key, at_least=None):
        """(the run kept under `key`, or None; the sandbox strength it was observed in). `at_least` (a
        records.Strength): only a run observed in a sandbox at least that strong is reused; one observed in a
        weaker one (`grade run` where bubblewrap could not run that day, a fleet worker told
        `--allow-weaker-sandbox`), or kept before runs said where they were observed, is observed again (a
        `grade run --require-sandbox` took such runs as they were, and its summary said `sandbox: bubblewrap`)."""
        if self.folder is None:
            return None, None
        try:
            with open(os.path.join(self.folder, key + ".json"), encoding="utf-8") as f:
                run = json.load(f)
        except (OSError, ValueError, RecursionError):
            return None, None
        if not isinstance(run, dict):
            return None, None
        observed_in = run.pop(OBSERVED_IN, None)
        if at_least is not None and _rank(observed_in) < _rank(at_least):
            return None, None
        # A cache written by an earlier grader may hold a lone surrogate ("\ud800" in JSON), which
        # would stop scores.json from being written on every rerun.
        return valid_utf8_tree(run), observed_in

    def put(self, key, run, observed_in):
        """Keep a finished run, with the sandbox strength it was `observed_in` (records.Strength: `get`'s
        `at_least` reads it), unless it says nothing certain about the submission: a timeout the
        machine may have caused (`starved`: a busy machine, or one that cannot tell), or a run on
        which the grader's own code failed. Those are observed again by the next `grade`, wherever
        they were observed (this machine's pool or a fleet worker)."""
        if self.folder is None or run.get("starved") or "grader_error" in run:
            return
        try:
            write_text_atomically(os.path.join(self.folder, key + ".json"),
                                  json.dumps({**run, OBSERVED_IN: str(observed_in)}))
        except OSError:  # a full disk: the run is still graded, only not kept for the next time
            pass


OBSERVED_IN = "observed_in"  # the field of a kept run (never of a run itself) naming the sandbox it was observed in


def _rank(strength) -> int:
    """How strong a sandbox is (records.WEAKEST_FIRST's order): -1 for none or an unknown one."""
    try:
        return WEAKEST_FIRST.index(strength)
    except ValueError:
        return -1


def content_digest(value) -> bytes:
    """A digest of plain data (dicts, lists, str, numbers, None), the same for equal data written with its
    keys in the same order (a worker reports a probe's keys in one order, the judge a row's outcomes): marshal's
    bytes, which tell what JSON's text tells and the keys' order, at a sixth of the cost of sorted JSON.
    Version 2: no back-references, whose presence follows objects' reference counts, not their content."""
    return hashlib.sha256(marshal.dumps(value, 2)).digest()


def share_observations(run, shared):
    """Make equal probe observations one object: a class's correct engines mostly report the very
    same numbers, and a batch of a thousand would otherwise hold a thousand copies of them. Equal is
    content_digest's (the same marshal bytes, compared as they are: hashing them too cost a third of
    this): sharing changes no result, only memory."""
    probes = run.get("probes") or {}
    for name, obs in probes.items():
        key = (name, marshal.dumps(obs, 2))
        probes[name] = shared.setdefault(key, obs)
