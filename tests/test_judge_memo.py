"""The judge in parts (grader/judge/memo.py, as grader/pipeline_rows.py drives it): the outcomes of every row are
those of one session over the whole batch, and a part whose rows show nothing new runs no pytest."""

import pytest

import grader.judge.plugin as plugin
from grader.judge.expectations import Expectations
from grader.judge.memo import JudgedSoFar
from grader.suites import load_suite


def _run(sid, probes):
    return {"id": sid, "status": "ok", "message": None, "import_error": None, "forbidden_imports": [],
            "probes": probes}


def _batch(suite, expectations):
    """Rows made from the reference's own observations: right, one number wrong, one probe raising."""
    names = list(suite.probe_names)
    right = {n: {"status": "ok", "values": expectations.reference(getattr(suite.probes, n))} for n in names}
    values = dict(right[names[0]]["values"])
    key = next(k for k, v in values.items() if isinstance(v, float))
    values[key] += 1.0
    wrong = {**right, names[0]: {"status": "ok", "values": values}}
    raising = {**right, names[1]: {"status": "error", "error": "ZeroDivisionError: float division by zero",
                                   "exception": "ZeroDivisionError", "facts": {},
                                   "where": {"file": "dana.py", "line": 7, "function": "__truediv__"}}}
    return {"ann": _run("ann", right), "bo": _run("bo", wrong), "cy": _run("cy", right),
            "dana": _run("dana", raising), "ed": _run("ed", wrong), "flo": _run("flo", right)}


@pytest.mark.parametrize("tests", ["all", "visible"])
def test_a_batch_judged_in_parts_gets_the_outcomes_of_one_session(tests, monkeypatch):
    suite = load_suite("03-tanh")
    expectations = Expectations(suite)
    runs = _batch(suite, expectations)
    whole = plugin.judge(suite, runs, expectations=expectations, tests=tests)
    assert whole["bo"] != whole["ann"] and whole["dana"] != whole["ann"]  # the rows do differ

    sessions = []
    real = plugin._run_pytest
    monkeypatch.setattr(plugin, "_run_pytest", lambda *args: sessions.append(1) or real(*args))
    so_far, parts = JudgedSoFar(), {}
    for part in (["bo", "ann"], ["cy", "dana"], ["ed", "flo"]):
        parts.update(plugin.judge(suite, {sid: runs[sid] for sid in part}, expectations=expectations, tests=tests,
                                  so_far=so_far))
    assert parts == whole
    assert len(sessions) == 2  # ed and flo show every test what bo and ann showed it: no pytest
    assert so_far.knows(runs["ed"]) and not so_far.regrouped
    assert not so_far.knows(_run("gus", {**runs["dana"]["probes"], suite.probe_names[1]: {
        **runs["dana"]["probes"][suite.probe_names[1]], "where": {"file": "gus.py", "line": 7, "function": "f"}}}))


@pytest.mark.slow
def test_judging_while_observing_gives_the_same_rows(tmp_path):
    """grader/pipeline_rows.py's thread (Settings.judge_while_observing): the same scores, byte for byte, as the
    whole batch judged and diagnosed once every submission is observed."""
    import json
    import shutil
    import sys
    from pathlib import Path

    from grader.pipeline import Settings, grade_path

    fixtures = Path(__file__).parent / "fixtures" / "submissions"
    names = ("correct-closures", "bug-mul-assign", "bug-relu-at-zero", "correct-closures", "bug-mul-assign")
    for i, name in enumerate(names):
        shutil.copy(fixtures / name / "engine.py", tmp_path / f"s{i}-{name}.py")
    (tmp_path / "empty.zip").write_bytes(b"")  # a rejected row too
    before = sys.getswitchinterval()
    after = grade_path(tmp_path, Settings(exercise="03-tanh", jobs=2, judge_while_observing=False))
    beside = grade_path(tmp_path, Settings(exercise="03-tanh", jobs=2))  # the default, since issue 29's sixth session
    assert sys.getswitchinterval() == before  # the judging thread's short interval was given back
    assert json.dumps(beside.scores, sort_keys=True) == json.dumps(after.scores, sort_keys=True)
    assert any(row["diagnosis"] for row in after.scores["submissions"])
    assert any(row.get("student_diagnosis") for row in after.scores["submissions"])
    # the command line's: each row's text made as its part is done (Settings.write_ahead), the same file
    from grader.private_files import write_json_atomically

    ahead = grade_path(tmp_path, Settings(exercise="03-tanh", jobs=2, write_ahead=True))
    write_json_atomically(tmp_path / "after.json", after.scores)
    write_json_atomically(tmp_path / "ahead.json", ahead.scores, ahead.written_ahead)
    assert (tmp_path / "ahead.json").read_bytes() == (tmp_path / "after.json").read_bytes()


