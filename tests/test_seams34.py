"""Session 34's seams (bench/seams/fresh34.py: an engine whose values keep each parent's local slope and whose
backward is Kahn's algorithm; shapes no earlier class had), graded in one batch and said by the surfaces that read
each row.

Measured with bench/seams/matrix.py --class fresh34 (SEAMS_EXERCISE engine, 07-mlp-xor, 08-dual-numbers,
09-write-tests, 11-fit-line; 26 + 2 + 1 + 4 + 2 rows through run-one, check, check-ru, check-zh, check-portable, ci,
ci-env, gradescope, gs-schema, notebook, report, lang-ru, lang-zh, fleet on a redis-server, serve, and check-stu from
the student wheel in a fresh venv): one seam found and closed. A .py file or a notebook's cell holding a NUL byte
failed engine/imports with the interpreter's words: `ValueError` in the sandbox (/usr/bin/python3, 3.11.2) and
`SyntaxError` on the portable worker (the grader's Python, 3.11.7), without a line on either; now the loader refuses
it, the same on every surface, naming its line (and a notebook's cell): grader/load/reading.refuse_nul.
"""

import json
import sys
from pathlib import Path

from click.testing import CliRunner
from costs import slow_fixture
from endings_support import restarts

from grader.cli import main
from grader.integrations.ci import annotations
from grader.load import load_folder
from grader.report.record import Said

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "seams"))
import fresh34  # noqa: E402

sys.path.pop(0)

LIMITS = ["--probe-timeout", "0.5", "--import-timeout", "1"]
ROWS = ("kahn-nul.py", "nul-cell.ipynb", "kahn-exit0.py", "kahn-name.py", "kahn-escapes.py", "kahn-tabs.py",
        "kahn-bom-crlf.py", "kahn-utf16.py", "kahn-no-rtruediv.py", "kahn-sysexit0.py", "cell-after.ipynb",
        "empty.ipynb", "nested.zip", "dir.py", "readme-only")

# id -> (status, score, the first test not passed, its exception, file, line, cell), as `grade run` writes it
AGREED = {
    "cell-after": ("graded", 0.0, "engine/imports", "NameError", "cell-after.ipynb", 1, 1),
    "dangling": ("rejected", 0.0, None, None, None, None, None),
    "dir.py": ("graded", 63.0, None, None, None, None, None),
    "empty": ("rejected", 0.0, None, None, None, None, None),
    "kahn-bom-crlf": ("graded", 63.0, None, None, None, None, None),
    "kahn-escapes": ("graded", 0.0, "engine/imports", "ValueError", "kahn-escapes.py", 100, None),
    "kahn-exit0": ("crashed", 52.0, "tanh/zero", None, None, None, None),
    "kahn-name": ("graded", 0.0, "engine/imports", "NameError", "kahn-name.py", 100, None),
    "kahn-no-rtruediv": ("graded", 62.0, "div/constant", "TypeError", None, None, None),
    "kahn-nul": ("rejected", 0.0, None, None, None, None, None),
    "kahn-sysexit0": ("graded", 60.0, "relu/positive", "SystemExit", "kahn-sysexit0.py", 36, None),
    "kahn-tabs": ("graded", 0.0, "engine/imports", "TabError", "kahn-tabs.py", 46, None),
    "kahn-utf16": ("rejected", 0.0, None, None, None, None, None),
    "nested": ("rejected", 0.0, None, None, None, None, None),
    "nul-cell": ("rejected", 0.0, None, None, None, None, None),
    "readme-only": ("rejected", 0.0, None, None, None, None, None),
}


def _first(tests):
    return next((t for t in tests if t["status"] not in ("passed", "skipped")), {})


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Some of the engine class (its rows that run least), graded once; a student's check of the NUL files."""
    from grader.classroom.student_check import check

    work = tmp_path_factory.mktemp("fresh34")
    fresh34.fresh_class(work / "all", "engine")
    (work / "class").mkdir()
    for name in ROWS + ("dangling.py",):
        (work / "all" / name).rename(work / "class" / name)
    out = work / "scores.json"
    result = CliRunner().invoke(main, ["run", str(work / "class"), "-e", "engine", "-o", str(out), "--no-cache",
                                       "-q", *LIMITS])
    assert out.exists(), result.output
    rows = {row["id"]: row for row in json.loads(out.read_text())["submissions"]}
    subs = {sub.id: sub for sub in load_folder(work / "class")}
    checks = {sid: check(work / "class" / name, "engine", lang=lang)
              for sid, name, lang in (("kahn-nul", "kahn-nul.py", "en"), ("nul-cell", "nul-cell.ipynb", "ru"))}
    return rows, subs, checks


