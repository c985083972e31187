"""Python's tokens of a source file, read alike on every Python (3.10 to 3.13): what the traits (traits.py) and the
lexical units of a file that does not parse (normalise.py) read."""

from __future__ import annotations

import io
import keyword
import threading
import tokenize
from contextlib import contextmanager

from .roles import BUILTINS, kept_as_written

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


_SHARED = threading.local()  # within `shared()`: (text, its tokens, what ended them) of the last text tokenized


@contextmanager
def shared():
    """Within it, `token_list` keeps the last text's tokens: a file's lexical units and its traits (normalise.py,
    traits.py) read the tokens of the same first MAX_CHARS characters, tokenized once (documents.read_document)."""
    _SHARED.last, _SHARED.on = None, True
    try:
        yield
    finally:
        _SHARED.last, _SHARED.on = None, False


def token_list(text: str) -> tuple[list, Exception | None]:
    """python_tokens of TEXT as a list, and the TokenError, SyntaxError or ValueError that ended them (None: the
    text's end): what a reader that stops at such an error reads of TEXT."""
    last = getattr(_SHARED, "last", None)
    if last is not None and last[0] == text:
        return last[1], last[2]
    tokens, error = [], None
    try:
        for token in python_tokens(text):
            tokens.append(token)
    except (tokenize.TokenError, SyntaxError, ValueError) as exc:
        error = exc
    if getattr(_SHARED, "on", False):
        _SHARED.last = (text, tokens, error)
    return tokens, error


def prefix_tokens(text: str, whole: str) -> list | None:
    """The tokens `python_tokens(TEXT)` gives before it ends, TEXT being WHOLE cut after a line break, read from
    WHOLE's (token_list): the same lines read the same way, so the same tokens, but for those that end past TEXT (a
    string or bracket it leaves open; a token that ends on its last line is given when that line is read). None when
    WHOLE's tokens ended in a ValueError (raised again by a reader of TEXT that does not catch it: read TEXT itself)."""
    tokens, error = token_list(whole)
    if isinstance(error, ValueError):
        return None
    if len(text) == len(whole):
        return tokens
    rows = text.count("\n")  # io.StringIO's readline, which tokenize reads, ends a line at \n only
    return [token for token in tokens if token.end[0] <= rows]


def lexical_tokens(text: str, whole: str | None = None) -> tuple[list[str], list[int]]:
    """TEXT's lexical tokens (keywords, operators, numbers, names by role as far as a tokenizer can tell, strings as
    `str`) and the line of each, up to where TEXT stops being Python (normalise.py's units of a file it does not
    read as a tree). WHOLE: the text TEXT was cut from after a line break (or TEXT), whose tokens (token_list) may be
    read already (its traits')."""
    tokens, lines = [], []
    read = prefix_tokens(text, whole) if whole is not None and whole.startswith(text) and (
        len(text) == len(whole) or text.endswith("\n")) else None
    roles: dict[str, str] = {}  # a name's token, once a name
    try:
        for tok in python_tokens(text) if read is None else read:
            if tok.type == tokenize.NAME:
                word = tok.string
                token = roles.get(word)
                if token is None:
                    token = roles[word] = (word if keyword.iskeyword(word) or kept_as_written(word) or word in BUILTINS
                                           else "v")
            elif tok.type == tokenize.OP:
                token = tok.string
            elif tok.type == tokenize.NUMBER:
                token = tok.string
            elif tok.type == tokenize.STRING:
                token = "str"
            else:
                continue
            tokens.append(token)
            lines.append(tok.start[0])
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # keep the tokens read before the point where the text stops being Python
    return tokens, lines
