"""Session 27's language fixes: a list of names is joined as the reader's language enumerates it. Session 32's
(lang32): the catalogs complete as data, and the words a Russian and a Chinese reader still met in English (a gradient
table's `(value)`, the graph picture's labels, `grade check -e` given an exercise that does not exist)."""

import pytest

from grader.i18n import translator
from grader.load.reading import some_names


def test_a_short_list_of_names_is_joined_with_the_languages_own_separator():
    names = some_names(["a.py", "b.py", "c.py"])
    assert str(names) == f"{names}" == "a.py, b.py, c.py"  # an English sentence takes it as text
    assert translator("ru").render(names) == "a.py, b.py, c.py"
    assert translator("zh").render(names) == "a.py、b.py、c.py"  # 顿号, not ", " (session 26: ", ")


def test_a_long_list_names_the_first_eight_and_counts_the_rest_in_the_language():
    names = some_names([f"s{i}" for i in range(11)])
    assert str(names) == "s0, s1, s2, s3, s4, s5, s6, s7, and 3 more"
    assert translator("ru").render(names) == "s0, s1, s2, s3, s4, s5, s6, s7 и ещё 3"
    assert translator("zh").render(names) == "s0、s1、s2、s3、s4、s5、s6、s7，以及另外 3 个"


def test_a_chinese_phrase_ending_in_a_clause_is_quoted_whole_before_its_de():
    from grader.i18n import close_clauses, han_junctions

    shown = {"graph": "同样的两个 tanh 神经元，由评分器构建", "node": "x1.grad"}
    text = close_clauses("zh", "{graph} 中的 {node} 的期望值", {"graph"}, shown)
    assert han_junctions(text, shown).format(**shown) == "「同样的两个 tanh 神经元，由评分器构建」中的 x1.grad 的期望值"
    plain = {"graph": "随机计算图 #1", "node": "x1.grad"}  # no clause: nothing to mark
    text = close_clauses("zh", "{graph} 中的 {node} 的期望值", {"graph"}, plain)
    assert han_junctions(text, plain).format(**plain) == "随机计算图 #1 中的 x1.grad 的期望值"


def test_a_utf16_file_is_named_as_utf16_in_every_language(tmp_path):
    """PowerShell's `>` saves UTF-16 with a byte-order mark: the refusal said "byte 0xff at offset 0" (strangers27)."""
    from grader.load import load_entry

    (tmp_path / "engine.py").write_bytes("class Value:\n    pass\n".encode("utf-16"))  # with its BOM
    sub = load_entry(tmp_path / "engine.py")
    assert sub.problem_message["params"] == {"file": "engine.py", "encoding": "UTF-16"}
    assert [translator(lang).render(sub.problem_message) for lang in ("en", "ru", "zh")] == [
        "engine.py is UTF-16 text, not UTF-8 (as Windows Notepad's \"Unicode\" or PowerShell's `>` saves it); "
        "re-save it as UTF-8 and submit again",
        "engine.py — текст в UTF-16, а не в UTF-8 (так сохраняют «Юникод» Блокнота Windows и `>` в PowerShell); сохраните его в "
        "UTF-8 и сдайте заново",
        "engine.py 是 UTF-16 文本，不是 UTF-8（Windows 记事本的“Unicode”或 PowerShell 的 `>` 就这样保存）；请以 UTF-8 重新保存后再提交"]
    (tmp_path / "engine.py").write_bytes(b"x = 1\n\xff\n")  # no mark: the byte and its offset, as before
    assert load_entry(tmp_path / "engine.py").problem_message["params"] == {
        "file": "engine.py", "byte": "0xff", "offset": 6}


def test_every_msgid_of_every_domain_has_a_russian_and_a_chinese_msgstr_with_its_fields():
    """The catalogs as data, cheap (no extraction, no grading: tests/i18n's check extracts the code): every id of
    each domain's .pot has, in ru and zh, an entry not fuzzy, every plural form written, and the same `{fields}` as
    its id (a plural form may say the count in words, without {n}). Named by domain, language and id."""
    from babel.messages.pofile import read_po

    from grader.i18n import DOMAINS, LANGUAGES, LOCALE_DIR, fields

    wrong = []
    for domain in DOMAINS:
        with open(LOCALE_DIR / f"{domain}.pot", "rb") as f:
            ids = [m for m in read_po(f) if m.id]
        assert ids, domain
        for lang in LANGUAGES[1:]:
            with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
                po = read_po(f, locale=lang, domain=domain)
            for message in ids:
                name = (domain, lang, message.id if isinstance(message.id, str) else message.id[0])
                entry = po.get(message.id, context=message.context)
                strings = () if entry is None else entry.string if isinstance(entry.string, tuple) else (entry.string,)
                plural = isinstance(message.id, tuple)
                wanted = set().union(*map(fields, message.id if plural else (message.id,)))
                if entry is None or not all(strings) or not strings:
                    wrong.append((*name, "missing"))
                elif entry.fuzzy:
                    wrong.append((*name, "fuzzy"))
                elif len(strings) != (po.num_plurals if plural else 1):
                    wrong.append((*name, f"{len(strings)} plural forms"))
                elif any(fields(s) != wanted and not (plural and fields(s) == wanted - {"n"}) for s in strings):
                    wrong.append((*name, f"fields {sorted(set().union(*map(fields, strings)))}"))
    assert wrong == []


