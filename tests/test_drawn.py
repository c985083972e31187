"""The grade of record's drawn inputs (grader/judge/drawn.py, grader/drawn_inputs.py), in process: the draw itself,
the secret, which probes are drawn and how each keeps its kinks, the outcome of record, and the fleet's job. The
graded samples (answer tables, correct engines in unusual styles) are tests/test_redteam29.py's batch."""

import math

import pytest

from grader.drawn_inputs import Drawn, drawn_input
from grader.judge import drawn
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
    assert all(names[p].startswith(p + "@") and len(names[p]) == len(p) + 17 for p in names)
    assert draws.names("e" * 64) != names  # other files, other draws
    for probe in ("neuron", "relu_inner", "relu_negative", "log_inner", "pow_negative_exponent", "numeric_relu_sum"):
        token = names[probe].partition("@")[2]
        assert drawn.regions(suite.probe(probe), token) == drawn.regions(suite.probe(probe))


def test_the_reference_at_a_draw_is_computed_from_the_drawn_inputs(engine_draws):
    suite, draws = engine_draws
    token = draws.names("f" * 64)["add_values"].partition("@")[2]
    a, b = drawn_input(token, 2.0), drawn_input(token, -3.0)
    assert draws.reference("add_values", token) == {"y": a + b, "a.data": a, "b.data": b, "a.grad": 1.0, "b.grad": 1.0}
    relu = draws.reference("relu_zero", draws.names("f" * 64)["relu_zero"].partition("@")[2])
    # its one input is 0, relu's kink: no draw moves it (docs/security.md)
    assert relu == {"y": 0.0, "a.data": 0.0, "a.grad": 2.0}


def _outcome(name, status, earned, output="", points=1.0):
    return {"name": name, "status": status, "earned": earned, "points": points, "output": output}


def test_a_test_of_record_passes_only_if_it_passes_at_both_and_keeps_the_fixed_inputs_words():
    fixed = {"s": [_outcome("t/a", "passed", 1.0), _outcome("t/b", "failed", 0.5, "fixed words"),
                   _outcome("t/c", "passed", 1.0), _outcome("t/d", "failed", 0.0, "fixed")]}
    drawn_ = {"s": [_outcome("t/a", "failed", 0.0, "drawn words"), _outcome("t/b", "failed", 0.0, "drawn"),
                    _outcome("t/c", "passed", 1.0), _outcome("t/d", "passed", 1.0)]}
    got = drawn.of_record(fixed, drawn_)["s"]
    assert [(o["status"], o["earned"], o["output"]) for o in got] == [
        ("failed", 0.0, "at other inputs, drawn for this grade: drawn words"), ("failed", 0.0, "fixed words"),
        ("passed", 1.0, ""), ("failed", 0.0, "fixed")]
    assert drawn.of_record(fixed, {}) == fixed  # a run without drawn observations: the fixed outcomes


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
