"""A rerun judges and diagnoses only the rows that changed (grader/verdicts.py, issue 30 item 11): the
verdicts of a row whose run came from the cache are kept beside it, and give the same scores."""

import json
import shutil
from pathlib import Path

import pytest

from costs import slow_fixture

import grader.pipeline as batch
from grader.user_cache import usage as cache_usage

FIXTURES = Path(__file__).parent / "fixtures" / "submissions"
ROWS = ("correct-closures", "bug-mul-assign", "bug-relu-at-zero")
STARVED_GRADINGS = 3  # gradings again, at most, of a class whose runs a loaded machine starved


def _class(folder):
    for name in ROWS:
        shutil.copy(FIXTURES / name / "engine.py", folder / f"{name}.py")
    return folder


class _Counting:
    """The judge and the diagnosis, counting the rows each is given (a batch is judged and diagnosed in parts
    as its runs arrive, grader/pipeline_rows.py: `judged` and `diagnosed` are the rows of every part)."""

    def __init__(self, monkeypatch):
        self.judged, self.diagnosed = [], []
        judge, diagnose = batch.judge, __import__("grader.diagnose", fromlist=["diagnose_batch"]).diagnose_batch

        def judging(suite, runs, **kwargs):
            self.judged += sorted(runs)
            return judge(suite, runs, **kwargs)

        def diagnosing(suite, submissions, *args, **kwargs):
            self.diagnosed += sorted(s.id for s in submissions)
            return diagnose(suite, submissions, *args, **kwargs)

        monkeypatch.setattr(batch, "judge", judging)
        monkeypatch.setattr("grader.diagnose.diagnose_batch", diagnosing)


def _rows(result):
    return json.loads(json.dumps(result.scores["submissions"]))


def _not_kept(result):
    """The runs of a grading that the cache did not keep, and what they said: a timeout the machine's load
    may have caused (`starved`) or a grader error is observed again by the next run, by design."""
    return {sid: (run.get("status"), run.get("message")) for sid, run in result.runs.items()
            if run.get("starved") or "grader_error" in run}


@slow_fixture(scope="module")
def graded_twice(tmp_path_factory):
    folder = _class(tmp_path_factory.mktemp("class"))
    cache = tmp_path_factory.mktemp("cache")
    first = batch.grade(folder, cache_dir=cache, jobs=2)
    for _ in range(STARVED_GRADINGS):
        if not any(run.get("starved") for run in first.runs.values()):
            break
        # a loaded machine starved a run (observed again, and cached, by the next grading, by design): the tests
        # below need a grading whose every run the cache kept, so they start from the next one
        first = batch.grade(folder, cache_dir=cache, jobs=2)
    assert _not_kept(first) == {}  # a grader error is no machine's doing: it is never graded over
    return folder, cache, first


def test_a_rerun_judges_and_diagnoses_nothing_and_scores_the_same(graded_twice, monkeypatch):
    folder, cache, first = graded_twice
    counting = _Counting(monkeypatch)
    again = batch.grade(folder, cache_dir=cache, jobs=2)
    assert again.observed == 0, _not_kept(first)
    assert counting.judged == []
    assert counting.diagnosed == []  # no row: only a rejected one would be handed over
    assert _rows(again) == _rows(first)
    assert [r["score"] for r in _rows(again)] == [r["score"] for r in _rows(first)]
    assert any(r["diagnosis"] for r in _rows(again))  # the bugs' findings came back from the cache


def test_only_the_changed_row_is_judged_again(graded_twice, tmp_path, monkeypatch):
    folder, cache, first = graded_twice
    changed = tmp_path / "class"
    shutil.copytree(folder, changed)
    source = (changed / "bug-relu-at-zero.py").read_text()
    (changed / "bug-relu-at-zero.py").write_text(source + "\n# resubmitted\n")
    counting = _Counting(monkeypatch)
    again = batch.grade(changed, cache_dir=cache, jobs=2)
    assert again.observed == 1, _not_kept(first)
    assert _not_kept(again) == {}
    assert counting.judged == ["bug-relu-at-zero"]
    assert counting.diagnosed == ["bug-relu-at-zero"]
    assert _rows(again) == _rows(first)  # a comment changes no verdict


def test_verdicts_are_cache_entries_that_grade_cache_counts(graded_twice):
    folder, cache, first = graded_twice
    # one observation and one verdict per row (more files: the variants' observations, for the diagnosis)
    verdicts = [p for p in (Path(cache) / "verdicts").iterdir() if '"outcomes"' in p.read_text()]
    assert len(verdicts) >= len(ROWS)  # one per row (the resubmission of the test above adds its own)
    files = [p for p in Path(cache).rglob("*") if p.is_file()]
    assert cache_usage(cache).entries == len(files)  # every one is an entry `grade cache clear` removes


@pytest.mark.slow
def test_no_cache_keeps_no_verdicts(tmp_path, monkeypatch):
    (tmp_path / "class").mkdir()
    folder = _class(tmp_path / "class")
    counting = _Counting(monkeypatch)
    batch.grade(folder, cache_dir=None, jobs=2)
    batch.grade(folder, cache_dir=None, jobs=2)
    assert sorted(counting.judged) == sorted(ROWS * 2)  # every row, by each grade


