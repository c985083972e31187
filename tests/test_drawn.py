"""The grade of record's drawn inputs (grader/judge/drawn.py, grader/drawn_inputs.py), in process: the draw itself,
the secret, which probes are drawn and how each keeps its kinks, the outcome of record, and the fleet's job. The
graded samples (answer tables, correct engines in unusual styles) are tests/test_redteam29.py's batch."""

import math

import pytest

from grader.drawn_inputs import Drawn, drawn_input
from grader.judge import draw_pool, drawn
from grader.fleet import payload
from grader.judge.expectations import Expectations
from grader.suites import load_suite


def test_a_draw_keeps_each_inputs_sign_zero_and_kind_and_moves_the_rest():
    for token in ("0123456789abcdef", "fedcba9876543210", "a"):
        for x in (2.0, -3.0, 0.5, -0.0001, 6.8813735870195432, 1e-300):
            y = drawn_input(token, x)
            assert type(y) is float and (y > 0) == (x > 0)
            assert 0.1 <= abs(y / x - 1) <= 0.35 + 1e-12
            assert drawn_input(token, x) == y  # the same token and input, the same number
        for n in (3, -4, 1):
            m = drawn_input(token, n)
            assert type(m) is int and (m > 0) == (n > 0) and 1 <= abs(m - n) <= 2
        assert [drawn_input(token, x) for x in (0.0, 0, True, False, math.inf, "2.0")] == [
            0.0, 0, True, False, math.inf, "2.0"]
    assert drawn_input("0123456789abcdef", 2.0) != drawn_input("fedcba9876543210", 2.0)


def test_a_tokens_level_moves_a_float_less_and_an_int_not_at_all():
    """draw_pool tries smaller moves where the larger ones leave a cell (drawn_inputs._LEVELS): `.1` 4-10 %, `.2`
    1.5-4 %, `.3` 0.5-1.5 %; an int moves only at level 0 (a move of one changes its every cell)."""
    for level, (low, high) in {".1": (0.04, 0.1), ".2": (0.015, 0.04), ".3": (0.005, 0.015)}.items():
        moves = []
        for token in ("0123456789abcdef", "fedcba9876543210", "a"):
            for x in (2.0, -3.0, 0.5, 6.8813735870195432):
                y = drawn_input(token + level, x)
                assert type(y) is float and (y > 0) == (x > 0) and low <= abs(y / x - 1) <= high + 1e-12
                moves.append(y / x > 1)
            assert drawn_input(token + level, 3) == 3 and drawn_input(token + level, -4) == -4
        assert set(moves) == {True, False}  # either way
    # a suffix that is no level is part of the token: level 0's move
    assert 0.1 <= abs(drawn_input("a.4", 2.0) / 2.0 - 1) <= 0.35 and drawn_input("a.4", 3) != 3


def test_drawn_builds_the_probes_leaves_at_the_draw_and_passes_the_rest_on():
    made = []
    V = Drawn(lambda data, *args, **kwargs: made.append((data, args, kwargs)), "0123456789abcdef")
    V(2.0, (), label="a")
    assert made == [(drawn_input("0123456789abcdef", 2.0), ((),), {"label": "a"})]


def test_the_secret_is_the_environments_else_a_digest_of_the_instructors_part(monkeypatch):
    monkeypatch.setenv(drawn.SECRET_ENV, "s3cret")
    assert drawn.secret() == b"s3cret"
    monkeypatch.delenv(drawn.SECRET_ENV)
    default = drawn.secret()
    assert len(default) == 64 and default != b"s3cret" and drawn.secret() == default


@pytest.fixture(scope="module")
def engine_draws():
    suite = load_suite("engine")
    return suite, drawn.Draws(suite, drawn.drawn_probes(suite, Expectations(suite)), key=b"a test's secret")


