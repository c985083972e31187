"""The gettext catalogs (grader/locale): complete, compiled, with Russian's three plural forms, and the
language chosen as documented (docs/i18n.md)."""

import shutil
import subprocess

import pytest

from grader.i18n import LANGUAGES, LanguageError, Message, capital, choose, items, msg, nmsg, translator
from grader.i18n.catalogs import LOCALE_DIR, problems


@pytest.mark.slow  # extracts every catalog from the code, as pybabel does: ~3 s of CPU
def test_every_id_in_the_code_is_translated_in_every_language_and_compiled():
    # extracts every id from the code as `pybabel extract` does (the same mapping files), and finds each
    # one translated, not fuzzy, its {fields} kept, every plural form given, and each .mo up to date
    assert problems() == []


@pytest.mark.slow  # the same extraction, on a copy of the catalogs
def test_the_check_fails_on_a_missing_a_fuzzy_and_an_untranslated_entry(tmp_path, monkeypatch):
    from babel.messages.pofile import read_po, write_po

    from grader.i18n import catalogs

    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy)
    path = copy / "ru" / "LC_MESSAGES" / "diagnose.po"
    with open(path, "rb") as f:
        po = read_po(f, locale="ru")
    entries = [m for m in po if m.id]
    entries[0].flags.add("fuzzy")
    entries[1].string = ""
    del po[entries[2].id]
    with open(path, "wb") as f:
        write_po(f, po, width=76)
    monkeypatch.setattr(catalogs, "po_path", lambda lang, domain: copy / lang / "LC_MESSAGES" / f"{domain}.po")
    found = "\n".join(problems())
    assert f"{str(entries[0].id)[:40]}" in found and "fuzzy" in found
    assert "not translated" in found
    assert "not in the catalog" in found
    assert "zh/LC_MESSAGES/diagnose.po" not in found  # the other language is untouched


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed (.ci/run installs it)")
def test_msgfmt_checks_every_catalog():
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, (po, done.stderr)


def test_russian_has_three_plural_forms_and_chinese_one():
    t = translator("ru")
    said = {n: t._n("Score on the visible tests: {points}/{max_points} points ({passed} of {n} test passes). "
                    "Hidden tests are graded after you hand in.",
                    "Score on the visible tests: {points}/{max_points} points ({passed} of {n} tests pass). "
                    "Hidden tests are graded after you hand in.", n, points="1", max_points="2", passed=1)
            for n in (1, 2, 5, 11, 21, 22, 25, 111)}
    assert "из 1 теста)" in said[1] and "из 21 теста)" in said[21]
    assert "из 2 тестов)" in said[2] and "из 22 тестов)" in said[22]
    assert all(f"из {n} тестов)" in said[n] for n in (5, 11, 25, 111))
    zh = translator("zh")._n("Score on the visible tests: {points}/{max_points} points ({passed} of {n} test "
                             "passes). Hidden tests are graded after you hand in.",
                             "Score on the visible tests: {points}/{max_points} points ({passed} of {n} tests "
                             "pass). Hidden tests are graded after you hand in.", 5, points="3",
                             max_points="5", passed=3)
    assert zh == "可见测试得分：3/5 分（5 个测试中通过 3 个）。隐藏测试在提交后评分。"


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"}, "zh"),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL first, as POSIX says
    ({"LANG": "de_DE.UTF-8"}, "en"),  # a locale the grader has no words for: English
    ({"LANG": "ru_RU.UTF-8", "GRADE_LANG": "zh"}, "zh"),
    ({"LC_ALL": "zh_CN.UTF-8", "GRADE_LANG": "en"}, "en"),
])
def test_the_language_comes_from_grade_lang_then_the_locale_then_english(environ, expected):
    assert choose(None, environ) == expected


def test_an_explicit_language_wins_and_an_unknown_one_is_refused():
    assert choose("ru", {"GRADE_LANG": "zh"}) == "ru"
    with pytest.raises(LanguageError, match="en, ru, zh"):
        choose("fr", {})
    with pytest.raises(LanguageError, match="GRADE_LANG='klingon'"):
        choose(None, {"GRADE_LANG": "klingon"})


def test_a_message_travels_as_data_and_renders_in_each_language():
    title = msg("tanh and its backward rule")
    note = msg("{exercise}: {title}. Visible tests on {checked}:", exercise="03-tanh", title=title,
               checked="engine.py")
    record = note.to_json()
    assert record["text"] == "03-tanh: tanh and its backward rule. Visible tests on engine.py:"
    assert record["params"]["title"]["id"] == "tanh and its backward rule"
    again = Message.from_json(record)
    assert again == note
    assert translator("ru").render(record) == "03-tanh: tanh и его правило обратного прохода. Видимые тесты на engine.py:"
    assert translator("zh").render(again) == "03-tanh：tanh 及其反向传播规则。在 engine.py 上运行可见测试："
    assert sorted(LANGUAGES) == ["en", "ru", "zh"]


def test_a_parameter_that_is_not_one_of_ours_is_shown_as_its_text_never_as_a_template():
    """A dict with an "id" given as a parameter (09-write-tests put a student's observation in its messages) was
    rendered as a message record: the student's template filled in ({x:>30000000}: a 90 MB scores file;
    {nothing}: a KeyError). Only a Message, items() and capital() are read as more than text."""
    forged = {"id": "{x:>30000000}{nothing}", "params": {"x": "a"}}
    text = "{'id': '{x:>30000000}{nothing}', 'params': {'x': 'a'}}"
    said = msg("could not be run: {error}", error=forged)
    assert said.to_json()["text"] == f"could not be run: {text}"
    listed = nmsg("{n} fails: {failures}", "{n} fail: {failures}", "n", n=2,
                  failures=items([forged, ["{nothing}"]], join="semicolon"))
    assert str(listed) == f"2 fail: {text}; ['{{nothing}}']"
    for message in (said, listed, msg("{e}", e=capital(forged)), Message.from_json(said.to_json())):
        for lang in LANGUAGES:
            assert text in translator(lang).render(message)


def test_a_plural_message_needs_its_count():
    with pytest.raises(ValueError, match="count"):
        nmsg("{n} test", "{n} tests", "n", k=1)


def test_the_student_wheels_catalog_holds_the_visible_tests_words_only():
    import gettext
    import io

    from grader.distribution import visible_catalogs

    catalog = gettext.GNUTranslations(io.BytesIO(visible_catalogs()["grader/locale/ru/LC_MESSAGES/visible.mo"]))
    assert catalog.gettext("y = a + a gives a.grad = 2 (with `=`: 1), and + adds to a gradient its input already "
                           "holds") == "y = a + a даёт a.grad = 2 (с `=`: 1), и + добавляет к градиенту, который его " \
                                       "вход уже держит"
    # a hidden test's doc stays the instructor's (suites.mo), untranslated in a student's install
    assert catalog.gettext("a*b + a*c + b*c: every operand used twice") == "a*b + a*c + b*c: every operand used twice"
    assert catalog.gettext("y = tanh(x) at x = 2") == "y = tanh(x) при x = 2"  # probes are no secret
