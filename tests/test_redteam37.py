"""Session 37's red team: a student who reads the source, on the names that make a row and the cells a spreadsheet
reads (docs/security.md, "Session 37's red team")."""

from pathlib import Path

import pytest
from click.testing import CliRunner
from load_support import ENGINE, write

from grader.cli import main

from grader.load import load_folder
from grader.load.confusables import alike, prototypes, skeleton
from grader.report.gradebook import spreadsheet_cell, to_csv
from grader.serve.gradebook import to_csv as course_csv
from grader.student_text import listed

FIXTURES = Path(__file__).parent / "fixtures"


def test_an_entry_whose_name_differs_by_letters_of_another_script_is_not_a_second_row_of_that_name(tmp_path):
    # mallory drops `аlice.py` (a Cyrillic `а`, U+0430) beside alice's `alice.py`: before, two rows that both read
    # `alice`, each graded; now the one of mixed scripts is rejected, naming both letters. Likewise a roman numeral
    # `ⅿ` for `m`, a fullwidth `ｂ`, a mathematical bold `𝐚`. `Aнна` (a Latin `A` in a Cyrillic name) sorts before
    # `Анна` but is the one rejected: its letters mix scripts. Names of ASCII alone stay names of their own even where
    # Unicode's table holds them alike (`rn` and `m`, `1` and `l`); a Cyrillic name with no Latin twin is graded
    folder = write(tmp_path / "class", {
        "alice.py": ENGINE, "\u0430lice.py": ENGINE, "mallory.py": ENGINE, "\u217fallory.py": ENGINE,
        "bob.py": ENGINE, "\uff42ob.py": ENGINE, "carol.py": ENGINE, "c\U0001d41arol.py": ENGINE,
        "A\u043d\u043d\u0430.py": ENGINE, "\u0410\u043d\u043d\u0430.py": ENGINE,
        "arnie.py": ENGINE, "amie.py": ENGINE, "s1.py": ENGINE, "sl.py": ENGINE, "\u0435ve.py": ENGINE})
    rows = [(s.id, s.problem) for s in load_folder(folder)]
    assert rows == [
        ("A\u043d\u043d\u0430 (A\u043d\u043d\u0430.py)",
         "two entries have ids that look alike, '\u0410\u043d\u043d\u0430' and 'A\u043d\u043d\u0430': they differ "
         "only by letters of different scripts that look the same ('\u0410' (U+0410 CYRILLIC CAPITAL LETTER A), 'A' "
         "(U+0041 LATIN CAPITAL LETTER A)); only \u0410\u043d\u043d\u0430.py is graded: rename or remove one and "
         "grade again"),
        ("alice", None),
        ("amie", None),
        ("arnie", None),
        ("bob", None),
        ("carol", None),
        ("c\U0001d41arol (c\U0001d41arol.py)",
         "two entries have ids that look alike, 'carol' and 'c\U0001d41arol': they differ only by letters of "
         "different scripts that look the same ('a' (U+0061 LATIN SMALL LETTER A), '\U0001d41a' (U+1D41A "
         "MATHEMATICAL BOLD SMALL A)); only carol.py is graded: rename or remove one and grade again"),
        ("mallory", None),
        ("s1", None),
        ("sl", None),
        ("\u0410\u043d\u043d\u0430", None),
        ("\u0430lice (\u0430lice.py)",
         "two entries have ids that look alike, 'alice' and '\u0430lice': they differ only by letters of different "
         "scripts that look the same ('a' (U+0061 LATIN SMALL LETTER A), '\u0430' (U+0430 CYRILLIC SMALL LETTER A)); "
         "only alice.py is graded: rename or remove one and grade again"),
        ("\u0435ve", None),
        ("\u217fallory (\u217fallory.py)",
         "two entries have ids that look alike, 'mallory' and '\u217fallory': they differ only by letters of "
         "different scripts that look the same ('m' (U+006D LATIN SMALL LETTER M), '\u217f' (U+217F SMALL ROMAN "
         "NUMERAL ONE THOUSAND)); only mallory.py is graded: rename or remove one and grade again"),
        ("\uff42ob (\uff42ob.py)",
         "two entries have ids that look alike, 'bob' and '\uff42ob': they differ only by letters of different "
         "scripts that look the same ('b' (U+0062 LATIN SMALL LETTER B), '\uff42' (U+FF42 FULLWIDTH LATIN SMALL "
         "LETTER B)); only bob.py is graded: rename or remove one and grade again"),
    ]


