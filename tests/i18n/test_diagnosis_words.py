"""The diagnosis, the suites' own messages, the class report and `grade check`'s errors in Russian and
Chinese: each made as data (a message id and its parameters) and rendered whole in the reader's language."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.i18n import Message, translator, words
from grader.report.formats import render
from grader.report.markdown import submission_markdown

from test_no_english import english_words

GOLDEN_SCORES = Path(__file__).resolve().parents[1] / "golden" / "scores.json"


@pytest.fixture(scope="module")
def scores():
    return json.loads(GOLDEN_SCORES.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def records(scores):
    return {r["id"]: r for r in scores["submissions"]}


def _prose(text):
    """A rendered text without its parameters' code: numbers, expressions and names are not words."""
    return re.sub(r"[a-z]\w*\.(grad|data)|[a-z] = -?[\d.]+|[a-z]\w*\([^)]*\)", " ", text)


def test_every_finding_keeps_its_words_as_data_and_english_text(records):
    entries = [d for r in records.values() for d in r.get("diagnosis") or []]
    assert len(entries) >= 15
    for entry in entries:
        assert set(entry["messages"]) == {"title", "explanation"}, entry["kind"]
        for key in ("title", "explanation"):
            # the English text is the record rendered in English: one source for both
            assert translator("en").render(entry["messages"][key]) == entry[key]


@pytest.mark.parametrize("lang, said", [
    ("ru", "Ваши градиенты совпадают с градиентами движка, который перезаписывает `grad` через `=`, а не прибавляет "
           "через `+=`, в обратном правиле `__mul__`"),
    ("zh", "你的梯度与这样的引擎一致：它在 `__mul__` 的反向传播中用 `=` 覆盖 `grad`，而不是用 `+=` 累加"),
])
def test_a_finding_is_rendered_whole_in_the_language(records, lang, said):
    entry = records["bug-mul-assign"]["diagnosis"][0]
    title = translator(lang).render(words(entry, "title"))
    assert title == said
    explanation = translator(lang).render(words(entry, "explanation"))
    assert "a.grad" in explanation and "3.0" in explanation and "6.0" in explanation  # numbers and code as they are
    assert english_words(title) == [] and english_words(explanation) == []


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_no_finding_of_the_fixture_batch_says_an_english_word(records, lang):
    t = translator(lang)
    found = {}
    for record in records.values():
        for entry in record.get("diagnosis") or []:
            for key in ("title", "explanation"):
                left = english_words(_prose(t.render(words(entry, key))))
                if left:
                    found[f"{record['id']} {key}"] = left
    assert found == {}


@pytest.mark.parametrize("lang, heading", [("ru", "## Что пошло не так"), ("zh", "## 哪里出了错")])
def test_the_feedback_page_says_the_finding_in_the_language(records, lang, heading):
    page = submission_markdown(records["bug-tanh-input"], lang=lang)
    section = page.split(heading, 1)[1].split("\n## ", 1)[0]
    assert "Your gradients match" not in section and "computed from the input" not in section
    assert "`1 - x**2`" in section  # code stays code


def test_a_plural_line_count_in_a_hint_takes_the_languages_form():
    from grader.i18n import nmsg

    def hint(n):
        return nmsg("Line {line} (and {n} more line): {where} assigns `{target} = ...`, which throws away whatever "
                    "gradient the node had already received. A node used more than once gets gradient along every "
                    "path, and the contributions must add up. Use `+=`.",
                    "Line {line} (and {n} more lines): {where} assigns `{target} = ...`, which throws away whatever "
                    "gradient the node had already received. A node used more than once gets gradient along every "
                    "path, and the contributions must add up. Use `+=`.", "n", n=n, line=12, where="`_backward`",
                    target="self.grad")

    ru = translator("ru")
    assert ru.render(hint(1)).startswith("Строка 12 (и ещё 1 строка)")
    assert ru.render(hint(3)).startswith("Строка 12 (и ещё 3 строки)")
    assert ru.render(hint(5)).startswith("Строка 12 (и ещё 5 строк)")


def test_a_random_graphs_name_is_a_message():
    from grader.judge import expression_of
    from grader.suites import load_suite

    probes = load_suite("engine").probes
    probe = next(getattr(probes, n) for n in load_suite("engine").probe_names if "random" in n)
    name = expression_of(probe)
    assert isinstance(name, Message) and str(name).startswith("random expression graph #")
    assert translator("ru").render(name).startswith("случайный граф вычислений №")


@pytest.mark.parametrize("lang, title, english", [
    ("ru", "engine: отчёт по группе", "class report"),
    ("zh", "engine：全班报告", "class report"),
])
def test_the_class_report_speaks_the_teachers_language(scores, lang, title, english):
    page = render(scores, "html", lang=lang)
    assert page.startswith(f'<!DOCTYPE html>\n<html lang="{lang}">')
    assert f"<h1>{title}</h1>" in page and english not in page
    assert render(scores, "html").startswith('<!DOCTYPE html>\n<html lang="en">')


@pytest.mark.parametrize("lang, said", [
    ("ru", "Ошибка: непонятно, к какому заданию относится"),
    ("zh", "错误：无法判断"),
    ("en", "Error: cannot tell which exercise"),
])
def test_grade_checks_own_error_is_said_in_the_language(tmp_path, lang, said):
    folder = tmp_path / "my-work"
    folder.mkdir()
    (folder / "engine.py").write_text("class Value:\n    pass\n")
    result = CliRunner().invoke(main, ["check", str(folder), "--lang", lang])
    assert result.exit_code == 1
    assert said in result.output
    assert "-e" in result.output and "03-tanh" in result.output  # the option and the exercises, as they are
