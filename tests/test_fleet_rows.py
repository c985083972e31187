"""The rows of a batch the fleet observes are judged and diagnosed while its workers observe the others
(grader/pipeline.py: an observer that `observes_elsewhere`), with the scores of judging them all at the end."""

import json
import shutil
import threading
from pathlib import Path

import pytest

import grader.pipeline as pipeline
from grader.observe.cache import ObservationCache
from grader.pipeline import Settings, grade_path

FIXTURES = Path(__file__).parent / "fixtures" / "submissions"
NAMES = ("correct-closures", "bug-mul-assign", "bug-relu-at-zero", "bug-tanh-input", "correct-kahn", "bug-no-seed")


class Replay:
    """An observer that hands over runs observed earlier (kept in `cache`), as the fleet hands over its workers'
    runs, and returns only once `judged` is set (or after a minute): the rows judged meanwhile were judged while
    it observed."""

    strength, warning = "bubblewrap", None

    def __init__(self, cache, elsewhere, judged):
        self.cache, self.observes_elsewhere, self.judged = cache, elsewhere, judged
        self.judged_before_the_end = None

    def observe(self, submissions, suite, *, cache, on_done):
        runs = {}
        for submission in submissions:
            if not submission.rejected:
                runs[submission.id] = dict(self.cache.get(ObservationCache.key(submission, suite, Settings().limits)),
                                           id=submission.id)
                on_done(submission, runs[submission.id], False)
        if self.observes_elsewhere:
            self.judged.wait(600)  # a hang's bound: the rows' thread judges a session (README)
        self.judged_before_the_end = self.judged.is_set()
        return runs


@pytest.mark.slow
def test_rows_observed_elsewhere_are_judged_meanwhile_with_the_same_scores(tmp_path, monkeypatch):
    folder = tmp_path / "class"
    folder.mkdir()
    for copy in range(6):  # enough rows that the judging thread runs a pytest session of its own (LEAST_SESSION)
        for name in NAMES:
            shutil.copy(FIXTURES / name / "engine.py", folder / f"{name}-{copy}.py")
    (folder / "empty.zip").write_bytes(b"")  # a rejected row too
    # observed once, here, judged and diagnosed after the whole batch: the scores to match
    after = grade_path(folder, Settings(exercise="03-tanh", jobs=2, cache_dir=str(tmp_path / "cache"),
                                        judge_while_observing=False))
    observed = ObservationCache(str(tmp_path / "cache"))

    judged = threading.Event()
    real = pipeline._judge_contained

    def judge(*args, **kwargs):
        outcomes = real(*args, **kwargs)
        if threading.current_thread() is not threading.main_thread():
            judged.set()
        return outcomes
    monkeypatch.setattr(pipeline, "_judge_contained", judge)

    here = Replay(observed, False, judged)
    local = grade_path(folder, Settings(exercise="03-tanh", jobs=2, judge_while_observing=False), observer=here)
    assert not judged.is_set() and not here.judged_before_the_end  # the thread turned off: judged at the end
    elsewhere = Replay(observed, True, judged)
    fleet = grade_path(folder, Settings(exercise="03-tanh", jobs=2), observer=elsewhere)
    assert elsewhere.judged_before_the_end  # judged in the rows' thread while the observer still observed

    def scores(graded):
        return json.dumps(graded.scores, sort_keys=True)
    assert scores(fleet) == scores(local) == scores(after)
    assert any(row["diagnosis"] for row in after.scores["submissions"])
    assert len(after.scores["submissions"]) == 37
