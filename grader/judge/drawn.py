"""Inputs drawn for the grade of record: each probe a test reads is observed again at inputs no student can know.

The student's wheel ships the reference's values of every probe a visible test reads (visible_expectations.json),
so an engine that looks its probe up and returns those numbers passed without working code (session 29: 56/63 for
an engine with `=` for `+=` in every rule, whose honest score is 25.8334). The grade of record (`grade SUBMISSIONS`,
`grade ci`, `grade gradescope`, `grade serve`) therefore observes each such probe a second time, as `probe@token`:
the worker hands the probe a `Drawn` class (grader/drawn_inputs.py) in place of `Value`, which builds each leaf
`V(x)` at `drawn_input(token, x)` (a float scaled by 0.65-0.9 or 1.1-1.35, an int moved one or two from 0, 0
kept). The token is an HMAC of the instructor's secret, the suite, the submission's files and the probe: the same
submission and secret give the same inputs and score; another submission, other inputs. A draw is kept only where
the reference takes the same side of every kink and domain as at the fixed inputs (the sign of each relu's, log's
and power's input: `regions`), so that a bug that fails the fixed input fails the drawn one and a correct engine
passes both; else the next token is tried (TRIES), and a probe none of whose draws keeps them stays fixed.

The expected values at a draw are the reference's, computed here, in the grader (trusted code: never the
student's), at grading time; a test that compares with PyTorch compares the drawn observation with the reference
too (the reference is checked against PyTorch at the fixed inputs: tests/test_stored_results.py), so grading needs
no torch. Each test is judged twice, on the fixed observations and on the drawn ones (`drawn_view`), each charging
a mistake once; it keeps the lower of the two (`of_record`): the fixed inputs' outcome, with its numbers, as
feedback has always shown, unless only the drawn inputs fail it.

The secret: the environment variable MICROGRAD_GRADER_SECRET (set it for CI, Gradescope, the fleet's and the
service's workers alike); without it, a digest of the instructor's part (the reference and every suite's hidden
tests), which the student wheel does not ship but anyone with the project's public source can
compute: docs/security.md. `grade check` (a student's install, and the visible tests anywhere) never draws.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import math
import os
import threading
from pathlib import Path

from .. import probekit
from ..drawn_inputs import Drawn

SECRET_ENV = "MICROGRAD_GRADER_SECRET"
TRIES = 16  # draws tried per probe before it stays at its fixed inputs
_WATCHED = {"relu": "relu", "log": "log", "__pow__": "pow", "__truediv__": "div", "__rtruediv__": "rtruediv"}


def secret() -> bytes:
    """The instructor's secret (SECRET_ENV), else a digest of the instructor's part of the grader: the reference engine
    and every suite's hidden tests (not the stored records, which a grader regenerates more often)."""
    given = os.environ.get(SECRET_ENV, "")
    if given:
        return given.encode()
    import importlib.util

    from ..suites import SUITES

    h = hashlib.sha256(b"micrograd-grader draws\0")
    files = [Path(importlib.util.find_spec("reference.engine").origin)]
    files += sorted(SUITES.glob("*/test_*.py"))
    for path in files:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest().encode()


@functools.cache
def _region_engine():
    """A private copy of the reference engine that records, for each op with a kink or a domain, its input's sign."""
    from ..engines import engine_class, reference_source

    cls = engine_class(reference_source(), "reference engine with its kinks recorded")
    state = threading.local()

    def watched(method, op):
        def call(self, *args):
            seen = getattr(state, "seen", None)
            if seen is not None:
                other = args[0] if args else None
                seen.append((op, _sign(self.data), _sign(getattr(other, "data", other))))
            return method(self, *args)
        return call

    for name, op in _WATCHED.items():
        setattr(cls, name, watched(getattr(cls, name), op))
    return cls, state


def _sign(x):
    return None if not isinstance(x, (int, float)) else (x > 0) - (x < 0)


def regions(probe, token=None):
    """What a run of `probe` on the reference (at the draw `token`, or fixed) says of its kinks and domains: each
    watched op's inputs' signs, and the observation's names; None where it raised or gave no finite number."""
    cls, state = _region_engine()
    state.seen = seen = []
    try:
        got = probekit.plain(probe(Drawn(cls, token) if token else cls))
    except Exception:  # noqa: BLE001 - a draw the reference cannot run is no draw
        return None
    finally:
        state.seen = None
    numbers = [v for v in _numbers(got)]
    if not all(math.isfinite(v) for v in numbers):
        return None
    return tuple(seen), tuple(_names(got))


