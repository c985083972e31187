"""What a probe says when it cannot read what the student's engine gave (probekit's `ObservationError`: `b.grad is a
Value, not a number`, `MLP [2, 4, 1] has 12 parameters, not 17`), as messages.

The probes travel into the sandbox with the standard library only, so they raise an ObservationError made of one of
these templates and its fields (`ObservationError("{what} is a {type}, not a number", what=..., type=...)`); the
worker reports the English text as a result's `error` with no exception type, and the template and fields beside it
as data (sandbox/worker.py). These are the grader's words, not the student's: the observer keeps the message record
beside the text (`error_message`), so a Russian page says «b.grad — объект типа Value, а не число» (session 26: the
English text stood inside the Russian sentence, after «ваш движок выбросил исключение», as if the engine had raised
it). The record is built from the fields, never by reading the text back.
tests/test_lang26.py holds the first argument of every `ObservationError(...)` the probes raise to a template here.
"""

from __future__ import annotations

import functools
import string

from ..i18n import msg

# Each template as the probes write it (`{type}` a class's name, `{n}` a count, `{value}` what float() made of a
# number that is not finite).
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


@functools.cache
def _names() -> dict:
    """Each template's field names, as str.format reads them."""
    return {template: frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field)
            for template in TEMPLATES}


def probe_words(error: str, template, fields) -> dict | None:
    """The message record of a probe's `ObservationError` (its template and fields, as the worker reports them
    beside its text), or None: the text is shown as it is. Only a template here with exactly its fields, each a
    string, whose English words are the error's text, is taken: the student's code runs in the worker's process
    and can raise an ObservationError of its own, or write a result line, with anything in it."""
    names = _names().get(template) if type(template) is str else None
    if names is None or type(fields) is not dict or set(fields) != names or \
            any(type(value) is not str for value in fields.values()):
        return None
    said = msg(template, **fields)
    return said.to_json() if str(said) == error else None  # the error is cleaned and cut: so are fields that make it
