"""The pool the grade of record's draws are chosen from (judge/drawn.py): per secret and suite, POOL input sets for
each drawn probe, each with the reference's values there, computed once and kept.

A submission's draw of a probe is one of the probe's POOL slots, chosen by an HMAC of the secret, the suite, the
submission's files and the probe. A slot's draw is the first of TRIES tokens (HMACs of the secret, the suite, the
probe, the slot and the try) at which the reference takes the same side of every kink and domain as at the fixed
inputs (drawn.regions); a slot none of whose tokens keeps them is empty (the probe stays at its fixed inputs for the
submissions that land on it). A slot is filled when a submission first lands on it, so a batch pays the reference
(the 10,000-node deep chain's 60-70 ms among it) once per slot, never once per row: at most POOL times a probe for
every batch of a secret, however many rows, and nothing once the slots are kept.

Kept: in this boot's folder of the grader's own files (boot_files.boot_path: this user's, out of the sandbox's
reach, named by the grader's source, the suite's folder, the reference's files and this Python, and here by a
digest of the secret), one appended line a slot. Each line carries an HMAC, under the secret, of what it says (the
probe, the slot, the token, the values): a line cut short, written by another secret or by anyone without the
secret is not taken, and its slot is computed again. What a slot holds never depends on whether it was kept: the
values are the JSON of the reference's, computed or read back.

What the pool gives away: a student who sees a drawn case in feedback (a test that fails only at the drawn inputs
says so, with its numbers) learns one of POOL input sets of that probe, and its expected values (docs/security.md).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading

POOL = 16  # input sets per drawn probe a submission's draw is chosen from
TRIES = 16  # tokens tried per slot before the slot is empty

_LOCK = threading.Lock()
# (the secret's digest, the suite's digest) -> ({(probe, slot): (token, values)}, {(probe, token): values} of those
# slots: what `values` looks up)
_POOLS: dict[tuple, tuple[dict, dict]] = {}


def _hmac(key: bytes, *parts) -> str:
    return hmac.new(key, "\0".join(map(str, parts)).encode(), hashlib.sha256).hexdigest()


def slot_of(key: bytes, suite_name: str, files_digest, probe: str) -> int:
    """Which of the probe's POOL slots a submission (its files' digest) draws from."""
    return int(_hmac(key, suite_name, "slot", files_digest, probe)[:8], 16) % POOL


def candidates(key: bytes, suite_name: str, probe: str, slot: int):
    """The tokens a slot tries, in order (16 hex digits each)."""
    return [_hmac(key, suite_name, "pool", probe, slot, attempt)[:16] for attempt in range(TRIES)]


class Pool:
    """The slots of one secret and suite: filled when first asked for (`fill`), read from and appended to `kept`."""

    def __init__(self, suite, key: bytes, kept=None):
        self.suite, self._key, self._kept = suite, key, kept
        self._id = hashlib.sha256(b"draw pool\0" + key).hexdigest()
        with _LOCK:
            self._slots, self._tokens = _POOLS.setdefault((self._id, suite.digest), ({}, {}))
        self._read = kept is None

    def _tag(self, probe, slot, token, values_json):
        return _hmac(self._key, "kept slot", self.suite.digest, probe, slot, token, values_json)

    def _read_kept(self):
        """The kept file's slots whose HMAC holds (boot_files.read_appended skips a line cut short)."""
        self._read = True
        from ..boot_files import read_appended

        for name, entry in read_appended(self._kept).items():
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
            if missing and not self._read:
                self._read_kept()
                missing = [w for w in missing if w not in self._slots]
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
        at_fixed = fixed(probe)
        if at_fixed is None:
            return None, None
        for token in candidates(self._key, self.suite.name, probe, slot):
            found = regions(probe, token)
            # a probe through no kink or domain (deep_chain's 10,000 `+`) keeps its first draw unchecked
            if found is not None and (not at_fixed[0] or found[:2] == at_fixed[:2]):
                return token, found[2]
        return None, None

    def values(self, probe, token):
        """The reference's values at a token of this pool, or None for a token it does not hold."""
        with _LOCK:  # one dict lookup: a row of the engine suite asks it for each probe a test reads at a draw
            return self._tokens.get((probe, token))
