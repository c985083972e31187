"""Every surface gives the same verdict for the same submission (session 21's seams; tests/test_one_answer.py
holds the earlier ones): fresh submissions (bench/seams/samples.py: an engine of edge lists written for this,
each classic mistake of the course planted in it, and the shapes a class arrives in) through `grade` on the
class, `grade` on the entry alone, `grade check` (English and Russian), `grade ci`, Gradescope's
`results.json`, a notebook's check() and a rerun of the class from its cache: the same score, status,
diagnosis codes, first failing test and place. bench/seams/matrix.py runs the whole class through them all
(with -e for other exercises); the fleet's and `grade serve`'s rows are tests/test_fleet.py's and
tests/serve/test_same_row.py's.

What disagreed before, each a hole closed as a class (`grade check` giving no `why:` for an op that raises,
session 23's, tests/test_seams23.py):
- a rerun from the cache (an interrupted batch resumed) named another student's file in a row whose files
  were the same as that student's: the verdicts were kept by content alone (grader/verdicts.py);
- a raising op's place lost its notebook cell, and its line's code was quoted only for a folder's engine.py
  (diagnose/raising.py reads the code where the sandbox had it, grader.places.sandbox_line);
- an exit or a hang at import was said of `engine.py`, the sandbox's name, in every shape of submission, and in
  English inside the translated import test (grader/observe's endings name `{file}`, places.py makes it the
  student's, the judge renders it as data).
"""

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from costs import slow_fixture
from endings_support import exited, refused, tampered

from grader.cli import main

pytestmark = pytest.mark.slow  # every test here grades in the sandbox
ROOT = Path(__file__).resolve().parent.parent


def _samples():
    spec = importlib.util.spec_from_file_location("seams_samples", ROOT / "bench" / "seams" / "samples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


samples = _samples()

# a probe is cut at 0.25 s of CPU on every surface (an honest engine's every probe takes milliseconds: the whole engine
# suite, 0.22 s; its slowest probe, deep_chain, 31 ms on the reference in process, and the reference keeps 63/63 in the
# sandbox at 0.1 s, the least --probe-timeout takes, at a load of 15): loops.py, whose backward never ends, costs
# three probes a surface, 0.75 s of CPU, then the rest is not run; seven gradings of it (five surfaces, the class
# twice) cost 10.5 s at 0.5 s a probe (session 32), 3 s a surface at tests/test_seams23.py's 1 s
PROBE = 0.25
LIMITS = ["--probe-timeout", str(PROBE), "--import-timeout", "2"]

# entry -> (score, status, diagnosis codes, first test not passed, its place (file, line, cell))
EXPECTED = {
    "correct.py": (63.0, "graded", [], None, None),
    # 24.0 before holes27 (a9e39d4): pow/fractional's share a third per probe, where a half; 24.1667 before holes28:
    # its relu assigns too, which relu/positive's relu(a) * a * 3 sees
    "eq-not-plus.py": (23.8334, "graded", ["variant:assign-not-accumulate-everywhere"], "add/constant", None),
    "exit-import.py": (0.0, "crashed", [], "engine/imports", None),
    "loops.py": (0.0, "timeout", [], "add/values", None),
    "syntax.py": (0.0, "graded", [], "engine/imports", ("syntax.py", 51, None)),
    "raises-in-tanh.py": (59.0, "graded", ["raises:tanh"], "tanh/zero", ("raises-in-tanh.py", 52, None)),
    "split-raises.ipynb": (59.0, "graded", ["raises:tanh"], "tanh/zero", ("split-raises.ipynb", 2, 6)),
    "nested.zip": (60.0, "graded", ["variant:tanh-one-minus-t"], "tanh/two", None),
    "wrong-name": (14.1667, "graded", ["variant:forward-order"], "add/constant", None),
    "Ёжик.py": (61.0, "graded", ["variant:exp-input"], "exp/values", None),
    "two-candidates": (0.0, "rejected", [], None, None),
}
# `grade check` judges the fixed inputs alone; the grade of record also judges inputs drawn from the instructor's
# secret (grader/judge/drawn.py), where a forward walk's shared/diamond (a.grad 0 at a = -1.5) fails too
CHECKED = {"wrong-name": 16.1667}
# and a check of the engine says so, in the student's language
CHECK_SAYS = {"en": "Your instructor's grade also checks these tests at other inputs, drawn for each submission: "
                    "numbers worked out for the inputs shown here pass only here.",
              "ru": "Оценка преподавателя проверяет эти тесты ещё и на других входных данных, выбранных для каждой "
                    "сдачи: числа, подобранные под показанные здесь входные данные, проходят только здесь."}


def _summary(row):
    tests = row.get("tests") or []
    first = next((t for t in tests if t["status"] not in ("passed", "skipped")), None)
    where = first and (first.get("where") or first)
    place = where and where.get("file") and (where["file"], where.get("line"), where.get("cell"))
    codes = sorted({f"{d['kind']}:{d.get('variant') or d.get('op') or ''}" for d in row.get("diagnosis") or []})
    return (row["score"], row["status"], codes, first and first["name"], place or None)


@slow_fixture(scope="module")
def entries(tmp_path_factory):
    """The fresh class, written once: entry name -> its path."""
    folder = tmp_path_factory.mktemp("seams") / "class"
    samples.class_folder(folder)
    return {name: folder / name for name in EXPECTED}


def _graded_class(entries, tmp_path, cache):
    folder = tmp_path / "class"
    folder.mkdir(parents=True, exist_ok=True)
    for name, path in entries.items():
        if not (folder / name).exists():
            (shutil.copytree if path.is_dir() else shutil.copy)(path, folder / name)
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(folder), "-o", str(out), "--cache-dir", str(cache), "-q", *LIMITS])
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text())


