"""Session 41's differential table: fourteen engine submissions none of the earlier seams classes held, chosen where
sessions 38-41 changed the grader (bench/seams/fresh41.py): a stranger correct engine (each node's (parent, local
derivative) pairs, backward newest node first by a serial number) and the same with tanh's slope unsquared, a
notebook whose last cell raises after the engine cells, random.py beside engine.py (a scratch file, and one the
engine imports: stdlib41), a package `engine/__init__.py`, an LMS's zip of a folder, an engine meeting each limit of
the sandbox in one op (memory, processes, file size, open files: limits40's words), a timeout with two forked
children spinning (forks40's `processes`), a notebook that runs its engine with `%run ./impl.py`, a case twin.

Measured with bench/seams/matrix.py --class fresh41 on run-one, check, check-ru, check-zh, ci, ci-env, gradescope,
gs-schema, notebook, report, resume, lang-ru, lang-zh, serve, fleet, fleet-kill, check-portable and check-stu
(SEAMS_EXERCISE engine; 10-neuron, 09-write-tests and 07-mlp-xor on their own classes): no row drifted. The
disagreements are those written down as design: Gradescope names a refused upload of several files under its own
folder (run-impl, twin: `submission/`), the portable worker's timeout is the wall clock's and counts no processes
(fork-spin: limit_hit.started_processes), and it sets no process limit (limit-processes: its eighty children all
start, log is right there); a check judges the visible tests alone (07's nn-own-random: a hidden test's point credits
engine/from-scratch in the row, which the check, without it, skips). Once, under a load of 13, check-stu's line of
fork-spin's add/constant lacked the count of processes the checkout's said (the student install's own run again said
it: a timing of the count, not a seam). On strangers41's branch (a raising cell stops the notebook there, Run All)
last-raises is 63.0 on every surface, the notebook's check() included: its row here moves with that landing.

Found and left: the sandbox's /tmp is capped at the file-size limit (grader/sandbox/slot_tmp, 64 MiB), so an engine
writing a file of 96 MiB there meets either EFBIG (limits40's words and fields) or ENOSPC (`[Errno 28] No space left
on device`, said bare: grader/sandbox/raised._AT_LIMIT has no ENOSPC) by what else /tmp holds; the matrix saw ENOSPC
once (check-zh) where the other seventeen surfaces said EFBIG. limit-file-size therefore writes one byte 96 MiB in.
"""

from costs import slow_fixture
from seams_support import (assert_the_renderings_say_each_row, bench_seams, first_failing, fleet_drift, graded_class,
                           one_by_one, row_tables, serve_drift, served)

fresh41 = bench_seams("fresh41")

# id -> (status, score, the first test not passed, its exception, file, line, cell), as `grade run` writes it
AGREED = {
    "fork-spin": ("timeout", 0.0, "add/values", None, None, None, None),
    # not yet strangers41's Run All: the raising last cell fails the import (cell 4, line 1)
    # strangers41: the raising last cell stops the notebook there, the engine's cells above graded (before: 0.0)
    "last-raises": ("graded", 63.0, "engine/imports", "NameError", "last-raises.ipynb", 1, 4),
    "limit-file-size": ("graded", 59.0, "tanh/zero", "OSError", "limit-file-size.py", 86, None),
    "limit-memory": ("graded", 61.0, "exp/values", "MemoryError", "limit-memory.py", 85, None),
    "limit-open-files": ("graded", 60.0, "relu/positive", "OSError", "limit-open-files.py", 87, None),
    "limit-processes": ("graded", 61.0, "log/values", "BlockingIOError", "limit-processes.py", 87, None),
    "lms": ("graded", 63.0, None, None, None, None, None),
    "own-random": ("graded", 63.0, None, None, None, None, None),
    "own-random-used": ("graded", 63.0, None, None, None, None, None),  # 0 before stdlib41 (random.READY missing)
    "pkg-engine": ("graded", 63.0, None, None, None, None, None),
    "run-impl": ("rejected", 0.0, None, None, None, None, None),
    "serial-good": ("graded", 63.0, None, None, None, None, None),
    "serial-tanh": ("graded", 60.0, "tanh/two", None, None, None, None),
    "twin": ("rejected", 0.0, None, None, None, None, None),
}
# id -> (kind, variant or op, file, line) of each finding: an op that meets a limit raises there, named at the hook
FOUND = {
    "limit-file-size": [("raises", "tanh", "limit-file-size.py", 86)],  # the with line: its close flushes
    "limit-memory": [("raises", "exp", "limit-memory.py", 85)],
    "limit-open-files": [("raises", "relu", "limit-open-files.py", 87)],
    "limit-processes": [("raises", "log", "limit-processes.py", 87)],
    "serial-tanh": [("variant", "tanh-one-minus-t", "serial-tanh.py", 58)],
}
FORKED = ("because your code started 2 processes that were still running when the time ran out (every process of your "
          "code spends the same time limit); an engine needs none: remove the code that starts them (`os.fork`, "
          "`subprocess`, `multiprocessing`)")
