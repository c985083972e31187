"""Session 38's red team: a student who reads the source, on the names that make a row (ids that still look alike,
Japanese and Korean names) and on the surfaces around the sandbox (docs/security.md, "Session 38's red team")."""

import io
import struct
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from load_support import ENGINE, write

from grader.cli import main
from grader.cli.terminal import print_table
from grader.load import load_entry, load_folder
from grader.load.alike_ids import told_apart
from grader.load.confusables import alike, mixed_scripts, resolved_scripts, script_name
from grader.load.reading import MAX_ZIP_MEMBERS
from grader.load.zips import central_entries
from grader.report.gradebook import to_csv
from grader.report.html import to_html
from grader.report.markdown import to_markdown
from grader.scores import submission_record

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_japanese_or_korean_name_is_of_one_script_as_uts39_resolves_it():
    # UTS #39, section 5.1: kanji with hiragana and katakana is Japanese, Hangul with Hanja Korean, Han with
    # Bopomofo one set too; session 37 read a script from a letter's Unicode name and took `山田はな` for mixed (CJK
    # and HIRAGANA), so an honest Japanese name was rejected beside a look-alike of one script. Latin beside Han,
    # which the standard's "highly restrictive" level also admits, stays mixed here: `〇scar` (U+3007, Han)
    assert [script_name(resolved_scripts(t)) for t in
            ["山田はな", "鈴木ゆうこー", "김民俊", "ㄅ张", "张伟", "Вера", "alice2"]] == [
        "Japanese", "Japanese", "Korean", "Han with Bopomofo", "Han", "Cyrillic", "Latin"]
    assert [mixed_scripts(t) for t in ["山田はな", "김民俊", "〇scar", "Taro山田", "аlice", "42"]] == [
        False, False, True, True, True, False]
    # hiragana へ and katakana ヘ are one skeleton: two Japanese names each of one script are two students now
    assert [alike(*pair) for pair in [("山田へな", "山田ヘな"), ("工藤", "エ藤"), ("Oscar", "〇scar"),
                                      ("山田〇", "山田O")]] == [False, False, True, True]


def test_japanese_names_of_kanji_and_kana_are_graded_and_a_han_letter_in_a_latin_name_is_not(tmp_path):
    # before: `山田ヘな.py` (katakana ヘ) was rejected beside `山田へな.py` (hiragana へ), and `エ藤.py` beside
    # `工藤.py`, each "letters of different scripts that look the same" although each is an honest Japanese name;
    # `〇scar.py` (the Han ideographic zero) beside oscar's `Oscar.py` is still rejected, as is a Korean name with
    # a Latin letter in it
    folder = write(tmp_path / "class", {
        "山田へな.py": ENGINE, "山田ヘな.py": ENGINE, "工藤.py": ENGINE, "エ藤.py": ENGINE, "Oscar.py": ENGINE,
        "〇scar.py": ENGINE, "김民俊.py": ENGINE})
    rows = [(s.id, s.problem, s.look_alike) for s in load_folder(folder)]
    assert rows == [
        ("Oscar", None, None),
        ("〇scar (〇scar.py)",
         "two entries have ids that look alike, 'Oscar' and '〇scar': they differ only by letters of different "
         "scripts that look the same ('O' (U+004F LATIN CAPITAL LETTER O), '〇' (U+3007 IDEOGRAPHIC NUMBER ZERO)); "
         "only Oscar.py is graded: rename or remove one and grade again", None),
        ("エ藤", None, {"ids": ["工藤"], "mark": "Katakana"}),
        ("山田へな", None, {"ids": ["山田ヘな"], "mark": "Hiragana"}),
        ("山田ヘな", None, {"ids": ["山田へな"], "mark": "Katakana"}),
        ("工藤", None, {"ids": ["エ藤"], "mark": "Han"}),
        ("김民俊", None, None),
    ]