def test_the_class_and_its_rerun_from_the_cache(entries, tmp_path):
    """A class graded, then graded again from its cache after half of it was (an interrupted batch resumed):
    every row as expected, and the rerun's scores file the first's, byte for byte."""
    cache = tmp_path / "cache"
    half = tmp_path / "half"
    _graded_class({n: p for i, (n, p) in enumerate(sorted(entries.items())) if i % 2}, half, cache)
    first = _graded_class(entries, tmp_path / "one", cache)
    again = _graded_class(entries, tmp_path / "two", cache)
    assert again == first
    rows = {row["id"]: row for row in first["submissions"]}
    assert {name: _summary(rows[Path(name).stem]) for name in EXPECTED} == EXPECTED


def _one(entry, tmp_path):
    out = tmp_path / "one.json"
    CliRunner().invoke(main, ["run", str(entry), "-o", str(out), "--no-cache", "-q", *LIMITS,
                              *(["--one-submission"] if entry.is_dir() else [])])
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def _check(entry, lang):
    from grader.classroom.student_check import check
    from grader.i18n import translator
    from grader.sandbox import Limits

    result = check(entry, "engine", limits=Limits(probe_seconds=PROBE), lang=lang)
    if result.rejected is not None:
        return {"score": 0.0, "status": "rejected", "tests": [], "diagnosis": []}
    said = [translator(result.lang).render(note) for note in result.notes]  # as the check shows them, in `lang`
    assert CHECK_SAYS[lang] in said  # the grade of record checks other inputs too
    status = EXPECTED[entry.name][1]  # a check has no status but `rejected`: its notes say why a run ended
    # a row's score is the sum of its tests' scores, each written to 4 places, written to 4 places (16.1667); check's
    # points are the sum itself (16.166666666666664): summed here as a row's is (23.8334, where round(points, 4)
    # gives 23.8333, since holes28's thirds of relu/positive)
    from grader.records import earned

    score = round(sum(round(earned(t), 4) for t in result.tests), 4)
    return {"score": score, "status": status, "tests": result.tests, "diagnosis": result.diagnosis}


def _ci(entry, tmp_path, env=None):
    """`grade ci ENTRY --json-out`'s row; `env`: the runner's variables (tests/test_seams24.py: GitHub Actions')."""
    out = tmp_path / "ci.json"
    out.unlink(missing_ok=True)
    CliRunner().invoke(main, ["ci", str(entry), "-e", "engine", "--json-out", str(out), *LIMITS],
                       env={"GITHUB_STEP_SUMMARY": None, **(env or {})})
    (row,) = json.loads(out.read_text())["submissions"]
    return row


def _gradescope(entry, tmp_path):
    """Gradescope's layout: what the student uploaded in ROOT/submission."""
    from grader.integrations import gradescope
    root = samples.gradescope_root(entry, tmp_path / "autograder", "engine", probe_seconds=PROBE)
    results, batch = gradescope.autograde(root)
    (row,) = batch.scores["submissions"]
    assert results["score"] == row["score"]
    assert json.loads((root / "results" / "results.json").read_text())["score"] == row["score"]
    return row


