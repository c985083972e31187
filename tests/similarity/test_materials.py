"""Issue 27, session 43 (sim43t): the code of an instructor's materials, in every text form, read as public code.

sim42b1's TA hint is a markdown post with its code in a fenced block. Passed as `--public materials/`, it was not read
(only a folder's .py files were), and Uma|Victor, two honest students who pasted it, stayed a pair at 0.883 inside
the class's top k. The fixtures (materials/make.py) are that hint in each form an instructor has it in, passed alone
as `--public` to eight of sim42b1's notebooks (materials/class/): each form's code is the hint's, and the pair falls
from 0.9609 to 0.0978 with any of them (what is left: each one's `backward` docstring and its `self.grad = 1` beside
the rest of the starter; their copies of the hint match it at 0.9958). Two forms are not read: a block tagged as
another language (`text`) and a reStructuredText file (docs/similarity.md, session 43, sim43t)."""

from pathlib import Path

import pytest

from costs import slow_fixture
from grader.similarity import SimilarityError, public_sources, read_class, scored
from grader.similarity.materials import fenced_blocks, html_blocks, markdown_blocks, material_code, text_blocks

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "materials"
STARTER = REPO / "bench" / "similarity" / "sim42b1" / "starter" / "engine.py"
PASTERS = "iyeruma_42303|moreauvictor_42304"
HINT = (HERE / "forms" / "python" / "hint.py").read_text(encoding="utf-8").strip()
READ = ["fenced", "tilde", "indented", "code-cell", "markdown-cell", "pre", "code", "doctest", "doctest-fenced",
        "plain", "python"]


def _scores(public=()):
    reading = read_class(HERE / "class", starters=(STARTER,), public=public)
    _, against, found = scored(reading.documents, reading.sources)
    return {f"{p.a}|{p.b}": round(p.score, 4) for p in found}, against


@slow_fixture(scope="module")  # eight notebooks read and scored: a second of CPU
def without():
    return _scores()


@pytest.mark.parametrize("form", READ)
def test_each_forms_code_is_the_hints(form):
    (path,) = (HERE / "forms" / form).iterdir()
    assert material_code(path).strip() == HINT


def test_a_block_of_another_language_and_an_unread_form_give_no_code():
    assert material_code(HERE / "forms" / "not-code" / "hint.md") == ""
    assert material_code(HERE / "forms" / "not-read" / "hint.rst") is None
    assert public_sources([HERE / "forms" / "not-code"]) == {}
    assert public_sources([HERE / "forms" / "not-read"]) == {}  # a folder's .rst is left out, as its licence is


def test_the_pasters_are_a_pair_without_the_hint(without):
    pairs, _ = without
    assert pairs[PASTERS] == 0.9609
    assert sorted(pairs, key=lambda p: -pairs[p])[:3] == [
        "brooksgabe_42401|demiryusuf_42201", "ferreiraines_42403|kowalskazofia_42202", PASTERS]


@pytest.mark.slow
@pytest.mark.parametrize("form", READ)
def test_the_hint_in_each_form_explains_the_pasters_pair(form, without):
    pairs, against = _scores((HERE / "forms" / form,))
    assert pairs[PASTERS] == 0.0978
    source = f"{form}/" + next((HERE / "forms" / form).iterdir()).name  # named as a folder's .py file is
    assert set(against) == {"karpathy-micrograd/engine.py", source}
    assert {i: s for i, s in against[source].items() if s >= 0.5} == {"iyeruma_42303": 0.9958,
                                                                         "moreauvictor_42304": 0.9958}
    # the copies are as they were: Gabe (L1 of Yusuf) 1.0, Ines (L2 of Zofia) 0.9644 -> 0.9646
    assert (pairs["brooksgabe_42401|demiryusuf_42201"], pairs["ferreiraines_42403|kowalskazofia_42202"]) == (
        1.0, 0.9646)


@pytest.mark.slow
@pytest.mark.parametrize("form", ["not-code", "not-read"])
def test_a_hint_in_a_form_not_read_leaves_the_pair(form, without):
    pairs, against = _scores((HERE / "forms" / form,))
    assert pairs == without[0]
    assert list(against) == ["karpathy-micrograd/engine.py"]


def test_markdown_reads_python_and_untagged_code_blocks_only():
    text = ("Run it:\n\n```sh\npip install micrograd\n```\n\nIt prints\n\n```\n0.0707\n```\n\n"
            "```\nx = Value(2.0)\n```\n\nand\n\n    y = x * x\n    y.backward()\n\n- a list item\n    continued\n")
    assert markdown_blocks(text) == ["x = Value(2.0)", "y = x * x\ny.backward()"]