def test_the_skeleton_is_unicodes_and_names_of_honest_scripts_are_not_alike():
    # the table is UTS #39's whole (6311 mappings, version 13.0.0); `m` is `rn` there, so ASCII alone is compared as
    # it is. José and Jose are two names (an accent is drawn); two Chinese names, two Cyrillic ones stay apart
    assert len(prototypes()) == 6311
    assert (prototypes()["\u0430"], prototypes()["m"], prototypes()["\u2215"]) == ("a", "rn", "/")
    assert skeleton("\u0440\u0430\u0443\u0440\u0430l") == skeleton("paypal") == "paypal"
    assert [alike(*pair) for pair in [("Jos\u00e9", "Jose"), ("\u738b\u82b3", "\u738b\u65b9"),
                                      ("\u0418\u0432\u0430\u043d", "\u0418\u0432\u0430\u043d\u0430"),
                                      ("arnie", "amie"), ("\u0430rnie", "amie")]] == [False, False, False, False, True]


def test_a_name_written_wholly_in_one_script_is_graded_beside_a_latin_name_that_looks_like_it(tmp_path):
    # review 37: bob's `Bepa.py` (Latin) beside `Вера.py`, a Russian student's name wholly in Cyrillic, got Вера
    # rejected (0/63), and so `Егор` beside `Erop`, Greek `Ηρα` beside `Hpa`: their skeletons are one, but each is
    # written as an honest student writes a name (one script, no compatibility form), so each is its own graded
    # row, whichever sorts first. A Cyrillic look-alike that mixes in one Latin letter (`Bеpa`, Cyrillic `е`) is
    # still rejected beside bob's, as is a fullwidth `Ｂepa`
    folder = write(tmp_path / "class", {
        "Bepa.py": ENGINE, "\u0412\u0435\u0440\u0430.py": ENGINE, "Erop.py": ENGINE,
        "\u0415\u0433\u043e\u0440.py": ENGINE, "Hpa.py": ENGINE, "\u0397\u03c1\u03b1.py": ENGINE,
        "B\u0435pa.py": ENGINE, "\uff22epa.py": ENGINE})
    rows = [(s.id, s.problem) for s in load_folder(folder)]
    assert rows == [
        ("Bepa", None),
        ("B\u0435pa (B\u0435pa.py)",
         "two entries have ids that look alike, 'Bepa' and 'B\u0435pa': they differ only by letters of different "
         "scripts that look the same ('e' (U+0065 LATIN SMALL LETTER E), '\u0435' (U+0435 CYRILLIC SMALL LETTER "
         "IE)); only Bepa.py is graded: rename or remove one and grade again"),
        ("Erop", None),
        ("Hpa", None),
        ("\u0397\u03c1\u03b1", None),
        ("\u0412\u0435\u0440\u0430", None),
        ("\u0415\u0433\u043e\u0440", None),
        ("\uff22epa (\uff22epa.py)",
         "two entries have ids that look alike, 'Bepa' and '\uff22epa': they differ only by letters of different "
         "scripts that look the same ('B' (U+0042 LATIN CAPITAL LETTER B), '\uff22' (U+FF22 FULLWIDTH LATIN "
         "CAPITAL LETTER B)); only Bepa.py is graded: rename or remove one and grade again"),
    ]
    assert [alike(*pair) for pair in [("\u0412\u0435\u0440\u0430", "Bepa"), ("\u0397\u03c1\u03b1", "Hpa"),
                                      ("B\u0435pa", "Bepa"), ("B\u0435pa", "\u0412\u0435\u0440\u0430")]] == [
        False, False, True, True]


def test_two_gradescope_submitters_named_alike_are_two_rows_told_apart_by_their_submission(tmp_path):
    # Gradescope names a submitter with no email or student id by the name they gave their account: mallory, in the
    # earlier submission, names herself `аlice` (Cyrillic `а`) and `alice\u200b`. Both are students of the export (a
    # row each, as the LMS's import keeps them apart), but alice's row reads `alice` and theirs name their submission
    meta = "".join(f"submission_{n}:\n  :submitters:\n  - :name: \"{name}\"\n    :sid:\n    :email:\n"
                   for n, name in [(100, "\u0430lice"), (101, "alice\u200b"), (102, "alice")])
    folder = write(tmp_path / "gs", {"submission_metadata.yml": meta.encode(), "submission_100/engine.py": ENGINE,
                                     "submission_101/engine.py": ENGINE, "submission_102/engine.py": ENGINE})
    assert [(s.id, s.problem, s.export["submission"]) for s in load_folder(folder)] == [
        ("alice", None, "submission_102"),
        ("alice\u200b (submission_101)", None, "submission_101"),
        ("\u0430lice (submission_100)", None, "submission_100"),
    ]