SURFACES = {
    "run-one": _one,
    "check": lambda entry, tmp_path: _check(entry, "en"),
    "check-ru": lambda entry, tmp_path: _check(entry, "ru"),
    "ci": _ci,
    "gradescope": _gradescope,
}


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("name", EXPECTED)
def test_every_surface_gives_the_same_verdict(entries, tmp_path, name, surface):
    score, status, codes, first, place = EXPECTED[name]
    if surface.startswith("check"):  # the fixed inputs alone: no drawn inputs to hold a forward walk's diamond
        score = CHECKED.get(name, score)
    assert _summary(SURFACES[surface](entries[name], tmp_path)) == (score, status, codes, first, place)


def test_a_notebooks_check_gives_the_verdict_of_its_file(entries, monkeypatch):
    """check() after Run All on the split notebook: the kernel's history is its code cells; the place names
    `this notebook` and the run number of the cell (its 4th code cell), the rest is the file's verdict."""
    from grader.classroom import notebook_check

    cells = [c["source"] for c in json.loads(entries["split-raises.ipynb"].read_text())["cells"]
             if c["cell_type"] == "code"]
    monkeypatch.setattr(notebook_check, "_shell", lambda: samples.Kernel(cells))
    result = notebook_check.check("engine")
    row = {"score": result.points, "status": "graded", "tests": result.tests, "diagnosis": result.diagnosis}
    score, status, codes, first, _ = EXPECTED["split-raises.ipynb"]
    assert _summary(row) == (score, status, codes, first, ("this notebook", 2, 4))


def test_a_rerun_names_each_students_own_file(tmp_path):
    """Four students hand in the same file under their own names: the second grading, from the cache, wrote
    one student's file into the others' rows (`It raised at bob.py`; their tests lost their place)."""
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("ann", "bob", "kim", "zoe"):
        (folder / f"{name}.py").write_text(samples.TYPO, encoding="utf-8")
    runs = []
    for n in range(2):
        out = tmp_path / f"scores{n}.json"
        result = CliRunner().invoke(main, ["run", str(folder), "-o", str(out), "--cache-dir", str(tmp_path / "c"),
                                           "-q", *LIMITS])
        assert result.exit_code == 0, result.output
        runs.append(json.loads(out.read_text()))
    assert runs[1] == runs[0]
    for row in runs[1]["submissions"]:
        own = f"{row['id']}.py"
        assert {t["file"] for t in row["tests"] if "file" in t} == {own}
        assert [d["file"] for d in row["diagnosis"]] == [own]
        assert f"It raised at {own}, line 52: `t = math.tanh(self.dat)`." in row["diagnosis"][0]["explanation"]


def test_a_raising_ops_place_and_code_in_every_shape(tmp_path):
    """The same raising tanh as a lone file, in a folder, in a notebook (one cell, or split over cells): each
    diagnosis names the place its tests name (a notebook's cell too) and quotes the line. Before, only a
    folder's engine.py was quoted, and a notebook's place said `line 2` of no cell."""
    folder = tmp_path / "class"
    (folder / "fold" / "hw1").mkdir(parents=True)
    (folder / "fold" / "hw1" / "engine.py").write_text(samples.TYPO, encoding="utf-8")
    (folder / "lone.py").write_text(samples.TYPO, encoding="utf-8")
    (folder / "nb.ipynb").write_bytes(samples.split_notebook(samples.TYPO))
    (folder / "one.ipynb").write_bytes(samples.notebook([samples.TYPO]))
    out = tmp_path / "scores.json"
    CliRunner().invoke(main, ["run", str(folder), "-o", str(out), "--no-cache", "-q"])
    said = {}
    for row in json.loads(out.read_text())["submissions"]:
        (why,) = row["diagnosis"]
        places = {(t["file"], t.get("cell"), t["line"]) for t in row["tests"] if "file" in t}
        assert places == {(why["file"], why.get("cell"), why["line"])}
        said[row["id"]] = why["explanation"].split("It raised at ")[1].split(". Whatever")[0]
    code = ": `t = math.tanh(self.dat)`"
    assert said == {"fold": "hw1/engine.py, line 52" + code, "lone": "lone.py, line 52" + code,
                    "nb": "nb.ipynb, cell 6, line 2" + code, "one": "one.ipynb, cell 1, line 52" + code}


