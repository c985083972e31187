"""Starters, notebooks and engines.json: generated from the reference, committed, and never drifting."""

import ast
import json
import re
import shutil
import subprocess
import sys
import textwrap

import nbformat
import pytest
from click.testing import CliRunner
from conftest import EXERCISES_DIR

from grader.classroom import starters
from grader.classroom.breaks import accumulate_bug
from grader.classroom.notebooks import notebook
from grader.classroom.solution_regions import StarterError, regions, solution_source, starter_source
from grader.classroom.starters import solution_files, solved_files, starter_files
from grader.course import COURSE
from grader.cli import main
from grader.load.notebooks import is_self_check_cell, join_code_cells
from grader.variants import VARIANTS
from grader.variants.restyled import SOURCE as RESTYLED

SAMPLE = '''\
"""A module: the instructor's reference.

What it does.

The lines between `# BEGIN SOLUTION <exercise>` and `# END SOLUTION` are cut by `grade starters`.
"""

try:  # inside the package
    from .engine import Value
except ImportError:  # a flat folder
    from engine import Value


class Thing:
    def rule(self):
        def _backward():
            # BEGIN SOLUTION 01-mul-backward
            self.grad += 2 * out.grad
            # END SOLUTION

        return _backward

    def other(self):
        # BEGIN SOLUTION 03-tanh
        return 3
        # END SOLUTION


# BEGIN SOLUTION 09-write-tests
def test_thing():
    assert Thing().other() == 3
# END SOLUTION
'''


# -- the generator ---------------------------------------------------------------------------


def test_a_region_of_the_exercise_becomes_a_stub_and_later_exercises_go_with_their_def():
    # 01 comes first: 03's method and 09's module-level test are not in its starter at all
    assert starter_source(SAMPLE, "01-mul-backward") == '''\
"""A module.

What it does.
"""

from engine import Value


class Thing:
    def rule(self):
        def _backward():
            # TODO(01-mul-backward): your code here
            raise NotImplementedError("01-mul-backward: write the _backward of Thing.rule")

        return _backward
'''


def test_an_earlier_exercise_is_given_solved():
    text = starter_source(SAMPLE, "03-tanh")
    assert "        def _backward():\n            self.grad += 2 * out.grad\n" in text
    assert 'raise NotImplementedError("03-tanh: write Thing.other")' in text
    assert "def test_thing" not in text
    solved = starter_source(SAMPLE, "03-tanh", solved=True)
    assert "    def other(self):\n        return 3\n" in solved and "def test_thing" not in solved


def test_a_module_level_region_becomes_a_todo_comment_so_the_file_still_imports():
    text = starter_source(SAMPLE, "09-write-tests")
    assert "# TODO(09-write-tests): your code here\n" in text
    assert "def test_thing" not in text and "raise NotImplementedError" not in text
    assert "self.grad += 2 * out.grad" in text and "return 3" in text


def test_a_section_comment_left_empty_goes_too():
    text = textwrap.dedent('''\
        class Thing:
            # -- given ---------
            def given(self):
                return 1

            # -- later ---------

            def later(self):
                # BEGIN SOLUTION 04-more-ops
                return 2
                # END SOLUTION

            # -- also given ----
            def also(self):
                return 3
        ''')
    assert starter_source(text, "03-tanh") == textwrap.dedent('''\
        class Thing:
            # -- given ---------
            def given(self):
                return 1

            # -- also given ----
            def also(self):
                return 3
        ''')


def test_the_solution_keeps_every_region_without_markers():
    text = solution_source(SAMPLE)
    assert "SOLUTION" not in text and "instructor" not in text
    assert "self.grad += 2 * out.grad" in text and "def test_thing" in text
    ast.parse(text)


@pytest.mark.parametrize("text, message", [
    ("# BEGIN SOLUTION 03-tanh\n# BEGIN SOLUTION 03-tanh\n# END SOLUTION\n# END SOLUTION\n",
     "<text>, line 2: BEGIN SOLUTION inside the region opened at line 1; regions do not nest"),
    ("x = 1\n# END SOLUTION\n", "<text>, line 2: END SOLUTION without a BEGIN SOLUTION"),
    ("# BEGIN SOLUTION 03-tanh\nx = 1\n", "<text>, line 1: BEGIN SOLUTION 03-tanh is never closed"),
    ("# BEGIN SOLUTION 10-attention\n# END SOLUTION\n", "<text>, line 1: unknown exercise '10-attention'"),
    ("# BEGIN SOLUTION\n# END SOLUTION\n", "<text>, line 1: malformed marker '# BEGIN SOLUTION'; expected "
                                          "'# BEGIN SOLUTION <exercise-id>' or '# END SOLUTION'"),
])
def test_bad_markers_are_refused_with_their_line(text, message):
    with pytest.raises(StarterError) as info:
        regions(text)
    assert str(info.value) == message