def test_ids_that_still_look_alike_are_told_apart_where_a_person_reads_the_rows(tmp_path, capsys):
    # session 37 left `Вера.py` (Cyrillic) and `Bepa.py` (Latin) two graded rows that read alike in the table, the
    # reports and the gradebook: each is a student's own name, which an LMS import matches, so neither id changes;
    # each row carries `look_alike` (the other ids and a mark: the scripts of the letters where it differs), shown in
    # a column `letters` of its own, which a class without such ids does not have. Where the scripts would not tell
    # them apart (two Greek names, `σο` and `οο`), the mark is those letters' code points. A class of ASCII ids
    # (`arnie`, `amie`) is not marked. mallory's `Bepa [Cyrillic].py` reads as her own id, the column empty
    folder = write(tmp_path / "class", {"Bepa.py": ENGINE, "Вера.py": ENGINE, "alice.py": ENGINE,
                                        "σο.py": ENGINE, "οο.py": ENGINE, "Bepa [Cyrillic].py": ENGINE})
    loaded = load_folder(folder)
    assert [(s.id, s.look_alike) for s in loaded] == [
        ("Bepa", {"ids": ["Вера"], "mark": "Latin"}), ("Bepa [Cyrillic]", None), ("alice", None),
        ("οο", {"ids": ["σο"], "mark": "U+03BF"}), ("σο", {"ids": ["οο"], "mark": "U+03C3"}),
        ("Вера", {"ids": ["Bepa"], "mark": "Cyrillic"})]
    assert told_apart(["arnie", "amie", "s1", "sl"]) == {}
    rows = [submission_record(s, {"status": "ok", "probes": {}}, [], 63.0) for s in loaded]
    assert [row.get("look_alike", {}).get("mark") for row in rows] == [
        "Latin", None, None, "U+03BF", "U+03C3", "Cyrillic"]
    scores = {"max_score": 63.0, "submissions": rows}
    assert to_csv(scores).splitlines() == [
        "id,score,max_score,status,letters", "Bepa,0,63,graded,Latin", "Bepa [Cyrillic],0,63,graded,",
        "alice,0,63,graded,", "οο,0,63,graded,U+03BF", "σο,0,63,graded,U+03C3", "Вера,0,63,graded,Cyrillic"]
    print_table(scores)
    assert [line.rstrip() for line in capsys.readouterr().out.splitlines()] == [
        "id               letters   status          score  first failing test",
        "Bepa             Latin     graded           0/63",
        "Bepa [Cyrillic]            graded           0/63",
        "alice                      graded           0/63",
        "οο               U+03BF    graded           0/63",
        "σο               U+03C3    graded           0/63",
        "Вера             Cyrillic  graded           0/63"]
    markdown = to_markdown(scores).splitlines()
    assert "| id | letters | status | score | first failing test |" in markdown
    assert "| Bepa \\[Cyrillic\\] |  | graded | 0 / 63 | — |" in markdown  # brackets escaped, as Markdown needs
    assert "| Вера | Cyrillic | graded | 0 / 63 | — |" in markdown
    page = to_html(scores)
    assert "<tr><th>id</th><th>letters</th><th>status</th>" in page
    assert "<tr><td>Вера</td><td>Cyrillic</td>" in page and "<tr><td>Bepa [Cyrillic]</td><td></td>" in page
    assert "буквы" in to_html(scores, lang="ru")
    # a class with no such ids keeps its columns
    plain = {"max_score": 63.0, "submissions": rows[2:3]}
    assert to_csv(plain).splitlines()[0] == "id,score,max_score,status"
    assert "| id | status | score | first failing test |" in to_markdown(plain).splitlines()
    assert "letters" not in to_html(plain)


@pytest.mark.slow
def test_the_similarity_report_tells_apart_two_ids_that_look_alike(tmp_path):
    # `Вера.py` copies `Bepa.py`: the report's cluster read `Bepa, Вера` (or the other way round), which a reader
    # cannot tell from one student twice; now each id is followed by its mark, on the terminal and on the page, and
    # an id that holds a blank is quoted (`“Bepa [Cyrillic]”`), so that none reads as another's id and mark
    copied = (FIXTURES / "submissions" / "correct-closures" / "engine.py").read_bytes()
    honest = (FIXTURES / "submissions" / "correct-edgelist" / "engine.py").read_bytes()
    folder = write(tmp_path / "class", {"Bepa.py": copied, "Вера.py": copied, "dave.py": honest,
                                        "Bepa [Cyrillic].py": honest})
    out, page = tmp_path / "similarity.json", tmp_path / "similarity.html"
    said = CliRunner().invoke(main, ["similarity", str(folder), "--no-micrograd", "-o", str(out), "--html", str(page)])
    assert said.exit_code == 0, said.output
    assert "  cluster: Bepa [Latin], Вера [Cyrillic]" in said.output.splitlines()
    html = page.read_text(encoding="utf-8")
    assert "<li>Bepa [Latin], Вера [Cyrillic]</li>" in html
    assert '<h3 id="pair-0">Bepa [Latin] and Вера [Cyrillic]: 1.00</h3>' in html
    assert "<td>\u201cBepa [Cyrillic]\u201d</td>" in html  # the pairs table: mallory's id, quoted, and no mark