def test_every_probe_a_test_of_the_engine_suite_reads_is_drawn_and_keeps_its_kinks(engine_draws):
    suite, draws = engine_draws
    # the probes no test reads (the diagnosis's local ones, where_written) are not drawn
    assert "add_values" in draws.probes and "random_graph_01" in draws.probes and "where_written" not in draws.probes
    assert "composition" not in draws.probes  # how the ops are built, replayed at its own inputs
    assert not any(name.startswith("local_") for name in draws.probes)
    names = draws.names("f" * 64)
    assert set(names) == set(draws.probes)  # a draw that keeps the kinks was found for every one
    assert all(names[p].startswith(p + "@") and len(names[p]) in (len(p) + 17, len(p) + 19) for p in names)
    assert draws.names("e" * 64) != names  # other files, other draws
    for probe in ("neuron", "relu_inner", "relu_negative", "log_inner", "pow_negative_exponent", "numeric_relu_sum"):
        token = names[probe].partition("@")[2]
        at, fixed = drawn.regions(suite.probe(probe), token), drawn.regions(suite.probe(probe))
        assert at[1] == fixed[1] and draw_pool.signs(at[0]) == draw_pool.signs(fixed[0])
        assert draw_pool.same_cells(fixed[0], at[0])  # and every watched input in its cell: one_mistake_same_cells


@pytest.mark.slow  # the whole pool: 78 probes x 16 slots of the reference, ~2 s
def test_every_slot_of_a_probe_keeps_each_watched_input_in_its_cell_but_those_of_four_probes(engine_draws):
    """Session 34: a draw is kept where every tanh's, exp's, relu's, log's, power's and division's input lies in the
    cell (its sign, and its magnitude between the same two of drawn._EDGES: 1, 1.5, 2, 2.5, ..., 4, 5, ..., 10, 12,
    15, 20, ...) it lies in at the fixed inputs, so that a mistake starting at such a threshold (a loop while x > 4, a
    clamp at 2.5) meets every slot's draw where it meets the fixed inputs: the same tests lost at every slot. Four
    probes keep the signs alone (all 16 slots of three, 8 of micrograd-more-ops under this secret): long_sum's 200 powers are more than
    MAX_CELLS, and the others' int inputs move by one or two or not at all (and one slot of random graph #10, whose
    output does not depend on them). The pool's 1,328 slots (1,248 before session 35's five probes far from 0), by
    what they keep; and since session 36 those that keep their cells, by what they keep of the gradients' steps and sums
    (draw_pool.same_magnitudes: each in its magnitude's cell closed above, else with an edge's neighbours, else not;
    tests/test_trust36.py)."""
    from collections import Counter



    suite, draws = engine_draws
    kept, signs_alone, grads = Counter(), Counter(), Counter()
    for probe in draws.probes:
        fixed = drawn.regions(suite.probe(probe))
        slots = draws._pool.fill([(probe, slot) for slot in range(draw_pool.POOL)], draws._regions, draws._at_fixed)
        for token, _ in slots.values():
            at = token and drawn.regions(suite.probe(probe), token)
            kind = "empty" if token is None else "cells" if draw_pool.same_cells(fixed[0], at[0]) else "signs"
            kept[kind] += 1
            if kind == "signs":
                signs_alone[probe] += 1
            elif kind == "cells":
                grads["closed" if draw_pool.same_magnitudes(fixed[3], at[3]) else "neighbours"
                      if draw_pool.same_magnitudes(fixed[3], at[3], edges_closed=False) else "none"] += 1
    assert kept == {"cells": 1271, "signs": 57}
    assert signs_alone == {"long_sum": 16, "random_graph_01": 16, "random_graph_15": 16, "micrograd_more_ops": 8,
                           "random_graph_10": 1}
    # session 38: ten slots with no draw in the gradients' cells take one no larger than the fixed inputs' (a clamp at
    # any value) before one with an edge's neighbours (test_drawn_clamps.py): 81 and 45 before
    assert grads == {"closed": 1145, "neighbours": 71, "none": 55}
    assert draw_pool.same_cells((("tanh", 3.9, None),), (("tanh", 3.5, None),))
    assert not draw_pool.same_cells((("tanh", 3.9, None),), (("tanh", 4.1, None),))  # `while x > 4` meets one
    assert draw_pool.same_cells((("tanh", 0.5, None),), (("tanh", 0.5 - 1e-6, None),))  # a hair below an edge


def test_the_reference_at_a_draw_is_computed_from_the_drawn_inputs(engine_draws):
    suite, draws = engine_draws
    token = draws.names("f" * 64)["add_values"].partition("@")[2]
    a, b = drawn_input(token, 2.0), drawn_input(token, -3.0)
    assert draws.reference("add_values", token) == {"y": a + b, "a.data": a, "b.data": b, "a.grad": 1.0, "b.grad": 1.0}
    relu = draws.reference("relu_zero", draws.names("f" * 64)["relu_zero"].partition("@")[2])
    # its one input is 0, relu's kink: no draw moves it (docs/security.md)
    assert relu == {"y": 0.0, "a.data": 0.0, "a.grad": 2.0}


