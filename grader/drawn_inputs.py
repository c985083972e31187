"""Inputs drawn for the grade of record (grader/judge/drawn.py): the numbers a probe's leaves are built from at a
draw. This module travels into the sandbox beside probekit (which hands a probe a `Drawn` class), so it uses the
standard library only and never imports anything of the grader's."""

_type, _float, _int, _bool, _repr = type, float, int, bool, repr
_MASK = (1 << 64) - 1
_INF = float("inf")


def _mix(text):
    """A 64-bit FNV-1a hash of `text`: the same in the worker and in the grader (str's hash() is salted per run)."""
    h = 0xCBF29CE484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    h ^= h >> 33  # the low bits mixed into the high ones (FNV's high bits follow the last byte poorly)
    return (h * 0xFF51AFD7ED558CCD) & _MASK


# how far a float moves, by the token's level (its suffix `.1`, `.2`, `.3`; none: 0): a factor 1 +- (low + width * u)
# (grader/judge/draw_pool.py tries the smaller moves where the larger ones leave a kink's or a threshold's cell)
_LEVELS = ((0.1, 0.25), (0.04, 0.06), (0.015, 0.025), (0.005, 0.01))


def drawn_input(token, x):
    """A probe's input `x` moved by the draw `token` (a string): a float is scaled by a factor in [0.65, 0.9] or
    [1.1, 1.35] (a token ending `.1`: 4-10 % either way; `.2`: 1.5-4 %; `.3`: 0.5-1.5 %), so its sign stays and 0
    stays 0; an int moves one or two away from 0 (0 stays), at level 0 only (a move of one changes an integer's every
    cell: judge/drawn.py); anything else, a bool among them, stays. The same token
    and input give the same number, wherever the probe builds it."""
    t = _type(x)
    if t is _bool or not (t is _int or t is _float) or x == 0 or x != x or x in (_INF, -_INF):
        return x
    h = _mix(token + "|" + _repr(x))
    level = _level(token)
    if t is _int:
        return x + (1 + (h & 1)) * (1 if x > 0 else -1) if level == 0 else x
    u = (h >> 11) / 9007199254740992.0
    low, width = _LEVELS[level]
    # the way a float moves: bit 10, mixed by the last multiply (bit 0 followed the parity of repr(x)'s bytes: 2.0
    # and 3.0 moved opposite ways at 99 % of tokens, 0.5 and 1.0 the same way at 99 %, so that no draw shrank both
    # of seed_gradient's 2 and 3; session 36)
    return x * (1.0 + (low + width * u) * (1.0 if h >> 10 & 1 else -1.0))


def _level(token):
    """The level of a token's move: the digit after its last `.`, 0 without one (or with anything else there)."""
    _, dot, level = token.rpartition(".")
    return "0123".find(level) if dot and len(level) == 1 and level in "0123" else 0


class Drawn:
    """What a probe is handed in place of the `Value` class `cls` to run at drawn inputs: each leaf the probe builds,
    `V(x)`, is `cls(drawn_input(token, x))`; the engine's own Values (its results, its constants) are untouched.
    probekit's with_numeric knows it by `draws_inputs`, and draws its inputs with `draw`."""

    draws_inputs = True

    def __init__(self, cls, token):
        self.cls, self.token = cls, token

    def draw(self, x):
        return drawn_input(self.token, x)

    def __call__(self, data, *args, **kwargs):
        return self.cls(drawn_input(self.token, data), *args, **kwargs)
