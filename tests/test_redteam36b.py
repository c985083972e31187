"""Session 36's second red team: a student who reads the source, on the surfaces where a score is decided
(docs/security.md, "Session 36's second red team")."""

from load_support import ENGINE, write

from grader.load import load_folder
from grader.student_text import not_shown, printable


def test_an_entry_whose_name_differs_by_characters_no_font_draws_is_not_a_second_row_of_that_name(tmp_path):
    # mallory drops `alice\u200b.py` (a zero-width space) beside alice's `alice.py` in the folder the class hands in
    # to: before, two rows that both read `alice` in the table, the reports and the CSV (the instructor had to guess
    # which was alice's); now the second is rejected, naming both ids and the characters not shown. A Hangul filler
    # (U+3164, a letter Python's repr shows as it is) and a soft hyphen likewise; a name in another case stays a name
    folder = write(tmp_path / "class", {"alice.py": ENGINE, "alice\u200b.py": ENGINE, "bob.py": ENGINE,
                                        "bo\u3164b.py": ENGINE, "carol.py": ENGINE, "Carol.py": ENGINE,
                                        "dav\u00adid.py": ENGINE, "david.py": ENGINE})
    rows = [(s.id, s.problem) for s in load_folder(folder)]
    assert rows == [
        ("Carol", None),
        ("alice", None),
        ("alice\u200b (alice\u200b.py)",
         "two entries have ids that look alike, 'alice' and 'alice\\u200b': they differ only by characters that are "
         "not shown (\\u200b); only alice.py is graded: rename or remove one and grade again"),
        ("bob", None),
        ("bo\u3164b (bo\u3164b.py)",
         "two entries have ids that look alike, 'bob' and 'bo\u3164b': they differ only by characters that are not "
         "shown (\\u3164); only bob.py is graded: rename or remove one and grade again"),
        ("carol", None),
        ("david", None),
        ("dav\u00adid (dav\u00adid.py)",
         "two entries have ids that look alike, 'david' and 'dav\\xadid': they differ only by characters that are "
         "not shown (\\xad); only david.py is graded: rename or remove one and grade again"),
    ]
    # every row's id reads apart from every other's wherever it is shown
    shown = [printable(i, one_line=True) for i, _ in rows]
    assert shown == ["Carol", "alice", "alice\\u200b (alice\\u200b.py)", "bob", "bo\\u3164b (bo\\u3164b.py)",
                     "carol", "david", "dav\\xadid (dav\\xadid.py)"]


def test_characters_no_font_draws_are_shown_as_escapes_and_joiners_of_honest_text_only_in_names():
    # a zero-width space, a word joiner, a BOM, a tag letter (outside the BMP: its 8-digit escape) are escaped in any
    # text shown; ZWNJ and ZWJ (Persian words, emoji sequences) and variation selectors only in a name or an id
    assert printable("a\u200bb\u2060c\ufeffd\U000e0041e") == "a\\u200bb\\u2060c\\ufeffd\\U000e0041e"
    assert printable("\U0001f469\u200d\U0001f4bb \u0645\u06cc\u200c\u062e \u2764\ufe0f") == \
        "\U0001f469\u200d\U0001f4bb \u0645\u06cc\u200c\u062e \u2764\ufe0f"
    assert printable("x\u200dy\u200cz\ufe0f", one_line=True) == "x\\u200dy\\u200cz\\ufe0f"
    assert not_shown("a\u200bb\u200bc\u200d\u2066") == ["\\u200b", "\\u200d", "\\u2066"]


def test_an_entry_whose_name_differs_by_blanks_is_not_a_second_row_of_that_name(tmp_path):
    # review36: a trailing space, a no-break space, an ideographic space, a line separator and the Braille pattern
    # blank (no space to str.isspace, drawn as one) after `alice` each made a second row that read `alice`; now each
    # is rejected naming the blank, and alice.py is graded whichever sorts first (`alice .py` sorts before it). A
    # name with one space inside stays a name of its own
    folder = write(tmp_path / "class", {"alice.py": ENGINE, "alice .py": ENGINE, "alice\u00a0.py": ENGINE,
                                        "alice\u3000.py": ENGINE, "alice\u2028.py": ENGINE, "alice\u2800.py": ENGINE,
                                        "ann smith.py": ENGINE})
    rows = [(s.id, s.problem) for s in load_folder(folder)]

    def said(other, hidden):
        return (f"two entries have ids that look alike, 'alice' and {other}: they differ only by characters that are "
                f"not shown ({hidden}); only alice.py is graded: rename or remove one and grade again")

    assert rows == [
        ("alice", None),
        ("alice  (alice .py)", said("'alice '", "\\x20")),
        ("alice\u00a0 (alice\u00a0.py)", said("'alice\\xa0'", "\\xa0")),
        ("alice\u2028 (alice\u2028.py)", said("'alice\\u2028'", "\\u2028")),
        ("alice\u2800 (alice\u2800.py)", said("'alice\u2800'", "\\u2800")),
        ("alice\u3000 (alice\u3000.py)", said("'alice\\u3000'", "\\u3000")),
        ("ann smith", None),
    ]
    assert [printable(i, one_line=True) for i, _ in rows] == [
        "alice", "alice  (alice .py)", "alice\\xa0 (alice\\xa0.py)", "alice\\u2028 (alice\\u2028.py)",
        "alice\\u2800 (alice\\u2800.py)", "alice\\u3000 (alice\\u3000.py)", "ann smith"]
    # in text that is not a name the blanks of honest writing stay (a no-break space before `:` in French)
    assert printable("score\u00a0: 5\u3000ok") == "score\u00a0: 5\u3000ok"