def test_02_turns_every_accumulation_in_a_backward_rule_into_an_assignment():
    engine = solved_files("02-accumulate")["engine.py"]
    broken = starter_files("02-accumulate")["engine.py"]
    assert len(broken.splitlines()) == len(engine.splitlines()) - 1  # the comment that says why `+=` went
    assert "+=" not in broken
    # the rules of the engine at this point of the course: +, * (01's, solved) and relu
    assert sorted(re.sub(r"\s+", " ", line.strip()) for line in broken.splitlines()
                  if re.match(r"\s+(self|other)\.grad = .*out\.grad", line)) == [
        "other.grad = out.grad", "other.grad = self.data * out.grad", "self.grad = (out.data > 0) * out.grad",
        "self.grad = other.data * out.grad", "self.grad = out.grad",
    ]
    with pytest.raises(StarterError, match="no `.grad \\+=` line found in a backward rule"):
        accumulate_bug("def _backward():\n    pass\n")


def test_the_break_of_02_is_in_01_too_and_repaired_from_05_on():
    assert "+=" not in starter_files("01-mul-backward")["engine.py"]
    assert "+=" not in solved_files("01-mul-backward")["engine.py"]
    assert "self.grad += out.grad" in starter_files("05-backward")["engine.py"]


@pytest.mark.parametrize("exercise", COURSE)
def test_every_starter_compiles_has_a_stub_per_region_and_no_markers(exercise):
    reference = starters.reference_folder()
    for name, text in starter_files(exercise).items():
        ast.parse(text)
        assert "SOLUTION" not in text and "instructor" not in text and "from .engine" not in text
        own = [r for r in regions((reference / name).read_text()) if r.exercise == exercise]
        assert text.count(f"TODO({exercise})") == len(own)
    if exercise not in ("02-accumulate",):
        assert sum(len([r for r in regions((reference / n).read_text()) if r.exercise == exercise])
                   for n in starter_files(exercise)) > 0


# -- committed files -----------------------------------------------------------------------------


def test_committed_starters_notebooks_and_engines_do_not_drift():
    assert starters.drift() == []


def test_grade_starters_check_lists_a_drifting_file(tmp_path):
    copy = tmp_path / "exercises"
    shutil.copytree(EXERCISES_DIR, copy)
    runner = CliRunner()
    clean = runner.invoke(main, ["starters", "--check", "--exercises-dir", str(copy)])
    assert clean.exit_code == 0, clean.output
    assert clean.output == "Starters, notebooks, engines.json and the READMEs' translations are up to date.\n"
    tanh = copy / "03-tanh" / "engine.py"
    tanh.write_text(tanh.read_text().replace("TODO(03-tanh)", "TODO"))
    (copy / "05-backward" / "05-backward.ipynb").unlink()
    drift = runner.invoke(main, ["starters", "--check", "--exercises-dir", str(copy)])
    assert drift.exit_code == 1
    assert drift.output == (
        "These generated files differ from what `grade starters` makes:\n"
        f"  {copy / '05-backward' / '05-backward.ipynb'}\n"  # in course order: 05 comes before 03
        f"  {copy / '03-tanh' / 'engine.py'}\n"
        "Run `grade starters` and commit the result.\n"
    )
    fixed = runner.invoke(main, ["starters", "--exercises-dir", str(copy)])
    assert fixed.exit_code == 0
    assert fixed.output.splitlines()[-1] == "2 files changed."
    assert runner.invoke(main, ["starters", "--check", "--exercises-dir", str(copy)]).exit_code == 0
    # a translated README must hold the English one's code and TODO markers (docs/i18n.md)
    russian = copy / "03-tanh" / "README.ru.md"
    russian.write_text(russian.read_text(encoding="utf-8").replace("`TODO(03-tanh)`", "`TODO`"), encoding="utf-8")
    (copy / "04-more-ops" / "README.zh.md").unlink()
    untranslated = runner.invoke(main, ["starters", "--check", "--exercises-dir", str(copy)])
    assert untranslated.exit_code == 1
    assert untranslated.output == (
        "These translations do not hold the English README's code (docs/i18n.md):\n"
        f"  {russian}: its TODO markers [] are not the English ['TODO(03-tanh)']\n"
        f"  {copy / '04-more-ops' / 'README.zh.md'}: missing (every exercise's README is translated by hand; "
        "docs/i18n.md)\n")


