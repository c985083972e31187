"""The scores record: rows from runs and outcomes, locations, the suite's maximum, atomic writes."""

import json
import os

import pytest

from grader.load import Submission
from grader.private_files import write_json_atomically
from grader.scores import location_of, scores_record, submission_record
from grader.suites import load_suite


def _submission(sid="ann", problem=None, files=None, source="subs/ann.py"):
    return Submission(sid, "file", source, files if files is not None else {"engine.py": b"x = 1\n"}, problem,
                      "digest")


def _outcome(name, status, points=1.0, output="", visibility="visible", concept="add"):
    return {"name": name, "status": status, "points": points, "output": output, "visibility": visibility,
            "concept": concept}


def test_a_row_sums_the_points_of_passed_tests_only():
    run = {"status": "ok", "message": None, "import_error": None}
    outcomes = [_outcome("add/values", "passed", 2.0), _outcome("mul/values", "failed", 1.0, "expected 6.0, got 3.0"),
                {**_outcome("tanh/two", "error", 1.5, "raised (engine.py, line 12)"),
                 "where": {"file": "engine.py", "line": 12, "function": "tanh"}},
                _outcome("deep/chain", "timeout", 1.0), _outcome("engine/imports", "passed", 0.0)]
    row = submission_record(_submission(), run, outcomes, max_score=5.5)
    assert (row["id"], row["status"], row["score"], row["max_score"], row["source"]) == ("ann", "graded", 2.0, 5.5,
                                                                                           "ann.py")
    assert [(t["name"], t["score"], t["max_score"]) for t in row["tests"]] == [
        ("add/values", 2.0, 2.0), ("mul/values", 0.0, 1.0), ("tanh/two", 0.0, 1.5), ("deep/chain", 0.0, 1.0),
        ("engine/imports", 0.0, 0.0)]
    assert (row["tests"][2]["file"], row["tests"][2]["line"]) == ("engine.py", 12)
    assert "file" not in row["tests"][1]


@pytest.mark.parametrize("run_status, row_status", [("ok", "graded"), ("timeout", "timeout"), ("crashed", "crashed")])
def test_a_runs_status_becomes_the_rows(run_status, row_status):
    run = {"status": run_status, "message": "why", "import_error": None}
    row = submission_record(_submission(), run, [], max_score=3.0)
    assert (row["status"], row["score"], row["message"]) == (row_status, 0.0, "why")


def test_a_rejected_entry_has_its_reason_and_no_tests():
    row = submission_record(_submission(problem="not a readable notebook: bad JSON", files={}), None, [], 4.0)
    assert row == {"id": "ann", "status": "rejected", "score": 0.0, "max_score": 4.0,
                   "message": "not a readable notebook: bad JSON", "source": "ann.py", "tests": []}


def test_an_import_error_is_the_rows_message_with_where_it_happened():
    run = {"status": "ok", "message": None,
           "import_error": {"error": "NameError: name 'Vlaue' is not defined",
                            "where": {"file": "engine.py", "line": 7, "function": "<module>"}}}
    row = submission_record(_submission(), run, [], 1.0)
    assert row["message"] == "NameError: name 'Vlaue' is not defined (engine.py, line 7)"


def test_a_location_names_only_the_submissions_own_files():
    files = _submission(files={"engine.py": b"", "nn.py": b""})
    assert location_of({"file": "nn.py", "line": 3, "function": "__init__"}, files) == {"file": "nn.py", "line": 3}
    assert location_of({"file": "/grader/worker.py", "line": 3}, files) == {}
    assert location_of({"file": "engine.py", "line": None}, files) == {}
    assert location_of(None, files) == {}


