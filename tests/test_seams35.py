"""Session 35's differential harness: one fresh class (bench/seams/fresh35.py: three correct engines written three
ways, ten classic mistakes, an exit at import, a segfault mid-suite, a probe that never returns, a memory grab, a
notebook calling check() in its cells, a zip, a folder with a helper module (and one whose bug is in it), Latin-1, a NUL byte, an empty file)
through every surface that grades, each row compared field by field with `grade run`'s (bench/seams/matrix.py's
summary: status, score, each test's status, each test not passed with its points, place, exception and words, each
finding's fields, the row's message and message_data).

A surface that takes a class takes the whole class in one batch (`grade run`, the fleet on a redis-server with one
`grade worker`, `grade serve`'s pool with every file uploaded by a student of its own, the renderings of the
scores file); a surface that takes one submission takes the rows a student's surface would show differently if
anything drifted (`grade check`, `grade ci`, Gradescope's autograder, a notebook's check(), the portable worker).

Measured with bench/seams/matrix.py --class fresh35 (SEAMS_EXERCISE engine: run-one, check, ci, gradescope,
notebook, report, serve, fleet, check-portable on all 22 rows; 07-mlp-xor and 09-write-tests: run-one, check, ci,
gradescope, fleet, report): the surfaces agree on every row but the differences written down as design
(docs/security.md): a check judges the fixed inputs alone (table-forwards 16.1667 in a check, 14.1667 graded: a
forward walk's shared/diamond at a = -1.5, where a.grad is 0), `grade serve` draws from its course's own secret (the
same row: since redteam35b a drawn failure's words hold none of its draw's numbers), the portable worker's timeout is
the wall clock's.
"""

from costs import slow_fixture
from endings_support import died_importing, restarts
from seams_support import (assert_the_renderings_say_each_row, bench_seams, first_failing, fleet_drift, graded_class,
                           matrix, one_by_one, served)

fresh35 = bench_seams("fresh35")