def test_a_drawn_observation_stands_in_for_its_fixed_one_with_its_token():
    """judge/cross_check.drawn_view: each drawn observation in place of its fixed one, its draw's token kept (a timeout
    too: the engine's at those inputs); a run that ended `crashed` or `timeout` in its fixed probes is cross-checked
    the same (session 35: before, it escaped the draws); one whose import failed is not."""
    from grader.judge.cross_check import drawn_view

    fixed = {"status": "ok", "values": {"y": 1.0}}
    run = {"id": "s", "status": "ok", "message": None, "import_error": None,
           "probes": {"a": fixed, "b": fixed, "c": fixed},
           "drawn": {"a@0123456789abcdef": {"status": "ok", "values": {"y": 2.0}},
                     "c@0123456789abcdef": {"status": "timeout", "error": "did not finish within 2 s"}}}
    view, drawn_probes = drawn_view(run, None)
    assert drawn_probes == {"a", "c"} and "drawn" not in view
    assert view["probes"]["a"] == {"status": "ok", "values": {"y": 2.0}, "drawn": "0123456789abcdef"}
    assert view["probes"]["b"] is fixed and view["probes"]["c"]["status"] == "timeout"
    for status in ("timeout", "crashed"):
        assert drawn_view({**run, "status": status}, None) == ({**view, "status": status}, {"a", "c"})
    assert drawn_view({**run, "import_error": {"error": "SyntaxError"}}, None) == (None, ())


def _attempt(ended, current):
    import types

    return types.SimpleNamespace(ended=ended, current=current)


def test_the_drawn_pass_ends_without_ending_the_run():
    """observe._drawn_ended: the drawn probe a worker ended on is observed as the ending says; the drawn share of time
    spent, or a third drawn timeout, leaves the rest not run (each the engine's at those inputs, as in the fixed pass:
    an engine that spins at every input it does not know gains nothing); the run itself is not touched."""
    from grader.i18n import msg
    from grader.observe import ENDINGS, _drawn_ended

    said = msg("timed out")
    probes = {"a": {"status": "ok", "values": {}}}
    todo = ["a@1", "b@1", "c@1"]
    assert _drawn_ended(probes, todo, _attempt("total-timeout", "a@1"), ENDINGS["total-timeout"], said, 0) == []
    assert [(probes[n]["status"], probes[n].get("not_run")) for n in todo] == [
        ("timeout", None), ("timeout", True), ("timeout", True)]
    assert probes["a"] == {"status": "ok", "values": {}}
    probes = {}
    todo = ["a@1", "b@1", "c@1", "d@1", "e@1"]
    todo = _drawn_ended(probes, todo, _attempt("died", "a@1"), ENDINGS["died"], said, 0)
    assert todo == ["b@1", "c@1", "d@1", "e@1"] and probes["a@1"]["status"] == "crashed"
    for current in ("b@1", "c@1"):
        todo = _drawn_ended(probes, todo, _attempt("probe-timeout", current), ENDINGS["probe-timeout"], said, 1)
    assert todo == ["d@1", "e@1"]
    assert _drawn_ended(probes, todo, _attempt("probe-timeout", "d@1"), ENDINGS["probe-timeout"], said, 2) == []
    assert [(n, probes[n]["status"], probes[n].get("not_run")) for n in sorted(probes)] == [
        ("a@1", "crashed", None), ("b@1", "timeout", None), ("c@1", "timeout", None), ("d@1", "timeout", None),
        ("e@1", "timeout", True)]


def test_a_drawn_probe_whose_fixed_one_timed_out_is_not_run():
    """observe/drawn_pass.py: its tests lost at the fixed inputs, and its spinning at the draw would count towards the
    third drawn timeout that leaves the rest not run (session 33: 60.5 or 62 by the slot, for one mistake)."""
    from grader.observe.drawn_pass import left_to_run

    probes = {"a": {"status": "timeout"}, "b": {"status": "ok", "values": {}}, "c": {"status": "error"}}
    assert left_to_run(["d", "a@1", "b@1", "c@1", "d@1"], probes) == ["d", "b@1", "c@1", "d@1"]
    # nor one whose fixed twin crashed its worker, or was never run (the run ended first): their tests lost there
    probes = {"a": {"status": "crashed"}, "b": {"status": "crashed", "not_run": True}, "c": {"status": "ok"},
              "e": {"status": "error"}}
    assert left_to_run(["d", "a@1", "b@1", "c@1", "e@1"], probes) == ["d", "c@1", "e@1"]


