"""Handouts in Russian and Chinese: the hand-written READMEs hold the English code, the starters' code is
byte for byte the English, and a handout passes `grade starters --check --lang`."""

import json

import pytest
from click.testing import CliRunner

from grader.classroom import starters
from grader.classroom.starters import readme_problems, translated_files
from grader.cli import main
from grader.course import COURSE
from grader.i18n.starters import same_code, todos


@pytest.fixture(scope="module", params=["ru", "zh"])
def handout(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"handout-{request.param}") / "course"
    result = CliRunner().invoke(main, ["handout", str(out), "--lang", request.param])
    assert result.exit_code == 0, result.output
    return request.param, out


def test_every_exercise_of_a_translated_handout_passes_grade_starters_check(handout):
    lang, out = handout
    result = CliRunner().invoke(main, ["starters", "--check", "--lang", lang, "--exercises-dir", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == sorted(COURSE)


def test_a_translated_handout_is_graded_as_the_english_one(handout):
    lang, out = handout
    for exercise in COURSE:
        english = starters.starter_files(exercise)
        for name, text in english.items():
            translated = (out / exercise / name).read_text(encoding="utf-8")
            assert same_code(text, translated) is None, (exercise, name)
            assert todos(translated) == todos(text)
        # the notebook's code cells are the English notebook's, cell by cell, but for comments and docstrings
        def code_cells(path):
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]

        ours, theirs = (code_cells(folder / exercise / f"{exercise}.ipynb")
                        for folder in (out, starters.REPO / "exercises"))
        assert len(ours) == len(theirs)
        for english_cell, cell in zip(theirs[:-1], ours[:-1]):
            assert same_code(english_cell, cell) is None, exercise
        last = json.loads((out / exercise / f"{exercise}.ipynb").read_text(encoding="utf-8"))["cells"][-1]
        assert "".join(last["source"]) == f'from grader import check\ncheck("{exercise}", lang="{lang}")'


def test_the_handout_speaks_the_language(handout):
    lang, out = handout
    readme = (out / "03-tanh" / "README.md").read_text(encoding="utf-8")
    engine = (out / "03-tanh" / "engine.py").read_text(encoding="utf-8")
    notebook = (out / "03-tanh" / "03-tanh.ipynb").read_text(encoding="utf-8")
    words = {"ru": ("правило обратного прохода", "локальную производную", "Выполняется здесь, в Jupyter"),
             "zh": ("反向传播规则", "局部导数", "在 Jupyter 中会运行")}[lang]
    assert words[0] in readme
    assert words[1] in engine
    assert words[2] in notebook
    assert "# TODO(03-tanh): " in engine


def test_a_translation_that_changes_the_code_is_caught():
    english = (starters.REPO / "exercises" / "03-tanh" / "README.md").read_text(encoding="utf-8")
    russian = (starters.REPO / "exercises" / "03-tanh" / "README.ru.md").read_text(encoding="utf-8")
    assert readme_problems(english, russian) == []
    # a comment in a python block may be translated; the code may not
    assert readme_problems(english, russian.replace("print(x.grad)", "print(x.grad * 2)")) == [
        "code block 1: line 7 is `print(x.grad * 2)`, the English `print(x.grad)`"]
    assert readme_problems(english, russian.replace("0.07065082485316443", "0.0707")) == [
        "code block 2 differs from the English README's"]
    assert readme_problems(english, russian.replace("TODO(03-tanh)", "TODO")) == [
        "its TODO markers [] are not the English ['TODO(03-tanh)']"]
    assert readme_problems(english, russian.replace("## Зачем это нужно", "### Зачем это нужно")) == [
        "it has 4 `## ` sections, the English 5"]


def test_the_starters_translation_keeps_every_byte_of_code():
    for exercise in COURSE:
        for lang in ("ru", "zh"):
            for name, text in translated_files(exercise, lang).items():
                assert same_code(starters.starter_files(exercise)[name], text) is None
                compile(text, name, "exec")
