"""The styled variants' observations of the costly probes, stored with the suites (grader/diagnose/stored.py's
`styled_runs.json`, written by `grade variant-runs`): current, the ones a fresh engine gives, used by the book, and a
stale entry or file never used."""

import json
import random
import sys
from dataclasses import replace

import pytest

import grader.diagnose.book as book
from grader.diagnose import stored
from grader.diagnose.book import Kept, VariantBook
from grader.diagnose.styles import STYLES, observe_in_process, restyle
from grader.suites import available, load_suite
from grader.variants import engine_class

DIAGNOSED = [n for n in available() if load_suite(n).diagnose]
BOGUS = {"status": "ok", "values": {"y": 12345.0}}  # what no probe of the tests below observes


def test_the_costly_probes_are_counted_in_calls_not_timed():
    assert stored.costly_probes(load_suite("engine")) == ["deep_chain", "long_sum"]
    assert stored.costly_probes(load_suite("05-backward")) == ["deep_chain_affine", "long_sum_500"]
    assert stored.costly_probes(load_suite("02-accumulate")) == ["deep_chain_affine_by_hand"]
    assert stored.costly_probes(load_suite("01-mul-backward")) == []
    assert stored.costly_probes(load_suite("04-more-ops")) == []  # composition: 3,405 calls for about 100 numbers


def _styled_engines(suite):
    """[(the book's engine key, its source)] of every usable variant in every style that changes it."""
    book_ = VariantBook(suite, stored.load(suite))
    out = []
    for v in book_.variants:
        for style in STYLES:
            engine = book_._class(("style", v.name, style.name), lambda: restyle(v.source(), style))
            if engine is not None:
                out.append(engine)
    return out


@pytest.mark.parametrize("name", DIAGNOSED)
def test_stored_styled_observations_are_current_and_a_fresh_engines(name):
    suite = load_suite(name)
    path = suite.folder / stored.STYLED_FILENAME
    made_with = json.loads(path.read_text(encoding="utf-8"))["python"]
    if made_with != f"{sys.version_info[0]}.{sys.version_info[1]}":
        pytest.skip(f"{path} was made with Python {made_with}: another Python observes in process (its digest)")
    observations = stored.load_styled(suite)
    costly = stored.costly_probes(suite)
    expected = {VariantBook._entry(engine, p) for engine in _styled_engines(suite) for p in costly}
    assert set(observations) == expected, f"{path} is stale: run `grade variant-runs {name}`"
    for entry in random.Random(35).sample(sorted(observations), min(3, len(observations))):
        label, _, probe = entry.split("\0")
        (source,) = [s for (lab, s) in _styled_engines(suite) if lab == label]
        assert observations[entry] == json.loads(json.dumps(
            observe_in_process(engine_class(source, label), getattr(suite.probes, probe))))


@pytest.fixture
def counted(monkeypatch):
    """The book with a memo of its own (KEPT empty) and its in-process observations counted."""
    monkeypatch.setattr(book, "KEPT", Kept())
    calls = []
    real = book.observe_in_process

    def observed(value_class, probe):
        calls.append(probe.__name__)
        return real(value_class, probe)

    monkeypatch.setattr(book, "observe_in_process", observed)
    return calls


def _book(tmp_path, observations=None, digest=None):
    """(book, variant, engine's label, source): a book of the engine suite whose folder holds a styled file of
    `observations` under `digest` (the current one by default), the first usable variant, and its engine in the first
    style that changes it."""
    real = load_suite("engine")
    book_ = VariantBook(replace(real, folder=tmp_path), stored.load(real))
    v = book_.variants[0]
    style = next(s for s in STYLES if restyle(v.source(), s) is not None)
    if observations is not None:
        (tmp_path / stored.STYLED_FILENAME).write_text(json.dumps(
            {"digest": digest or stored.styled_digest(real), "python": "any", "observations": observations}),
            encoding="utf-8")
    return book_, v, f"style {v.name} {style.name}", restyle(v.source(), style)


def test_a_stored_entry_of_this_engine_is_used(tmp_path, counted):
    _, _, label, source = _book(tmp_path)
    book_, v, _, _ = _book(tmp_path, {VariantBook._entry((label, source), "local_mul"): BOGUS})
    observed = book_.styled(v, "local_mul")
    assert observed[0] == BOGUS  # what the file says, not a run: the file is read
    assert counted == ["local_mul"] * (len(observed) - 1)  # the other styles ran in process


@pytest.mark.parametrize("stale", ["an older source", "a stale file"])
def test_a_stale_stored_entry_is_not_used(tmp_path, counted, stale):
    _, _, label, source = _book(tmp_path)
    if stale == "an older source":  # the engine's label and the probe, but the source it had before a change
        book_, v, _, _ = _book(tmp_path, {VariantBook._entry((label, source + "# before\n"), "local_mul"): BOGUS})
    else:  # this very engine's entry, in a file made for other probes (or another observer, or another Python)
        book_, v, _, _ = _book(tmp_path, {VariantBook._entry((label, source), "local_mul"): BOGUS}, "0" * 64)
    observed = book_.styled(v, "local_mul")
    assert observed[0] == observe_in_process(engine_class(source, label), load_suite("engine").probes.local_mul)
    assert observed[0] != BOGUS
    assert counted == ["local_mul"] * len(observed)  # every style observed in process, this one too
