"""lang25: a phrase put into a Russian sentence is in the case the sentence needs, and a Chinese sentence puts a long
phrase where it reads (docs/i18n.md, "Cases").

Found with fresh samples: a buggy engine graded on 05-backward's random expression graphs said «x1.grad для случайный
граф вычислений №1 (…)», the course's XOR loop «для цикл из курса…», the 10-neuron comparison «для те же три нейрона
с relu, построенные грейдером, в сравнении с PyTorch» (nominative where для needs the genitive), and «цикл из курса …
вернула значений функции потерь» (the verb agreed with no word). A translation now asks a phrase in a case,
`для {expression:genitive}`, and the phrase's case forms are kept by hand in the language's cases.po (msgctxt the
case); a formula, which reads the same in every case, needs no entry, and a phrase that begins with a phrase of its
own (`{graph} ({expr})`) has its head in the case. The Chinese frame named the node after a long phrase
(「同样的两个 tanh 神经元，由评分器构建，与 PyTorch 比较 中的 x1.grad」): the phrase now comes first, before a colon.
08's sin-cos test named its nodes by the probe's English keys («cos(x) * x derivative для …»)."""

import shutil

import pytest

from grader.i18n import Message, msg, nmsg, translator
from grader.judge import Mismatch, assert_values

GRAPH = msg("random expression graph #{seed}", seed=1)
NEURONS = msg("{expression}, against PyTorch", expression=msg("the same three relu neurons, built by the grader"))


def _said(expression, node="x1.grad"):
    return msg("{node} for {expression}: expected {expected}, got {got}", node=node, expression=expression,
               expected="1.0", got="2.0")


@pytest.mark.parametrize("lang, expression, said", [
    ("ru", GRAPH, "x1.grad для случайного графа вычислений №1: ожидалось 1.0, получено 2.0"),
    ("ru", msg("{graph} ({expr})", graph=GRAPH, expr="a * b + c"),
     "x1.grad для случайного графа вычислений №1 (a * b + c): ожидалось 1.0, получено 2.0"),
    ("ru", NEURONS, "x1.grad для тех же трёх нейронов с relu, построенных грейдером, в сравнении с PyTorch: "
                    "ожидалось 1.0, получено 2.0"),
    ("ru", msg("the course's loop on XOR, weights from seed 1"),
     "x1.grad для цикла из курса на XOR с весами из seed 1: ожидалось 1.0, получено 2.0"),
    ("ru", msg("y = a * a at a = 3"), "x1.grad для y = a * a при a = 3: ожидалось 1.0, получено 2.0"),
    ("zh", NEURONS, "同样的三个 relu 神经元，由评分器构建，与 PyTorch 比较：x1.grad 的期望值是 1.0，实际值是 2.0"),
    ("zh", msg("y = a * a at a = 3"), "a = 3 时的 y = a * a：x1.grad 的期望值是 1.0，实际值是 2.0"),
    ("en", GRAPH, "x1.grad for random expression graph #1: expected 1.0, got 2.0"),
])
def test_a_phrase_is_in_the_case_its_sentence_needs(lang, expression, said):
    assert translator(lang).render(_said(expression)) == said


def test_every_frame_of_a_phrase_takes_its_case_and_the_plural_too():
    ru = translator("ru")
    assert ru.render(msg("for {expression}, your gradients differ", expression=GRAPH)) == \
        "для случайного графа вычислений №1 ваши градиенты отличаются"
    assert ru.render(nmsg("{node} for {expression}: expected {expected}, got {got} ({n} more value differs)",
                          "{node} for {expression}: expected {expected}, got {got} ({n} more values differ)", "n",
                          node="x1.grad", expression=GRAPH, expected="1.0", got="2.0", n=3)) == \
        "x1.grad для случайного графа вычислений №1: ожидалось 1.0, получено 2.0 (отличаются ещё 3 значения)"
    # a nested record, as a scores file keeps it, is read back the same
    assert ru.render(_said(GRAPH).to_json()) == "x1.grad для случайного графа вычислений №1: ожидалось 1.0, получено 2.0"
    # the sentence whose verb agreed with no word: the phrase stands before a colon
    assert ru.render(msg("{expression} returned {got} losses; expected one per step, {steps}",
                         expression=msg("the course's loop on XOR, weights from seed 1"), got="3", steps=300)) == \
        "цикл из курса на XOR, веса из seed 1: возвращено значений функции потерь: 3, а должно быть по одному на " \
        "шаг, 300"


