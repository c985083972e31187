"""The feedback pages in Russian and Chinese: the page's words in the language, the numbers, code and test
names as in English, `<html lang>`, and the text drawn by a real browser in Cyrillic and CJK glyphs."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from costs import slow_fixture
from endings_support import killed_unknown

from grader.report.html_feedback import submission_html
from grader.report.markdown import submission_markdown

GOLDEN_SCORES = Path(__file__).resolve().parents[1] / "golden" / "scores.json"


@pytest.fixture(scope="module")
def records():
    return {r["id"]: r for r in json.loads(GOLDEN_SCORES.read_text(encoding="utf-8"))["submissions"]}


# The page's own words, which must not be left in English on a Russian or Chinese page.
CHROME = ("Feedback:", "Score:", "What went wrong", "Hints from your code", "## Tests", "Submitted file",
          "passed", "failed", "expected gradient", "first difference")


@pytest.mark.parametrize("lang, words", [
    ("ru", ("# Отзыв: bug-tanh-input", "**Баллы: 60 / 63**", "## Что пошло не так", "| 19 | tanh/two | не пройден | 0 / 1 |",
            "первое расхождение, если идти от выхода назад")),
    ("zh", ("# 反馈：bug-tanh-input", "**得分：60 / 63**", "## 哪里出了错", "| 19 | tanh/two | 未通过 | 0 / 1 |",
            "从输出往回看的第一处不同")),
])
def test_a_feedback_page_speaks_the_language_and_keeps_numbers_and_names(records, lang, words):
    page = submission_markdown(records["bug-tanh-input"], lang=lang)
    english = submission_markdown(records["bug-tanh-input"])
    for said in words:
        assert said in page
    assert not [word for word in CHROME if word in page]
    # the numbers are the English page's, written the same way (a language may put them in another order)
    numbers = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?(?: / \d+)?")
    assert sorted(numbers.findall(page)) == sorted(numbers.findall(english))
    assert re.findall(r"\| \d+ \| ([\w/+*-]+) \|", page) == re.findall(r"\| \d+ \| ([\w/+*-]+) \|", english)


def test_the_html_page_says_its_language(records):
    for lang in ("en", "ru", "zh"):
        page = submission_html(records["bug-tanh-input"], lang=lang)
        assert page.startswith(f'<!DOCTYPE html>\n<html lang="{lang}">')
    russian = submission_html(records["bug-no-seed"], lang="ru")
    assert "<h2>Что пошло не так</h2>" in russian and '<span class="badge failed">не пройден</span>' in russian


def test_withheld_tests_are_counted_in_the_languages_plural_forms(records):
    record = dict(records["bug-tanh-input"])
    record["tests"] = [dict(t, visibility="hidden") if t["name"].startswith("tanh/") else t for t in record["tests"]]
    russian = submission_markdown(record, lang="ru")
    assert "Скрытых тестов: 4, подробности не показываются." in russian
    assert "3 скрытых теста не пройдены, темы: tanh." in russian
    chinese = submission_markdown(record, lang="zh")
    assert "3 个暂不公开的测试未通过，涉及：tanh。" in chinese


# --- in a browser ------------------------------------------------------------------------------

@slow_fixture(scope="module")
def chromium():
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed, and CI must run the browser test: apt-get install -y chromium")
        pytest.skip("chromium is not installed (apt-get install -y chromium; .ci/run installs it)")
    return path


def screenshot(chromium, tmp_path, name, html):
    page, shot, profile = tmp_path / f"{name}.html", tmp_path / f"{name}.png", tmp_path / "profile"
    page.write_text(html, encoding="utf-8")
    profile.mkdir(exist_ok=True)
    done = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update", "--hide-scrollbars",
                           f"--user-data-dir={profile}", f"--screenshot={shot}", "--window-size=1000,700",
                           page.as_uri()], capture_output=True, timeout=120, check=False)
    assert shot.exists(), done.stderr.decode(errors="replace")[-2000:]
    return shot.read_bytes()


def _undrawable(text: str) -> str:
    """The text with every non-ASCII character replaced by one of the Private Use Area, which no font draws:
    what the page looks like where the system has no font for the script (a box per character)."""
    return "".join(ch if ord(ch) < 128 else chr(0xE000 + ord(ch) % 0x1000) for ch in text)


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_chromium_draws_the_page_in_the_scripts_glyphs(chromium, tmp_path, records, lang):
    # Drawn with a font for the script, the page differs from the same page whose characters no font has
    # (each drawn as the same missing-glyph box): if the system lacked Cyrillic or CJK fonts, the two
    # screenshots would be identical. `.ci/run` installs fonts-noto-cjk for the Chinese page.
    page = submission_html(records["bug-tanh-input"], lang=lang)
    drawn = screenshot(chromium, tmp_path, lang, page)
    boxes = screenshot(chromium, tmp_path, f"{lang}-boxes", _undrawable(page))
    assert drawn != boxes


def test_how_a_worker_ended_is_said_in_the_students_language():
    # issue 32: the observer's "died" ending named the signal in English words (grader/sandbox/pipes.py)
    from grader.i18n import translator
    from grader.sandbox.pipes import signal_text

    assert str(signal_text(-9)) == killed_unknown()  # limits39: no count of this cgroup's says which
    assert str(signal_text(128 + 11)).startswith("the worker was killed by SIGSEGV (a segmentation fault")
    assert str(signal_text(3)) == "the worker exited with status 3"
    assert translator("ru").render(signal_text(-9, {"kind": "memory", "value": 512, "unit": "MiB"})) == (
        "рабочий процесс убит сигналом SIGKILL: он превысил предел памяти (512 МиБ на все его процессы и его /tmp), "
        "обычно потому, что граф вычислений растёт с каждым вызовом или список, который хранится между вызовами (на "
        "уровне модуля или как аргумент по умолчанию), держит каждый созданный `Value`; не храните ничего от вызова "
        "после того, как он вернул результат")
    assert translator("zh").render(signal_text(3)) == "工作进程以状态 3 退出"
