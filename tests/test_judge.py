"""The judge on a small suite written here: grouping by observations, the second pass, verdicts.

A test is run once per distinct set of the observations it reads (found by a
dry run on the reference's observations); a test that reads a probe on some
run that it did not read on the reference is judged again, once per whole
run. Each test below appends its submission to a log, so how often the judge
ran it is counted, not guessed.
"""

import json
import os
import textwrap

import pytest

from grader import probekit
from grader.judge.plugin import judge
from grader.suites import Suite, SuiteError

PROBES = '''
def small(V):
    """y = a * 2 at a = 3"""
    a = V(3.0)
    y = a * 2
    y.backward()
    return {"y": y.data, "a.grad": a.grad}


def large(V):
    """y = a * a at a = 5"""
    a = V(5.0)
    y = a * a
    y.backward()
    return {"y": y.data, "a.grad": a.grad}
'''

TESTS = '''
import json, os
from grader.judge import Mismatch, check, points, suite_probes

p = suite_probes(__file__)


def _log(name, observe):
    with open(os.environ["JUDGE_TEST_LOG"], "a") as f:
        f.write(json.dumps([name, observe(p.small)["y"]]) + "\\n")


@points(1, concept="small", name="small/values")
def test_small(observe, expect):
    """the small probe"""
    _log("small", observe)
    check(observe, expect, p.small)


@points(2, concept="large", name="large/when-small-is-wrong")
def test_large_only_when_small_is_wrong(observe, expect):
    """reads the large probe only when the small one is off: a dependency the dry run cannot see"""
    _log("large", observe)
    if observe(p.small)["y"] != expect(p.small)["y"]:
        check(observe, expect, getattr(p, "lar" + "ge"))  # not named in its text: the dry run cannot know


@points(1, concept="credit", name="credit/with-other", with_other_credit=True)
def test_credit(imported):
    """counts only beside another earned point"""
'''


def _suite(tmp_path, tests=TESTS, file=None):
    folder = tmp_path / "toy"
    folder.mkdir(parents=True)
    (folder / "probes.py").write_text(textwrap.dedent(PROBES))
    # one file name per suite written here, unless a test asks for one
    (folder / (file or f"test_toy_{abs(hash(str(folder)))}.py")).write_text(textwrap.dedent(tests))
    import importlib.util

    spec = importlib.util.spec_from_file_location("toy_probes_for_judge_tests", folder / "probes.py")
    probes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probes)
    return Suite(name="toy", folder=folder, title="toy", module="engine", files=("engine.py",), forbid=(),
                 refuse=(), from_scratch_points=0.0, probes=probes, probe_names=["small", "large"],
                 runner_files={}, digest="toy")


def _run(small_y, large_y=25.0, small_grad=2.0, large_grad=10.0):
    ok = lambda values: {"status": "ok", "values": values}  # noqa: E731
    return {"status": "ok", "message": None, "import_error": None, "forbidden_imports": [],
            "probes": {"small": ok({"y": small_y, "a.grad": small_grad}),
                       "large": ok({"y": large_y, "a.grad": large_grad})}}


