"""A named mistake charged once where no op table can say it: by a suite's catalogue of mistaken references.

A suite whose mistakes are in its own code, not in an op (07-mlp-xor: a network squashed by tanh at its output),
keeps a `mistakes.py` beside its tests (the instructor's: a student's install has no reference to make them from):
each mistake is the reference with that mistake made, and the test about it. A later test that fails is excused
where every observation it reads is the mistaken reference's on the same probe, and so is the charging test's:
however the student wrote the mistake, their code computes what the mistaken reference computes. A failure with
numbers of its own (a second mistake) is charged as it is.
"""

from __future__ import annotations

import contextlib

from ..i18n import Message, msg
from . import Mismatch, ProbeTimeout, StudentError
from .charging import Excused


def seen(observe, probe):
    """What a test saw of `probe`: the observation, the name of the exception the student's code raised there, or
    None (a timeout, or a probe that never ran)."""
    try:
        return observe(probe)
    except StudentError as error:
        return error.exception or None
    except ProbeTimeout:
        return None


@contextlib.contextmanager
def charged_once(observe, test, probes, mistakes, charging):
    """Run a test's checks; where they fail as a mistake of `mistakes` (a suite's mistakes.py, None in a student's
    install) that another test charges, raise Excused instead.

    `test`: this test's name. `probes`: those whose observations the failure is judged by. `charging`: {name of a
    test that charges a mistake: its probe}, read on every run, so that a test reads the same probes on every
    engine."""
    read = {name: (probe, seen(observe, probe)) for name, probe in charging.items()}
    try:
        yield
    except (Mismatch, StudentError) as failure:
        if isinstance(failure, Excused) or mistakes is None:
            raise
        mistake = mistakes.charged_elsewhere(test, {probe: seen(observe, probe) for probe in probes}, read)
        if mistake is None:
            raise
        raise Excused(msg("Not charged again: your numbers are those of a network that {mistake}, which {test} "
                          "already charges.", mistake=Message(mistake.title), test=mistake.charged_by)) from None


__all__ = ["charged_once", "seen"]