def test_a_notebook_check_names_the_node_of_a_phrase_in_its_case():
    from types import SimpleNamespace

    from grader.classroom.check_report import table_rows

    detail = {"expression": GRAPH.to_json(), "node": "x1.grad", "expected": 1.0, "got": 2.0}
    test = {"name": "random/graphs", "doc": "eight random expression graphs", "status": "failed", "detail": detail}
    rows = table_rows(SimpleNamespace(lang="ru", tests=[test], diagnosis=[]))
    assert rows[0]["expression"] == "x1.grad для случайного графа вычислений №1"


def test_sin_cos_names_its_nodes_in_the_language():
    with pytest.raises(Mismatch) as caught:
        assert_values({"cos(x) * x derivative": -0.39}, {"cos(x) * x derivative": -0.08},
                      probe=None, what=msg("sin(x / 2) and cos(x / 2) * x at x = 1.8"),
                      names={"cos(x) * x derivative": msg("the derivative of cos(x / 2) * x")})
    said = caught.value.message
    assert translator("ru").render(said) == \
        "производная cos(x / 2) * x для sin(x / 2) и cos(x / 2) * x при x = 1.8: ожидалось -0.08, получено -0.39"
    assert translator("zh").render(said) == \
        "x = 1.8 时的 sin(x / 2) 和 cos(x / 2) * x：cos(x / 2) * x 的导数的期望值是 -0.08，实际值是 -0.39"
    assert caught.value.detail["node"] == "cos(x) * x derivative"  # the key stays the data


@pytest.mark.slow  # extracts the grader's and the suites' catalogs
def test_the_check_names_a_phrase_without_the_case_a_sentence_asks(tmp_path, monkeypatch):
    from babel.messages.pofile import read_po, write_po

    from grader.i18n import catalogs

    copy = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, copy)
    path = copy / "ru" / "LC_MESSAGES" / "cases.po"
    with open(path, "rb") as f:
        po = read_po(f, locale="ru")
    po.delete("the course's loop on XOR, weights from seed 1", context="genitive")
    po.delete("this notebook", context="prepositional")
    po.add("no such phrase", "нет такой фразы", context="genitive")
    po.add("y = a * a at a = 3", "y = a * a при a = 3", context="ablative")
    with open(path, "wb") as f:
        write_po(f, po, width=76)
    monkeypatch.setattr(catalogs, "po_path", lambda lang, domain: copy / lang / "LC_MESSAGES" / f"{domain}.po")
    found = catalogs.case_problems()
    assert "locale/ru/LC_MESSAGES/cases.po: \"the course's loop on XOR, weights from seed 1\" has no genitive (a " \
           "sentence asks a phrase in it)" in "\n".join(found)
    assert "locale/ru/LC_MESSAGES/cases.po: 'this notebook' has no prepositional (a sentence asks a phrase in it)" \
        in "\n".join(found)
    assert any("'no such phrase': no phrase of the code has this id" in f for f in found)
    assert any("ablative 'y = a * a at a = 3': the context is not a case" in f for f in found)
    assert any("cases.mo: not the compilation of its .po" in f for f in found)
    assert not any("zh/" in f for f in found)  # Chinese asks no case


def _result(error, exception):
    import json

    from grader.observe.protocol import parse_event

    facts = {"raised_in": "Value.exp", "entered": "Value.exp", "name": None, "owner": None, "operator": None,
             "missing": []}
    line = json.dumps({"event": "result", "probe": "exp_values", "status": "error", "error": error, "exception": exception, "where": None,
                       "facts": facts}).encode()
    return parse_event(line, "exp_values")


def test_the_sandboxs_own_exception_is_said_in_the_language_and_the_students_as_it_is():
    # a forbidden module used in 04-more-ops: `grade check --lang ru` said «ваш движок выбросил исключение
    # ForbiddenModuleError: `numpy` is not allowed in this exercise: `np.exp`», the sandbox's English sentence
    obs = _result("ForbiddenModuleError: `numpy` is not allowed in this exercise: `np.exp`", "ForbiddenModuleError")
    raised = msg("raised {error}", error=Message.from_json(obs["error_message"]))  # as the judge says it
    assert str(raised) == "raised ForbiddenModuleError: `numpy` is not allowed in this exercise: `np.exp`"
    assert translator("ru").render(raised) == \
        "выбросил исключение `ForbiddenModuleError`: в этом задании нельзя использовать `numpy`: `np.exp`"
    assert translator("zh").render(raised) == "抛出了 `ForbiddenModuleError`：本练习不能使用 `numpy`：`np.exp`"
    absent = _result("AbsentModuleError: `graphviz` is not installed where the grader runs your code: `Digraph(...)` "
                     "(graphviz.Digraph)", "AbsentModuleError")
    assert translator("ru").render(absent["error_message"]) == \
        "`AbsentModuleError`: `graphviz` не установлен там, где проверяющая система запускает ваш код: `Digraph(...)` " \
        "(graphviz.Digraph)"
    # the student's own words, even in the sandbox's shape under another name, stay theirs, untranslated
    assert "error_message" not in _result("ValueError: `numpy` is not allowed in this exercise: `np.exp`",
                                          "ValueError")
    assert "error_message" not in _result("ForbiddenModuleError: numpy, please", "ForbiddenModuleError")


