"""The pool the grade of record's draws are chosen from (judge/drawn.py): per secret and suite, POOL input sets for
each drawn probe, each with the reference's values there, computed once and kept.

A submission's draw of a probe is one of the probe's POOL slots, chosen by an HMAC of the secret, the suite, the
submission's files and the probe. A slot's draw is the first of TRIES x LEVELS tokens (HMACs of the secret, the
suite, the probe, the slot and the try; each level's moving the inputs less: drawn_inputs._LEVELS) at which the
reference takes every watched op's input into its cell at the fixed inputs (drawn.same_cells: its sign and its
magnitude's interval) and every gradient's steps and sums into theirs (`same_magnitudes`), its largest step and sum no
larger than there (`no_larger`; else, the first token of the next rank: `_compute`), else the first at which it keeps
their signs alone (the same side of every kink and domain);
a slot none of whose tokens keeps them is empty (the probe stays at its fixed inputs for the submissions that land
on it). A slot is filled when a submission first lands on it, so a batch pays the reference
(the 10,000-node deep chain's 60-70 ms among it) once per slot, never once per row: at most POOL times a probe for
every batch of a secret, however many rows, and nothing once the slots are kept.

Kept: in this boot's folder of the grader's own files (boot_files.boot_path: this user's, out of the sandbox's
reach, named by the grader's source, the suite's folder, the reference's files and this Python, and here by a
digest of the secret), one appended line a slot. Each line carries an HMAC, under the secret, of what it says (the
probe, the slot, the token, the values): a line cut short, written by another secret or by anyone without the
secret is not taken, and its slot is computed again. A process reads the lines appended since its last read before it
computes a slot (another process, an xdist worker or a `grade run` beside a service, may have kept it meanwhile: one
that read the file once rebuilt every slot it lacked; bench/pool_reads.py). What a slot holds never depends on
whether it was kept: the values are the JSON of the reference's, computed or read back.

What the pool gives away: a student who sees a drawn case in feedback (a test that fails only at the drawn inputs
says so, with its numbers) learns one of POOL input sets of that probe, and its expected values (docs/security.md).
"""

from __future__ import annotations

import bisect
import hashlib
import hmac
import itertools
import json
import math
import threading

POOL = 16  # input sets per drawn probe a submission's draw is chosen from
TRIES = 8  # tokens tried per slot at each level of move (drawn_inputs._LEVELS: 4 levels, 32 tokens in all)
LEVELS = 4
# a probe through more watched ops than this (long_sum's 200 powers) keeps its draws on the same side of every kink
# and domain alone: at every level some input of so many lies by an edge of its cell (bench/drawn_slots.py), and
# trying them all cost the pool 3.6 of its 5.8 s
MAX_CELLS = 64
# a probe whose backward pass adds more steps to gradients than this (deep_chain's 2,000 and more) keeps its watched
# ops' cells alone: trying all 32 tokens of each slot for them doubled the pool's runs of the reference
MAX_GRADS = 64

# The magnitudes a cell's edges lie at (`_cell`): where an engine's input-dependent mistake is likeliest to start (a
# guard `x > 4`, a clamp at 2.5, a loop while x > 20, exp's overflow near 709.78, an epsilon by a kink), so that every
# draw of a probe meets such a mistake exactly where its fixed inputs do: one mistake, the same tests lost at every
# slot (docs/security.md, "One mistake, the same points")
_EDGES = (1e-9, 1e-6, 1e-3, 0.01, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 12, 15,
          20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300, 500, 700, 709.78, 1000, 1e4, 1e5, 1e6, 1e9)

_LOCK = threading.Lock()
# (the secret's digest, the suite's digest) -> ({(probe, slot): (token, values)}, {(probe, token): values} of those
# slots: what `values` looks up)
_POOLS: dict[tuple, tuple[dict, dict]] = {}


# an HMAC of each secret with its key set up once, copied for each message: 6 us a call where hmac.new took 11 (its two
# blocks of the key's padding hashed again each time), and a batch of 100 rows asks about 9,600 (session 44)
_KEYED: dict[bytes, hmac.HMAC] = {}


def _hmac(key: bytes, *parts) -> str:
    keyed = _KEYED.get(key)
    if keyed is None:
        if len(_KEYED) >= 8:  # a run uses one secret; a process that tried many (the tests) keeps the last few
            _KEYED.clear()
        keyed = _KEYED.setdefault(key, hmac.new(key, digestmod=hashlib.sha256))
    mac = keyed.copy()
    mac.update("\0".join(map(str, parts)).encode())
    return mac.hexdigest()


def slot_of(key: bytes, suite_name: str, files_digest, probe: str) -> int:
    """Which of the probe's POOL slots a submission (its files' digest) draws from."""
    return int(_hmac(key, suite_name, "slot", files_digest, probe)[:8], 16) % POOL


