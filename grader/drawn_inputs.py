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


def drawn_input(token, x):
    """A probe's input `x` moved by the draw `token` (a string): a float is scaled by a factor in [0.65, 0.9] or
    [1.1, 1.35], so its sign stays and 0 stays 0; an int moves one or two away from 0 (0 stays); anything else,
    a bool among them, stays. The same token and input give the same number, wherever the probe builds it."""
    t = _type(x)
    if t is _bool or not (t is _int or t is _float) or x == 0 or x != x or x in (_INF, -_INF):
        return x
    h = _mix(token + "|" + _repr(x))
    if t is _int:
        return x + (1 + (h & 1)) * (1 if x > 0 else -1)
    u = (h >> 11) / 9007199254740992.0
    return x * (1.0 + (0.1 + 0.25 * u) * (1.0 if h & 1 else -1.0))


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