def test_a_place_in_the_notebook_is_in_the_case_its_sentence_needs():
    # a notebook's check(): «Исключение возникло в этот блокнот, ячейка 1, строка 98», «в этот блокнот нет класса»
    from grader.i18n import KERNEL_CELLS, place

    ru, zh = translator("ru"), translator("zh")
    at = place({"file": KERNEL_CELLS, "cell": 1, "line": 98})
    said = msg("{evidence}. It raised at {place}. {why}", evidence="E", place=at, why="W")
    assert ru.render(said) == "E. Исключение возникло в этом блокноте, ячейка 1, строка 98. W"
    assert zh.render(said) == "E。异常出现在本笔记本，第 1 个单元格，第 98 行。W"
    in_a_file = msg("{evidence}. It raised at {place}. {why}", evidence="E", place=place({"file": "bob.py", "line": 9}),
                    why="W")
    assert ru.render(in_a_file) == "E. Исключение возникло в bob.py, строка 9. W"
    assert ru.render(msg("{file} defines no class named `Value`", file=KERNEL_CELLS)) == \
        "в этом блокноте нет класса с именем `Value`"
    assert ru.render(msg("{file} defines no class named `Value`", file="blank.py")) == "в blank.py нет класса с именем `Value`"


@pytest.mark.parametrize("lang, said", [("ru", "Ошибка: {path}: нет такого файла или папки"),
                                        ("zh", "错误：{path}：没有这个文件或文件夹"),
                                        ("en", "Error: {path}: no such file or folder")])
def test_grade_check_says_a_missing_path_in_the_language(tmp_path, lang, said):
    # click's own `Error: Invalid value for '[PATH]': Path '…' does not exist.` came first, in English
    from click.testing import CliRunner

    from grader.cli import main

    nowhere = tmp_path / "nowhere"
    done = CliRunner().invoke(main, ["check", str(nowhere), "--lang", lang])
    assert (done.exit_code, done.output.strip()) == (1, said.format(path=nowhere))


def test_09s_failures_on_the_reference_are_said_in_the_language():
    # 09-write-tests' runner wrote its own words into the failures it reported, as English text: «test_spins: did
    # not finish within 1 s of CPU time», «(pytest fixtures are not available here; …)», «took too long», and the
    # sandbox's «ForbiddenModuleError: `torch` is not allowed in this exercise»; a bare `assert` read
    # «AssertionError:.». The runner reports them as data; the grader says them.
    from grader.suites import SUITES, suite_module

    suite = suite_module(SUITES / "09-write-tests", "test_write_tests")
    failures = [{"test": "test_spins", "error": None, "seconds": 1.0, "fixture": False},
                {"test": "test_torch", "error": "ForbiddenModuleError: `torch` is not allowed in this exercise: "
                                                "`torch.tensor`", "seconds": None, "fixture": False},
                {"test": "test_a", "error": "AssertionError", "seconds": None, "fixture": False}]
    got = {"loaded": True, "error": None, "tests": 3, "ran": 3, "failed": 3, "out of time": False, "failures": failures}
    said = suite._run_problem(got)
    assert str(said) == (
        "3 of 3 tests fail on the reference engine, which is correct: test_spins: did not finish within 1 s of CPU "
        "time; test_torch: ForbiddenModuleError: `torch` is not allowed in this exercise: `torch.tensor`; test_a: "
        "AssertionError")
    assert translator("ru").render(said) == (
        "на эталонном движке, который верен, не проходят тесты: 3 из 3: test_spins: не завершился за 1 с "
        "процессорного времени; test_torch: `ForbiddenModuleError`: в этом задании нельзя использовать `torch`: "
        "`torch.tensor`; test_a: AssertionError")
    assert translator("zh").render(said) == (
        "3 个测试中有 3 个在参考引擎上失败，而参考引擎是正确的：test_spins：在 1 秒 CPU 时间内没有运行完；test_torch："
        "`ForbiddenModuleError`：本练习不能使用 `torch`：`torch.tensor`；test_a：AssertionError")
    timed_out = {"loaded": False, "error": "took too long", "tests": 0, "ran": 0, "failed": 0, "failures": [],
                 "out of time": True}
    assert translator("ru").render(suite._run_problem(timed_out)) == \
        translator("ru").render(msg("your test file could not be run with the reference engine: {error}",
                                    error=msg("took too long")))