def candidates(key: bytes, suite_name: str, probe: str, slot: int):
    """The tokens a slot tries, in order: 16 hex digits each, TRIES at each level of move, the largest first (a token
    of level k > 0 ends `.k`: grader/drawn_inputs.py moves its inputs less)."""
    return [_hmac(key, suite_name, "pool", probe, slot, attempt)[:16] + (f".{attempt // TRIES}" if attempt >= TRIES
                                                                          else "")
            for attempt in range(TRIES * LEVELS)]


class Pool:
    """The slots of one secret and suite: filled when first asked for (`fill`), read from and appended to `kept`."""

    def __init__(self, suite, key: bytes, kept=None):
        self.suite, self._key, self._kept = suite, key, kept
        self._id = hashlib.sha256(b"draw pool\0" + key).hexdigest()
        with _LOCK:
            self._slots, self._tokens = _POOLS.setdefault((self._id, suite.digest), ({}, {}))
        self._read = kept is None
        self._taken = (None, 0)  # (the kept file's entries as read_appended holds them, how many of them are taken)

    def _tag(self, probe, slot, token, values_json):
        return _hmac(self._key, "kept slot", self.suite.digest, probe, slot, token, values_json)

    def _read_kept(self):
        """The kept file's slots whose HMAC holds (boot_files.read_appended skips a line cut short), those appended
        since this pool last read it only (read_appended parses only the lines added since; its dict of entries
        keeps their order and is another dict when the file was read anew)."""
        self._read = True
        from ..boot_files import read_appended

        entries = read_appended(self._kept)
        seen, taken = self._taken
        if seen is not entries or taken > len(entries):
            taken = 0
        self._taken = (entries, len(entries))
        for name, entry in itertools.islice(entries.items(), taken, None):
            try:
                probe, slot = json.loads(name)
                token, values_json, tag = entry
                if not hmac.compare_digest(tag, self._tag(probe, slot, token, values_json)):
                    continue
                values = None if token is None else json.loads(values_json)
            except (TypeError, ValueError, RecursionError):
                continue  # not a slot of this pool: computed again
            self._hold(probe, slot, token, values)

    def fill(self, wanted, regions, fixed):
        """{(probe, slot): (token or None, the reference's values there)} of each (probe, slot) in `wanted`, those
        not held computed: `regions(probe, token)` is drawn.regions, `fixed(probe)` the fixed inputs' regions."""
        with _LOCK:
            missing = [w for w in wanted if w not in self._slots]
            if missing and self._kept is not None:  # read first what other processes kept since (their batches,
                self._read_kept()  # another xdist worker's): a process read the kept file once, then computed again
                missing = [w for w in missing if w not in self._slots]  # every slot it had not filled itself
            new = {}
            for probe, slot in missing:
                token, values = self._compute(probe, slot, regions, fixed)
                values_json = None if token is None else json.dumps(values, allow_nan=False)
                self._hold(probe, slot, token, None if token is None else json.loads(values_json), computed=True)
                new[json.dumps([probe, slot])] = [token, values_json, self._tag(probe, slot, token, values_json)]
            if new and self._kept is not None:
                from ..boot_files import append_entries

                try:
                    append_entries(self._kept, new)
                except (OSError, TypeError, ValueError):
                    pass  # a full disk: the next batch computes them again
            return {w: self._slots[w] for w in wanted}

    def _hold(self, probe, slot, token, values, computed=False):
        """Keep a slot (a computed one in place of what it held, a read one only where it held nothing), and its
        token's values for `values` (under _LOCK)."""
        if computed or (probe, slot) not in self._slots:
            self._slots[(probe, slot)] = (token, values)
            if token is not None:
                self._tokens.setdefault((probe, token), values)

    def _compute(self, probe, slot, regions, fixed):
        """(token, values) of the slot's first token at which every watched op's input lies in its cell at the fixed
        inputs (drawn.regions: its sign and magnitude's interval), every step and sum of a gradient in its magnitude's
        cell closed above (`same_magnitudes`), and the largest step and sum no larger than the fixed inputs'
        (`no_larger`: a clamp at any value, an edge or not, acts at the draw only where it acts at the fixed inputs);
        else of the first, in this order, whose gradients lie in their cells (as before session 38: a clamp at an edge
        meets the draw as the fixed inputs), are no larger and lie in their cells with an edge's neighbours (a step of
        exactly 3 drawn as 3.1: a clamp at 3 meets it there alone, unless a larger step is clamped at the fixed
        inputs), are no larger, lie in their cells with an edge's neighbours; else whose watched inputs alone keep
        their cells (a clamp on gradients may meet the draw where it does not meet the fixed inputs, or the reverse),
        else of the first on the same side of every kink and domain alone (the signs: a slot whose draw may meet a
        threshold its fixed inputs do not, counted by bench/drawn_slots.py), else (None, None): the slot is empty. A
        probe whose backward pass adds more than MAX_GRADS steps keeps its watched inputs' cells alone."""
        at_fixed = fixed(probe)
        if at_fixed is None:
            return None, None
        kept = [None] * 6  # the first token of each rank below the best (the docstring's order)
        grads_too = len(at_fixed[3]) <= MAX_GRADS
        for token in candidates(self._key, self.suite.name, probe, slot):
            found = regions(probe, token)
            # a probe through no kink or domain (deep_chain's 10,000 `+`) keeps its first draw unchecked
            if found is None or found[1] != at_fixed[1] or ("." in token and found[2] == at_fixed[2]):
                continue  # (a smaller move that moved nothing the probe gives, its leaves all ints, is no draw)
            if len(at_fixed[0]) <= MAX_CELLS and same_cells(at_fixed[0], found[0]):
                if not grads_too:
                    return token, found[2]
                closed, smaller = same_magnitudes(at_fixed[3], found[3]), no_larger(at_fixed[3], found[3])
                if closed and smaller:
                    return token, found[2]
                near = closed or same_magnitudes(at_fixed[3], found[3], edges_closed=False)
                rank = 0 if closed else (1 if near else 2) if smaller else 3 if near else 4
            elif signs(found[0]) == signs(at_fixed[0]):
                rank = 5
            else:
                continue
            kept[rank] = kept[rank] or (token, found[2])
            if rank == 5 and len(at_fixed[0]) > MAX_CELLS:
                break
        return next((k for k in kept if k), (None, None))

    def values(self, probe, token, kept=False):
        """The reference's values at a token of this pool, or None for a token it does not hold; `kept`: read the
        kept file first if this pool has not."""
        with _LOCK:  # one dict lookup: a row of the engine suite asks it for each probe a test reads at a draw
            if kept and not self._read:
                self._read_kept()
            return self._tokens.get((probe, token))



