"""Session 42's new messages in the course's languages (i18n42): read as a student of the Russian and the Chinese
course reads them, on the HTML feedback page.

A notebook stopped above the cell that defines `backward` (diag42) is told why in one sentence made of two messages,
`{why} Fix cell {cell} …`; the Russian why ends in a clause of its own («…, которая определяет `backward`.») and the
junction that closes such a clause with a comma put one after its full stop: «…`backward`., Исправьте ячейку 3»
(grader/i18n/junctions.py). The other words checked here were reworded: «значение x.grad — объект типа Value» and
对于 … 时的 … as the sibling frames say them, and the power rule that depends on the exponent's type said whole."""
import html
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.i18n import close_clauses, msg, translator

FRESH = Path(__file__).resolve().parents[1] / "fixtures" / "diag42" / "engine"

# the explanation of the finding, exactly as a student of each course reads it
NEVER_RAN = {
    "ru": "Для y = a * a при a = 3 ваш движок выбросил исключение «AttributeError: 'Value' object has no attribute "
          "'backward'». stopped-above-backward.ipynb остановился на ячейке 3, которая выбросила исключение "
          "AttributeError: 'Value' object has no attribute 'value'. Ячейки ниже неё не выполнялись (так их оставляет "
          "«Run All» в Jupyter), и среди них ячейка 5, которая определяет `backward`. Исправьте ячейку 3 или удалите "
          "её. Все тесты, которым нужно `a.backward()`, здесь не проходят; остальные тесты баллы за это повторно не "
          "снимают.",
    "zh": "对于 a = 3 时的 y = a * a，你的引擎抛出了异常“AttributeError: 'Value' object has no attribute 'backward'”。"
          "stopped-above-backward.ipynb 停在了第 3 个单元格，它抛出了 AttributeError: 'Value' object has no attribute "
          "'value'。它下面的单元格都没有运行（Jupyter 的“Run All”也停在那里），定义 `backward` 的第 5 个单元格就是其中"
          "之一。请修正或删除第 3 个单元格。所有需要 `a.backward()` 的测试都在这里失败；其他测试不会因此再次扣分。",
}
TITLE = {
    "ru": "`a.backward()` не работает: stopped-above-backward.ipynb остановился на ячейке 3, выше ячейки, которая "
          "определяет `backward`",
    "zh": "`a.backward()` 无法运行：stopped-above-backward.ipynb 停在了第 3 个单元格，在定义 `backward` 的单元格之上",
}


@slow_fixture(scope="module")
def stopped(tmp_path_factory):
    from test_fresh_styles import LIMITS

    from grader.pipeline import grade

    from test_diag42 import PLANTED

    folder = tmp_path_factory.mktemp("i18n42") / "class"
    folder.mkdir()
    shutil.copy(FRESH / "stopped-above-backward.ipynb", folder)
    base, patches = PLANTED["bug-closures-pow-value-exponent"]
    text = (FRESH / f"{base}.py").read_text(encoding="utf-8")
    for old, new in patches:
        text = text.replace(old, new)
    (folder / "pow-value-exponent.py").write_text(text, encoding="utf-8")
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=1, cache_dir=folder.parent / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_a_notebook_stopped_above_backward_is_told_whole_on_the_feedback_page(stopped, lang):
    from grader.report.html_feedback import submission_html

    page = html.unescape(submission_html(stopped["stopped-above-backward"], lang=lang))
    assert f'<html lang="{lang}"' in page
    # a code span is marked up on the page: the text is compared with its marks taken out
    text = page.replace("<code>", "").replace("</code>", "").replace("`", "")
    for said in (TITLE[lang], NEVER_RAN[lang]):
        assert said.replace("`", "") in text, said
    assert "Jupyter's Run All" not in text and "Fix cell" not in text and "backward., " not in text


def _never_ran():
    why = msg("{file} stopped at cell {cell}, which raised {error}. The cells below it never ran, as Jupyter's Run All "
              "leaves them, and cell {below}, which defines `{method}`, is one of them.",
              file="nb.ipynb", cell=3, error="NameError: name 'x' is not defined", below=5, method="backward")
    return msg("{why} Fix cell {cell} or remove it. Every test that needs `{expression}` fails here; the other tests "
               "do not charge for it again.", why=why, cell=3, expression="a.backward()")


