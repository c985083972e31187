"""Python's tokens of a source file, read alike on every Python (3.10 to 3.13): what the traits (traits.py) and the
lexical units of a file that does not parse (normalise.py) read."""

from __future__ import annotations

import io
import tokenize

# Python 3.12+ tokenizes an f-string into its parts (PEP 701: FSTRING_START, the text, `{`, the names in it, ...):
# before, an f-string was one STRING token, and the similarity read it as one string on every Python since
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)


def python_tokens(text: str):
    """tokenize.generate_tokens of TEXT, an f-string one STRING token of its text as written (as Python 3.11
    gives it): the same tokens, so the same traits and lexical units, on every Python. Raises what tokenize raises."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    if _FSTRING_START is None:
        yield from tokens
        return
    lines = None
    for token in tokens:
        if token.type != _FSTRING_START:
            yield token
            continue
        depth, end = 1, token
        for end in tokens:  # to the FSTRING_END that closes it (it may hold others; tokenize raises at an open end)
            depth += (end.type == _FSTRING_START) - (end.type == tokenize.FSTRING_END)
            if not depth:
                break
        if lines is None:
            lines = io.StringIO(text).readlines()  # as tokenize numbers them: one per readline
        (first, start), (last, stop) = token.start, end.end
        span = lines[first - 1:last]
        string = (span[0][start:stop] if first == last
                  else span[0][start:] + "".join(span[1:-1]) + span[-1][:stop])
        yield tokenize.TokenInfo(tokenize.STRING, string, token.start, end.end, "".join(span))
