"""lang24: what a student reads in Russian and Chinese where no test of ours read it in those languages.

Each hole was found with a fresh case (a class folder of 50 entries, a notebook's kernel, a Gradescope results file
beside the scores) and is closed as a class: Gradescope's results written by `grade run --format gradescope` and
`grade report --to gradescope` speak `--lang` (they were English whatever the language); the concepts a student
is told to revise are said in the course's words («правило цепочки», 链式法则: the suites' identifiers,
`chain-rule`, were shown inside a Russian sentence), and every concept a suite declares has such a name; a notebook
check() names the kernel's cells in the language («этот блокнот, ячейка 3, строка 1»: `this notebook` stood in
every Russian and Chinese line that named a place)."""

import ast
import json
from pathlib import Path

import pytest

from grader.i18n import translator
from grader.report import render
from grader.report.formats import FORMATS
from grader.report.record import concept_name, student_view

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_SCORES = ROOT / "tests" / "golden" / "scores.json"


def _scores(*ids):
    scores = json.loads(GOLDEN_SCORES.read_text(encoding="utf-8"))
    return {**scores, "submissions": [r for r in scores["submissions"] if not ids or r["id"] in ids]}


@pytest.mark.parametrize("lang, said, test_said", [
    ("ru", "Ваши градиенты совпадают с градиентами движка, в котором локальная производная tanh вычисляется по "
           "входу (`1 - x**2`), а не по выходу t: Для y = tanh(x) при x = 2 значение x.grad равно -3.0, а не "
           "0.0706508249.",
     "x.grad для y = tanh(x) при x = 2: ожидалось 0.0706508249, получено -3.0 (верных или уже учтённых в другом "
     "тесте выражений: 0 из 2)"),
    ("zh", "你的梯度与这样的引擎一致：在这个引擎中，tanh 的局部导数是用输入计算的（`1 - x**2`），而不是用输出 t：对于 "
           "x = 2 时的 y = tanh(x)，x.grad 是 -3.0，而不是 0.0706508249。",
     "x = 2 时的 y = tanh(x)：x.grad 的期望值是 0.0706508249，实际值是 -3.0（2 个表达式中有 0 个正确或已在别处扣分）"),
])
def test_gradescopes_results_beside_the_scores_speak_the_language(lang, said, test_said):
    """`grade run --format gradescope --lang ru` and `grade report --to gradescope --lang ru` wrote every output in
    English (the bundle's own results.json spoke its --lang); the test's name and statuses are data, untranslated."""
    results = json.loads(render(_scores("bug-tanh-input"), "gradescope", lang=lang))
    assert results["output"].startswith(said)
    failed = next(t for t in results["tests"] if t["name"] == "tanh/two")
    assert (failed["status"], failed["extra_data"]["status"], failed["tags"]) == ("failed", "failed", ["tanh"])
    assert failed["output"] == test_said
    english = json.loads(render(_scores("bug-tanh-input"), "gradescope"))
    assert english["output"].startswith("Your gradients match an engine in which tanh's local derivative")


def test_every_format_with_a_students_words_speaks_the_language():
    """The formats that do not take `lang=` are the data (json, csv) and the teacher's tools (junit for CI, the
    Markdown class summary): a new format a student reads must speak, as the feedback pages and Gradescope do."""
    assert {name for name, f in FORMATS.items() if not f.speaks} == {"json", "csv", "junit", "markdown"}
    for name in ("html", "gradescope"):
        assert "Your gradients match" not in render(_scores("bug-tanh-input"), name, lang="ru")


@pytest.mark.parametrize("lang, said", [
    ("en", "20 withheld tests did not pass, on gradient accumulation, the chain rule, gradient checking, random "
           "expression graphs, reflected ops, the seed gradient and the topological order."),
    ("ru", "20 скрытых тестов не пройдены, темы: накопление градиентов, правило цепочки, проверка градиентов, "
           "случайные графы вычислений, отражённые операции, начальный градиент и топологический порядок."),
    ("zh", "20 个暂不公开的测试未通过，涉及：梯度累积、链式法则、梯度检查、随机计算图、反射运算、初始梯度和拓扑排序。"),
])
def test_the_withheld_tests_concepts_are_said_in_the_courses_words(lang, said):
    """The suites' identifiers (`accumulate`, `chain-rule`, `traversal`) stood inside the Russian and Chinese
    sentence («темы: accumulate, chain-rule …»); they stay the data (a test's `concept`)."""
    (record,) = _scores("bug-mul-assign")["submissions"]
    withheld = {**record, "tests": [dict(t, visibility="hidden") if t["status"] != "passed" else t
                                    for t in record["tests"]]}
    view = student_view(withheld)
    assert view.withheld_failures(lang) == said
    assert "chain-rule" in view.withheld_failed_concepts and "accumulate" in view.withheld_failed_concepts