# id -> (status, score, the first test not passed, its exception, file, line, cell), as `grade run` writes it
AGREED = {
    "check-cells": ("graded", 63.0, None, None, None, None, None),
    "closure": ("graded", 63.0, None, None, None, None, None),
    "closure-good": ("graded", 63.0, None, None, None, None, None),
    "empty": ("graded", 0.0, "engine/imports", None, None, None, None),
    "exit-import": ("crashed", 0.0, "engine/imports", None, None, None, None),
    "greedy": ("graded", 61.0, "exp/values", "MemoryError", "greedy.py", 46, None),
    "latin1": ("rejected", 0.0, None, None, None, None, None),
    "loops": ("timeout", 15.3334, "pow/fractional", None, None, None, None),
    "nul": ("rejected", 0.0, None, None, None, None, None),
    "recursive": ("graded", 61.0, "backward/deep-chain", "RecursionError", "recursive.py", 85, None),
    # 60.75 before session 35's log at 75 (trust35): one more log probe spends one of the nine workers' restarts
    "segfault": ("crashed", 60.75, "log/values", None, None, None, None),
    "slots-good": ("graded", 63.0, None, None, None, None, None),
    "slots-tanh": ("graded", 60.0, "tanh/two", None, None, None, None),
    "table-assign": ("graded", 23.8334, "add/constant", None, None, None, None),
    "table-exp-input": ("graded", 61.0, "exp/values", None, None, None, None),
    "table-forwards": ("graded", 14.1667, "add/constant", None, None, None, None),
    "table-good": ("graded", 63.0, None, None, None, None, None),
    "table-log-out": ("graded", 61.0, "log/values", None, None, None, None),
    "table-mul-self": ("graded", 16.5, "mul/values", None, None, None, None),
    "table-neg-self": ("graded", 62.0, "neg/values", None, None, None, None),
    "table-no-seed": ("graded", 4.0, "add/values", None, None, None, None),
    "table-pow": ("graded", 61.0, "pow/cube", None, None, None, None),
    "table-sub-add": ("graded", 61.0, "sub/values", None, None, None, None),
    "table-tanh": ("graded", 60.0, "tanh/two", None, None, None, None),
}
# id -> (kind, variant or op, file, line) of each finding: the mistake named where the student wrote it
FOUND = {
    "greedy": [("raises", "exp", "greedy.py", 46)],
    "recursive": [("variant", "recursive-topo", "recursive.py", 84)],
    "slots-tanh": [("variant", "tanh-one-minus-t", "ops.py", 22)],  # the helper module's line, not engine.py's
    "table-assign": [("variant", "assign-not-accumulate-everywhere", "table-assign.py", 94)],
    "table-exp-input": [("variant", "exp-input", "table-exp-input.py", 10)],
    "table-forwards": [("variant", "forward-order", "table-forwards.py", 89)],
    "table-log-out": [("variant", "log-output", "table-log-out.py", 11)],
    "table-mul-self": [("variant", "mul-self-data", "table-mul-self.py", 6)],
    "table-neg-self": [("variant", "neg-self", "table-neg-self.py", 54)],
    "table-no-seed": [("variant", "no-seed", "table-no-seed.py", 74)],
    "table-pow": [("variant", "pow-no-minus-one", "table-pow.py", 7)],
    "table-sub-add": [("variant", "sub-as-add", "table-sub-add.py", 57)],
    "table-tanh": [("variant", "tanh-one-minus-t", "table-tanh.py", 9)],
}
# the rows each one-submission surface grades: every way a row can end, and the kinds only that surface reads
ONE_BY_ONE = {
    "check": ("table-forwards", "segfault", "exit-import", "nul", "check-cells", "slots-tanh", "empty"),
    "ci": ("segfault", "loops", "table-no-seed", "latin1"),
    "gradescope": ("closure", "slots-tanh", "latin1", "exit-import"),
    "notebook": ("check-cells",),
    "check-portable": ("greedy", "recursive"),
}
DRAWN = "at other inputs, drawn for this grade: "  # a test that passed at the fixed inputs and failed at the drawn
# what differs by design (docs/security.md), and how: {(id, surface): {field: (grade run's, the surface's)}}
BY_DESIGN = {("table-forwards", "check"): {"score": (14.1667, 16.1667)}}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (work folder, {id: row}, {id: the entry's path})."""
    return graded_class(tmp_path_factory.mktemp("fresh35"),
                        lambda folder: fresh35.fresh_class(folder, "engine", slow=False))


def test_every_row_is_its_agreed_row(graded):
    _, rows, _ = graded
    got = {}
    for sid, row in rows.items():
        first = first_failing(row["tests"])
        got[sid] = (row["status"], row["score"], first.get("name"), first.get("exception"), first.get("file"),
                    first.get("line"), first.get("cell"))
        assert row["score"] == round(sum(t["score"] for t in row["tests"]), 4), sid  # the row's score to 4 places
    assert got == AGREED
    assert {sid: [(d["kind"], d.get("variant") or d.get("op"), d.get("file"), d.get("line"))
                  for d in row["diagnosis"]] for sid, row in rows.items() if row["diagnosis"]} == FOUND
    assert {sid: rows[sid]["message"] for sid in ("exit-import", "segfault", "latin1", "nul", "empty")} == {
        "exit-import": died_importing("exit-import.py", "the worker exited with status 1"),
        "segfault": restarts("the worker was killed by SIGSEGV (a segmentation fault: often unbounded recursion after "
                            "raising the recursion limit)"),
        "latin1": "latin1.py is not UTF-8 text (byte 0xe9 at offset 2); re-save it as UTF-8 and submit again",
        "nul": "nul.py holds a NUL byte (line 2), which Python cannot read as source; re-save it as text and submit "
               "again",
        "empty": "empty.py defines no class named `Value`"}
    assert first_failing(rows["segfault"]["tests"])["output"] == (
        "y = log(x) * 3 at x = 2: the worker was killed by SIGSEGV (a segmentation fault: often unbounded recursion "
        "after raising the recursion limit) (0 of 2 expressions right or already charged elsewhere)")


def test_the_fleet_makes_every_row_the_local_batchs(graded):
    """The whole class through a redis-server and one `grade worker`: each row byte for byte the local batch's."""
    assert fleet_drift(graded) == []


def test_grade_serve_says_every_upload_as_grade_run_does(graded):
    """Each file uploaded by a student of its own, one batch of the service's pool: the stored row, the gradebook's
    cell and the LTI passback the row's; what `grade run` rejects is the same rejected row. The
    service draws from its course's secret (a fresh secret.key each course), and says a drawn failure in the grader's
    words alone (table-forwards' shared/diamond): the same row."""
    said = served(graded)
    _, rows, entries = graded
    assert sorted(said) == sorted(sid for sid, path in entries.items() if path.is_file())
    # a file of the kind it takes (.py, .ipynb, .zip) is taken, and a row `grade run` rejects is the same rejected row
    assert [sid for sid, row in said.items() if "refused" in row] == []
    assert {sid: (said[sid]["status"], said[sid]["message"]) for sid in ("latin1", "nul")} == {
        sid: ("rejected", rows[sid]["message"]) for sid in ("latin1", "nul")}
    drift = {}
    for sid, row in said.items():
        if row["status"] == "rejected":
            assert (row["gradebook"], row["passback"]) == (None, None), sid  # no grade kept or sent for it
            continue
        assert (row["gradebook"], row["passback"]) == (rows[sid]["score"],) * 2, sid
        diff = matrix.differences("serve", rows[sid], row)
        if diff:
            drift[sid] = sorted(diff)
    assert drift == {}
    # a drawn failure is said in the grader's words alone (redteam35b): its course's own draw says the same words
    words = matrix.summary(said["table-forwards"])["fields"]["shared/diamond"]["output"]
    assert words.startswith(DRAWN) and words == _first_named(rows["table-forwards"], "shared/diamond")["output"]


def _first_named(row, name):
    return next(t for t in row["tests"] if t["name"] == name)



def test_the_renderings_say_each_rows_score_and_status(graded):
    assert_the_renderings_say_each_row(graded)


def test_each_one_submission_surface_says_its_rows_as_grade_run_does(graded):
    """`grade check`, `grade ci --json-out`, Gradescope's autograder, a notebook's check() after Run All, `grade
    check` on the portable worker: each row the student's view of `grade run`'s, field by field."""
    # each test's status (`tests`) is in `fields` when it is not passed; a drift in `fields` is one too (an empty {})
    drift = {key: {k: v for k, v in diff.items() if k not in ("tests", "fields")}
             for key, diff in one_by_one(graded, ONE_BY_ONE).items() if set(diff) - {"tests"}}
    assert drift == BY_DESIGN