def test_a_run_without_a_cache_keeps_the_dry_run_and_the_references_values_for_the_boot(tmp_path, monkeypatch):
    """`grade check` has no cache; what depends on no student (the judge's dry run, the reference's values and
    the ops of each probe) is kept in the per-boot folder of the sandbox's trials, so a second check runs
    neither the dry run nor the reference."""
    import os

    import grader.judge.dry_run
    import grader.judge.expectations
    from grader.judge.expectations import Expectations
    from grader.suites import load_suite
    from grader.verdicts import VerdictCache

    runtime = tmp_path / "runtime"
    runtime.mkdir()
    os.chmod(runtime, 0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.delenv("GRADE_HOST_FACTS", raising=False)
    suite = load_suite("03-tanh")
    settings = batch.Settings(exercise="03-tanh", tests="visible")
    first = Expectations(suite)
    VerdictCache(None, suite, settings).dry_run(first)
    assert len(list((runtime / "micrograd-grader").glob("dry-run-*.json"))) == 1

    monkeypatch.setattr(grader.judge.dry_run, "dry_run", lambda *a: pytest.fail("the dry run ran again"))
    second = Expectations(suite)
    VerdictCache(None, suite, settings).dry_run(second)
    assert second.reads() == first.reads()
    assert second.known() == first.known() and second.known()["reference"]
    probe = getattr(suite.probes, next(iter(first.known()["reference"])))
    assert second.reference(probe) == first.reference(probe)
    # the ops of every probe, which the judge's charging and the diagnosis ask for after the dry run: traced once
    assert sorted(first.known()["ops"]) == sorted(suite.probe_names)
    monkeypatch.setattr(grader.judge.expectations, "traced_ops", lambda probe: pytest.fail("traced again"))
    for name in suite.probe_names:
        assert second.ops_of(getattr(suite.probes, name)) == first.ops_of(getattr(suite.probes, name))


def test_a_batch_in_a_cache_of_its_own_reads_the_boots_dry_run_and_keeps_it_in_its_cache(tmp_path, boot_folder,
                                                                                          monkeypatch):
    """The dry run depends on no student: a batch graded into a new cache folder (another class, the tests' own
    batches) reads the one an earlier batch of the suite kept for the boot, and its cache holds it as before."""
    import grader.judge.dry_run
    from grader.judge.expectations import Expectations
    from grader.suites import load_suite
    from grader.verdicts import VerdictCache

    suite = load_suite("03-tanh")
    settings = batch.Settings(exercise="03-tanh")
    first = Expectations(suite)
    VerdictCache(str(tmp_path / "one"), suite, settings).dry_run(first)
    assert len(list(boot_folder.glob("dry-run-*.json"))) == 1
    kept = list((tmp_path / "one" / "verdicts").iterdir())
    assert len(kept) == 1

    monkeypatch.setattr(grader.judge.dry_run, "dry_run", lambda *a: pytest.fail("the dry run ran again"))
    second = Expectations(suite)
    VerdictCache(str(tmp_path / "two"), suite, settings).dry_run(second)
    assert second.reads() == first.reads()
    assert [p.read_text() for p in (tmp_path / "two" / "verdicts").iterdir()] == [kept[0].read_text()]


def test_a_named_mistake_replayed_once_is_read_from_the_boots_folder_by_the_next_process(boot_folder, monkeypatch):
    """11's and 07's named mistakes are replayed in the grader (grader/engines.py: the reference's training loop with
    the mistake made): kept for the boot, a new process replays none of them and reads what the first found."""
    import grader.engines as engines
    from grader.suites import load_suite, suite_module

    suite = load_suite("11-fit-line")
    mistakes = suite_module(suite.folder, "mistakes").MISTAKES
    probes = [suite.probes.first_step, suite.probes.history_diverging]
    monkeypatch.setattr(engines._Replays, "_held", {})
    engines.mistake_replayed.cache_clear()
    first = {(m.name, p.__name__): engines.mistake_replayed("fit_line", m, p) for m in mistakes for p in probes}
    assert len(list(boot_folder.glob("mistakes-*.json"))) == 1
    assert ("sum-not-mean", "first_step") in first and all(isinstance(r, tuple) for r in first.values())

    monkeypatch.setattr(engines._Replays, "_held", {})  # a new process
    engines.mistake_replayed.cache_clear()
    monkeypatch.setattr(engines, "replayed", lambda *a: pytest.fail("replayed again"))
    assert {(m.name, p.__name__): engines.mistake_replayed("fit_line", m, p) for m in mistakes for p in probes} == first
    engines.mistake_replayed.cache_clear()


def test_a_named_mistake_another_process_kept_since_this_one_read_the_file_is_read_not_replayed(boot_folder,
                                                                                               monkeypatch):
    """A process read the boot's replays once, at its first named mistake, and replayed every one it lacked after
    that, though another process (an xdist worker, a batch beside a service) had kept it since: it now reads the
    file again, where it changed, before it replays one."""
    import grader.engines as engines
    from grader.suites import load_suite, suite_module

    suite = load_suite("11-fit-line")
    mistakes = suite_module(suite.folder, "mistakes").MISTAKES
    probe = suite.probes.first_step
    monkeypatch.setattr(engines._Replays, "_held", {})
    engines.mistake_replayed.cache_clear()
    engines.mistake_replayed("fit_line", mistakes[0], probe)  # this process read the file (none yet) and kept one
    mine = engines._Replays._held
    monkeypatch.setattr(engines._Replays, "_held", {})  # another process keeps the rest
    engines.mistake_replayed.cache_clear()
    other = {m.name: engines.mistake_replayed("fit_line", m, probe) for m in mistakes}
    monkeypatch.setattr(engines._Replays, "_held", mine)  # back in this process: its replays as it read them
    engines.mistake_replayed.cache_clear()
    monkeypatch.setattr(engines, "replayed", lambda *a: pytest.fail("a replay another process kept made again"))
    assert {m.name: engines.mistake_replayed("fit_line", m, probe) for m in mistakes} == other
    engines.mistake_replayed.cache_clear()