def _cells(x):
    """The cells of an input x: {(sign, which of _EDGES' intervals |x| lies in, each closed below)}, both neighbours'
    where |x| is within a hair of an edge (the fixed inputs' x = 0.5, which a numeric check's x - h puts below it)."""
    if x is None:
        return {None}
    sign = (x > 0) - (x < 0)
    return {(sign, bisect.bisect_right(_EDGES, abs(x) * f)) for f in (1 - 1e-5, 1, 1 + 1e-5)}


def same_cells(fixed, drawn) -> bool:
    """Whether a draw's watched ops (regions' first part) are the fixed inputs' with every input in its cell."""
    return len(fixed) == len(drawn) and all(
        a[0] == b[0] and all(_cells(y) & _cells(x) for x, y in zip(a[1:], b[1:])) for a, b in zip(fixed, drawn))


def same_magnitudes(fixed, drawn, edges_closed=True) -> bool:
    """Whether a draw's gradient steps and sums (regions' last part) are the fixed inputs' with every magnitude in its
    cell, closed above: a clamp on a gradient (`max(-c, min(c, g))`) meets a magnitude whatever its sign, and leaves
    one of exactly c as it is, so a fixed step of exactly 3 (diamond's) is kept in (2.5, 3], where a clamp at 3 leaves
    it too (`edges_closed=False`: or in [3, 3.5), an edge's both neighbours, as `_cells`). A 0 at the fixed inputs (a
    sum whose steps cancel there: diamond's -3 + 3) is no edge such a mistake starts at, and its draw is free."""
    def cell(x):
        return {bisect.bisect_left(_EDGES, abs(x))} if edges_closed else _cells(abs(x))

    return len(fixed) == len(drawn) and all(
        a[0] == b[0] and all(not x or y is not None and cell(x) & cell(y) for x, y in zip(a[1:], b[1:]))
        for a, b in zip(fixed, drawn))


def no_larger(fixed, drawn) -> bool:
    """Whether a draw's largest gradient step and largest sum (regions' last part) are, in magnitude, no larger than the
    fixed inputs': then a clamp at any c on every step, or on every sum (`max(-c, min(c, g))`, c an edge or between two:
    0.7), leaves the draw as it is wherever it leaves the fixed inputs as they are, and where it does not, the test is
    lost at the fixed inputs already: one mistake, the same tests lost at every slot. A step or sum that is no number
    at the draw (None) is larger than any."""
    def largest(grads, i):
        return max((math.inf if g[i] is None else abs(g[i]) for g in grads), default=0.0)

    return len(fixed) == len(drawn) and all(largest(drawn, i) <= largest(fixed, i) for i in (1, 2))


def signs(seen):
    """A run's watched ops (regions' first part) with each input's sign alone (its side of each kink and domain)."""
    return tuple((op, *(None if x is None else (x > 0) - (x < 0) for x in inputs)) for op, *inputs in seen)
