"""A named mistake charged once where no op table can say it: by a suite's catalogue of mistaken references.

The one decision, for every suite with such a catalogue (07-mlp-xor's mistaken networks, 11-fit-line's mistaken
loops): a failure whose numbers are a named mistake's is excused, "Not charged again", where another test charges
that mistake and that test's own numbers are the same mistake's (`already_charged`); else it is charged as it is.

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


def already_charged(mistake, charged_by: str | None, test: str, charging: dict, is_mistake) -> str | None:
    """The test that already charges `mistake` (`charged_by`, the catalogue's word for it), or None: where `test` is
    that test, no test charges it, or that test's own observation is not the mistake's (a second mistake shows
    there, so this one is charged here too). `charging`: {test name: (its probe, what it saw: `seen`'s)};
    `is_mistake(mistake, probe, got)`: whether `got` is what the mistake's reference observes on `probe`."""
    if charged_by is None or charged_by == test or charged_by not in charging:
        return None
    probe, got = charging[charged_by]
    return charged_by if got is not None and is_mistake(mistake, probe, got) else None


def not_charged_again(kind: str, title: str, test: str) -> Excused:
    """The excuse a later test gives: `kind` "network" (07's catalogue) or "loop" (11's), `title` the mistake's words
    ("applies tanh to its last layer too"), `test` the one that charges it."""
    if kind == "loop":
        return Excused(msg("Not charged again: your numbers are those of a loop that {mistake}, which {test} already "
                           "charges.", mistake=Message(title), test=test))
    return Excused(msg("Not charged again: your numbers are those of a network that {mistake}, which {test} "
                       "already charges.", mistake=Message(title), test=test))


@contextlib.contextmanager
def charged_once(observe, test, probes, mistakes, charging):
    """Run a test's checks; where they fail as a mistake of `mistakes` (a suite's mistakes.py, None in a student's
    install) that another test charges, raise Excused instead; where they fail as one this test charges, say it.

    `test`: this test's name. `probes`: those whose observations the failure is judged by. `charging`: {name of a
    test that charges a mistake: its probe}, read on every run, so that a test reads the same probes on every
    engine."""
    read = {name: (probe, seen(observe, probe)) for name, probe in charging.items()}
    try:
        yield
    except (Mismatch, StudentError) as failure:
        if isinstance(failure, Excused) or mistakes is None:
            raise
        observed = {probe: seen(observe, probe) for probe in probes}
        mistake = mistakes.charged_elsewhere(test, observed, read)
        if mistake is None:
            # the test about a mistake whose numbers these are: its failure names it (session 30: backward/mlp said
            # only "expected -0.163, got -0.0459" of a neuron that sums `w.data * x`)
            here = getattr(mistakes, "charged_here", lambda test, seen: None)(test, observed)
            if here is None or not isinstance(failure, Mismatch):
                raise
            raise Mismatch(msg("{message}. Your numbers are those of a network that {mistake}.",
                               message=failure.message or str(failure), mistake=Message(here.title))) from None
        raise not_charged_again("network", mistake.title, mistake.charged_by) from None


__all__ = ["already_charged", "charged_once", "not_charged_again", "seen"]