def test_the_fleets_job_carries_the_draws_into_its_key_and_a_result_only_the_suites_probes():
    from grader.fleet.payload import PayloadError, job_result, read_result

    assert payload.GivenDraws({"digest": "d" * 64, "run": {"add_values": "add_values@0123456789abcdef"}}).names(
        "any") == {"add_values": "add_values@0123456789abcdef"}
    suite = load_suite("engine")
    with pytest.raises(PayloadError, match="not the suite's"):
        payload.given_draws(suite, {"digest": "d" * 64, "run": {"add_values": "mul_values@0123456789abcdef"}})
    run = {"id": "x", "status": "ok", "message": None, "import_error": None, "probes": {}, "output": "",
           "seconds": 0.0, "drawn": {"no_such_probe@0123456789abcdef": {"status": "ok", "values": {}}}}
    key = b"k" * 32
    result = job_result(key=key, job_key="j", worker="w", sandbox="bubblewrap", run=run)
    with pytest.raises(PayloadError, match="probes the suite does not have: no_such_probe@"):
        read_result(result, suite.probe_names, key=key, job_key="j")
    run["drawn"] = {"add_values@0123456789abcdef": {"status": "ok", "values": {"y": 1.0}}}
    result = job_result(key=key, job_key="j", worker="w", sandbox="bubblewrap", run=run)
    assert read_result(result, suite.probe_names, key=key, job_key="j")["run"]["drawn"] == run["drawn"]


def test_the_pool_is_computed_once_kept_and_a_line_not_signed_by_the_secret_computed_again(tmp_path, monkeypatch):
    """judge/draw_pool.py: a submission's draw is one of POOL slots a probe; each slot's token and reference values
    are computed once and appended to the kept file; another batch (a fresh process: the in-memory pools emptied)
    reads them back without running the reference; a line whose HMAC does not hold (changed values, or written under
    another secret) is not taken: its slot is computed again, and gives what it gave."""


    suite = load_suite("engine")
    probes = ("add_values", "relu_inner", "deep_chain")
    kept = tmp_path / "draws.jsonl"
    monkeypatch.setattr(draw_pool, "_POOLS", {})
    first = drawn.Draws(suite, probes, key=b"pool secret", kept=str(kept))
    names = {digest: first.names(digest) for digest in ("a" * 64, "b" * 64, "c" * 64)}
    lines = kept.read_text().splitlines()
    assert 3 <= len(lines) <= 9  # one a slot filled: three probes, three submissions (two may share a slot)
    token = names["a" * 64]["deep_chain"].partition("@")[2]
    want = first.reference("deep_chain", token)
    assert want["c.grad"] == pytest.approx(2000.0) and want["x0.grad"] == 1.0  # the drawn chain: 2,000 deep

    def not_again(*args):
        raise AssertionError("a kept slot computed again")

    monkeypatch.setattr(draw_pool, "_POOLS", {})
    monkeypatch.setattr(drawn, "regions", not_again)
    again = drawn.Draws(suite, probes, key=b"pool secret", kept=str(kept))
    assert {digest: again.names(digest) for digest in names} == names
    assert again.reference("deep_chain", token) == want

    # the kept file with one value changed (its HMAC no longer holds) and a slot of another secret's pool
    import json

    forged = [json.loads(line) for line in lines]
    for pair in forged:
        if json.loads(pair[0])[0] == "deep_chain":
            pair[1][1] = pair[1][1].replace('"out": ', '"out": 1')
    other = tmp_path / "other.jsonl"
    monkeypatch.setattr(draw_pool, "_POOLS", {})
    monkeypatch.undo()
    drawn.Draws(suite, ("deep_chain",), key=b"another secret", kept=str(other)).names("a" * 64)
    kept.write_text("\n".join(json.dumps(pair) for pair in forged) + "\n" + other.read_text())
    from grader import boot_files

    boot_files._APPENDED.clear()
    monkeypatch.setattr(draw_pool, "_POOLS", {})
    computed = []
    real = drawn.regions
    monkeypatch.setattr(drawn, "regions", lambda probe, token=None: computed.append(token) or real(probe, token))
    third = drawn.Draws(suite, probes, key=b"pool secret", kept=str(kept))
    assert {digest: third.names(digest) for digest in names} == names
    assert third.reference("deep_chain", token) == want
    assert computed and all(token is None or token in {t for slot in range(draw_pool.POOL) for t in
                                                     draw_pool.candidates(b"pool secret", "engine", "deep_chain", slot)}
                            for token in computed)  # only deep_chain's slots (and the fixed inputs) again


