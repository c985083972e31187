"""The `grade` command line as a newcomer types it: option order, typos, empty folders, help, suites."""

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from grader.cli import main
from grader.suites import available

ROOT = Path(__file__).resolve().parents[1]


def test_options_may_come_before_the_folder(tmp_path):
    folder = tmp_path / "subs"
    folder.mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", folder / "ref.py")
    out = tmp_path / "tanh.json"
    result = CliRunner().invoke(main, ["-e", "03-tanh", "--no-cache", str(folder), "-o", str(out)])
    assert result.exit_code == 0, result.output
    scores = json.loads(out.read_text())
    assert scores["exercise"] == "03-tanh"
    (row,) = scores["submissions"]
    assert (row["id"], row["status"]) == ("ref", "graded") and row["score"] == row["max_score"] == scores["max_score"]


def test_a_misspelt_command_is_neither_a_command_nor_a_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["chek"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: 'chek' is neither a command nor a file or folder: did you mean `grade check`?")
    far = CliRunner().invoke(main, ["xyzzy"])
    assert far.exit_code == 2
    assert far.output.splitlines()[-1] == (
        f"Error: 'xyzzy' is neither a command nor a file or folder: the commands are {', '.join(main.list_commands(None))}.")
    assert {"check", "run", "suites", "diff", "cache"} <= set(main.list_commands(None))


def test_a_folder_named_like_a_typo_is_still_graded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "chek").mkdir()
    (tmp_path / "chek" / "notes.txt").write_text("not an engine")
    result = CliRunner().invoke(main, ["chek", "-o", str(tmp_path / "scores.json"), "--no-cache"])
    assert "neither a command" not in result.output
    assert json.loads((tmp_path / "scores.json").read_text())["submissions"][0]["id"] == "notes"


def test_an_empty_folder_is_an_error(tmp_path):
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(main, [str(tmp_path / "empty"), "-o", str(tmp_path / "scores.json")])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        f"Error: {tmp_path / 'empty'} holds no submission to grade: it is empty. Give a folder with one entry "
        "per student (a folder, a .py file, a .ipynb notebook or a .zip of one of these).")
    assert not (tmp_path / "scores.json").exists()


def test_a_folder_of_hidden_entries_only_is_an_error(tmp_path):
    folder = tmp_path / "export"
    (folder / "__MACOSX").mkdir(parents=True)
    (folder / ".DS_Store").write_bytes(b"\0")
    result = CliRunner().invoke(main, [str(folder), "-o", str(tmp_path / "scores.json")])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        f"Error: {folder} holds no submission to grade: it holds only entries that are skipped as hidden "
        "(.DS_Store, __MACOSX). Give a folder with one entry per student (a folder, a .py file, a .ipynb "
        "notebook or a .zip of one of these).")


def test_a_folder_where_every_entry_is_rejected_writes_the_rows_and_exits_1(tmp_path):
    folder = tmp_path / "gradebooks"
    folder.mkdir()
    (folder / "week1.csv").write_text("id,score\n")
    (folder / "week2.csv").write_text("id,score\n")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, [str(folder), "-o", str(out), "--no-cache"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        f"Error: nothing in {folder} could be graded: all 2 entries were rejected (the table says why).")
    assert [row["status"] for row in json.loads(out.read_text())["submissions"]] == ["rejected", "rejected"]


def test_print_workflow_for_an_unknown_suite_is_an_error():
    result = CliRunner().invoke(main, ["ci", "--print-workflow", "-e", "nope"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: no suite named 'nope'; available: 01-mul-backward, ")
    assert "jobs:" not in result.output


def test_help_shows_every_command_line_in_full():
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "run Grade every submission in SUBMISSIONS and write the scores file." in text
    commands = result.output[result.output.index("Commands:"):]
    assert "..." not in commands


def test_suites_lists_ids_and_titles():
    result = CliRunner().invoke(main, ["suites"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == available()  # in course order
    assert "01-mul-backward  The backward rule of multiplication" in lines
    assert "03-tanh          tanh and its backward rule" in lines
    assert lines[-1] == "engine           The complete engine"


def test_a_class_folder_with_an_entry_named_engine_py_is_an_error_not_one_row(tmp_path):
    """One student's entry named engine.py beside the others' used to make the class one row, exit 0."""
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("engine.py", "bob.py"):
        shutil.copy(ROOT / "reference" / "engine.py", folder / name)
    (folder / "carol").mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", folder / "carol" / "engine.py")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, [str(folder), "-o", str(out), "--no-cache"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(
        f"Error: {folder} holds engine.py at its top: it may be one student's work, or a class in which an entry "
        "is named like an exercise file; the grader does not guess which.")
    assert not out.exists()
    similar = CliRunner().invoke(main, ["similarity", str(folder), "-o", str(tmp_path / "similarity.json")])
    assert similar.exit_code == 1
    assert "If it is one student's work, there is nothing to compare it with" in similar.output
    assert not (tmp_path / "similarity.json").exists()


def test_one_students_folder_is_graded_by_naming_it(tmp_path):
    folder = tmp_path / "alice"
    folder.mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", folder / "engine.py")
    (folder / "notes.md").write_text("my notes\n")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", "--one-submission", "-e", "01-mul-backward", str(folder), "-o", str(out),
                                       "--no-cache"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(out.read_text())["submissions"]
    assert (row["id"], row["status"], row["score"]) == ("alice", "graded", row["max_score"])


def test_a_command_run_from_a_deleted_folder_is_refused_in_words(tmp_path, monkeypatch):
    """A shell left in a folder that was deleted: `grade` ended in a FileNotFoundError's traceback while judging."""
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    for lang, words in (("en", "Error: the current folder no longer exists (it was deleted or moved): `cd` to a "
                                "folder that exists and run the command again\n"),
                        ("ru", "Ошибка: текущей папки больше нет (её удалили или переместили): перейдите командой "
                               "`cd` в существующую папку и запустите команду снова\n")):
        monkeypatch.setenv("GRADE_LANG", lang)
        result = CliRunner().invoke(main, ["run", str(tmp_path), "-e", "03-tanh"])
        assert (result.exit_code, result.output) == (1, words)
