"""Session 25's red team: fresh hostile samples against what a student who read the grader's source could use
(docs/security.md, "Session 25's red team"). Each failed before its fix, as its test says."""

import json
import os
import shutil
from pathlib import Path

import pytest
from hostile_support import needs_bwrap

from grader.observe.cache import ObservationCache
from grader.pipeline import grade
from grader.sandbox import Limits

FIXTURES = Path(__file__).parent / "fixtures"
LIMITS = Limits(probe_seconds=2, import_seconds=10, submission_seconds=60)
RUN = {"id": "a", "status": "ok", "message": None, "import_error": None, "probes": {}, "output": "", "seconds": 0.5}


# -- a run observed in a weaker sandbox is not the grade of record's ----------------------------------------------

def test_a_kept_run_is_reused_only_by_a_sandbox_no_stronger_than_the_one_that_observed_it(tmp_path):
    """On cb9fd85 the cache kept no word of where a run was observed: `grade run` on a day bubblewrap could not run
    (the rlimits fallback, in which a submission reads what the grader's user can, and a daemon of its own outlives
    its run) kept its runs, and `grade run --require-sandbox` the next day took them as they were."""
    cache = ObservationCache(tmp_path)
    cache.put("weak", RUN, "rlimits")
    cache.put("strong", RUN, "bubblewrap")
    assert cache.get("weak", at_least="bubblewrap") is None
    assert cache.get("weak", at_least="bubblewrap-without-memory-bound") is None
    assert cache.kept("weak", at_least="rlimits") == (RUN, "rlimits")
    assert cache.kept("weak", at_least="portable") == (RUN, "rlimits")
    assert cache.kept("weak") == (RUN, "rlimits")
    assert cache.get("strong", at_least="bubblewrap") == RUN  # the run itself holds no word of it
    (tmp_path / "old.json").write_text(json.dumps(RUN))  # kept before runs said where they were observed
    assert cache.get("old", at_least="portable") is None
    assert cache.get("old") == RUN


@pytest.mark.slow
@needs_bwrap
def test_require_sandbox_observes_again_what_the_fallback_observed(tmp_path):
    """Before: the second grade observed 0 of 2 (both rows the fallback's) and said `sandbox: bubblewrap`."""
    folder = tmp_path / "class"
    folder.mkdir()
    for name, case in (("alice", "correct-dict-writeback"), ("bob", "bug-sub-assign")):
        shutil.copy(FIXTURES / "general" / case / "engine.py", folder / f"{name}.py")
    cache = tmp_path / "cache"
    weak = grade(folder, cache_dir=cache, limits=LIMITS, use_bwrap=False, jobs=2)
    assert (weak.sandbox, weak.observed) == ("rlimits", 2)
    strong = grade(folder, cache_dir=cache, limits=LIMITS, require_sandbox=True, jobs=2)
    assert (strong.sandbox, strong.observed) == ("bubblewrap", 2)
    assert [r["score"] for r in strong.scores["submissions"]] == [r["score"] for r in weak.scores["submissions"]]
    again = grade(folder, cache_dir=cache, limits=LIMITS, use_bwrap=False, jobs=2)  # a stronger run serves a weaker
    assert (again.sandbox, again.observed) == ("rlimits", 0)


# -- the submission's folder without bubblewrap: what the audit hook cannot see ------------------------------------