def _declared_concepts():
    """Every `concept=` a test declares (`@points(2, concept="chain-rule")`), read from the suites' source."""
    found = set()
    for path in [*(ROOT / "grader" / "suites").rglob("*.py"), ROOT / "grader" / "judge" / "__init__.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "concept" and isinstance(keyword.value, ast.Constant) \
                            and isinstance(keyword.value.value, str):
                        found.add(keyword.value.value)
    return found


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_concept_a_suite_declares_has_a_name_in_every_language(lang):
    concepts = _declared_concepts()
    assert {"accumulate", "chain-rule", "traversal", "seed", "regression"} <= concepts  # the reading finds them
    t = translator(lang)
    unnamed = sorted(c for c in concepts if concept_name(c) == c)  # shown as the identifier
    assert unnamed == ["exp", "log", "relu", "tanh"]  # code, the same in every language
    for concept in concepts:
        name = concept_name(concept)
        if not isinstance(name, str):
            assert t.render(name) != str(name), (concept, name)  # translated, not the English
    assert t.render(concept_name("zero-grad")) == "zero_grad()" and concept_name("my-own") == "my-own"


class _Kernel:
    """What a notebook's check() reads of an IPython shell: the cells' raw input history, and post_run_cell."""

    def __init__(self, cells):
        self.history_manager = type("History", (), {"input_hist_raw": ["", *cells]})()
        self.events = type("Events", (), {"register": lambda self, name, hook: None})()


@pytest.mark.slow  # checks in the sandbox
def test_a_notebooks_check_names_the_kernels_cells_in_the_language(monkeypatch):
    """The place of a kernel's cell was `this notebook, cell 3, line 1` inside every Russian and Chinese line
    («this notebook не удалось использовать»), and the note explaining it kept `cell N` in English."""
    from grader.classroom import notebook_check

    cells = [(ROOT / "reference" / "engine.py").read_text(encoding="utf-8"), "1 / 0"]
    monkeypatch.setattr(notebook_check, "_shell", lambda: _Kernel(cells))
    said = {lang: str(notebook_check.check("engine", lang=lang)).splitlines() for lang in ("en", "ru", "zh")}
    # session 41: the cell that raised stops the notebook there, the engine's cell above it graded (sandbox/raised.py)
    assert ("FAIL  engine/imports                этот блокнот: выполнение остановилось на ячейке, которая выбросила "
            "исключение ZeroDivisionError: division by zero (этот блокнот, ячейка 2, строка 1): оценены ячейки до неё, "
            "в том виде, в каком их оставляет «Run All» в Jupyter. Исправьте эту ячейку или удалите её.") in said["ru"]
    assert ("примечание: `этот блокнот, ячейка N` — это ячейка, которую Jupyter показывает как [N] (номер её "
            "запуска)") in said["ru"]
    assert ("FAIL  engine/imports                本笔记本停在了一个抛出 ZeroDivisionError: division by zero 的单元格"
            "（本笔记本，第 2 个单元格，第 1 行）：评分的是它之前的单元格，即 Jupyter 的“Run All”停在那里时的状态。请修正或删除"
            "这个单元格。") in said["zh"]
    assert "注意：`本笔记本，第 N 个单元格` 是 Jupyter 显示为 [N] 的单元格（它的运行编号）" in said["zh"]
    assert ("FAIL  engine/imports                this notebook stopped at a cell that raised ZeroDivisionError: "
            "division by zero (this notebook, cell 2, line 1): the cells before it were graded, as Jupyter's Run All "
            "leaves them. Fix that cell or remove it.") in said["en"]
    assert not [line for lang in ("ru", "zh") for line in said[lang] if "this notebook" in line]
    result = notebook_check.check("engine", lang="ru")
    assert result.tests[0]["where"]["file"] == "this notebook"  # the data, as a file's name is kept


@pytest.mark.parametrize("where, en, ru, zh", [
    ({"file": "bob.py", "line": 37, "function": "tanh"}, "bob.py, line 37", "bob.py, строка 37", "bob.py，第 37 行"),
    ({"file": "carol.ipynb", "cell": 7, "line": 3}, "carol.ipynb, cell 7, line 3", "carol.ipynb, ячейка 7, строка 3",
     "carol.ipynb，第 7 个单元格，第 3 行"),
    ({"file": "carol.ipynb", "cell": 7}, "carol.ipynb, cell 7", "carol.ipynb, ячейка 7", "carol.ipynb，第 7 个单元格"),
    ({"file": "bob.py"}, "bob.py", "bob.py", "bob.py"),
])
def test_a_place_is_said_whole_in_each_language(where, en, ru, zh):
    """place_text glued its translated parts with ", ": the Chinese pages said `位置：bob.py, 第 37 行。` where every
    other Chinese place reads `bob.py，第 37 行`; it is now the one message of grader.i18n.place."""
    from grader.i18n import place
    from grader.places import place_text

    assert (place_text(where), place_text(where, "ru"), place_text(where, "zh")) == (en, ru, zh)
    if "line" in where:
        said = place({k: v for k, v in where.items() if k != "function"})
        assert [translator(lang).render(said) for lang in ("en", "ru", "zh")] == [en, ru, zh]


@pytest.mark.parametrize("exception, error", [
    ("SyntaxError", "SyntaxError: invalid syntax (bob.py, line 12)"),
    ("IndentationError", "IndentationError: unindent does not match any outer indentation level (bob.py, line 12)"),
])
def test_a_syntax_errors_own_place_is_said_in_the_language(exception, error):
    """Python's text of a SyntaxError ends with its place in English, `(bob.py, line 12)`, which stood inside the
    Russian and Chinese line («… invalid syntax (bob.py, line 12). Остальные тесты пропущены.»)."""
    from grader.judge import Mismatch, assert_imported

    imported = {"import_error": {"error": error, "exception": exception, "where": {"file": "bob.py", "line": 12},
                                 "file": "bob.py"}}
    with pytest.raises(Mismatch) as raised:
        assert_imported(imported)
    message = raised.value.message
    said = error[:-len(" (bob.py, line 12)")]
    assert str(message) == f"bob.py could not be used: {error}. Every other test was skipped."
    assert translator("ru").render(message) == (f"bob.py не удалось использовать: {said} (bob.py, строка 12). "
                                                "Остальные тесты пропущены.")
    assert translator("zh").render(message) == f"无法使用 bob.py：{said}（bob.py，第 12 行）。其余测试均已跳过。"
    assert message.params["error"] == said  # Python's words, as they are; the place a message of ours


# The glossary's English words (shared/glossary.md) that a translation must say in the lesson's words, and the
# variants the lessons do not use: «лист», 叶节点 for a leaf (a starter's docstring said `{"x1": leaf, ...}` in
# Russian and Chinese, and one Chinese message 叶子; two of the diagnosis's walks 拓扑顺序, the lessons' 拓扑排序).
GLOSSARY_ENGLISH = ("leaf", "leaves", "gradient", "chain rule", "backward pass", "forward pass", "topological",
                    "accumulat", "seed gradient", "finite difference")
NOT_THE_LESSONS = {"ru": ("цепное правило", "правило цепи", "листовой"), "zh": ("叶子", "链式规则", "拓扑顺序")}


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_translation_says_the_glossarys_terms_in_the_lessons_words(lang):
    """Every domain, the starters' comments and docstrings too (which the no-English test leaves out: they hold
    code), outside code spans; and none of the variants the lessons do not use."""
    import re

    from babel.messages.pofile import read_po

    found = []
    for path in sorted((ROOT / "grader" / "locale" / lang / "LC_MESSAGES").glob("*.po")):
        with open(path, "rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
                prose = re.sub(r"`[^`]*`|\{\w+\}", " ", text).lower()  # code and {fields} are not words
                found += [(path.name, word, text[:80]) for word in GLOSSARY_ENGLISH if re.search(rf"\b{word}", prose)]
                found += [(path.name, word, text[:80]) for word in NOT_THE_LESSONS[lang] if word in prose]
    assert found == []