def test_the_switch_interval_is_short_while_any_batch_judges_beside_its_observation():
    """pipeline_rows.quick_handoff: the observing threads get the GIL back within SWITCH_SECONDS while a judging
    thread runs; two batches at once keep it short until the last one ends, then it is what it was."""
    import sys

    from grader.pipeline_rows import SWITCH_SECONDS, quick_handoff

    before = sys.getswitchinterval()
    quick_handoff.enter()
    quick_handoff.enter()
    assert sys.getswitchinterval() == pytest.approx(SWITCH_SECONDS)
    quick_handoff.leave()
    assert sys.getswitchinterval() == pytest.approx(SWITCH_SECONDS)
    quick_handoff.leave()
    assert sys.getswitchinterval() == before


def test_the_collector_runs_less_often_while_any_batch_is_graded():
    """pipeline_rows.fewer_collections: the youngest generation's threshold is YOUNGEST_COLLECTED_AT from the first
    batch's start to the last one's end, the others' as they were; then all three are what they were."""
    import gc

    from grader.pipeline_rows import YOUNGEST_COLLECTED_AT, fewer_collections

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        fewer_collections.enter()
        fewer_collections.enter()
        assert gc.get_threshold() == (YOUNGEST_COLLECTED_AT, 10, 10)
        fewer_collections.leave()
        assert gc.get_threshold() == (YOUNGEST_COLLECTED_AT, 10, 10)
        fewer_collections.leave()
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_a_batch_grades_with_the_collector_less_often_and_gives_it_back(tmp_path, monkeypatch):
    """grade_submissions holds fewer_collections for the whole batch, a failing one too."""
    import gc

    import grader.pipeline as pipeline
    from grader.pipeline_rows import YOUNGEST_COLLECTED_AT

    before, seen = gc.get_threshold(), []

    def fails(*args):
        seen.append(gc.get_threshold())
        raise RuntimeError("stops here")

    monkeypatch.setattr(pipeline, "_grade_submissions", fails)
    gc.set_threshold(700, 10, 10)
    try:
        with pytest.raises(RuntimeError):
            pipeline.grade_submissions([], None)
        assert seen == [(YOUNGEST_COLLECTED_AT, 10, 10)] and gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_the_rows_waiting_for_a_session_are_judged_once_the_observation_drains(tmp_path):
    """pipeline_rows.DRAINING_AT: rows that show some test something new wait for LEAST_SESSION of them, but once no
    more than DRAINING_AT rows are still to come they are judged with the next part, beside the last workers, not
    after the last one ended (session 43)."""
    from pathlib import Path

    from grader.load import load_folder
    from grader.pipeline import Settings
    from grader.pipeline_rows import DRAINING_AT, Rows, Steps

    reference = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_bytes()
    for i in range(DRAINING_AT + 2):
        (tmp_path / f"s{i}.py").write_bytes(reference + f"# {i}\n".encode())
    submissions = load_folder(tmp_path)
    judged = []
    steps = Steps(judge=lambda runs, so_far: judged.append(sorted(runs)) or {sid: [] for sid in runs},
                  diagnose=lambda *args: {}, student_diagnose=lambda *args: None, in_parts=False,
                  diagnose_in_parts=False)
    rows = Rows(load_suite("engine"), submissions, Settings(), None, steps)
    ids = [s.id for s in submissions]
    rows.handed = {ids[0]: None}  # DRAINING_AT + 1 rows still to come
    rows.taken = {ids[0]: _run(ids[0], {})}
    assert not rows._draining()
    rows._judge_some(final=False, draining=rows._draining())
    assert judged == [] and list(rows.waiting) == [ids[0]]  # a row that shows something new waits
    rows.handed[ids[1]] = None  # DRAINING_AT to come
    rows.taken = {ids[1]: _run(ids[1], {})}
    assert rows._draining()
    rows._judge_some(final=False, draining=rows._draining())
    assert judged == [[ids[0], ids[1]]] and rows.waiting == {}