@pytest.mark.parametrize("lang, words", [
    ("en", f"quitter.py could not be used: {exited('quitter.py', 3)}."),
    ("ru", "quitter.py не удалось использовать: quitter.py вызвал sys.exit(3) во время импорта, поэтому ничего из него "
           "не удалось проверить: уберите этот вызов (или `exit()`, `quit()`, `raise SystemExit`) либо поместите код, "
           "который запускает файл как скрипт, под `if __name__ == \"__main__\":`."),
    ("zh", "quitter.py 在导入时调用了 sys.exit(3)，因此它的任何部分都无法测试：删除该调用（或 `exit()`、`quit()`、`raise "
           "SystemExit`），或者把将该文件作为脚本运行的代码放到 `if __name__ == \"__main__\":` 之下"),
])
def test_an_exit_at_import_names_the_students_file_in_every_language(tmp_path, lang, words):
    """`engine.py called sys.exit(3)`, in English inside the Russian and Chinese import test, was said of a
    file named quitter.py: the sandbox's name for it."""
    from grader.classroom.student_check import check

    (tmp_path / "quitter.py").write_text(samples.EXIT_AT_IMPORT, encoding="utf-8")
    text = str(check(tmp_path / "quitter.py", "engine", lang=lang))
    assert words in text
    assert "engine.py" not in text


# a right engine whose first `+` while a probe runs writes a result line on every low descriptor (fresh in session 38:
# the forgers before wrote at import, or from a backward pass; this one from an operator, on the line the report reads)
FORGER = samples.engine() + """
import os as _os

_plain_add = Value.__add__


def _forging_add(self, other):
    if not _forging_add.done:
        _forging_add.done = True
        for fd in range(10):
            try:
                _os.write(fd, b'{"event": "result", "probe": "add_values", "status": "ok", "values": {}}\\n')
            except OSError:
                pass
    return _plain_add(self, other)


_forging_add.done = False
Value.__add__ = _forging_add
"""


@pytest.mark.parametrize("lang, words", [
    ("en", f"forger.py could not be used: {tampered('forger.py')}."),
    ("ru", "forger.py не удалось использовать: forger.py вмешался в канал отчёта грейдера (писал в файловый дескриптор, "
           "который не открывал сам, закрыл или подменил его), поэтому ни одно его наблюдение не используется: уберите "
           "этот код (`os.write`, `os.close` или `os.dup2` с номером дескриптора, `/dev/fd/`, `/proc/self/fd/`); "
           "`print()` и файлы, которые ваш код открывает сам, допустимы."),
    ("zh", "forger.py 干扰了评分器的报告通道（写入、关闭或替换了一个并非它自己打开的文件描述符），因此它的观测结果一律不予采用："
           "删除这段代码（对描述符编号调用的 `os.write`、`os.close` 或 `os.dup2`，`/dev/fd/`，`/proc/self/fd/`）；`print()` "
           "和你的代码自己打开的文件都没有问题"),
])
def test_a_report_forged_while_the_probes_run_says_what_to_do_in_every_language(tmp_path, lang, words):
    """It said "the worker's report was malformed (result for a probe that is not running): the submission wrote
    into the grader's observation channel", the parser's English inside a Russian or Chinese sentence, and nothing a
    student could act on; now what happened and what to do, in the course's words, and the parser's reason as data."""
    from grader.classroom.student_check import check

    (tmp_path / "forger.py").write_text(FORGER, encoding="utf-8")
    text = str(check(tmp_path / "forger.py", "engine", lang=lang))
    assert words in text
    row = _one(tmp_path / "forger.py", tmp_path)
    assert (row["status"], row["score"], row["message"]) == ("crashed", 0.0, tampered("forger.py"))
    assert refused(row) == "result for a probe that is not running"  # the suite's probes run in its fixed order


def test_an_exit_in_a_notebook_is_said_of_the_notebook(tmp_path):
    (tmp_path / "nb.ipynb").write_bytes(samples.notebook(["x = 1", "import sys\nsys.exit(3)"]))
    row = _one(tmp_path / "nb.ipynb", tmp_path)
    assert (row["status"], row["score"]) == ("crashed", 0.0)
    assert row["message"] == exited("nb.ipynb", 3)
    assert row["message_data"]["params"] == {"file": "nb.ipynb", "detail": "3"}
    assert row["tests"][0]["output"] == f"nb.ipynb could not be used: {exited('nb.ipynb', 3)}. Every other test was skipped."