def test_a_gradient_tables_row_about_a_value_is_named_in_the_language():
    from grader.report.record import row_label

    rows = [{"node": "y", "quantity": "value"}, {"node": "a", "quantity": "data"},
            {"node": "x", "quantity": "numeric"}, {"node": "b", "quantity": "grad"}]
    assert [row_label(r) for r in rows] == ["y (value)", "a (data)", "x (numerical slope)", "b"]
    assert [row_label(r, "ru") for r in rows] == ["y (значение)", "a (поле data)", "x (численный наклон)", "b"]
    assert [row_label(r, "zh") for r in rows] == ["y（值）", "a（data 属性）", "x（数值斜率）", "b"]


def test_the_graph_pictures_words_are_the_languages_with_their_spaces():
    """graphviz's record labels dropped a space after a Cyrillic or Chinese character: `ожидаемыйградиент`."""
    import re

    pytest.importorskip("graphviz")
    from grader.report.graph import graph_svg

    graph = {"nodes": [{"id": 0, "op": "*", "data": 9.0, "expected": 1.0},
                       {"id": 1, "op": "", "data": 3.0, "expected": 6.0, "name": "a", "observed": 3.0,
                        "differs": True, "first": True}], "edges": [[1, 0]], "output": 0}
    svg = graph_svg(graph, "ru")
    if svg is None:
        pytest.skip("graphviz's `dot` is not installed (.ci/run installs it)")
    texts = [t.replace("\xa0", " ") for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    assert {"ожидаемый градиент 6", "ваш градиент 3", "первое расхождение", "data 3", "a"} <= set(texts), texts
    assert not [t for t in texts if re.search(r"expected|your|first", t)]
    zh = [t.replace("\xa0", " ") for t in re.findall(r"<text[^>]*>([^<]*)</text>", graph_svg(graph, "zh"))]
    assert {"期望梯度 6", "你的梯度 3", "第一处不同"} <= set(zh), zh


@pytest.mark.parametrize("lang, said", [
    ("en", "there is no exercise named 03-tnah; the exercises are 01-mul-backward, 02-accumulate, 05-backward, "),
    ("ru", "задания с именем 03-tnah нет; есть такие задания: 01-mul-backward, 02-accumulate, 05-backward, "),
    ("zh", "没有名为 03-tnah 的练习；现有的练习是：01-mul-backward、02-accumulate、05-backward、")])
def test_an_exercise_that_does_not_exist_is_refused_in_the_students_language(lang, said):
    """`grade check -e 03-tnah` and a notebook's check("03-tnah") said the suites' English (`no suite named
    '03-tnah'; available: …`) in every language; the refusal is the check's own now, before any grading."""
    from grader.classroom.student_check import CheckError, suite_of

    with pytest.raises(CheckError) as refused:
        suite_of("03-tnah", lang)
    assert str(refused.value).startswith(said)
    assert refused.value.message.params["exercise"] == "03-tnah"


def test_an_exercise_a_students_install_cannot_check_is_said_in_the_students_language(monkeypatch):
    """09-write-tests on a student's install (its probes need engines.json, which ships only to instructors): the
    suite's refusal was English text in `grade check --lang ru` (tests/test_distribution.py checks it on a real
    student's install, in English)."""
    from grader.classroom import student_check
    from grader.i18n import items, msg
    from grader.suites import SuiteError

    said = msg("{exercise} cannot be checked from a student's install: its probes need {files}, which holds the "
               "reference and the buggy engines and ships only to instructors. Hand it in; the grader runs its "
               "tests", exercise="09-write-tests", files=items(["engines.json"], join="comma"))

    def student_install(name):
        raise SuiteError(str(said), said)

    monkeypatch.setattr(student_check, "load_suite", student_install)
    with pytest.raises(student_check.CheckError) as refused:
        student_check.suite_of("09-write-tests", "ru")
    assert str(refused.value) == (
        "09-write-tests нельзя проверить на установке студента: его пробам нужен engines.json, а там эталонный "
        "движок и движки с ошибками, и он есть только у преподавателей. Сдайте задание: его тесты запустит "
        "проверяющая система")
    monkeypatch.setattr(student_check, "load_suite", lambda name: (_ for _ in ()).throw(SuiteError("broken")))
    with pytest.raises(SuiteError, match="broken"):  # a broken suite stays the instructor's English error
        student_check.suite_of("09-write-tests", "ru")