@pytest.fixture
def log(tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    monkeypatch.setenv("JUDGE_TEST_LOG", str(path))
    return lambda: [tuple(json.loads(line)) for line in path.read_text().splitlines()]


def _verdicts(outcomes):
    return {sid: [(o["name"], o["status"]) for o in results] for sid, results in sorted(outcomes.items())}


def test_a_test_runs_once_per_distinct_observations_and_every_submission_gets_its_verdict(tmp_path, log):
    suite = _suite(tmp_path)
    runs = {"ann": _run(6.0), "ben": _run(6.0), "cat": _run(6.0), "dan": _run(6.0, small_grad=9.0)}
    outcomes = judge(suite, runs)
    assert _verdicts(outcomes) == {
        "ann": [("small/values", "passed"), ("large/when-small-is-wrong", "passed"), ("credit/with-other", "passed")],
        "ben": [("small/values", "passed"), ("large/when-small-is-wrong", "passed"), ("credit/with-other", "passed")],
        "cat": [("small/values", "passed"), ("large/when-small-is-wrong", "passed"), ("credit/with-other", "passed")],
        "dan": [("small/values", "failed"), ("large/when-small-is-wrong", "passed"), ("credit/with-other", "passed")],
    }
    # each test: one dry run on the reference's observations, then one run per distinct group (ann, ben
    # and cat are one group, dan another), not one per submission
    assert sorted(n for n, _ in log()) == ["large"] * 3 + ["small"] * 3
    assert outcomes["dan"][0]["output"] == "a.grad for y = a * 2 at a = 3: expected 2.0, got 9.0"


EXTRA = """

@points(1, concept="extra", name="extra/only-here")
def test_extra(imported):
    '''a test only one copy of the suite has'''
"""


def test_each_folder_of_a_suite_is_judged_by_its_own_test_file(tmp_path, log):
    """pytest (--import-mode=importlib) names a test file's module by its path below the suite's folder
    (`test_toy`) and hands a later run in the same process the module of that name it already holds: a
    second folder of a suite (a course's copy with another test) was judged by the first one's tests, and a
    test file edited since by its old text (grader/judge/imports.py)."""
    first = _suite(tmp_path / "first", file="test_toy.py")
    second = _suite(tmp_path / "second", TESTS + EXTRA, file="test_toy.py")
    runs = {"ann": _run(6.0)}
    names = lambda suite: [o["name"] for o in judge(suite, runs)["ann"]]  # noqa: E731
    assert names(first) == ["small/values", "large/when-small-is-wrong", "credit/with-other"]
    assert names(second) == ["small/values", "large/when-small-is-wrong", "credit/with-other", "extra/only-here"]
    assert names(first) == ["small/values", "large/when-small-is-wrong", "credit/with-other"]
    (first.folder / "test_toy.py").write_text(textwrap.dedent(TESTS + EXTRA.replace("only-here", "edited-in")))
    assert names(first)[-1] == "extra/edited-in"


def test_a_point_given_only_beside_other_credit_is_skipped_without_it(tmp_path, log):
    outcomes = judge(_suite(tmp_path), {"hal": _run(7.0, large_y=99.0)})
    assert [(o["name"], o["status"]) for o in outcomes["hal"]] == [
        ("small/values", "failed"), ("large/when-small-is-wrong", "failed"), ("credit/with-other", "skipped")]
    assert outcomes["hal"][2]["output"] == "nothing to credit yet: this point is given with the first point your work earns"


def test_a_test_that_reads_a_probe_the_dry_run_did_not_see_is_judged_again_per_whole_run(tmp_path, log):
    suite = _suite(tmp_path)
    # equal on `small` (so grouped together on the first pass), different on `large`: only a second
    # pass, per whole run, tells them apart
    runs = {"eve": _run(7.0, large_y=25.0), "fay": _run(7.0, large_y=99.0)}
    outcomes = judge(suite, runs)
    assert [(o["name"], o["status"]) for o in outcomes["eve"]][:2] == [("small/values", "failed"),
                                                                      ("large/when-small-is-wrong", "passed")]
    assert [(o["name"], o["status"]) for o in outcomes["fay"]][:2] == [("small/values", "failed"),
                                                                      ("large/when-small-is-wrong", "failed")]
    assert outcomes["fay"][1]["output"] == "y for y = a * a at a = 5: expected 25.0, got 99.0"
    # runs on the students' observations (y = 7.0; the dry runs see the reference's 6.0): on the first
    # pass one group of two for each test; on the second, `small` grouped again, `large` once per run
    assert sorted(n for n, y in log() if y == 7.0) == ["large"] * 3 + ["small"] * 2


def test_an_error_and_a_timeout_are_the_students_and_a_missing_observation_is_the_suites(tmp_path, log):
    suite = _suite(tmp_path)
    error = _run(6.0)
    error["probes"]["small"] = {"status": "error", "error": "ZeroDivisionError: division by zero",
                                "where": {"file": "engine.py", "line": 9, "function": "__mul__"}}
    timeout = _run(6.0)
    timeout["probes"]["small"] = {"status": "timeout", "error": "did not finish within 3 s"}
    outcomes = judge(suite, {"err": error, "slow": timeout})
    assert (outcomes["err"][0]["status"], outcomes["err"][0]["output"]) == (
        "error", "y = a * 2 at a = 3: your engine raised ZeroDivisionError: division by zero "
                 "(engine.py, line 9, in __mul__)")
    assert (outcomes["slow"][0]["status"], outcomes["slow"][0]["output"]) == (
        "timeout", "y = a * 2 at a = 3: did not finish within 3 s")


def test_an_engine_that_did_not_import_skips_what_reads_observations(tmp_path, log):
    suite = _suite(tmp_path)
    broken = {"status": "ok", "message": None, "forbidden_imports": [], "probes": {},
              "import_error": {"error": "SyntaxError: invalid syntax", "where": None}}
    outcomes = judge(suite, {"gus": broken})
    assert [(o["name"], o["status"]) for o in outcomes["gus"]] == [
        ("small/values", "skipped"), ("large/when-small-is-wrong", "skipped"), ("credit/with-other", "skipped")]
    assert outcomes["gus"][0]["output"] == "not run: engine.py could not be used (see the import test)"


def test_a_suite_test_without_points_or_with_a_duplicate_name_cannot_be_used(tmp_path, log):
    no_points = _suite(tmp_path / "a", TESTS + "\n\ndef test_undeclared(observe):\n    pass\n")
    with pytest.raises(SuiteError, match=r"cannot be used: test_toy_\d+.py::test_undeclared\[ann\]: a hidden test "
                                         r"needs @points"):
        judge(no_points, {"ann": _run(6.0)})
    duplicate = TESTS + '\n\n@points(1, concept="x", name="small/values")\ndef test_again(observe):\n    pass\n'
    with pytest.raises(SuiteError, match="two tests are named 'small/values'"):
        judge(_suite(tmp_path / "b", duplicate), {"ann": _run(6.0)})


def test_a_suite_test_file_that_cannot_be_collected_is_the_suites_error_naming_why(tmp_path, log):
    """pytest ends a session whose collection failed as if it were interrupted (exit 2): the judge said
    KeyboardInterrupt, as for a Ctrl-C, and stopped the batch without a word of the suite's error."""
    broken = _suite(tmp_path, TESTS + "\nraise RuntimeError('the suite file is broken')\n")
    with pytest.raises(SuiteError, match=r"(?s)the hidden suite 'toy' could not be collected:\ntest_toy_\d+\.py: .*"
                                         r"RuntimeError: the suite file is broken"):
        judge(broken, {"ann": _run(6.0)})


def test_no_runs_no_verdicts(tmp_path):
    assert judge(_suite(tmp_path), {}) == {}
    assert probekit  # the probes above use only what probekit's sandbox allows


def test_a_value_the_observation_lacks_is_said_missing_in_the_students_language():
    # issue 32: `got 'missing'` was English inside a translated sentence; the English is as it was
    from grader.i18n import translator
    from grader.judge import Mismatch, assert_values

    with pytest.raises(Mismatch) as raised:
        assert_values({"b": 1.0}, {"a": 6.0}, what="y = a * a at a = 3")
    said = raised.value.message
    assert str(said) == "a for y = a * a at a = 3: expected 6.0, got 'missing'"
    assert raised.value.detail["got"] == "missing"
    assert translator("ru").render(said) == "a для y = a * a at a = 3: ожидалось 6.0, получено ничего (такого значения нет)"
    assert translator("zh").render(said) == "y = a * a at a = 3：a 的期望值是 6.0，实际值是无（缺少这个值）"


EVERY_OUTCOME = '''
import pytest
from grader.judge import check, points, suite_probes

p = suite_probes(__file__)


@points(1, concept="small", name="small/values")
def test_small(observe, expect):
    check(observe, expect, p.small)


@points(1, concept="small", name="small/raw")
def test_raw(observation):
    assert observation(p.small)["status"] == "ok", "no observation"


@points(1, concept="large", name="large/skips")
def test_skips(observe, run):
    if observe(p.small)["y"] != 6.0:
        pytest.skip("skipped: small is off")
    if run["probes"]["large"]["values"]["y"] != 25.0:
        pytest.xfail("xfailed: large is off")


@points(1, concept="large", name="large/suite-bug")
def test_suite_bug(observe, torch_expect, imported):
    if observe(p.large)["a.grad"] != 10.0:
        {}["a key the suite forgot"]
    if observe(p.large)["y"] == 0.0:
        raise SystemExit(3)
'''


def _three_ways(monkeypatch, suite, runs):
    """judge(suite, runs) as the grader judges it, then in pytest's session with the judge running the items itself
    where it may (grader/judge/direct.py), then by pytest's protocol alone; the first's outcomes, the way each went
    ("own": the judge's own session, judge/own_session.py; "direct": pytest's session, the judge running its
    items; "pytest": pytest's protocol) and whether the three are alike."""
    from grader.judge import direct, own_session

    ways = []
    own, choose = own_session.run, direct.DirectItems.choose_protocol

    def run(*args):
        code = own(*args)
        ways.extend(["own"] if code is not None else [])
        return code

    monkeypatch.setattr(own_session, "run", run)
    monkeypatch.setattr(direct.DirectItems, "choose_protocol",
                        lambda self, items: (choose(self, items), ways.append("direct" if self.direct else "pytest")))
    first = judge(suite, runs)
    monkeypatch.setattr(own_session, "ENABLED", False)
    in_pytest = judge(suite, runs)
    monkeypatch.setattr(direct, "runs_directly", lambda item: False)
    by_protocol = judge(suite, runs)
    return first, ways, len({json.dumps(o, sort_keys=True) for o in (first, in_pytest, by_protocol)}) == 1


def test_the_judge_runs_plain_tests_itself_with_pytests_outcomes(tmp_path, log, monkeypatch):
    """Every outcome a test can have (passed, failed, an error and a timeout of the engine, pytest.skip,
    pytest.xfail, an exception of the suite's own, a SystemExit) is the same when the judge calls the items
    itself as by pytest's protocol, the internal errors too."""
    suite = _suite(tmp_path, EVERY_OUTCOME)
    runs = {"ann": _run(6.0), "ben": _run(7.0), "cat": _run(6.0, large_y=99.0), "dan": _run(6.0, large_grad=1.0),
            "eve": _run(6.0, large_y=0.0)}
    runs["fay"] = _run(6.0)
    runs["fay"]["probes"]["small"] = {"status": "timeout", "error": "did not finish within 3 s"}
    runs["gus"] = _run(6.0)
    runs["gus"]["probes"]["small"] = {"status": "error", "error": "ZeroDivisionError: division by zero"}
    own, ways, alike = _three_ways(monkeypatch, suite, runs)
    assert ways == ["own", "direct", "pytest"] and alike
    assert {sid: [o["status"] for o in found] for sid, found in own.items()} == {
        "ann": ["passed", "passed", "passed", "passed"], "ben": ["failed", "passed", "skipped", "passed"],
        "cat": ["passed", "passed", "skipped", "passed"], "dan": ["passed", "passed", "passed", "error"],
        "eve": ["passed", "passed", "skipped", "error"], "fay": ["timeout", "failed", "timeout", "passed"],
        "gus": ["error", "failed", "error", "passed"]}
    assert [o["output"] for o in own["cat"][2:]] == ["xfailed: large is off", ""]
    assert [o["output"] for o in own["eve"][3:]] == [
        "internal grader error in this test (SystemExit); tell your instructor"]


def test_the_shells_pytest_addopts_changes_no_outcome_and_no_way(tmp_path, log, monkeypatch):
    """An instructor's PYTEST_ADDOPTS (`-k add`, `-m slow`, `--maxfail=1`, a CI run's `--durations`) is not the
    hidden suite's: `-k` there had deselected hidden tests in pytest's session (the example bob 35 -> 4/63, graded,
    no word), and any value sent every session to pytest. It is given back as it was."""
    suite = _suite(tmp_path, EVERY_OUTCOME)
    runs = {"ann": _run(6.0), "ben": _run(7.0), "dan": _run(6.0, large_grad=1.0)}
    monkeypatch.delenv("PYTEST_ADDOPTS", raising=False)
    without = judge(suite, runs)
    options = "-k small_nothing_matches -m slow --maxfail=1 -x --durations=5"
    monkeypatch.setenv("PYTEST_ADDOPTS", options)
    own, ways, alike = _three_ways(monkeypatch, suite, runs)
    assert ways == ["own", "direct", "pytest"] and alike
    assert own == without and [len(found) for found in own.values()] == [4, 4, 4]
    assert os.environ["PYTEST_ADDOPTS"] == options


def test_a_suite_with_a_mark_or_a_fixture_of_pytests_is_judged_by_pytests_protocol(tmp_path, log, monkeypatch):
    """An instructor's suite may mark a test or ask for pytest's own fixtures: that session runs every item by
    pytest's protocol (the judge's own runs know the plugin's fixtures alone), with the same outcomes."""
    marked = EVERY_OUTCOME + '''

@pytest.mark.skip(reason="not this term")
@points(1, concept="later", name="later/skipped")
def test_later(observe):
    raise AssertionError("never run")


@points(1, concept="later", name="later/tmp")
def test_tmp(observe, tmp_path):
    assert tmp_path.is_dir()
'''
    own, ways, alike = _three_ways(monkeypatch, _suite(tmp_path, marked), {"ann": _run(6.0), "ben": _run(7.0)})
    assert ways == ["pytest"] * 3 and alike
    assert [(o["status"], o["output"]) for o in own["ben"][-2:]] == [("skipped", "not this term"), ("passed", "")]


def test_a_suite_with_a_conftest_hook_around_its_tests_is_judged_by_pytests_protocol(tmp_path, log, monkeypatch):
    """A conftest.py beside a suite's tests may hook into each test's run (here: its setup): the judge's own run
    of the items would leave the hook out, so that session is pytest's."""
    suite = _suite(tmp_path, (EVERY_OUTCOME + '''

@points(1, concept="later", name="later/set-up")
def test_set_up(imported):
    assert os.environ.get("JUDGE_CONFTEST_SETUP") == "test_set_up", "not set up by the conftest"
''').replace("import pytest", "import os\nimport pytest", 1))
    (suite.folder / "conftest.py").write_text(
        "import os\n\n\ndef pytest_runtest_setup(item):\n    os.environ['JUDGE_CONFTEST_SETUP'] = item.originalname\n")
    monkeypatch.delenv("JUDGE_CONFTEST_SETUP", raising=False)
    own, ways, alike = _three_ways(monkeypatch, suite, {"ann": _run(6.0)})
    assert ways == ["pytest"] * 3 and alike
    assert [(o["name"], o["status"]) for o in own["ann"]][-1] == ("later/set-up", "passed")


def test_the_judges_own_session_makes_pytests_items_in_pytests_order(tmp_path, log, monkeypatch):
    """Two test files and a submission whose id is not ASCII: the judge's own session (judge/own_session.py) hands
    the plugin the items pytest's collection would, with the same node ids and names, in the same order."""
    from grader.judge import own_session
    from grader.judge.plugin import JudgePlugin

    suite = _suite(tmp_path, TESTS, file="test_a.py")
    (suite.folder / "test_b.py").write_text(textwrap.dedent(TESTS.replace('name="', 'name="b/')))
    seen = []
    collected = JudgePlugin.collected
    monkeypatch.setattr(JudgePlugin, "collected",
                        lambda self, items: seen.append([(i.nodeid, i.name, i.originalname) for i in items])
                        or collected(self, items))
    own, ways, alike = _three_ways(monkeypatch, suite, {"zoë": _run(6.0), "ann": _run(6.0, small_grad=9.0)})
    assert ways == ["own", "direct", "pytest"] and alike
    assert seen[0] == seen[1] == seen[2]
    assert [nodeid for nodeid, _, _ in seen[0]] == [  # each file's tests in its order, each test's leads in order
        f"{file}::{test}[{sid}]" for file in ("test_a.py", "test_b.py")
        for test, sids in (("test_small", ("ann", "zo\\xeb")), ("test_large_only_when_small_is_wrong", ("ann", "zo\\xeb")),
                           ("test_credit", ("ann",))) for sid in sids]
    assert seen[0][1][1:] == ("test_small[zo\\xeb]", "test_small")


PLAIN = '''
import pytest
from grader.judge import check, points, suite_probes

p = suite_probes(__file__)


@points(1, concept="small", name="small/values")
def test_small(observe, expect):
    check(observe, expect, p.small)
'''


@pytest.mark.parametrize("more", [
    # a fixture of the test file's own, standing in for the plugin's: the test must see it
    '@pytest.fixture\ndef observe():\n    return lambda probe: {"y": 6.0, "a.grad": 2.0}\n',
    "class TestLater:\n    @points(1, concept='later', name='later/class')\n    def test_it(self, observe):\n"
    "        assert observe(p.large)['y'] == 25.0\n",
    "pytestmark = pytest.mark.filterwarnings('ignore')\n",
    "def setup_module(module):\n    pass\n",
    "@points(1, concept='later', name='later/default')\ndef test_default(observe, k=2):\n    assert k == 2\n",
    # a test file's own pytest_generate_tests, which pytest calls beside the plugin's: here it stands in for `expect`
    'def pytest_generate_tests(metafunc):\n    if "expect" in metafunc.fixturenames:\n'
    '        metafunc.parametrize("expect", [lambda probe: {"y": 7.0, "a.grad": 2.0}])\n',
], ids=["fixture", "class", "pytestmark", "setup_module", "default", "generate_tests"])
def test_a_test_file_pytest_would_do_more_with_is_judged_in_pytests_session(tmp_path, log, monkeypatch, more):
    """What the judge's own session does not mirror (a fixture, a class, a mark or xunit setup in a test file, a test
    with a default argument) goes to pytest's session, with pytest's outcomes; a test file's fixture that stands in
    for one of the plugin's is what its tests get, by pytest's protocol (the judge's own run of the items, direct.py,
    gave them the plugin's)."""
    own, ways, alike = _three_ways(monkeypatch, _suite(tmp_path, PLAIN + "\n\n" + more), {"ann": _run(7.0)})
    assert "own" not in ways and alike
    stands_in = more.startswith(("@pytest.fixture", "def pytest_generate_tests"))
    assert own["ann"][0]["status"] == ("passed" if stands_in else "failed")


def test_a_system_exit_while_parametrising_is_pytests_internal_error_in_every_way(tmp_path, log, monkeypatch):
    """A hidden test that exits the process (here on the reference, in the dry run that parametrising asks for) is the
    suite's error, said as pytest's session says it, whichever session the judge would have run: it never ends the
    grader's process (a SystemExit out of the judge's own session ended `grade` with exit code 3 and no word)."""
    from grader.judge import own_session

    suite = _suite(tmp_path, PLAIN.replace("    check(observe, expect, p.small)", "    raise SystemExit(3)"))
    for enabled in (True, False):
        monkeypatch.setattr(own_session, "ENABLED", enabled)
        with pytest.raises(SuiteError, match=r"the hidden suite 'toy' could not run \(pytest exit 3\)"):
            judge(suite, {"ann": _run(7.0)})


@pytest.mark.parametrize("enabled", [True, False])
def test_the_judges_own_session_runs_from_a_deleted_folder(tmp_path, log, monkeypatch, enabled):
    """A library caller whose current folder was deleted: the judge's own session needs no folder to go back to (it
    ended in a FileNotFoundError before any item ran); `grade` itself refuses such a folder in words (test_cli).
    pytest's session (a suite with a class, a mark, a conftest) starts in the suite's folder (review 38: it ended in
    a FileNotFoundError from pytest's config, where a long-running `grade serve` or worker lost its folder)."""
    from grader.judge import own_session

    monkeypatch.setattr(own_session, "ENABLED", enabled)
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    found = judge(_suite(tmp_path, PLAIN), {"ann": _run(7.0), "ben": _run(6.0)})
    assert {sid: [o["status"] for o in outcomes] for sid, outcomes in found.items()} == {
        "ann": ["failed"], "ben": ["passed"]}