def test_a_duplicate_ids_reason_is_said_in_the_students_language(tmp_path):
    """`bob/` and `bob.py` in one class: the second is rejected with a reason that was English text alone, in
    the Russian feedback page too; now it is a message (its English as before)."""
    from grader.i18n import Message, translator

    folder = tmp_path / "class"
    (folder / "bob").mkdir(parents=True)
    (folder / "bob" / "engine.py").write_text(samples.engine(), encoding="utf-8")
    (folder / "bob.py").write_text(samples.engine(), encoding="utf-8")
    out = tmp_path / "scores.json"
    CliRunner().invoke(main, ["run", str(folder), "-o", str(out), "--no-cache", "-q"])
    row = {r["id"]: r for r in json.loads(out.read_text())["submissions"]}["bob (bob.py)"]
    assert (row["status"], row["score"]) == ("rejected", 0.0)
    assert row["message"] == ("two entries have the id 'bob': bob/ and bob.py; only bob/ is graded as 'bob': "
                              "rename or remove one and grade again")
    assert translator("ru").render(Message.from_json(row["message_data"])) == (
        "у двух записей одно и то же имя 'bob': bob/ и bob.py; под именем 'bob' оценивается только bob/: "
        "переименуйте или удалите одну из них и запустите оценку снова")


# -- session 22: the shapes the first class lacks (bench/seams/fresh22.py) ------------------------------------------