SAID = {
    "fork-spin": "3 probes in a row did not finish within 0.25 s each; the rest were not run, " + FORKED,
    "run-impl": "no engine.py found in run-impl/; expected engine.py, or a single .py or .ipynb file (found: hw.ipynb, "
                "impl.py)",
    "twin": "twin/ holds Engine.py and engine.py, whose names differ only in case and whose contents differ: on macOS "
            "and Windows they are one file, so the grader cannot tell which one you meant; keep one of them and hand "
            "in again",
}
# id -> the limit the first failing test's words name (limits40's fields), and the reason said after `because`
LIMITS = {
    "fork-spin": (("time", 0.25, "s"), FORKED[len("because "):]),
    "limit-file-size": (("file-size", 64, "MiB"), "a file your code wrote grew past the file-size limit (64 MiB for "
                        "each file); an engine needs to write no file: remove the code that writes it, or write less"),
    "limit-memory": (("address-space", 2048, "MiB"), "Python ran out of memory at the memory limit (2048 MiB for each "
                     "process of your code): usually the graph grows with each call, a list kept across calls (at "
                     "module level, or a default argument) holds every `Value` made, or one list is made far too "
                     "large (`[0] * n`); keep nothing of one call once it returns"),
    "limit-open-files": (("open-files", 64, "files"), "your code held too many files open at once (the limit is 64 "
                         "open files and pipes for each process): close each file it opens (`with open(...) as f:`); "
                         "an engine needs none, and `multiprocessing` opens pipes for each process it starts"),
    "limit-processes": (("processes", 64, "processes"), "the system refused to start another process: your code "
                        "started too many processes (the limit is 64 processes and threads for all of your code); an "
                        "engine needs none: remove the code that starts them (`os.fork`, `subprocess`, "
                        "`multiprocessing`)"),
}


def _limit(message):
    """The (limit, limit_value, limit_unit) of a message record and the words of its `why`: the first nested
    message whose parameters name a limit (None where none does)."""
    params = message.get("params") or {}
    if "limit" in params and "why" in params:
        return (params["limit"], params["limit_value"], params["limit_unit"]), params["why"]["text"]
    for value in params.values():
        if isinstance(value, dict) and (found := _limit(value)):
            return found
    return None


# the rows each one-submission surface grades: each way a row ends, and the shapes that surface reads its own way
ONE_BY_ONE = {
    "check": ("last-raises", "own-random-used", "pkg-engine", "limit-file-size", "limit-open-files", "twin"),
    "ci": ("limit-memory", "limit-processes", "lms", "fork-spin", "serial-tanh"),
    "gradescope": ("pkg-engine", "lms", "own-random", "limit-open-files"),
    "notebook": ("last-raises",),
    "check-portable": ("serial-good", "last-raises", "own-random-used", "limit-file-size"),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (work folder, {id: row}, {id: the entry's path})."""
    return graded_class(tmp_path_factory.mktemp("fresh41"), lambda folder: fresh41.fresh_class(folder, "engine"))


def test_every_row_is_its_agreed_row(graded):
    assert row_tables(graded[1], with_cell=True) == (AGREED, FOUND, SAID)


def test_each_limit_is_said_with_its_fields(graded):
    """The first failing test of each engine that meets a limit says which (limits40's fields in its message record,
    the reason in words); the timeout with forked children counts them (forks40's `processes`)."""
    _, rows, _ = graded
    assert {sid: _limit(first_failing(rows[sid]["tests"])["output_message"]) for sid in LIMITS} == LIMITS
    said = first_failing(rows["fork-spin"]["tests"])["output_message"]["params"]["got"]["params"]
    assert said["processes"] == 2


def test_the_fleet_makes_every_row_the_local_batchs(graded):
    """The whole class through a redis-server and one `grade worker`: each row byte for byte the local batch's."""
    assert fleet_drift(graded) == []


def test_grade_serve_says_every_upload_as_grade_run_does(graded):
    """Each file uploaded by a student of its own to `grade serve`, graded by its pool: the row, gradebook, passback."""
    assert serve_drift(graded, served(graded)) == {}


def test_the_renderings_say_each_rows_score_and_status(graded):
    assert_the_renderings_say_each_row(graded)


def test_each_one_submission_surface_says_its_rows_as_grade_run_does(graded):
    """Each row ONE_BY_ONE names for a surface that takes one submission: the student's view of the row."""
    assert {key: sorted(diff) for key, diff in one_by_one(graded, ONE_BY_ONE).items()} == {}