@pytest.mark.parametrize("lang, said", [
    ("ru", "nb.ipynb остановился на ячейке 3, которая выбросила исключение NameError: name 'x' is not defined. Ячейки "
           "ниже неё не выполнялись (так их оставляет «Run All» в Jupyter), и среди них ячейка 5, которая определяет "
           "`backward`. Исправьте ячейку 3 или удалите её. Все тесты, которым нужно `a.backward()`, здесь не "
           "проходят; остальные тесты баллы за это повторно не снимают."),
    ("zh", "nb.ipynb 停在了第 3 个单元格，它抛出了 NameError: name 'x' is not defined。它下面的单元格都没有运行（Jupyter 的"
           "“Run All”也停在那里），定义 `backward` 的第 5 个单元格就是其中之一。请修正或删除第 3 个单元格。所有需要 "
           "`a.backward()` 的测试都在这里失败；其他测试不会因此再次扣分。"),
    ("en", "nb.ipynb stopped at cell 3, which raised NameError: name 'x' is not defined. The cells below it never ran, "
           "as Jupyter's Run All leaves them, and cell 5, which defines `backward`, is one of them. Fix cell 3 or "
           "remove it. Every test that needs `a.backward()` fails here; the other tests do not charge for it again."),
])
def test_a_why_that_ends_its_own_sentence_takes_no_closing_comma(lang, said):
    assert translator(lang).render(_never_ran()) == said


@pytest.mark.parametrize("lang, phrase, closed", [
    # a clause that ends its sentence: the full stop closes it
    ("ru", "ячейка 5, которая определяет `backward`.", "{why} Исправьте"),
    ("en", "cell 5, which defines `backward`.", "{why} Fix"),
    ("zh", "单元格，定义 `backward` 的就是其中之一。", "{why} 请"),
    # a clause the sentence goes on after: closed by a comma, as before (session 26)
    ("ru", "gradcheck, где градиенты велики", "{why}, Исправьте"),
    ("en", "gradcheck on tanh, where the gradients are large", "{why}, Fix"),
    # an ellipsis is not a full stop
    ("ru", "ячейка, где `n * ...`", "{why}, Исправьте"),
])
def test_a_clause_is_closed_by_a_comma_unless_it_ends_its_sentence(lang, phrase, closed):
    first = {"ru": "Исправьте", "en": "Fix", "zh": "请"}[lang]
    assert close_clauses(lang, "{why} " + first, {"why"}, {"why": phrase}) == closed


@pytest.mark.parametrize("lang, said", [
    ("ru", "для y = x ** k при x = 1.5, k = 3.0 значение x.grad — объект типа Value, а не число"),
    ("zh", "对于 x = 1.5, k = 3.0 时的 y = x ** k，x.grad 是一个 Value，而不是数"),
])
def test_a_value_in_a_gradient_is_said_as_the_sibling_frames_say_a_value(lang, said):
    assert translator(lang).render(msg("for {expression} at {inputs}, {what} is a {type}, not a number",
                                       expression="y = x ** k", inputs="x = 1.5, k = 3.0", what="x.grad",
                                       type="Value")) == said


@pytest.mark.parametrize("lang, said", [
    ("ru", "Ваш движок остановился с ошибкой x.grad — объект типа Value, а не число"),
    ("zh", "你的引擎因错误而停止：x.grad 是 Value，不是数"),
    ("en", "Your engine stopped with x.grad is a Value, not a number"),
])
def test_the_smallest_failing_expression_says_the_graders_words_in_the_language(stopped, lang, said):
    """The gradient table's error is a probe's ObservationError, the grader's words: kept as data beside the text
    (diagnose/evidence.py) and said in the page's language (session 42: English on the Russian and Chinese pages)."""
    from grader.report.html_feedback import submission_html
    from grader.report.markdown import submission_markdown

    record = stopped["pow-value-exponent"]
    table = record["diagnosis"][0]["table"]
    assert (table["error"], table["error_message"]["id"]) == (
        "x.grad is a Value, not a number", "{what} is a {type}, not a number")
    page = html.unescape(submission_html(record, lang=lang)).replace("<code>", "").replace("</code>", "")
    assert said in page
    assert said in submission_markdown(record, lang=lang).replace("`", "")


@pytest.mark.parametrize("error, kept", [
    ("x.grad is a Value, not a number", True),
    # the student's code raised an ObservationError of its own, or the text was cut: its words are not the record's
    ("x.grad is a Value, not a number, says my engine", False),
])
def test_the_table_keeps_the_graders_words_only_where_they_are_the_errors(error, kept):
    from grader.diagnose.evidence import table

    def probe():
        """y = x ** 3"""

    record = msg("{what} is a {type}, not a number", what="x.grad", type="Value").to_json()
    made = table(probe, {"status": "error", "error": error, "error_message": record}, {"x.grad": 12.0})
    assert (made["error"], made.get("error_message")) == (error, record if kept else None)