def _fresh22():
    import sys
    sys.path.insert(0, str(ROOT / "bench" / "seams"))
    try:
        spec = importlib.util.spec_from_file_location("seams_fresh22", ROOT / "bench" / "seams" / "fresh22.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "bench" / "seams"))
    return module


fresh22 = _fresh22()
RAISES = ["raises:tanh"]
ONE_MINUS_T = ["variant:tanh-one-minus-t"]

# entry -> (score, status, diagnosis codes, first test not passed, its place): every row of the class, the same
# from `grade` on the class, on the entry alone, `grade check` (en, ru), `grade ci` and Gradescope
EXPECTED22 = {
    "bom.py": (59.0, "graded", RAISES, "tanh/zero", ("bom.py", 52, None)),
    "crlf.py": (59.0, "graded", RAISES, "tanh/zero", ("crlf.py", 52, None)),
    "bom-crlf.py": (60.0, "graded", ONE_MINUS_T, "tanh/two", None),
    "cr-only.py": (63.0, "graded", [], None, None),
    "latin1.py": (0.0, "rejected", [], None, None),
    "latin1-declared.py": (63.0, "graded", [], None, None),  # read in its declared encoding (strangers23)
    "syntax-last-line.py": (0.0, "graded", [], "engine/imports", ("syntax-last-line.py", 85, None)),
    "syntax-no-newline.py": (0.0, "graded", [], "engine/imports", ("syntax-no-newline.py", 85, None)),
    "tabs.py": (0.0, "graded", [], "engine/imports", ("tabs.py", 52, None)),
    "nul.py": (0.0, "rejected", [], None, None),  # refused at load at its line (session 34)
    "late-answer.ipynb": (63.0, "graded", [], None, None),
    "import-after.ipynb": (63.0, "graded", [], None, None),
    "check-left-in.ipynb": (60.0, "graded", ONE_MINUS_T, "tanh/two", None),
    "crlf-cells.ipynb": (59.0, "graded", RAISES, "tanh/zero", ("crlf-cells.ipynb", 52, 1)),
    "syntax-last-cell.ipynb": (0.0, "graded", [], "engine/imports", ("syntax-last-cell.ipynb", 2, 2)),
    # session 41: the last cell's AttributeError stops the notebook there, the engine above it graded (before: 0.0)
    "raises-last-cell.ipynb": (63.0, "graded", [], "engine/imports", ("raises-last-cell.ipynb", 3, 2)),
    "no-cells.ipynb": (0.0, "rejected", [], None, None),
    "markdown-only.ipynb": (0.0, "rejected", [], None, None),
    "macosx.zip": (59.0, "graded", RAISES, "tanh/zero", ("hw1/engine.py", 52, None)),
    "deep.zip": (0.0, "rejected", [], None, None),
    "backslash.zip": (59.0, "graded", RAISES, "tanh/zero", ("hw1/engine.py", 52, None)),
    "two-engines": (59.0, "graded", RAISES, "tanh/zero", ("engine.py", 52, None)),
    "py-and-ipynb": (60.0, "graded", ONE_MINUS_T, "tanh/two", None),
    "helper": (63.0, "graded", [], None, None),  # its helpers.py is carried (strangers22)
    "loop-import.py": (0.0, "timeout", [], "engine/imports", None),
    "sleep-import.py": (0.0, "timeout", [], "engine/imports", None),
    "stderr-only.py": (63.0, "graded", [], None, None),
    "stdout-flood.py": (63.0, "graded", [], None, None),
    "exit0-import.py": (0.0, "crashed", [], "engine/imports", None),
    "stderr-crash.py": (0.0, "crashed", [], "engine/imports", None),
    "main-guard.py": (63.0, "graded", [], None, None),
    "Anna María López.py": (59.0, "graded", RAISES, "tanh/zero", ("Anna María López.py", 52, None)),
    "王 小明 (2).ipynb": (59.0, "graded", RAISES, "tanh/zero", ("王 小明 (2).ipynb", 52, 1)),
    "twin-a.py": (59.0, "graded", RAISES, "tanh/zero", ("twin-a.py", 52, None)),
    "twin-b.py": (59.0, "graded", RAISES, "tanh/zero", ("twin-b.py", 52, None)),
    "empty.py": (0.0, "graded", [], "engine/imports", None),
    "blank.py": (0.0, "graded", [], "engine/imports", None),
    "empty-nb.ipynb": (0.0, "rejected", [], None, None),
    "too-large.py": (0.0, "rejected", [], None, None),
    "big-code.ipynb": (0.0, "rejected", [], None, None),
}
# what each surface is asked about (the rest are the class's rows only: a hang at import costs seconds a surface,
# 10 of them in `check`, whose limits are its own)
ON_EVERY_SURFACE = ["bom.py", "crlf.py", "bom-crlf.py", "latin1.py", "syntax-last-line.py", "tabs.py",
                    "late-answer.ipynb", "crlf-cells.ipynb", "syntax-last-cell.ipynb", "no-cells.ipynb",
                    "macosx.zip", "backslash.zip", "deep.zip", "two-engines", "stderr-only.py", "exit0-import.py",
                    "stderr-crash.py", "Anna María López.py", "王 小明 (2).ipynb", "blank.py", "empty-nb.ipynb",
                    "too-large.py"]


@slow_fixture(scope="module")
def entries22(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seams22") / "class"
    made = fresh22.fresh_class(folder)
    assert {name.split("/")[0] for name in made} == set(EXPECTED22)
    return {name: folder / name for name in EXPECTED22}


def test_the_fresh22_class_and_its_rerun_from_the_cache(entries22, tmp_path):
    cache = tmp_path / "cache"
    first = _graded_class(entries22, tmp_path / "one", cache)
    again = _graded_class(entries22, tmp_path / "two", cache)
    assert again == first
    rows = {row["source"].rstrip("/"): row for row in first["submissions"]}
    assert {name: _summary(rows[name]) for name in EXPECTED22} == EXPECTED22
    # a refused or crashed entry is one row with one score, in every rendering of the scores file
    from grader.report import render
    import csv
    said = {row["id"]: (float(row["score"]), row["status"]) for row in csv.DictReader(render(first, "csv").splitlines())}
    gradescope = {sid: (float(r["score"]), r["extra_data"]["status"])
                  for sid, r in json.loads(render(first, "gradescope")).items()}
    assert said == gradescope == {row["id"]: (row["score"], row["status"]) for row in first["submissions"]}


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("name", ON_EVERY_SURFACE)
def test_every_surface_gives_the_fresh22_verdict(entries22, tmp_path, name, surface):
    score, status, codes, first, place = EXPECTED22[name]
    got = SURFACES[surface](entries22[name], tmp_path) if not surface.startswith("check") else _check22(
        entries22[name], "ru" if surface == "check-ru" else "en", status)
    assert _summary(got) == (score, status, codes, first, place)


def _check22(entry, lang, status):
    from grader.classroom.student_check import check
    from grader.i18n import translator
    from grader.sandbox import Limits

    result = check(entry, "engine", limits=Limits(probe_seconds=PROBE), lang=lang)
    if result.rejected is not None:
        return {"score": 0.0, "status": "rejected", "tests": [], "diagnosis": []}
    said = [translator(result.lang).render(note) for note in result.notes]  # as the check shows them, in `lang`
    assert CHECK_SAYS[lang] in said  # the grade of record checks other inputs too
    return {"score": result.points, "status": status, "tests": result.tests, "diagnosis": result.diagnosis}


@pytest.mark.parametrize("name, words", [
    ("latin1.py", {"ru": "latin1.py — не текст в UTF-8 (байт 0xe9 на позиции 12); сохраните его в UTF-8 и сдайте заново",
                   "zh": "latin1.py 不是 UTF-8 文本（偏移 12 处的字节 0xe9）；请以 UTF-8 重新保存后再提交"}),
    ("empty-nb.ipynb", {"ru": "empty-nb.ipynb не читается как блокнот: ошибка JSON в строке 1, столбце 1 (Expecting "
                              "value); откройте его в Jupyter, сохраните и сдайте заново",
                        "zh": "empty-nb.ipynb 不是可读取的笔记本：第 1 行第 1 列的 JSON 有误（Expecting value）；请在 "
                              "Jupyter 中打开并保存后重新提交"}),
    ("no-cells.ipynb", {"ru": "в ячейках кода no-cells.ipynb нет кода; ожидался код движка",
                        "zh": "no-cells.ipynb 的代码单元格中没有代码；应当在其中写引擎的代码"}),
])
def test_a_rejections_reason_is_said_in_the_students_language(entries22, name, words):
    """A rejected entry's reason was English text inside the Russian and Chinese check (and feedback page,
    Gradescope, serve): the readers' refusals were strings. Now every refusal is a message (reading.Rejected
    takes nothing else), its English as before."""
    from grader.classroom.student_check import check

    for lang, said in words.items():
        assert said in str(check(entries22[name], "engine", lang=lang))


def test_every_refusal_of_the_readers_is_a_message():
    from grader.load.reading import Rejected

    with pytest.raises(TypeError, match="a rejection's reason is a Message"):
        Rejected("not UTF-8")


@pytest.mark.parametrize("name, code", [("blank.py", "\n\n   \n"), ("nothing.ipynb", None)])
def test_a_module_without_value_is_said_of_the_students_file(tmp_path, name, code):
    """`engine.py defines no class named Value`, in English inside the translated import test, was said of a
    file named blank.py: the worker's words named the sandbox's file."""
    from grader.classroom.student_check import check

    path = tmp_path / name
    path.write_bytes(samples.notebook(["x = 1"]) if code is None else code.encode())
    row = _one(path, tmp_path)
    assert (row["status"], row["score"], row["message"]) == ("graded", 0.0, f"{name} defines no class named `Value`")
    assert row["message_data"]["params"] == {"file": name}
    assert row["tests"][0]["output"] == (f"{name} could not be used: {name} defines no class named `Value`. Every "
                                         "other test was skipped.")
    ru = str(check(path, "engine", lang="ru"))
    assert f"{name} не удалось использовать: в {name} нет класса с именем `Value`." in ru
    assert "engine.py" not in ru
    assert f"{name} 没有定义名为 `Value` 的类" in str(check(path, "engine", lang="zh"))


def test_a_notebooks_check_says_what_it_left_out_that_the_file_still_holds(entries22, monkeypatch):
    """A scratch cell at the end that does not compile: the notebook's check() reads the kernel, which ran the
    engine's cell (63/63), and the grader reads the file, which does not import (0/63, the cell named). The two
    cannot agree on a score (the kernel's history is not the file: a cell fixed in place and run again is in
    both forms there); the check now says which cell it left out and what it costs in the file."""
    from grader.classroom import notebook_check

    cells = [c["source"] for c in json.loads(entries22["syntax-last-cell.ipynb"].read_text())["cells"]]
    monkeypatch.setattr(notebook_check, "_shell", lambda: samples.Kernel(cells))
    result = notebook_check.check("engine", lang="en")
    assert (result.points, len(result.notes)) == (63.0, 2)
    assert str(result.notes[0]) == CHECK_SAYS["en"]  # the grade of record checks other inputs too
    assert str(result.notes[1]) == (
        "cell [2] did not compile or raised, and is left out of this check; the grader runs the notebook you hand "
        "in top to bottom, where a cell that does not compile stops the whole notebook from importing (0 points) and "
        "one that raises stops it there, the cells below it not run: fix or delete it there")
    assert "ячейка [2] не скомпилировалась" in str(notebook_check.check("engine", lang="ru"))
    assert EXPECTED22["syntax-last-cell.ipynb"][:2] == (0.0, "graded")