def test_a_cell_that_starts_as_a_formula_after_blanks_is_text_in_the_gradebooks():
    # an entry named ` =2+3.py` or `＝cmd.py`: an import that trims blanks (Google Sheets' option, a script's strip())
    # ran it as a formula; each is written with a leading `'` as `=2+3` was. The id column shows a no-break space, a
    # zero-width space and a tab as escapes (`printable`), which start no formula; a cell written raw is guarded too
    ids = [" =2+3", "\u00a0+1", "\u200b@SUM(A1)", "\uff1dcmd", "\t-1", "a=b", " alice"]
    scores = {"max_score": 1, "submissions": [{"id": i, "score": 1, "max_score": 1, "status": "graded", "tests": []}
                                              for i in ids]}
    assert to_csv(scores).split("\r\n") == [
        "id,score,max_score,status", "' =2+3,1,1,graded", "\\xa0+1,1,1,graded", "\\u200b@SUM(A1),1,1,graded",
        "'\uff1dcmd,1,1,graded", "\\x09-1,1,1,graded", "a=b,1,1,graded", " alice,1,1,graded", ""]
    assert [spreadsheet_cell(t) for t in ["-", " ", "x+1", "\u3000=1"]] == ["'-", " ", "x+1", "'\u3000=1"]
    # grade serve's course gradebook: a roster's name (an LMS's display name, which a student may choose) likewise
    book = {"exercises": [{"name": "01-add", "max_score": 2}],
            "students": [{"student": " @evil", "total": 1.0, "exercises": {"01-add": {"score": 1.0}}},
                         {"student": "ann", "total": 0.0, "exercises": {"01-add": None}}]}
    assert course_csv(book) == "student,01-add,total\r\n' @evil,1,1\r\nann,,0\r\n"


@pytest.mark.slow
def test_an_id_with_a_comma_does_not_put_a_classmate_in_a_cluster_of_the_similarity_report(tmp_path):
    # mallory copies erin's engine and names hers `dave, mallory.py`: the report's cluster read `dave, mallory, erin`,
    # dave (an honest classmate, whose own engine is his) named among the copiers, on the terminal and on the page,
    # and its side by side `dave, mallory and erin`. Now an id that holds a comma, a blank or a quote is quoted
    copied = (FIXTURES / "submissions" / "correct-closures" / "engine.py").read_text(encoding="utf-8")
    honest = (FIXTURES / "submissions" / "correct-edgelist" / "engine.py").read_text(encoding="utf-8")
    folder = write(tmp_path / "class", {"dave.py": honest.encode(), "dave, mallory.py": copied.encode(),
                                        "erin.py": copied.encode()})
    out, page = tmp_path / "similarity.json", tmp_path / "similarity.html"
    said = CliRunner().invoke(main, ["similarity", str(folder), "--no-micrograd", "-o", str(out), "--html", str(page)])
    assert said.exit_code == 0, said.output
    assert "  cluster: \u201cdave, mallory\u201d, erin" in said.output.splitlines()
    html = page.read_text(encoding="utf-8")
    assert "<li>\u201cdave, mallory\u201d, erin</li>" in html
    assert '<h3 id="pair-0">\u201cdave, mallory\u201d and erin: 1.00</h3>' in html


def test_ids_listed_on_one_line_are_quoted_where_one_could_read_as_two():
    # a separator, a blank or a quote inside an id quotes it; a quote mark of the id's own is an escape, so that
    # `a\u201d, \u201cb` cannot close its quotes early; control characters are escapes as everywhere
    assert listed(["alice", "dave, mallory", "ann smith", "o'lee", "", "x;y"]) == \
        "alice, \u201cdave, mallory\u201d, \u201cann smith\u201d, \u201co'lee\u201d, \u201c\u201d, \u201cx;y\u201d"
    assert listed(["a\u201d, \u201cb", "c\x1b[2K"]) == "\u201ca\\u201d, \\u201cb\u201d, c\\x1b[2K"
    assert listed(["bob", "erin"], " and ") == "bob and erin"
