"""What a probe says when it cannot read what the student's engine gave (probekit's `ObservationError`: `b.grad is a
Value, not a number`, `MLP [2, 4, 1] has 12 parameters, not 17`), as messages.

The probes travel into the sandbox with the standard library only, so they raise plain English text; the worker
reports it as a result's `error` with no exception type (sandbox/worker.py). These are the grader's words, not the
student's: the observer finds the template a text was made from and keeps the message record beside it
(`error_message`), so a Russian page says «b.grad — объект типа Value, а не число» (session 26: the English text
stood inside the Russian sentence, after «ваш движок выбросил исключение», as if the engine had raised it).
tests/test_lang26.py holds every `ObservationError(...)` the probes raise to a template here.
"""

from __future__ import annotations

import functools
import re

from ..i18n import msg

# Each template as the probes write it; a field matches what the probe put there (`{type}` a class's name, `{n}`
# a count, `{value}` what float() made of a number that is not finite). More specific templates first.
TEMPLATES = (
    # TRANSLATORS: a probe could not read a value: {what} names it (`b.grad`), {type} is a Python class's name
    msg("{what} is a {type}, not a number").id,
    msg("{what} is too large or not a number, not a finite number").id,
    # TRANSLATORS: {value} is inf, -inf or nan
    msg("{what} is {value}, not a finite number").id,
    msg("{what}: the result holds more than {n} values").id,
    msg("{what} is nested too deeply").id,
    msg("{what} has a key that is not a string").id,
    msg("{name}: gradcheck(...).ok is a {type}, not True or False").id,
    msg("{what}.parameters() returned a {type}, not a list").id,
    msg("{what}.parameters() gave more than {n} parameters").id,
    msg("MLP [2, 4, 1] has {n} parameters, not {expected}").id,
    msg("train_xor returned a {type}, not a list of losses").id,
    msg("train_xor returned an empty list").id,
    msg("{call} returned a {type}, not a dict of five gradients").id,
    msg("{call} returned no gradient named {name}; the names are {names}").id,
    msg("neuron(...) should return a pair: the output y and a dict of the five leaves; it returned a {type}").id,
    msg("neuron(...)'s second item is a {type}, not a dict of the five leaves").id,
    msg("{call} should return (w, b, final_loss); it returned a {type} of {n}").id,
    msg("{call} should return (w, b, final_loss); it returned a {type}").id,
    msg("{call} should return (w, b, losses); it returned a {type} of {n}").id,
    msg("{call} should return (w, b, losses); it returned a {type}").id,
    msg("{call}'s losses is a {type}, not a list").id,
    msg("mse(w, b) returned a {type}, not a Value: build the loss from w and b, so that backward() can reach them").id,
)
_FIELD_PATTERNS = {"type": r"[A-Za-z_][\w.]*", "n": r"\d+", "expected": r"\d+", "value": r"-?inf|nan"}


@functools.cache
def _patterns() -> tuple:
    compiled = []
    for template in TEMPLATES:
        parts, last = [], 0
        for field in re.finditer(r"\{(\w+)\}", template):
            parts.append(re.escape(template[last:field.start()]))
            parts.append(f"(?P<{field[1]}>{_FIELD_PATTERNS.get(field[1], '.+?')})")
            last = field.end()
        parts.append(re.escape(template[last:]))
        compiled.append((template, re.compile("".join(parts), re.S)))
    return tuple(compiled)


def probe_words(error: str) -> dict | None:
    """The message record of a probe's `ObservationError` text (its words, its parts as parameters), or None for
    a text no template makes, which is shown as it is."""
    for template, pattern in _patterns():
        found = pattern.fullmatch(error)
        if found:
            said = msg(template, **found.groupdict())
            return said.to_json() if str(said) == error else None
    return None
