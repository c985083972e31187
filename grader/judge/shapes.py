"""How an observation is built (its names, lists and kinds of values) against how its probe builds it on the
reference: shape_difference, which the judge's plugin asks of every observation a test reads (judge/plugin.py)."""

from ..i18n import Message, msg, nmsg


def _kind(value) -> Message:
    """What kind of value an observation holds, as a message says it (`a number`, `nothing`)."""
    if value is None:
        return msg("nothing")
    if type(value) is bool:
        return msg("a true/false")
    if type(value) in (int, float):
        return msg("a number")
    if type(value) is str:
        return msg("a text")
    if type(value) is list:
        return msg("a list")
    if type(value) is dict:
        return msg("a set of named values")
    return msg("{type}", type=type(value).__name__)


# _kind's message for each type, as a key to compare (another type's: ("{type}", its name))
_KINDS = {type(None): "nothing", bool: "a true/false", int: "a number", float: "a number", str: "a text",
          list: "a list", dict: "a set of named values"}


def _same_shape(got, want) -> bool:
    """Whether shape_difference(got, want) is None, with no message made: every observation a test reads is asked
    (a third of the cross-check's time at drawn inputs, judge/cross_check.py, went to making the messages of
    the kinds compared, `a number` and `a number`); the messages are made only where the shapes differ."""
    if type(want) is dict:
        return type(got) is dict and got.keys() == want.keys() and all(_same_shape(got[k], w) for k, w in want.items())
    if type(want) is list:
        return type(got) is list and (not want or all(any(_same_shape(item, w) for w in want) for item in got))
    return _kind_key(got) == _kind_key(want)


def _kind_key(value):
    return _KINDS.get(type(value)) or ("{type}", type(value).__name__)


def _not_kind(where, got, want) -> Message:
    # TRANSLATORS: {where} is the result or a name in it ('a', 'a'[0]); {got} and {want} kinds of values (a number)
    return msg("{where} is {got}, not {want}", where=where, got=_kind(got), want=_kind(want))


def shape_difference(got, want, where=None):
    """How `got` is not built as `want` is, or None: the same names in every dict, a list where a list is
    (of any length, each item built as one of `want`'s items), a number where a number is. A message
    (grader/i18n); `where` (a message or a name's repr) defaults to the result.

    A probe records the same names and kinds of values on every engine, right or wrong (its code chooses
    them, an engine only the numbers), so an observation built otherwise was not made by the probe: the
    submission replaced the probe or wrote into the worker's report. A hidden test may then read only
    what the observation holds (a check over its own keys passes on an empty one) or index what is not
    there; neither may happen (docs/security.md).
    """
    if _same_shape(got, want):
        return None
    where = msg("the result") if where is None else where
    if type(want) is dict:
        if type(got) is not dict:
            return _not_kind(where, got, want)
        missing = [k for k in want if k not in got]
        if len(missing) > 1:
            return nmsg("{where} holds no {name} (and {n} more)", "{where} holds no {name} (and {n} more)", "n",
                        where=where, name=repr(missing[0]), n=len(missing) - 1)
        if missing:
            return msg("{where} holds no {name}", where=where, name=repr(missing[0]))
        extra = [k for k in got if k not in want]
        if extra:
            return msg("{where} holds {name}, which the probe never records", where=where, name=repr(extra[0]))
        for key, value in want.items():
            difference = shape_difference(got[key], value, repr(key))
            if difference:
                return difference
        return None
    if type(want) is list:
        if type(got) is not list:
            return _not_kind(where, got, want)
        for i, item in enumerate(got):
            if want and all(shape_difference(item, w) for w in want):
                return shape_difference(item, want[0], msg("{where}[{i}]", where=where, i=i))
        return None
    if _kind(got) != _kind(want):
        return _not_kind(where, got, want)
    return None
