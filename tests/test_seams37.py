"""Session 37's differential table: twenty inputs none of the earlier seams classes used, chosen where the surfaces'
own code differs (bench/seams/fresh37.py): a stranger correct engine (ops from one factory, a backward over a tape
of generators) and the same with pow's classic mistake, a package with a helper sub-package and extra files,
cp1251 text declared by its coding line, the ways a submission fails to load (an unterminated string, a misspelled
file name, a notebook with no engine cell, a zip of two engines, a file past each of the loader's size limits, a
name in capitals, a browser's `engine (1).py`, a Mac's and a Windows zip), and hostile ones (a KeyboardInterrupt at
import, 16 GiB asked for at import, 100 MB printed at import, a forged result written on every low descriptor).

Measured with bench/seams/matrix.py --class fresh37 on run-one, check, check-ru, check-zh, ci, ci-env, gradescope,
gs-schema, notebook, report, resume, lang-ru, lang-zh, serve, fleet and check-portable: every row agrees on every
surface but `grade serve`'s refusal of big.zip, a request over the course's upload cap, answered 413 before its
body is read (by design: docs/serve.md); its words were the one refusal of the service in English whatever the
course's language, without message_data, naming the cap of 20 MiB `20 MB`: now a Message like every refusal,
in the loader's unit. A size said beside its limit was `1.0 MiB; the limit is 1.0 MiB` for a file a few KiB over
it (every surface alike): now to as many places as tell them apart (grader/load/reading.sizes_apart).
"""

from costs import slow_fixture
from endings_support import tampered
from seams_support import (assert_the_renderings_say_each_row, bench_seams, fleet_drift, graded_class, one_by_one,
                           row_tables, serve_drift, served)

fresh37 = bench_seams("fresh37")

# id -> (status, score, the first test not passed, its exception, file, line), as `grade run` writes it
AGREED = {
    "HW2": ("graded", 63.0, None, None, None, None),
    "big": ("rejected", 0.0, None, None, None, None),
    "big-output": ("graded", 63.0, None, None, None, None),
    "cp1251": ("graded", 63.0, None, None, None, None),
    "engine (1)": ("graded", 61.0, "pow/cube", None, None, None),
    "factory-good": ("graded", 63.0, None, None, None, None),
    "factory-pow": ("graded", 61.0, "pow/cube", None, None, None),
    "flood": ("graded", 63.0, None, None, None, None),
    "forged": ("crashed", 0.0, "engine/imports", None, None, None),
    "grab": ("graded", 0.0, "engine/imports", "MemoryError", "grab.py", 68),
    "huge": ("rejected", 0.0, None, None, None, None),
    "huge-nb": ("rejected", 0.0, None, None, None, None),
    "interrupt": ("graded", 0.0, "engine/imports", "KeyboardInterrupt", "interrupt.py", 68),
    "mac": ("graded", 63.0, None, None, None, None),
    "misnamed": ("graded", 63.0, None, None, None, None),
    "no-engine": ("graded", 0.0, "engine/imports", None, None, None),
    "package": ("graded", 63.0, None, None, None, None),
    "two": ("rejected", 0.0, None, None, None, None),
    "unterminated": ("graded", 0.0, "engine/imports", "SyntaxError", "unterminated.py", 13),
    "windows": ("graded", 61.0, "pow/cube", None, None, None),
}
# id -> (kind, variant, file, line) of each finding: the line of the student's own file, whatever its name
FOUND = {
    "engine (1)": [("variant", "pow-no-minus-one", "engine (1).py", 57)],
    "factory-pow": [("variant", "pow-no-minus-one", "factory-pow.py", 57)],
    "windows": [("variant", "pow-no-minus-one", "hw2/engine.py", 57)],  # the zip's `hw2\engine.py`
}
SAID = {
    "big": "big.zip is too large (21.0 MiB; the limit is 20.0 MiB); remove outputs and data and submit again",
    "forged": tampered("forged.py"),
    "grab": "MemoryError (grab.py, line 68)",
    # a few KiB past the limit: to one place both were `1.0 MiB` (`16.0 MiB`) until session 37
    "huge": "huge.py is too large (1.002 MiB; the limit is 1.000 MiB); remove outputs and data and submit again",
    "huge-nb": "huge-nb.ipynb is too large (16.002 MiB; the limit is 16.000 MiB); remove outputs and data and submit "
               "again",
    "interrupt": "KeyboardInterrupt (interrupt.py, line 68)",
    "no-engine": "no-engine.ipynb defines no class named `Value`",
    "two": "no engine.py found in two.zip; expected engine.py, or a single .py or .ipynb file (found: try1/, try2/)",
    "unterminated": "SyntaxError: unterminated triple-quoted string literal (detected at line 66) (unterminated.py, "
                    "line 13)",
}
# the rows each one-submission surface grades: each way a row ends, and the shapes that surface reads its own way
ONE_BY_ONE = {
    "check": ("unterminated", "two", "huge", "forged", "package", "cp1251", "no-engine", "interrupt"),
    "ci": ("flood", "engine (1)", "big", "windows"),
    "gradescope": ("misnamed", "mac", "HW2", "factory-pow", "huge-nb"),
    "notebook": ("big-output", "no-engine"),
    "check-portable": ("grab", "forged", "factory-good"),
}
CAP = ("the upload is over this course's limit of 20.0 MiB: submit your engine.py, notebook or zip alone",
       {"id": "the upload is over this course's limit of {limit}: submit your engine.py, notebook or zip alone",
        "params": {"limit": "20.0 MiB"},
        "text": "the upload is over this course's limit of 20.0 MiB: submit your engine.py, notebook or zip alone"})


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (work folder, {id: row}, {id: the entry's path})."""
    return graded_class(tmp_path_factory.mktemp("fresh37"), lambda folder: fresh37.fresh_class(folder, "engine"))


def test_every_row_is_its_agreed_row(graded):
    assert row_tables(graded[1]) == (AGREED, FOUND, SAID)


def test_the_fleet_makes_every_row_the_local_batchs(graded):
    """The whole class through a redis-server and one `grade worker`: each row byte for byte the local batch's."""
    assert fleet_drift(graded) == []


def test_grade_serve_says_every_upload_as_grade_run_does(graded):
    """Each file uploaded by a student of its own, one batch of the service's pool: the stored row, the gradebook's
    cell and the LTI passback the row's. An upload over the course's cap (big.zip, 21 MiB) is refused before it is
    read, in the words of every other refusal: a Message, in the loader's unit."""
    said = served(graded)
    assert {sid: row["refused"] for sid, row in said.items() if "refused" in row} == {"big": (413, *CAP)}
    assert serve_drift(graded, said, left=("big",)) == {}


def test_the_renderings_say_each_rows_score_and_status(graded):
    assert_the_renderings_say_each_row(graded)


def test_each_one_submission_surface_says_its_rows_as_grade_run_does(graded):
    """`grade check`, `grade ci --json-out`, Gradescope's autograder, a notebook's check() after Run All, `grade
    check` on the portable worker: each row the student's view of `grade run`'s, field by field."""
    assert {key: sorted(diff) for key, diff in one_by_one(graded, ONE_BY_ONE).items()} == {}
