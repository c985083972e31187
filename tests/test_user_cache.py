"""The observation cache's home (the user's cache folder), `grade cache`, and who may read what is written."""

import json
import shutil
import stat
from pathlib import Path

from click.testing import CliRunner

from grader.cli import main
from grader.user_cache import default_folder

ROOT = Path(__file__).resolve().parents[1]
KEY = "0123456789abcdef" * 4


def test_the_default_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_folder() == tmp_path / "xdg" / "micrograd-grader"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for unusable in ("", "relative/path"):
        monkeypatch.setenv("XDG_CACHE_HOME", unusable)
        assert default_folder() == tmp_path / "home" / ".cache" / "micrograd-grader"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_folder() == tmp_path / "home" / ".cache" / "micrograd-grader"


def test_without_a_home_folder_grade_says_what_to_do(monkeypatch, tmp_path):
    # HOME unset and a uid without an account (docker run -u 12345 with an empty environment): Python
    # cannot find a home, and `grade` crashed with a RuntimeError's traceback
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    def no_home(cls):
        raise RuntimeError("Could not determine home directory.")  # what pathlib raises then

    monkeypatch.setattr(Path, "home", classmethod(no_home))
    (tmp_path / "class").mkdir()
    shutil.copy(ROOT / "reference" / "engine.py", tmp_path / "class" / "ref.py")
    runner = CliRunner()
    refused = runner.invoke(main, [str(tmp_path / "class"), "-e", "03-tanh", "-o", str(tmp_path / "1.json")])
    assert refused.exit_code == 2
    assert ("Error: there is no home folder to keep the observation cache in (HOME is unset and this user has no "
            "account): pass --cache-dir FOLDER, set XDG_CACHE_HOME, or grade with --no-cache") in refused.output
    graded = runner.invoke(main, [str(tmp_path / "class"), "-e", "03-tanh", "-o", str(tmp_path / "1.json"),
                                  "--no-cache"])
    assert graded.exit_code == 0, graded.output
    assert json.loads((tmp_path / "1.json").read_text())["submissions"][0]["status"] == "graded"


def test_grading_from_another_folder_reuses_the_users_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    for where in ("first", "second"):
        (tmp_path / where / "class").mkdir(parents=True)
        shutil.copy(ROOT / "reference" / "engine.py", tmp_path / where / "class" / "ref.py")
    runner = CliRunner()
    first = runner.invoke(main, [str(tmp_path / "first" / "class"), "-e", "03-tanh", "-o", str(tmp_path / "1.json")])
    assert first.exit_code == 0, first.output
    assert "0 from the cache" in first.output.splitlines()[-1]
    second = runner.invoke(main, [str(tmp_path / "second" / "class"), "-e", "03-tanh", "-o", str(tmp_path / "2.json")])
    assert "1 from the cache" in second.output.splitlines()[-1]
    assert json.loads((tmp_path / "1.json").read_text()) == json.loads((tmp_path / "2.json").read_text())
    entries = [p for p in (tmp_path / "xdg" / "micrograd-grader").iterdir() if p.is_file()]
    assert len(entries) == 1
    # private to the user who grades, as every file about students, the verdicts beside it too (grader/verdicts.py)
    verdicts = tmp_path / "xdg" / "micrograd-grader" / "verdicts"
    assert [stat.S_IMODE(p.stat().st_mode) for p in [*entries, *verdicts.iterdir()]] == [0o600] * 3
    assert stat.S_IMODE(verdicts.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "xdg" / "micrograd-grader").stat().st_mode) == 0o700
    for written in ("1.json", "1.timings.json"):
        assert stat.S_IMODE((tmp_path / written).stat().st_mode) == 0o600


def test_cache_info_and_clear_touch_only_cache_entries(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / f"{KEY}.json").write_text("{}" + " " * 998)
    (folder / f"{KEY}.json.123.456.tmp").write_text("{")  # left by an earlier grader
    (folder / f".{KEY}.json.k3x_9q2z").write_text("{")  # left by private_files' writer
    (folder / "notes.txt").write_text("mine")
    runner = CliRunner()
    info = runner.invoke(main, ["cache", "info", "--cache-dir", str(folder)])
    assert info.output == f"{folder}: 3 entries, 1002 bytes.\n"
    cleared = runner.invoke(main, ["cache", "clear", "--cache-dir", str(folder)])
    assert cleared.exit_code == 0
    assert cleared.output == f"Removed 3 entries (1002 bytes) from {folder}.\n"
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    again = runner.invoke(main, ["cache", "clear", "--cache-dir", str(tmp_path / "never-made")])
    assert again.output == f"Removed 0 entries (0 bytes) from {tmp_path / 'never-made'}.\n"


def test_feedback_pages_and_reports_are_private_whatever_the_umask(tmp_path):
    import os

    old = os.umask(0o022)
    try:
        sample = ROOT / "tests" / "report" / "sample_scores.json"
        result = CliRunner().invoke(main, ["report", str(sample), "--feedback-dir", str(tmp_path / "fb"),
                                           "--to", "html", "-o", str(tmp_path / "class.html")])
        assert result.exit_code == 0, result.output
    finally:
        os.umask(old)
    written = [tmp_path / "class.html", *sorted((tmp_path / "fb").iterdir())]
    assert len(written) == 15
    assert {stat.S_IMODE(p.stat().st_mode) for p in written} == {0o600}


def test_what_grade_writes_by_default_is_ignored_by_git():
    from grader.integrations.report_files import timings_path

    ignored = {line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()}
    for written in ("scores.json", timings_path("scores.json").name):
        assert f"/{written}" in ignored, f"{written} is written into the checkout by `grade examples/submissions`"
