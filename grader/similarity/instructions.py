"""A comment in the instructions' own words is the course's, not the student's (session 34, sim34a): the runs of
words of each comment or string of a file read against the runs of the exercise README's prose
(`handouts.instruction_kgrams`). Apart from handouts.py, which reads the handouts (and their visible tests'
checks, which read the documents): documents.py reads every file with `instructed`, and must not import back."""

from __future__ import annotations

import functools
import tokenize

from .normalise import MAX_CHARS
from .tokens import token_list
from .traits import _hash
from .words import phrases

# a comment is the instructions' words when this share of its runs of words are theirs (`instructed`): chosen among
# 0.5, 0.6, 0.7 and 0.8 on the tuning classes and sim32b2 (docs/similarity.md, session 34); at 0.5, a comment that
# shares half its words with the README is the student's own words about it (fourth 4 and fifth 10 fell)
INSTRUCTED = 0.6


def instructed(text: str, given: frozenset[int]) -> frozenset[int]:
    """The comment traits of TEXT (traits.py: its runs of words) that are the instructions' words: the runs of each
    comment or string of which at least INSTRUCTED are runs of the instructions' prose (`instruction_kgrams`, in
    GIVEN), less the runs any other comment or string of TEXT has. Two students who write the README's steps as
    their comments share the course's words, as two who paste its example share its code (sim32b2's h2: the README's
    three steps over the canonical walk, 0.911, #5)."""
    read = []  # (whether the instructions' words, its runs) of each comment and string
    tokens, _ = token_list(text.removeprefix("\ufeff")[:MAX_CHARS])  # as traits.py reads it (and cached: tokens.py)
    for token in tokens:
        if token.type in (tokenize.COMMENT, tokenize.STRING) and (runs := phrases(token.string)):
            read.append((sum(_run_hashes(run)[0] in given for run in runs) >= INSTRUCTED * len(runs), runs))
    if not any(course for course, _ in read):
        return frozenset()
    taken, kept = ({_run_hashes(run)[1] for course, runs in read if course is side for run in runs}
                   for side in (True, False))
    return frozenset(taken - kept)


@functools.lru_cache(maxsize=1 << 16)
def _run_hashes(run: str) -> tuple[int, int]:
    """A run of words hashed as the instructions' and as a comment's (every file repeats the starter's comments)."""
    return _hash("instructions", run), _hash("comment", run)
