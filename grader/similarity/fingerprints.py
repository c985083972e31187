"""Fingerprints of normalised units: hashed k-grams of tokens, winnowed (Schleimer, Wilkerson and Aiken, 2003).

A k-gram is K consecutive tokens of one unit; k-grams never cross from one
unit to the next, so the order of a file's functions does not change its
fingerprints. Winnowing keeps, in every window of WINDOW consecutive k-gram
hashes, the smallest (the rightmost on a tie): any run of at least
WINDOW + K - 1 tokens that two units share yields at least one common
fingerprint, and a unit keeps about 2 / (WINDOW + 1) of its k-grams.

Hashes are computed from CRC-32 codes of the tokens with a polynomial
modulo a Mersenne prime, not with Python's `hash()`, which is salted per
process: the same file always gets the same fingerprints.
"""

from __future__ import annotations

import zlib
from typing import NamedTuple

from .normalise import Unit

# K = 9 tokens is a little less than one canonical statement (`v.grad = v.grad + v.data * v.grad` is 12):
# long enough that a k-gram says more than "an assignment to an attribute", short enough that a closure
# of two statements still has several. WINDOW = 4 keeps about 40 % of the k-grams, and guarantees a
# common fingerprint for any shared run of 12 tokens or more.
K = 9
WINDOW = 4
_PRIME = (1 << 61) - 1
_BASE = 1_000_003
_CODES: dict[str, int] = {}


class Occurrence(NamedTuple):
    """Where a fingerprint occurs: unit index in the document, first token of the k-gram."""

    unit: int
    start: int


def _code(token: str) -> int:
    code = _CODES.get(token)
    if code is None:
        code = _CODES[token] = zlib.crc32(token.encode("utf-8")) + 1
    return code


def kgram_hashes(tokens: tuple[str, ...], k: int = K) -> list[int]:
    """The hash of every k-gram of `tokens`, in order (none when there are fewer than k tokens)."""
    if len(tokens) < k:
        return []
    codes = [_code(t) for t in tokens]
    top = pow(_BASE, k - 1, _PRIME)
    h = 0
    for c in codes[:k]:
        h = (h * _BASE + c) % _PRIME
    hashes = [h]
    for i in range(k, len(codes)):
        h = ((h - codes[i - k] * top) * _BASE + codes[i]) % _PRIME
        hashes.append(h)
    return hashes


def winnow(hashes: list[int], window: int = WINDOW) -> list[int]:
    """Positions of the hashes winnowing selects: the rightmost minimum of each window, each position once."""
    if not hashes:
        return []
    if len(hashes) <= window:
        return [min(range(len(hashes)), key=lambda i: (hashes[i], -i))]
    chosen, last = [], -1
    for start in range(len(hashes) - window + 1):
        best = start
        for i in range(start + 1, start + window):
            if hashes[i] <= hashes[best]:
                best = i
        if best != last:
            chosen.append(best)
            last = best
    return chosen


def fingerprints(units: list[Unit]) -> dict[int, list[Occurrence]]:
    """hash → where it occurs, for the winnowed k-grams of every unit."""
    found: dict[int, list[Occurrence]] = {}
    for index, unit in enumerate(units):
        hashes = kgram_hashes(unit.tokens)
        for position in winnow(hashes):
            found.setdefault(hashes[position], []).append(Occurrence(index, position))
    return found


MIN_STATEMENT = 4  # tokens (braces aside) a statement needs to be a fingerprint: `return v` says nothing


def statement_hashes(unit: Unit) -> list[tuple[int, int, int]]:
    """(first token, end, hash) of each statement of the unit that has MIN_STATEMENT tokens or more.

    A statement is its own tokens (a compound statement's header: `if` and its
    test, `loop` and what it walks; its body's statements are statements of
    their own), so a statement moved, or another put before it, keeps its
    fingerprint: k-grams, which run across statements, do not. The hash is
    tagged so that it never equals a k-gram's.
    """
    found = []
    bounds = list(unit.starts) + [len(unit.tokens)]
    for start, end in zip(bounds, bounds[1:]):
        tokens = [t for t in unit.tokens[start:end] if t not in ("{", "}")]
        if len(tokens) >= MIN_STATEMENT:
            found.append((start, end, _statement_hash(tokens)))
    return found


def _statement_hash(tokens: list[str]) -> int:
    h = 7  # a different start from the k-grams' 0
    for t in tokens:
        h = (h * _BASE + _code(t)) % _PRIME
    return (h * _BASE + len(tokens)) % _PRIME


ORDER_TAG = 1 << 62  # an order's hash: never a k-gram's or a statement's (< 2 ** 61), nor a trait's (1 << 63 set)
ORDER_REACH = 8  # a statement's order is kept with each of the next ORDER_REACH: up to seven left out between them


def order_hash(first: int, second: int) -> int:
    """The hash of "statement FIRST comes before statement SECOND" (statement_orders)."""
    return (first * _BASE + second) % _PRIME | ORDER_TAG


def statement_orders(units: list[Unit]) -> set[int]:
    """Which statement comes before which in each unit (order_hash of each statement with each of the next
    ORDER_REACH): canonical code with statements left out keeps these orders, and a reordering does not."""
    found = set()
    for unit in units:
        hashes = [h for _, _, h in statement_hashes(unit)]
        for i, first in enumerate(hashes):
            found.update(order_hash(first, second) for second in hashes[i + 1:i + 1 + ORDER_REACH])
    return found


def all_kgrams(units: list[Unit]) -> set[int]:
    """Every k-gram hash and statement hash of the units, not winnowed: what the starter gives away."""
    return {h for unit in units for h in kgram_hashes(unit.tokens)} | {
        h for unit in units for _, _, h in statement_hashes(unit)}


def covered_tokens(hashes: list[int], kgrams: frozenset[int], length: int) -> list[bool]:
    """For each token, whether a k-gram of KGRAMS (the starter's, or the public sources') covers it."""
    given = [False] * length
    if kgrams:
        for start, h in enumerate(hashes):
            if h in kgrams:
                given[start:start + K] = [True] * K
    return given