def _many_members(path: Path, count: int) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for i in range(count):
            archive.writestr(f"{i:x}", b"")
    return path


def _as_zip64(path: Path) -> Path:
    """The zip at `path` with ZIP64's end records (as a zip of over 65,535 members has them) before its end record,
    which then says 0xFFFF entries and 0xFFFFFFFF for the central directory's size and place."""
    data = path.read_bytes()
    at = data.rindex(b"PK\x05\x06")
    count, size, offset = struct.unpack("<HII", data[at + 10:at + 20])
    record = struct.pack("<4sQHHIIQQQQ", b"PK\x06\x06", 44, 45, 45, 0, 0, count, count, size, offset)
    locator = struct.pack("<4sIQI", b"PK\x06\x07", 0, at, 1)
    end = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    path.write_bytes(data[:at] + record + locator + end)
    return path


def test_a_zip_of_many_empty_members_is_refused_before_zipfile_reads_them(tmp_path, monkeypatch):
    # An upload of many empty members, 300 here, or as ZIP64 writes them (over 65,535): zipfile read every entry of
    # the central directory before the loader counted them (220,000 in an 18 MiB upload: 1.3 s of CPU and 126 MiB of
    # `grade serve`'s worker, for an upload refused and so never charged). The count is now read from the central
    # directory's headers, up to COUNTED_MEMBERS (beyond, "more than"), and zipfile never opens such a zip
    some = _many_members(tmp_path / "some.zip", 300)
    many = _as_zip64(_many_members(tmp_path / "many.zip", 300))
    assert len(zipfile.ZipFile(many).infolist()) == 300  # zipfile reads the records written so
    for path in (some, many):
        with open(path, "rb") as stream:
            assert central_entries(stream, 250) == 250
            assert central_entries(stream, 10_001) == 300
    real_zipfile = zipfile.ZipFile

    def opened(*args, **kwargs):
        raise AssertionError("zipfile read the central directory")

    monkeypatch.setattr("grader.load.zips.zipfile.ZipFile", opened)
    for path in (some, many):
        assert load_entry(path).problem == (
            f"{path.name} holds 300 members, more than the limit of 200; zip only the submission folder")
    monkeypatch.setattr("grader.load.zips.COUNTED_MEMBERS", 250)  # 220,000 are counted only so far
    assert load_entry(many).problem == (
        "many.zip holds more than 250 members, more than the limit of 200; zip only the submission folder")
    monkeypatch.setattr("grader.load.zips.zipfile.ZipFile", real_zipfile)
    # a zip within the limit is read as before, whatever its end records: a comment after them, data before them
    # (a self-extracting archive), ZIP64's
    buffer = io.BytesIO(b"#!/bin/sh\n" * 50)
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.writestr("engine.py", ENGINE)
        archive.writestr("helper.py", b"X = 1\n")
        archive.comment = b"c" * 1000
    (tmp_path / "ok.zip").write_bytes(buffer.getvalue())
    with zipfile.ZipFile(tmp_path / "zip64.zip", "w") as archive:
        archive.writestr("engine.py", ENGINE)
    for path, count in ((tmp_path / "ok.zip", 2), (_as_zip64(tmp_path / "zip64.zip"), 1)):
        with open(path, "rb") as stream:
            assert central_entries(stream, 201) == count
        assert (load_entry(path).problem, load_entry(path).files["engine.py"]) == (None, ENGINE)