def test_a_slot_another_process_kept_since_this_one_read_the_file_is_read_back_not_computed(tmp_path, monkeypatch):
    """A process read the kept file once, at its first fill, and computed every slot it lacked after that, though
    another process (an xdist worker, a `grade` run beside it) had kept it since: a long-lived process built most of
    the pool again. It now reads what was appended since its last read before it computes a slot."""
    suite = load_suite("engine")
    probes = ("add_values", "relu_inner", "deep_chain")
    kept = tmp_path / "draws.jsonl"
    monkeypatch.setattr(draw_pool, "_POOLS", {})
    mine = drawn.Draws(suite, probes, key=b"pool secret", kept=str(kept))
    mine.names("a" * 64)  # this process read the file (empty) and filled a's slots
    filled = len(kept.read_text().splitlines())
    monkeypatch.setattr(draw_pool, "_POOLS", {})  # another process: pools of its own, the same kept file
    other = drawn.Draws(suite, probes, key=b"pool secret", kept=str(kept))
    want = {digest: other.names(digest) for digest in ("b" * 64, "c" * 64, "d" * 64)}
    lines = kept.read_text().splitlines()
    assert len(lines) > filled  # it kept slots this process does not hold

    def not_again(*args):
        raise AssertionError("a slot another process kept computed again")

    monkeypatch.setattr(drawn, "regions", not_again)
    assert {digest: mine.names(digest) for digest in want} == want
    assert kept.read_text().splitlines() == lines  # nothing appended twice


def test_a_draw_the_pool_was_not_asked_for_is_read_from_the_kept_file_else_computed_once(tmp_path, monkeypatch):
    """A run from the observation cache was drawn by an earlier process: this one never filled its pool for it, and
    its cross-check asks the reference at each of its draws once per test that reads the probe. The kept file's
    values are read back (the reference not run); a token of no slot is computed once in the process, the same."""
    suite = load_suite("engine")
    kept = tmp_path / "draws.jsonl"
    monkeypatch.setattr(draw_pool, "_POOLS", {})
    token = drawn.Draws(suite, ("deep_chain",), key=b"pool secret", kept=str(kept)).names("a" * 64)[
        "deep_chain"].partition("@")[2]
    want = drawn.Draws(suite, ("deep_chain",), key=b"pool secret", kept=None).reference("deep_chain", token)
    monkeypatch.setattr(draw_pool, "_POOLS", {})
    runs = []
    real = drawn.Drawn
    monkeypatch.setattr(drawn, "Drawn", lambda *args: runs.append(args[1]) or real(*args))
    later = drawn.Draws(suite, ("deep_chain",), key=b"pool secret", kept=str(kept))
    assert [later.reference("deep_chain", token) for _ in range(3)] == [want] * 3 and runs == []
    other = "0123456789abcdef"  # a token of no slot of this pool
    got = [later.reference("add_values", other) for _ in range(3)]
    a, b = drawn_input(other, 2.0), drawn_input(other, -3.0)
    assert got == [{"y": a + b, "a.data": a, "b.data": b, "a.grad": 1.0, "b.grad": 1.0}] * 3 and runs == [other]


def test_the_keyed_hmac_is_hmac_news_for_every_secret_and_message():
    # session 44: draw_pool keys an HMAC once per secret and copies it for each message; each digest is the one-shot
    # hmac.new's, whichever secrets came before (more than the eight it keeps) and in whatever order
    import hashlib
    import hmac

    secrets = [bytes([n]) * (n + 1) for n in range(11)]
    for secret in secrets + secrets[::-1]:
        for parts in (("engine", "slot", "d1g", "deep_chain"), ("engine", "pool", "tanh_two", 3, 17)):
            want = hmac.new(secret, "\0".join(map(str, parts)).encode(), hashlib.sha256).hexdigest()
            assert draw_pool._hmac(secret, *parts) == want
    assert len(draw_pool._KEYED) <= 8