def test_the_maximum_is_the_suites_declared_points_and_rows_keep_the_input_order():
    suite = load_suite("03-tanh")
    ok = {"status": "ok", "message": None, "import_error": None}
    subs = [_submission("zed"), _submission("amy"), _submission("rej", problem="empty folder", files={})]
    record = scores_record(suite, subs, {"zed": ok, "amy": ok}, {"zed": [], "amy": []},
                           diagnoses={"amy": [{"kind": "hint"}]})
    assert record["exercise"] == "03-tanh" and record["max_score"] == 17.0
    assert [(r["id"], r["status"], r["diagnosis"]) for r in record["submissions"]] == [
        ("zed", "graded", []), ("amy", "graded", [{"kind": "hint"}]), ("rej", "rejected", [])]


def test_scores_are_written_whole_or_not_at_all(tmp_path):
    path = tmp_path / "out" / "scores.json"
    write_json_atomically(path, {"a": "é"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": "é"}
    with pytest.raises(TypeError):
        write_json_atomically(path, {"a": object()})  # fails while encoding: the old file stays
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": "é"}
    assert os.listdir(path.parent) == ["scores.json"]  # no temporary file left behind


def test_scores_written_to_a_pipe_or_device_go_through_it_and_leave_it_one(tmp_path):
    """`grade ... -o /dev/null` (session 31: as root, the atomic writer's rename put a regular file of mode 0600
    where /dev/null was, and initdb and pytest -c /dev/null failed after it). Tested on a FIFO of the test's own,
    never on the machine's /dev/null: written through, still a FIFO after, nothing left beside it."""
    import stat
    import threading

    fifo = tmp_path / "scores.fifo"
    os.mkfifo(fifo)
    read = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    write_json_atomically(fifo, {"a": 1})
    reader.join(timeout=30)
    assert read == ['{\n  "a": 1\n}\n']
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert os.listdir(tmp_path) == ["scores.fifo"]



class _Text(str):
    """A str subclass: json.dump writes it as a string, and so must the grader's writer."""


def test_the_scores_writer_gives_json_dumps_bytes(tmp_path):
    # grader/private_files.py writes JSON with a writer of its own (faster than json.dump's Python encoder): its
    # text must be json.dumps(indent=2, ensure_ascii=False)'s, byte for byte, for every kind of value a record holds
    import random

    rng = random.Random(20261202)
    scalars = [None, True, False, 0, -7, 10 ** 20, 2.5, 0.1, -0.0, 1e300, float("nan"), float("inf"),
               float("-inf"), "", 'q"\\\n\t', "é中文\u2028", _Text("sub"), 1.5e-9]

    def value(depth):
        roll = rng.random()
        if depth < 4 and roll < 0.3:
            keys = [rng.choice(["a", "é", "", "k" * 3, 1, 2.5, True, None]) for _ in range(rng.randint(0, 5))]
            return {key: value(depth + 1) for key in keys}
        if depth < 4 and roll < 0.5:
            return [value(depth + 1) for _ in range(rng.randint(0, 5))] + ([(1, "t")] if roll < 0.35 else [])
        return rng.choice(scalars)

    record = {"rows": [value(0) for _ in range(3000)]}
    path = tmp_path / "scores.json"
    write_json_atomically(path, record)
    assert path.read_text(encoding="utf-8") == json.dumps(record, indent=2, ensure_ascii=False) + "\n"

def test_rows_written_ahead_are_taken_as_they_were_kept(tmp_path):
    # the command line's scores file: rows whose text was made while the batch was still observed (scores.RowsAhead,
    # private_files.WrittenAhead) are written from that text, byte for byte json.dumps's, the others as they are
    from grader.private_files import WrittenAhead

    rows = [{"id": f"s{i}", "score": i / 3, "tests": [{"name": "é", "output": "x\n" * i}], "diagnosis": []}
            for i in range(5)]
    record = {"exercise": "engine", "submissions": rows}
    ahead = WrittenAhead()
    for row in rows[1:4]:
        ahead.keep(row, 2)
    ahead.keep(rows[4], 1)  # kept at another level: not where the record holds it, so not taken
    expected = json.dumps(record, indent=2, ensure_ascii=False) + "\n"
    path = tmp_path / "scores.json"
    write_json_atomically(path, record, ahead)
    assert path.read_text(encoding="utf-8") == expected
    rows[2]["score"], rows[4]["score"] = 99, 98  # changed after it was kept: the kept text is what is written
    write_json_atomically(path, record, ahead)
    written = json.loads(path.read_text(encoding="utf-8"))["submissions"]
    assert [row["score"] for row in written] == [0, 1 / 3, 2 / 3, 1, 98]
    rows[2] = dict(rows[2])  # an equal row, another object: written as it is
    write_json_atomically(path, record, ahead)
    assert json.loads(path.read_text(encoding="utf-8"))["submissions"][2]["score"] == 99
    ahead.close()
    write_json_atomically(path, record, ahead)  # nothing kept any more
    assert path.read_text(encoding="utf-8") == json.dumps(record, indent=2, ensure_ascii=False) + "\n"


def test_a_scores_record_takes_the_rows_made_ahead():
    from grader.scores import RowsAhead

    suite = load_suite("engine")
    subs = [_submission("amy"), _submission("bob"), _submission("cat", problem="not a Python file")]
    ok = {"status": "ok", "message": None, "import_error": None}
    outcomes = {"amy": [_outcome("add/values", "passed")], "bob": [_outcome("add/values", "failed", output="no")]}
    diagnoses = {"bob": [{"kind": "hint", "hint": "x"}]}
    whole = scores_record(suite, subs, {"amy": ok, "bob": ok}, outcomes, diagnoses)
    ahead = RowsAhead(suite, None, lambda run: None, written=True)
    ahead.add(subs[1], ok, outcomes["bob"], diagnoses["bob"], None)
    ahead.add(subs[0], {"status": "no such status"}, [], [], None)  # fails to build: a crashed row, not written ahead
    assert ahead.rows["amy"]["status"] == "crashed" and "grader_error" in ahead.rows["amy"]
    del ahead.rows["amy"]
    parts = scores_record(suite, subs, {"amy": ok, "bob": ok}, outcomes, diagnoses, ahead=ahead)
    assert parts == whole
    assert parts["submissions"][1] is ahead.rows["bob"]  # taken as it was made
    assert ahead.written.text(ahead.rows["bob"], 2) == json.dumps(
        {"submissions": [whole["submissions"][1]]}, indent=2, ensure_ascii=False).split('"submissions": [\n    ')[1][:-6]
    ahead.forget()
    assert ahead.rows == {} and ahead.written.text(parts["submissions"][1], 2) is None


def test_rows_are_still_made_ahead_when_their_text_cannot_be_kept(monkeypatch):
    # a full or unwritable temporary folder costs the written-ahead text, not the batch: the record's writer then
    # writes every row itself, as it did before rows were written ahead
    import errno

    import grader.private_files as private_files
    from grader.scores import RowsAhead

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(private_files.tempfile, "TemporaryFile", full)
    suite = load_suite("engine")
    ok = {"status": "ok", "message": None, "import_error": None}
    ahead = RowsAhead(suite, None, lambda run: None, written=True)
    ahead.add(_submission("bob"), ok, [_outcome("add/values", "failed", output="no")], [], None)
    assert ahead.written is None and ahead.rows["bob"]["score"] == 0.0


# -- a run whose time ran out only where no test looks ----------------------------------------


@pytest.fixture(scope="module")
def engine_suite():
    from grader.judge.expectations import Expectations

    suite = load_suite("engine")
    expectations = Expectations(suite)
    reference = {name: expectations.reference(suite.probe(name)) for name in suite.probe_names}
    return suite, expectations, reference


RAN_OUT = "the submission's time limit (60 s) ran out"


def _timed_out_run(reference, unfinished, running=None):
    """The reference's own observations, as a run whose time ran out in `running` (charged with the run's
    ending) and never reached `unfinished`."""
    probes = {}
    for name, values in reference.items():
        if name == running:
            probes[name] = {"status": "timeout", "error": RAN_OUT}
        elif name in unfinished:
            probes[name] = {"status": "timeout", "error": "not run: " + RAN_OUT, "not_run": True}
        else:
            probes[name] = {"status": "ok", "values": values}
    return {"status": "timeout", "message": RAN_OUT, "import_error": None, "forbidden_imports": [],
            "probes": probes}


def test_the_probes_no_test_reads_are_the_engine_suites_single_op_probes(engine_suite):
    suite, expectations, _ = engine_suite
    unread = set(suite.probe_names) - expectations.probes_tests_read()
    # the single-op probes and the probes that report places, not numbers (`@probekit.places`: where_written, a
    # finding's line, diagnose/written_at.py), all the diagnosis's
    places = {name for name in suite.probe_names if getattr(suite.probe(name), "reports_places", False)}
    assert places == {"where_written"}
    assert unread and all(name.startswith("local_") or name in places for name in unread)
    assert places <= unread
    assert suite.probe_names[-len(unread):] == sorted(unread, key=suite.probe_names.index)  # run last


def test_a_run_out_of_time_only_in_probes_no_test_reads_is_graded_with_full_marks(engine_suite):
    from grader.judge.plugin import judge

    suite, expectations, reference = engine_suite
    read = expectations.probes_tests_read()
    unread = [name for name in suite.probe_names if name not in read]
    runs = {
        "slow-at-the-end": _timed_out_run(reference, unread[1:], running=unread[0]),
        "cut-in-a-test": _timed_out_run(reference, ["long_sum", *unread], running="deep_chain"),
        "cut-before-the-last-test": _timed_out_run(reference, unread, running="numeric_relu_sum"),
    }
    subs = [_submission(sid, source=f"subs/{sid}.py") for sid in runs]
    outcomes = judge(suite, runs, expectations=expectations)
    rows = {row["id"]: row for row in scores_record(suite, subs, runs, outcomes, tests_read=read)["submissions"]}
    full = rows["slow-at-the-end"]
    assert (full["status"], full["score"], full["message"]) == ("graded", full["max_score"], RAN_OUT)
    for sid in ("cut-in-a-test", "cut-before-the-last-test"):
        assert rows[sid]["status"] == "timeout" and rows[sid]["score"] < rows[sid]["max_score"]
        assert any(t["status"] == "timeout" for t in rows[sid]["tests"])
    # without the dry run's answer (a test that reads the whole run), the run's status stands
    unknown = scores_record(suite, subs[:1], runs, outcomes)["submissions"][0]
    assert (unknown["status"], unknown["score"]) == ("timeout", full["max_score"])


def test_an_import_that_ran_out_of_time_stays_a_timeout(engine_suite):
    suite, expectations, _ = engine_suite
    run = {"status": "timeout", "message": "importing engine.py did not finish within 10 s",
           "import_error": {"error": "importing engine.py did not finish within 10 s", "where": None}, "probes": {}}
    row = submission_record(_submission(), run, [], 63.0, tests_read=expectations.probes_tests_read())
    assert row["status"] == "timeout"


def test_whether_a_message_says_where_is_read_from_the_exceptions_type_not_its_text():
    where = {"file": "engine.py", "line": 7, "function": "<module>"}
    said = {"status": "ok", "message": None, "import_error": {
        "error": "SyntaxError: invalid syntax (engine.py, line 7)", "exception": "SyntaxError", "where": where}}
    assert submission_record(_submission(), said, [], 1.0)["message"] == "SyntaxError: invalid syntax (engine.py, line 7)"
    # a message of the student's own that happens to say "line 7" still gets the place
    own = {"status": "ok", "message": None, "import_error": {
        "error": "ValueError: bad line 7 in my table", "exception": "ValueError", "where": where}}
    assert submission_record(_submission(), own, [], 1.0)["message"] == (
        "ValueError: bad line 7 in my table (engine.py, line 7)")