def test_fences_a_line_closes_or_that_are_left_open():
    # as the regular expression read them: a longer fence opens as the shorter one a line closes (its tag read
    # from what follows it: none after backticks, `~` after tildes); a fence inside a block is its text
    lines = ["````py", "x = 1", "```", "~~~~", "~~~ python", "y = 2", "  ~~~  ", "```a", "```", "~~~ py", "z = 3"]
    assert fenced_blocks(lines) == [(0, 2, "", "x = 1\n"), (3, 6, "~", "~~~ python\ny = 2\n"), (7, 8, "a", "")]
    assert fenced_blocks(["```a"] * 20_000) == []  # 100 KB: 58 s of CPU with the regular expression (review43b)
    assert markdown_blocks("```python\nx = 1\n" * 20_000) == []


def test_html_with_a_tag_left_open_at_its_end():
    # Python's parser reads a tag left open at the end again from each `<` after it (20,000: 30 s of CPU)
    assert html_blocks("<pre>x = f(1)</pre><pre><code>" + "<a " * 20_000) == ["x = f(1)"]
    assert html_blocks("<pre>x = f(1)</pre>") == ["x = f(1)"]


def test_html_reads_pre_and_code_with_entities_and_line_breaks(tmp_path):
    page = ("<p>Use <code>order</code>, then</p><pre><code><span>if</span> a &lt; b:\n    a = b</code></pre>"
            "<p><code>c&nbsp;=&nbsp;1<br/>d = c</code></p>")
    assert html_blocks(page) == ["order", "if a < b:\n    a = b", "c = 1\nd = c"]
    assert material_code(_written(page, "post.html", tmp_path)) == "if a < b:\n    a = b\n\nc = 1\nd = c\n"  # `order` no code


def test_plain_text_reads_its_code_paragraphs_with_prose_trimmed():
    text = ("Something like:\ndef f(x):\n    y = x + 1\n\n    return y * 2\nand that is all.\n\n"
            "Thanks!\n\nz = f(3)\n")
    assert text_blocks(text) == ["def f(x):\n    y = x + 1\n\n    return y * 2", "z = f(3)"]
    assert text_blocks("def f(x):\n    y = x + 1\n\n    return y\n") == ["def f(x):\n    y = x + 1\n\n    return y"]


def test_a_texts_trimming_stops_once_its_parsing_budget_is_spent(monkeypatch):
    from grader.similarity import materials

    text = "Something like:\nz = f(3)\n\nw = z\n"
    assert text_blocks(text) == ["z = f(3)", "w = z"]
    monkeypatch.setattr(materials, "ATTEMPT", 200_000)  # the first parse spends the budget: paragraphs read whole
    assert text_blocks(text) == ["w = z"]


def test_a_doctest_session_is_read_without_its_output():
    assert text_blocks(">>> a = Value(3.0)\n>>> (a * a).data\n9.0\n") == ["a = Value(3.0)\n(a * a).data"]


def test_a_notebooks_code_cells_are_read_without_ipython_escapes(tmp_path):
    notebook = ('{"cells": [{"cell_type": "code", "metadata": {}, "execution_count": null, "outputs": [], '
                '"source": ["!pip install micrograd\\n", "x = 1"]}, {"cell_type": "markdown", "metadata": {}, '
                '"source": "Then\\n\\n```python\\ny = x\\n```"}], "metadata": {}, "nbformat": 4, '
                '"nbformat_minor": 4}')
    assert material_code(_written(notebook, "lecture.ipynb", tmp_path)) == "pass\nx = 1\n\ny = x\n"


def test_a_material_that_cannot_be_read_says_which_and_what_to_do(tmp_path):
    with pytest.raises(SimilarityError, match=r"lecture.ipynb is not a Jupyter notebook \(JSON with its cells\); "
                                              "open it in Jupyter, save it and pass it again"):
        public_sources([_written("{not json", "lecture.ipynb", tmp_path)])
    (tmp_path / "posts").mkdir()
    (tmp_path / "posts" / "post.md").write_bytes(b"\xff\xfe")
    with pytest.raises(SimilarityError, match="post.md cannot be read as UTF-8 text"):
        public_sources([tmp_path / "posts"])


def test_a_file_passed_by_name_in_no_read_form_is_read_as_python(tmp_path):
    path = _written("x = 1\n", "solution", tmp_path)
    assert public_sources([path]) == {"solution": "x = 1\n"}


def _written(text, name, folder):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
