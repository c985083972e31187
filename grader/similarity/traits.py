"""A student's traits: what they wrote as they wrote it, which a copier carries over and the structure does not show.

The normalised structure (normalise.py) reads past names, comments and
layout, so that a renamed copy is still a copy. That is also what it cannot
see: two students who fill a starter with the same canonical lines are
identical in structure, whether one copied the other or not. What tells them
apart is what the structure throws away and an honest student does not share:

- the words of each comment (`# chain rule: local slope times upstream`);
- the text of each string literal and docstring (`"tanh'"`, an error message);
- each identifier the student chose (`t_val`, `upstream`), each number;
- each line as written, indentation aside (`self.grad+=(1-t**2)*out.grad`:
  its spacing and its parentheses are a habit).

Each trait is hashed, tagged with its kind, and weighs `size` (a comment or a
string its words less SHORT, up to MAX_SIZE; a name or a number 1; a line
LINE_SIZE); a short one (see SHORT) weighs nothing.
A trait the starter, a public source or the course's reference has is not the
student's (cohort.py subtracts it, as it subtracts their code), and the cohort
weighs the rest by rarity: a trait many students share is no evidence.

Only the first MAX_CHARS characters are read (as for the structure), with
Python's own tokenizer; a file it cannot tokenize to the end gives the traits
of what it read.
"""

from __future__ import annotations

import hashlib
import io
import keyword
import re
import tokenize

from .normalise import MAX_CHARS, python_lines
from .roles import BUILTINS

MAX_SIZE = 6  # a comment or a string weighs its words up to this: one long comment is not a whole file
LINE_SIZE = 1  # a line as written: its spacing is a habit, but its code is the structure's to weigh
# A short phrase, name or line is common in any class of any year ("works", "my implementation", `res`, `try:`),
# however rare it is in this one: a comment or a string weighs its words less SHORT, a name needs more than SHORT + 1
# characters, a line as written more than 2 * SHORT words. Set by that argument, not measured (the first class,
# on which the other constants were chosen, is the same with 0 and 2).
SHORT = 2
SHOWN = 120  # characters of a trait kept to show in the record (its hash is of all of it)
_WORD = re.compile(r"[0-9a-z_]+|[^\s0-9a-z_#]")


def _hash(kind: str, text: str) -> int:
    return int.from_bytes(hashlib.blake2b(f"{kind}\0{text}".encode("utf-8", "surrogatepass"), digest_size=8).digest(),
                          "big") | 1 << 63  # the top bit set: never a k-gram's or a statement's hash (< 2 ** 61)


def traits(text: str) -> dict[int, tuple[float, str, str]]:
    """{hash: (size, kind, text)} of the traits of one source file."""
    found: dict[int, tuple[float, str, str]] = {}

    def add(kind: str, value: str, size: float):
        if value and size > 0:
            found.setdefault(_hash(kind, value), (size, kind, value[:SHOWN]))

    text = text.removeprefix("\ufeff")[:MAX_CHARS]
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            kind, value = token.type, token.string
            if kind == tokenize.COMMENT:
                words = _WORD.findall(value.lower())
                add("comment", " ".join(words), min(_words(words) - SHORT, MAX_SIZE))
            elif kind == tokenize.STRING:
                body = value.lstrip("rRbBuUfF")[1:-1].strip("\"'")
                words = _WORD.findall(body.lower())
                add("string", " ".join(words), min(_words(words) - SHORT, MAX_SIZE))
            elif kind == tokenize.NAME and len(value) > SHORT + 1 and not keyword.iskeyword(value) and value not in BUILTINS:
                add("name", value, 1.0)
            elif kind == tokenize.NUMBER:
                add("number", value.lower(), 1.0)
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass  # the traits of what was read
    for line in python_lines(text):
        line = line.strip()
        if line and not line.startswith("#") and len(_WORD.findall(line.lower())) > 2 * SHORT:
            add("line", line, LINE_SIZE)
    return found


def _words(tokens: list[str]) -> int:
    """How many of TOKENS are words (a divider of dashes, or punctuation, is none)."""
    return sum(1 for t in tokens if t[0].isalnum() or t[0] == "_")


def trait_hashes(text: str) -> set[int]:
    """The hashes of the traits of TEXT: what a starter or public source gives away."""
    return set(traits(text))
