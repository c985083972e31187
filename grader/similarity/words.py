"""Words of a comment or a string, in any alphabet: how many (a comment's weight) and its runs of words (its traits).

traits.py reads each comment and string with these; they need nothing but the text.
"""

from __future__ import annotations

import re
import unicodedata


def nfkc(text: str) -> str:
    """TEXT with its identifiers as Python reads them (NFKC: `ｘ`, `𝑥` and `x` are one name); ASCII is left as is."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


# a word: a run of letters, digits or `_` in any alphabet (`вроде работает` is two words, as `seems fine` is), and in
# a script written without spaces (Han, kana) every UNSPACED_WORD characters (a word of Chinese is about two)
_UNSPACED = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_SPACED_WORD = re.compile(f"[^\\W{_UNSPACED}]+")
_UNSPACED_CHARACTER = re.compile(f"[{_UNSPACED}]")
UNSPACED_WORD = 2
_PHRASE_WORD = re.compile(f"[^\\W{_UNSPACED}]+|[{_UNSPACED}]")
PHRASE = 3  # a comment is read as its runs of PHRASE words (characters of Han or kana), one trait each


def phrases(text: str) -> list[str]:
    """TEXT's runs of PHRASE words, each once, in order (a copier who rewords a comment word by word keeps the runs
    between the words changed); a shorter text is one run."""
    words = _PHRASE_WORD.findall(nfkc(text).lower())
    return list(dict.fromkeys(" ".join(words[i:i + PHRASE]) for i in range(max(1, len(words) - PHRASE + 1))))


def word_count(text: str) -> float:
    """How many words TEXT has (a divider of dashes, or punctuation, is none)."""
    return len(_SPACED_WORD.findall(text)) + len(_UNSPACED_CHARACTER.findall(text)) / UNSPACED_WORD