def test_every_row_is_its_agreed_row(graded):
    rows, _, _ = graded
    got = {}
    for sid, row in rows.items():
        first = _first(row["tests"])
        got[sid] = (row["status"], row["score"], first.get("name"), first.get("exception"), first.get("file"),
                    first.get("line"), first.get("cell"))
        assert row["score"] == sum(t["score"] for t in row["tests"]), sid
    assert got == AGREED
    assert {sid: rows[sid]["message"] for sid in ("nested", "dangling", "kahn-utf16")} == {
        "nested": "no engine.py found in nested.zip/hw/; expected engine.py, or a single .py or .ipynb file "
                  "(found: a/, b/)",
        "dangling": "dangling.py is a link to something that cannot be read (No such file or directory)",
        "kahn-utf16": "kahn-utf16.py is UTF-16 text, not UTF-8 (as Windows Notepad's \"Unicode\" or PowerShell's `>` "
                      "saves it); re-save it as UTF-8 and submit again"}


def test_a_nul_byte_is_refused_at_its_line_on_every_python(graded):
    """Before: engine/imports failed with `ValueError: source code string cannot contain null bytes` in the sandbox
    (Python 3.11.2) and `SyntaxError: ...` on the portable worker (3.11.7), neither with a line."""
    rows, _, checks = graded
    assert {sid: (rows[sid]["message"], rows[sid]["message_data"]["params"]) for sid in ("kahn-nul", "nul-cell")} == {
        "kahn-nul": ("kahn-nul.py holds a NUL byte (line 11), which Python cannot read as source; re-save it as text "
                     "and submit again", {"file": "kahn-nul.py", "line": 11}),
        "nul-cell": ("nul-cell.ipynb holds a NUL byte (cell 1, line 1), which Python cannot read as source; re-save it "
                     "as text and submit again", {"file": "nul-cell.ipynb", "cell": 1, "line": 1})}
    assert checks["kahn-nul"].rejected is not None and rows["kahn-nul"]["message"] in str(checks["kahn-nul"])
    assert checks["nul-cell"].rejected is not None
    assert ("nul-cell.ipynb содержит нулевой байт (0x00; ячейка 1, строка 1), и Python не может прочитать его как "
            "исходный код") in str(checks["nul-cell"])


def test_a_crashed_row_and_an_import_that_raises_said_in_russian_and_chinese(graded):
    rows, _, _ = graded
    said = {lang: (Said(lang).message(rows["kahn-exit0"]), Said(lang).output(rows["kahn-name"]["tests"][0]))
            for lang in ("ru", "zh")}
    assert said == {
        "ru": ("рабочий процесс упал 9 раз (в последний раз: рабочий процесс завершился с кодом 0); остальные "
               "пробы не запускались",
               "kahn-name.py не удалось использовать: NameError: name 'Valeu' is not defined (kahn-name.py, строка "
               "100). Остальные тесты пропущены."),
        "zh": ("工作进程崩溃了 9 次（最后一次：工作进程以状态 0 退出）；其余的探针未运行",
               "无法使用 kahn-name.py：NameError: name 'Valeu' is not defined（kahn-name.py，第 100 行）。其余测试均已跳过。")}


def test_grade_ci_keeps_a_students_workflow_commands_inert(graded, monkeypatch):
    rows, subs, _ = graded
    monkeypatch.chdir(Path(subs["kahn-escapes"].source).parent)
    (line,) = annotations(rows["kahn-escapes"], subs["kahn-escapes"])
    assert line == ("::error file=kahn-escapes.py,line=100,title=engine/imports%3A failed (0 / 0)::kahn-escapes.py "
                    "could not be used: ValueError: bad\u2003::error file=engine.py,line=1::forged%0A#\\x23teamcity["
                    "buildStatus text='forged']\ufffd[31m red (kahn-escapes.py, line 100). Every other test was "
                    "skipped.")
    assert annotations(rows["kahn-exit0"], subs["kahn-exit0"])[:2] == [
        "::error title=Not graded%3A crashed::" + restarts("the worker exited with status 0"),
        "::error title=tanh/zero%3A error (0 / 1)::y = tanh(x) at x = 0: the worker exited with status 0"]
