"""Figures (numbers not whole) a known text writes, in its code or its prose: no pair's own evidence (session 37).

micrograd's README gives its example's figures in comments (`# prints 24.7041`); two honest students who paste the
example as asserts hold three rare numbers only they wrote (scores.written_items). A text a student is given or can
read (a starter, its handouts, a public source, the lecture, the README example) has its figures subtracted as given,
wherever it writes them; the course reference's are not (students never see it)."""

from __future__ import annotations

import re

from .scores import _whole_number
from .traits import _hash

# a number with a fraction or an exponent as a text writes it anywhere (code, a comment, a docstring, prose):
# `24.7041`, `1e-4`, `.5`, `3.0` (session 37: micrograd's README gives its example's figures in comments)
_FIGURE = re.compile(r"(?<![\w.])(?:\d[\d_]*\.\d[\d_]*(?:[eE][+-]?\d+)?|\d[\d_]*[eE][+-]?\d+|\.\d[\d_]*(?:[eE][+-]?\d+)?)(?!\w)")


def written_figures(text: str) -> set[int]:
    """The hashes of the number traits (`traits`' "number") of every figure TEXT writes that is not whole, wherever it
    writes it: a known text's figures, subtracted as given, are no pair's own (scores.written_items' numbers)."""
    found = set()
    for figure in _FIGURE.findall(text):
        if not _whole_number(figure):  # as scores.written_items tells a number's choice from a whole one
            found.add(_hash("number", figure.lower()))
    return found


REFERENCE_NAME = "course reference/"  # how canonical_sources names the course reference's files (instructors' only)


def known_figures(texts: dict[str, str]) -> frozenset[int]:
    """The number traits of the figures (not whole) TEXTS write anywhere, in prose too (`# prints 24.7041`): texts a
    student is given or can read (a starter, its handouts, a public source), whose figures are no pair's own."""
    return frozenset().union(*(written_figures(texts[name]) for name in sorted(texts)))