@pytest.mark.parametrize("exercise", COURSE)
def test_the_starter_folder_holds_exactly_the_exercise_files(exercise):
    names = sorted(p.name for p in (EXERCISES_DIR / exercise).iterdir() if p.name != "__pycache__")
    assert names == sorted([".exercise", "README.md", "README.ru.md", "README.zh.md", f"{exercise}.ipynb",
                            *starter_files(exercise)])
    assert (EXERCISES_DIR / exercise / ".exercise").read_text() == exercise + "\n"


def test_engines_json_carries_the_reference_and_every_variant():
    path = starters.SUITES / "09-write-tests" / "engines.json"
    engines = json.loads(path.read_text())
    assert engines["reference"] == solution_files("01-mul-backward")["engine.py"]
    assert engines["restyled"] == RESTYLED and engines["restyled"] != engines["reference"]
    assert [v["name"] for v in engines["variants"]] == [v.name for v in VARIANTS]
    assert all("SOLUTION" not in v["source"] for v in engines["variants"])


# -- notebooks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("exercise", COURSE)
def test_the_notebook_has_the_instructions_as_markdown_and_the_starter_as_code(exercise):
    nb = nbformat.read(EXERCISES_DIR / exercise / f"{exercise}.ipynb", as_version=4)
    nbformat.validate(nb)
    assert [c.id for c in nb.cells] == [f"{exercise}-{i:02d}" for i in range(len(nb.cells))]
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    readme = (EXERCISES_DIR / exercise / "README.md").read_text()
    assert markdown.splitlines()[0] == readme.splitlines()[0]
    assert "## Check your work" in markdown and "grade check" in markdown
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    files = starter_files(exercise)
    assert code[0] == files["engine.py"].rstrip("\n")
    for name, text in list(files.items())[1:]:
        body = "\n".join(line for line in text.splitlines() if not line.startswith("from engine import"))
        assert re.sub(r"\n{3,}", "\n\n", body).strip() in re.sub(r"\n{3,}", "\n\n", "\n".join(code))
    assert "from engine import" not in "\n".join(code)


def _run_like_jupyter(tmp_path, code_cells):
    """Run code cells one after another in one namespace named __main__, in a folder with nothing else."""
    script = tmp_path / "kernel.py"
    script.write_text(textwrap.dedent('''\
        import json, sys
        namespace = {"__name__": "__main__"}
        for cell in json.load(open(sys.argv[1])):
            exec(compile(cell, "<cell>", "exec"), namespace)
    '''))
    (tmp_path / "cells.json").write_text(json.dumps(code_cells))
    return subprocess.run([sys.executable, str(script), "cells.json"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)  # a hang's bound: the cells build and train, on a loaded machine


def _code_cells_but_the_check(nb):
    """The code cells up to the last one, the self-check: a real kernel runs that (test_exercise_notebooks.py)."""
    assert is_self_check_cell(nb.cells[-1].source)
    return [c.source for c in nb.cells[:-1] if c.cell_type == "code"]


@pytest.mark.parametrize("exercise", COURSE)
def test_the_solved_notebook_runs_top_to_bottom_in_jupyter(exercise, tmp_path):
    nb = nbformat.reads(notebook(exercise, solved_files(exercise),
                                 (EXERCISES_DIR / exercise / "README.md").read_text()), as_version=4)
    result = _run_like_jupyter(tmp_path, _code_cells_but_the_check(nb))
    assert result.returncode == 0, result.stderr
    if exercise == "09-write-tests":
        assert result.stdout.splitlines()[-1] == "32 of 32 tests pass"


@pytest.mark.parametrize("exercise", COURSE)
def test_the_starter_notebook_defines_everything_and_stops_at_the_first_todo(exercise, tmp_path):
    nb = nbformat.read(EXERCISES_DIR / exercise / f"{exercise}.ipynb", as_version=4)
    cells = _code_cells_but_the_check(nb)
    result = _run_like_jupyter(tmp_path, cells)
    if exercise in ("02-accumulate", "09-write-tests"):
        assert result.returncode == 0, result.stderr  # 02 runs with its bug; 09 has no tests yet
        assert result.stdout.splitlines()[-1] == {"02-accumulate": "3.0", "09-write-tests": "no test_ functions yet"}[
            exercise]
    else:
        assert result.stderr.strip().splitlines()[-1].startswith(f"NotImplementedError: {exercise}: write ")
    # graded, the notebook is one module whose import runs none of the "Try it" code
    joined = join_code_cells(cells)
    assert "__main__" in joined
    ast.parse(joined)