HERE = "__import__('os').path.dirname(__import__('os').path.abspath(__file__))"
# writes beside itself that no audit event names inside the folder: each raises when refused, as a write that fails
FOLDER_WRITES = {
    "dir-fd": ("import os\n_d = os.open(" + HERE + ", os.O_RDONLY)\n_back = os.getcwd()\nos.chdir('/')\n"
               "try:\n    os.close(os.open('note.txt', os.O_WRONLY | os.O_CREAT, dir_fd=_d))\n"
               "finally:\n    os.chdir(_back)\n"),
    "dir-fd-mkdir": ("import os\n_d = os.open(" + HERE + ", os.O_RDONLY)\n_back = os.getcwd()\nos.chdir('/')\n"
                     "try:\n    os.mkdir('cache', dir_fd=_d)\nfinally:\n    os.chdir(_back)\n"),
    "ctypes": ("import ctypes, os\n_libc = ctypes.CDLL(None, use_errno=True)\n"
               "_fd = _libc.open(os.path.join(" + HERE + ", 'note.txt').encode(), os.O_WRONLY | os.O_CREAT, 0o644)\n"
               "if _fd < 0:\n    raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))\n"),
    "sqlite": "import os, sqlite3\nsqlite3.connect(os.path.join(" + HERE + ", 'notes.db')).execute('create table t(x)')\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(FOLDER_WRITES))
def test_a_write_beside_itself_the_audit_hook_cannot_see_fails_without_bubblewrap_too(tmp_path, case):
    """On cb9fd85 each of these engines scored 63/63 in the rlimits fallback (and in a student's portable check)
    and 0/63 in the grade of record: the audit hook resolves a relative path against the working folder (the
    event does not carry `dir_fd`), and sees no C library's write. The folder's modes now refuse them at the
    kernel: each row is the sandbox's, its import failed."""
    folder = tmp_path / "class"
    folder.mkdir()
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")
    (folder / "mallory.py").write_text(FOLDER_WRITES[case] + engine, encoding="utf-8")
    graded = grade(folder, limits=LIMITS, use_bwrap=False, jobs=1)
    assert graded.sandbox == "rlimits"
    [row] = graded.scores["submissions"]
    imports = row["tests"][0]
    assert (row["status"], row["score"], imports["name"], imports["status"]) == ("graded", 0, "engine/imports",
                                                                                 "failed")
    assert "Permission denied" in imports["output"] or "unable to open database file" in imports["output"]


@pytest.mark.slow
@needs_bwrap
def test_held_the_same_writes_fail_in_the_grade_of_record(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")
    for case, write in FOLDER_WRITES.items():
        (folder / f"{case}.py").write_text(write + engine, encoding="utf-8")
    graded = grade(folder, limits=LIMITS, require_sandbox=True, jobs=2)
    assert {r["id"]: (r["score"], r["tests"][0]["status"]) for r in graded.scores["submissions"]} == {
        case: (0, "failed") for case in FOLDER_WRITES}


def test_a_fleet_batch_says_the_weakest_sandbox_of_the_runs_it_took_from_the_cache(tmp_path):
    """A fleet batch's summary said the weakest sandbox of the runs its workers sent, never of the kept runs it took
    (all of them kept: `fleet`, whatever observed them)."""
    from types import SimpleNamespace

    from grader.fleet.submit import QueueObserver

    suite = SimpleNamespace(digest="d" * 64)
    subs = [SimpleNamespace(id=name, digest=name * 64, rejected=False) for name in "ab"]
    cache = ObservationCache(tmp_path)
    for sub, strength in zip(subs, ("bubblewrap", "rlimits")):
        cache.put(ObservationCache.key(sub, suite, LIMITS), dict(RUN, id=sub.id), strength)
    observer = object.__new__(QueueObserver)  # no queue: every run is a kept one, and none is put on it
    observer.require_sandbox, observer.sandboxes = False, {}
    runs = observer.observe_all(subs, suite, LIMITS, cache=cache)
    assert (sorted(runs), observer.strength) == (["a", "b"], "rlimits")


HOME_WRITER = "import os\nwith open(os.path.expanduser('~/engine-notes.txt'), 'w') as _f:\n    _f.write('x')\n"


@pytest.fixture(scope="module")
def path_without_sandbox_tools(tmp_path_factory):
    """A PATH that holds every program of this one except the Linux sandbox's tools (tests/test_portable.py's)."""
    folder = tmp_path_factory.mktemp("bin")
    for directory in os.environ["PATH"].split(os.pathsep):
        if os.path.isdir(directory):
            for name in os.listdir(directory):
                if name not in ("bwrap", "prlimit", "setpriv") and not (folder / name).exists():
                    (folder / name).symlink_to(Path(directory) / name)
    return str(folder)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["fallback", "portable"])
def test_an_engine_that_writes_in_its_home_is_graded_as_in_the_sandbox(tmp_path, monkeypatch, where,
                                                                       path_without_sandbox_tools):
    """The sandbox's HOME is its private /tmp; without bubblewrap HOME was the submission's folder, read-only since
    session 24: an engine that keeps a note under `~` scored 63/63 in the grade of record and 0/63 in the fallback
    and a student's portable check (cb9fd85). HOME is now a folder of the run's own, beside work/."""
    folder = tmp_path / "class"
    folder.mkdir()
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")
    (folder / "alice.py").write_text(HOME_WRITER + engine, encoding="utf-8")
    if where == "portable":
        monkeypatch.setenv("PATH", path_without_sandbox_tools)
    graded = grade(folder, limits=LIMITS, use_bwrap=False, jobs=1)
    assert graded.sandbox == {"fallback": "rlimits", "portable": "portable"}[where]
    [row] = graded.scores["submissions"]
    assert (row["status"], row["score"]) == ("graded", row["max_score"])


# -- an LMS export: a name a student sets that reads as a classmate's -----------------------------------------------

def test_a_moodle_entry_whose_name_reads_as_a_classmates_joins_no_one(tmp_path):
    """Moodle names a file `<full name>_<id>_assignsubmission_file_<file>`, and where Moodle lets students edit their
    names the full name is theirs: Mallory (999) named `Alice Jones_555_assignsubmission_file_x` handed in engine.py,
    and the export's entry read as Alice Jones (555)'s file `x_999_assignsubmission_file_engine.py`. On cb9fd85 it
    joined Alice's files, whose row was then rejected ("no engine.py found ... found: alice_engine.py,
    x_999_assignsubmission_file_engine.py"), and Mallory had no row."""
    from grader.load import load_submissions
    from grader.suites import load_suite

    folder = tmp_path / "moodle"
    folder.mkdir()
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_bytes()
    crafted = "Alice Jones_555_assignsubmission_file_x_999_assignsubmission_file_engine.py"
    for name in ("Alice Jones_555_assignsubmission_file_alice_engine.py", crafted,
                 "Carol King_777_assignsubmission_file_engine.py"):
        (folder / name).write_bytes(engine)
    subs = {s.id: s for s in load_submissions(folder, load_suite("engine"))}
    assert sorted(subs) == ["Alice Jones_555", crafted, "Carol King_777"]
    alice = subs["Alice Jones_555"]
    assert (alice.problem, list(alice.files), alice.export["files"]) == (
        None, ["engine.py"], ["Alice Jones_555_assignsubmission_file_alice_engine.py"])
    assert subs[crafted].problem == (
        f"{crafted}: its name can be read as two students' in Moodle's export (it holds Moodle's "
        "`_<id>_assignsubmission_` twice: a display name or a file name made to look like another's); it is graded "
        "as no one's: check the student in Moodle and grade their file on its own")
    assert subs["Carol King_777"].problem is None


# -- a forged composition: the structure claimed is not the structure run (left, pinned) ---------------------------

POW_WRONG = ("return Value(self.data ** k, ((self, lambda: k * self.data ** (k - 1)),))",
             "return Value(self.data ** k, ((self, lambda: self.data ** (k - 1)),))")  # the factor k left out
DIV_OF_ITS_OWN = ("    def __truediv__(self, o): return self * Value._c(o) ** -1\n",
                  "    def __truediv__(self, o):\n        o = Value._c(o)\n        return Value(self.data / o.data, "
                  "((self, lambda: 2 / o.data), (o, lambda: -self.data / o.data ** 2)))\n")  # a.grad doubled
# the composition probe given a twin class whose division is micrograd's `a * b ** -1`: the grader replays that
# program, finds it right, and charges the division's failures to `**`, which fails its own tests
FORGED_COMPOSITION = '''
import sys as _sys
_probes = _sys.modules.get("_grader_probes")
if _probes is not None and hasattr(_probes, "composition"):
    _real = _probes.composition

    class _Twin(Value):
        def __truediv__(self, o):
            return self * (o if isinstance(o, Value) else _Twin(o)) ** -1

    _probes.composition = lambda V: _real(_Twin)
'''


@pytest.mark.slow
def test_left_a_forged_composition_excuses_an_op_wrong_on_its_own(tmp_path):
    """docs/security.md, "What is not defended": a composition is read from the sandbox's report, so an engine whose
    `/` is wrong by a rule of its own (a.grad doubled) and whose `**` is wrong too earns div/values (excused, "charged
    on `**`") by reporting the composition of a twin class; div/constant, whose `2 ** -1` no wrong `**` rule can
    explain, is still charged. The day the grader checks a claimed composition against the op's own numbers,
    `forged` scores as `two-bugs` and this test says so."""
    engine = (FIXTURES / "general" / "correct-dict-writeback" / "engine.py").read_text(encoding="utf-8")
    two_bugs = engine.replace(*POW_WRONG).replace(*DIV_OF_ITS_OWN)
    assert two_bugs.count("lambda: 2 / o.data") == 1 and "lambda: self.data ** (k - 1)" in two_bugs
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in (("pow-only", engine.replace(*POW_WRONG)), ("two-bugs", two_bugs),
                       ("forged", two_bugs + FORGED_COMPOSITION)):
        (folder / f"{name}.py").write_text(text, encoding="utf-8")
    rows = {r["id"]: r for r in grade(folder, limits=LIMITS, jobs=2).scores["submissions"]}
    failed = {sid: [t["name"] for t in row["tests"] if t["status"] == "failed"] for sid, row in rows.items()}
    assert failed == {"pow-only": ["pow/cube", "pow/fractional"],
                      "two-bugs": ["div/values", "div/constant", "pow/cube", "pow/fractional"],
                      "forged": ["div/constant", "pow/cube", "pow/fractional"]}
    assert (rows["pow-only"]["score"], rows["two-bugs"]["score"], rows["forged"]["score"]) == (61, 59, 60)
