"""Inputs drawn for the grade of record: each probe a test reads is observed again at inputs no student can know.

The student's wheel ships the reference's values of every probe a visible test reads (visible_expectations.json),
so an engine that looks its probe up and returns those numbers passed without working code (session 29: 56/63 for
an engine with `=` for `+=` in every rule, whose honest score is 25.8334). The grade of record (`grade SUBMISSIONS`,
`grade ci`, `grade gradescope`, `grade serve`) therefore observes each such probe a second time, as `probe@token`:
the worker hands the probe a `Drawn` class (grader/drawn_inputs.py) in place of `Value`, which builds each leaf
`V(x)` at `drawn_input(token, x)` (a float scaled by 0.65-0.9 or 1.1-1.35, or less at a token's level, an int moved
one or two from 0, 0 kept). The draw is one of a pool of POOL per probe (judge/draw_pool.py), chosen by an HMAC of
the instructor's secret, the suite, the submission's files and the probe: the same submission and secret give the
same inputs and score; another submission, most likely other inputs. A pool's draw is kept only where the reference
takes every watched op's input (relu's, tanh's, exp's, log's, a power's, a division's) into the cell it takes it
into at the fixed inputs: the same sign (the same side of every kink and domain) and a magnitude between the same
two of draw_pool._EDGES (`regions`, draw_pool.same_cells), so that a bug that fails the fixed input fails the drawn one, a correct
engine passes both, and a mistake that starts at such a threshold (a loop while x > 4, a clamp at 2.5) meets every
slot's draw as it meets the fixed inputs: one mistake, the same tests lost whatever the slot (session 34; before,
the signs alone: 60.5 or 62 for one engine by its slot). Every step the backward pass adds to a gradient, and every
sum it makes, is kept in its magnitude's cell too, closed above (draw_pool.same_magnitudes: a clamp on gradients at
an edge meets every slot's draw as it meets the fixed inputs; session 36), and first where the largest step and sum
are no larger than at the fixed inputs too (draw_pool.no_larger: a clamp at any value, 0.7 too; session 38), where a
token does so, else with an edge's neighbours, else the watched inputs' cells alone (draw_pool.Pool._compute's
order). Else the next token is tried (draw_pool.TRIES a level, the
moves smaller at each), then the first that keeps the signs alone, and a slot none of whose tokens keeps them, or
whose draw moves nothing the probe gives, leaves the probe at its fixed inputs.

The expected values at a draw are the reference's, computed here, in the grader (trusted code: never the
student's), once per slot of the pool and kept for this boot (draw_pool.py); a test that compares with PyTorch
compares the drawn observation with the reference too (the reference is checked against PyTorch at the fixed inputs: tests/test_stored_results.py), so grading needs
no torch. Each test that passes on the fixed observations is cross-checked on the drawn ones in the same judging
(judge/cross_check.py): the fixed inputs' outcome, with its numbers, as feedback has always shown, unless only the
drawn inputs fail it, which is charged once and says so.

The secret: the environment variable MICROGRAD_GRADER_SECRET (set it for CI, Gradescope, the fleet's and the
service's workers alike); without it, a digest of the instructor's part (the reference and every suite's hidden
tests), which the student wheel does not ship but anyone with the project's public source can
compute: docs/security.md. `grade check` (a student's install, and the visible tests anywhere) never draws.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import os
import threading
from pathlib import Path

from .. import probekit
from ..drawn_inputs import Drawn
from .draw_pool import POOL, Pool, slot_of

SECRET_ENV = "MICROGRAD_GRADER_SECRET"
_WATCHED = {"relu": "relu", "log": "log", "__pow__": "pow", "__truediv__": "div", "__rtruediv__": "rtruediv",
            "tanh": "tanh", "exp": "exp"}


def secret(kept: bytes | None = None) -> bytes:
    """The instructor's secret (SECRET_ENV); else `kept`, the secret a surface keeps where no student reads it
    (`grade serve`'s course folder, the Gradescope image: serve/auth.draws_secret, integrations/gradescope); else a
    digest of the instructor's part of the grader: the reference engine and every suite's hidden tests (not the
    stored records, which a grader regenerates more often), which anyone with the grader's public source computes
    (session 35: an answer table of the twin worked out over that digest's whole pool, 54/63 beside its 23.8334)."""
    given = os.environ.get(SECRET_ENV, "")
    if given:
        return given.encode()
    if kept:
        return kept
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
                seen.append((op, _number(self.data), _number(getattr(other, "data", other))))
            return method(self, *args)
        return call

    for name, op in _WATCHED.items():
        setattr(cls, name, watched(getattr(cls, name), op))

    def get_grad(self):
        return self._region_grad

    def set_grad(self, value):
        grads = getattr(state, "grads", None)
        old = self.__dict__.get("_region_grad")
        if grads is not None and old is not None:  # not a new node's 0
            new, before = _number(value), _number(old)
            grads.append(("grad", None if new is None or before is None else new - before, new))
        self._region_grad = value

    cls.grad = property(get_grad, set_grad)  # every step added to a gradient, and the sum it makes
    return cls, state


def _number(x):
    return float(x) if isinstance(x, (int, float)) and not isinstance(x, bool) and x == x else None


def regions(probe, token=None):
    """What a run of `probe` on the reference (at the draw `token`, or fixed) says of its kinks and domains: each
    watched op's inputs (draw_pool.same_cells compares their cells: the sign and the magnitude's interval), the
    observation's names, the observation, and each step the backward pass added to a gradient with the gradient it
    made, as ("grad", step, sum), in the order they were added; None where it raised or gave no finite number."""
    cls, state = _region_engine()
    state.seen, state.grads = seen, grads = [], []
    try:
        got = probekit.plain(probe(Drawn(cls, token) if token else cls))
    except Exception:  # noqa: BLE001 - a draw the reference cannot run is no draw
        return None
    finally:
        state.seen = state.grads = None
    if not all(math.isfinite(v) for v in _numbers(got)):  # to the first that is not: no list of them made
        return None
    return tuple(seen), tuple(_names(got)), got, tuple(grads)


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
    """The drawn observations of one suite's probes (`probes`: their names) for the grade of record, each drawn
    from the secret's pool (judge/draw_pool.py) and kept in `kept` (boot_files.boot_path) when given."""

    def __init__(self, suite, probes, key: bytes | None = None, kept=False):
        self.suite, self.probes = suite, tuple(probes)
        self._key = secret() if key is None else key
        # in the observation cache's key (never the secret itself): another secret or other probes, other runs
        self.digest = hashlib.sha256(b"draws from a pool of %d\0" % POOL + hashlib.sha256(self._key).digest()
                                     + b"\0" + "\0".join(self.probes).encode()).hexdigest()
        if kept is False:
            kept = _kept_path(suite, self._key)
        self._pool = Pool(suite, self._key, kept)
        self._tokens, self._fixed = {}, {}
        self._computed = {}  # (probe, token) -> the reference's values at a token the pool does not hold
        self._lock = threading.Lock()

    def names(self, files_digest) -> dict:
        """{probe: "probe@token"} of a submission's files (their digest): what the worker is asked to run."""
        with self._lock:
            if files_digest not in self._tokens:
                wanted = [(name, slot_of(self._key, self.suite.name, files_digest, name)) for name in self.probes]
                slots = self._pool.fill(wanted, self._regions, self._at_fixed)
                self._tokens[files_digest] = {name: f"{name}@{slots[(name, slot)][0]}" for name, slot in wanted
                                              if slots[(name, slot)][0] is not None}
            return self._tokens[files_digest]

    def _regions(self, name, token):
        return regions(self.suite.probe(name), token)

    def _at_fixed(self, name):
        if name not in self._fixed:
            self._fixed[name] = regions(self.suite.probe(name))
        return self._fixed[name]

    def reference(self, name, token):
        """The reference's observation of probe `name` at the draw `token`: the pool's, else the pool's kept file's
        (a run from the observation cache was drawn by an earlier process: this one's pool was never filled for
        it), else computed, once per probe and token in this process (the cross-check asked it once per test that
        reads the probe, for each such row: a tenth of a replayed batch's CPU was the deep chain computed again)."""
        held = self._pool.values(name, token)
        if held is None:
            held = self._computed.get((name, token))
        if held is None:
            held = self._pool.values(name, token, kept=True)
        if held is None:
            from reference import engine

            held = json.loads(json.dumps(probekit.plain(self.suite.probe(name)(Drawn(engine.Value, token)))))
            with self._lock:
                held = self._computed.setdefault((name, token), held)
        return held


def _kept_path(suite, key):
    """Where the pool of `key` for `suite` is kept this boot (boot_files.boot_path), or None."""
    from ..boot_files import boot_path

    return boot_path("draws", suite.folder, ".jsonl", also=hashlib.sha256(b"draw pool file\0" + key).hexdigest())


def drawn_probes(suite, expectations):
    """The probes whose inputs the grade of record draws: every probe a test reads (the dry run), but those that take
    the student's modules rather than `Value` and those marked `fixed_inputs` (the composition probe, whose inputs
    judge/composition.py replays), in the suite's order; () for a suite that does not draw."""
    if not suite.draw_inputs or suite.cases:
        return ()
    read = expectations.probes_tests_read()
    return tuple(n for n in suite.probe_names if (read is None or n in read)
                 and not getattr(suite.probe(n), "takes_modules", False)
                 and not getattr(suite.probe(n), "fixed_inputs", False) and n not in suite.fixed_inputs)


def for_record(suite, expectations, kept: bytes | None = None):
    """`suite` as the grade of record observes it: with the Draws of the probes it draws, where it draws any, from
    `secret(kept)`."""
    drawn = drawn_probes(suite, expectations)
    return dataclasses.replace(suite, draws=Draws(suite, drawn, key=secret(kept))) if drawn else suite