def _numbers(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _numbers(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _numbers(v)
    elif isinstance(value, float):
        yield value


def _names(value, prefix=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix + k
            yield from _names(v, prefix + k + ".")


class Draws:
    """The drawn observations of one suite's probes (`probes`: their names) for the grade of record."""

    def __init__(self, suite, probes, key: bytes | None = None):
        self.suite, self.probes = suite, tuple(probes)
        self._key = secret() if key is None else key
        # in the observation cache's key (never the secret itself): another secret or other probes, other runs
        self.digest = hashlib.sha256(b"draws\0" + hashlib.sha256(self._key).digest() + b"\0"
                                     + "\0".join(self.probes).encode()).hexdigest()
        self._tokens, self._reference, self._fixed = {}, {}, {}
        self._lock = threading.Lock()

    def names(self, files_digest) -> dict:
        """{probe: "probe@token"} of a submission's files (their digest): what the worker is asked to run."""
        with self._lock:
            if files_digest not in self._tokens:
                found = {}
                for name in self.probes:
                    token = self._token(name, files_digest)
                    if token is not None:
                        found[name] = f"{name}@{token}"
                self._tokens[files_digest] = found
            return self._tokens[files_digest]

    def _token(self, name, files_digest):
        probe = self.suite.probe(name)
        if name not in self._fixed:
            self._fixed[name] = regions(probe)
        fixed = self._fixed[name]
        if fixed is None:
            return None
        for attempt in range(TRIES):
            message = f"{self.suite.name}\0{files_digest}\0{name}\0{attempt}".encode()
            token = hmac.new(self._key, message, hashlib.sha256).hexdigest()[:16]
            # a probe through no kink or domain (deep_chain's 10,000 `+`) keeps its first draw unchecked
            if not fixed[0] or regions(probe, token) == fixed:
                return token
        return None

    def reference(self, name, token):
        """The reference's observation of probe `name` at the draw `token`."""
        with self._lock:
            if (name, token) not in self._reference:
                from reference import engine

                self._reference[(name, token)] = probekit.plain(
                    self.suite.probe(name)(Drawn(engine.Value, token)))
            return self._reference[(name, token)]


def drawn_probes(suite, expectations):
    """The probes whose inputs the grade of record draws: every probe a test reads (the dry run), but those that take
    the student's modules rather than `Value` and those marked `fixed_inputs` (the composition probe, whose inputs
    judge/composition.py replays), in the suite's order; () for a suite that does not draw."""
    if not suite.draw_inputs or suite.cases:
        return ()
    read = expectations.probes_tests_read()
    return tuple(n for n in suite.probe_names if (read is None or n in read)
                 and not getattr(suite.probe(n), "takes_modules", False)
                 and not getattr(suite.probe(n), "fixed_inputs", False))


def drawn_view(runs):
    """{id: run} of the runs that hold drawn observations, each with those in place of the fixed ones (each marked
    with its draw's token, which drawn_expect reads: observations at different draws are never grouped as one)."""
    view = {}
    for sid, run in runs.items():
        if not run.get("drawn"):
            continue
        at = {}
        for name, obs in run["drawn"].items():
            probe, _, token = name.partition("@")
            at[probe] = {**obs, "drawn": token}
        view[sid] = {**run, "probes": {name: at.get(name, obs) for name, obs in (run.get("probes") or {}).items()}}
    return view


def of_record(fixed, drawn):
    """Each test's outcome of record from its outcome on the fixed observations and on the drawn ones: it passes
    only if both pass. Failed at the fixed inputs, it keeps that outcome (the numbers feedback has always shown),
    its points the lower of the two; passed there and not at the drawn inputs, the drawn outcome, saying so."""
    out = {}
    for sid, outcomes in fixed.items():
        other = {o["name"]: o for o in drawn.get(sid, ())}
        out[sid] = [_lower(o, other.get(o["name"])) for o in outcomes]
    return out


def _lower(fixed, drawn):
    from ..i18n import Message, msg

    if drawn is None or drawn["earned"] >= fixed["earned"]:
        return fixed
    if fixed["status"] != "passed" or fixed["earned"] < fixed["points"]:
        return {**fixed, "earned": drawn["earned"]}
    failure = Message.from_json(drawn["output_message"]) if drawn.get("output_message") else drawn["output"]
    said = msg("at other inputs, drawn for this grade: {failure}", failure=failure)
    return {**drawn, "output": str(said), "output_message": said.to_json()}
