"""servelang25: the frame of a student's pages in the course's language. A Russian or Chinese course showed its
translated feedback inside an English frame: `<html lang="en">`, the table's headings, the status lines, the
buttons, dates such as `Sat 05 Dec 2026` (tests of this file failed before). The frame's words now go through the
grader's catalogs (`_`, `_n` in the templates, extracted into the `grader` domain), the dates are Babel's words for
the language, whatever the machine's locale. (Session 26: the instructor's pages too, tests/serve/test_lang26.py.)"""

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
import time_machine
from fastapi.testclient import TestClient
from markupsafe import escape
from sign_in_support import open_link

from grader.serve.app import create_app
from grader.serve.course import load
from grader.serve.db import Submission

from .conftest import OWN_VALUE, Course, set_in_course

NOW = datetime(2026, 12, 5, 10, 7, tzinfo=timezone.utc)  # a Saturday
TEMPLATES = Path(__file__).parents[2] / "grader" / "serve" / "templates"


def _signed_in(served, name):
    client = TestClient(served.app)
    assert open_link(client, f"/login/{served.svc.link_for(name)}").status_code == 303
    return client


def _text(html):
    """A page's words as a reader sees them: tags and scripts gone, spaces collapsed."""
    html = re.sub(r"(?s)<script.*?</script>", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _course(course, lang, monkeypatch):
    # the machine's locale says German: the pages must not follow it
    for variable in ("LC_ALL", "LC_TIME", "LANG"):
        monkeypatch.setenv(variable, "de_DE.UTF-8")
    set_in_course(course, lang=f'"{lang}"', due="2026-12-12T23:59:00Z", late_until="2026-12-14T23:59:00Z",
                  attempts=3, cooldown_seconds=60)
    return course


EXPECTED = {
    "ru": {
        "home": ["Мои задания", "вы вошли как bob", "Выйти", "Ваши задания",
                 "Срок: сб, 12 дек. 2026 г., 23:59 UTC; с опозданием — до пн, 14 дек. 2026 г., 23:59 UTC, "
                 "с зачётом 50%.",
                 "Попытки: использовано 1, осталось 2 из 3; между попытками 60 с.",
                 "Ваш файл (.py, .ipynb или .zip):", "или вставьте ваш engine.py", "Отправить", "Ваши попытки",
                 "получено задание файл статус баллы",
                 "сб, 5 дек. 2026 г., 10:07 UTC 01-mul-backward engine.py в очереди отзыв"],
        "waiting": ["Получено сб, 5 дек. 2026 г., 10:07 UTC.", "В очереди: перед вашей 1 работа, примерно 1 с.",
                    "Попытки по заданию 01-mul-backward"],
        "final": ["оценено Отзыв: bob: 01-mul-backward", "Баллы за показанные тесты: 0 / 8."],
        "instructor's final": "оценено Баллы: 0 / 14",
        "status": '<p class="status">оценено</p>',
        "bad link": ["Вход", "Эта ссылка недействительна (возможно, устарела): попросите у преподавателя вашу "
                     "текущую ссылку.", "Откройте личную ссылку, которую прислал вам преподаватель (она выглядит как "
                     "http://localhost:8000/login/…)."],
    },
    "zh": {
        "home": ["我的练习", "已登录：bob", "退出登录", "你的练习",
                 "截止时间：2026年12月12日周六 23:59 UTC；2026年12月14日周一 23:59 UTC 前仍可迟交，按 50% 计分。",
                 "尝试次数：已用 1 次，共 3 次，还剩 2 次；两次尝试之间间隔 60 秒。",
                 "你的文件（.py、.ipynb 或 .zip）：", "或者粘贴你的 engine.py", "提交", "你的尝试",
                 "收到时间 练习 文件 状态 得分",
                 "2026年12月5日周六 10:07 UTC 01-mul-backward engine.py 排队中 反馈"],
        "waiting": ["收到时间：2026年12月5日周六 10:07 UTC。", "排队中：你前面还有 1 份提交，大约 1 秒。", "01-mul-backward 的尝试记录"],
        "final": ["已评分 反馈：bob: 01-mul-backward", "已公开测试得分：0 / 8。"],
        "instructor's final": "已评分 得分：0 / 14",
        "status": '<p class="status">已评分</p>',
        "bad link": ["登录", "此链接无效（或已失效）：请向老师索取你当前的链接。",
                     "打开老师发给你的个人链接（形如 http://localhost:8000/login/…）。"],
    },
}


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_a_students_pages_speak_the_courses_language_around_its_feedback(course, lang, monkeypatch):
    expected = EXPECTED[lang]
    with TestClient(create_app(_course(course, lang, monkeypatch), start_pool=False)) as client:
        served = Course(course, client.app, client)
        bob = _signed_in(served, "bob")
        with time_machine.travel(NOW, tick=False):
            assert served.submit("alice", OWN_VALUE).status_code == 202  # one ahead of bob's in the queue
            sid = served.submit("bob", OWN_VALUE).json()["id"]
            home = bob.get("/").text
            waiting = bob.get(f"/submissions/{sid}").text
        assert f'<html lang="{lang}">' in home and f'<html lang="{lang}">' in waiting
        for words in expected["home"]:
            assert words in _text(home)
        for words in expected["waiting"]:
            assert words in _text(waiting)
        assert served.grade_all() == 2
        with time_machine.travel(NOW, tick=False):
            final = bob.get(f"/submissions/{sid}/part").text
            events = bob.get(f"/submissions/{sid}/live").text
        for words in expected["final"]:
            assert words in _text(final)
        assert expected["status"] in events  # the live status line, sent as an event
        bad = TestClient(served.app).get("/login/not-a-token")
        assert bad.status_code == 401 and f'<html lang="{lang}">' in bad.text
        for words in expected["bad link"]:
            assert words in _text(bad.text)
        # the instructor's pages speak the course's language too (session 26: they were English)
        teacher = _signed_in(served, "instructor")
        with time_machine.travel(NOW, tick=False):
            book = teacher.get("/instructor").text
        assert f'<html lang="{lang}">' in book and "Gradebook" not in book and "Regrade" not in book
        # a submission's page is the course's language for the instructor too: its feedback is
        assert _text(teacher.get(f"/submissions/{sid}/part").text).startswith(expected["instructor's final"])


def test_an_english_course_says_dates_in_babels_english_whatever_the_machines_locale(course, monkeypatch):
    with TestClient(create_app(_course(course, "en", monkeypatch), start_pool=False)) as client:
        served = Course(course, client.app, client)
        bob = _signed_in(served, "bob")
        with time_machine.travel(NOW, tick=False):
            served.submit("bob", OWN_VALUE)
            home = _text(bob.get("/").text)
    assert "Due Sat, Dec 12, 2026, 23:59 UTC; late until Mon, Dec 14, 2026, 23:59 UTC at 50% credit." in home
    assert "Attempts: 1 used, 2 left of 3; 60 s between attempts." in home
    assert "Sat, Dec 5, 2026, 10:07 UTC 01-mul-backward engine.py queued feedback" in home


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_a_refunded_attempt_is_said_in_the_courses_language(course, lang, monkeypatch):
    """A refund's reason is kept as its English words (the API's `refund`), and the page says it translated."""
    with TestClient(create_app(_course(course, lang, monkeypatch), start_pool=False)) as client:
        served = Course(course, client.app, client)
        sid = served.submit("bob", b"\xff\xfe not python", filename="engine.py").json()["id"]
        served.grade_all()
        assert served.get("bob", f"/api/v1/submissions/{sid}").json()["refund"] == (
            "The grader could not read this file, so it was not graded and the attempt was not counted.")
        page = _text(_signed_in(served, "bob").get(f"/submissions/{sid}").text)
    said = {"ru": "Грейдер не смог прочитать этот файл, поэтому он не проверен, а попытка не засчитана.",
            "zh": "评分器无法读取这个文件，因此没有评分，这次尝试也不计入次数。"}[lang]
    assert said in page and {"ru": "не засчитана", "zh": "不计入"}[lang] in page


@pytest.mark.parametrize("lang, said", [
    ("ru", ["В очереди: следующая.", "В очереди: перед вашей 1 работа.", "В очереди: перед вашей 3 работы.",
            "В очереди: перед вашей 5 работ, примерно 3 с.", "Идёт проверка…"]),
    ("zh", ["排队中：下一个就是你。", "排队中：你前面还有 1 份提交。", "排队中：你前面还有 3 份提交。",
            "排队中：你前面还有 5 份提交，大约 3 秒。", "正在评分…"]),
    ("en", ["Queued: next in line.", "Queued: 1 submission ahead of yours.", "Queued: 3 submissions ahead of yours.",
            "Queued: 5 submissions ahead of yours, about 3 s.", "Grading now…"])])
def test_the_live_status_line_counts_in_the_languages_plural_forms(lang, said):
    from grader.serve.pages import templates, words

    views = [{"status": "queued", "queue_position": 0, "wait_seconds": None},
             {"status": "queued", "queue_position": 1, "wait_seconds": None},
             {"status": "queued", "queue_position": 3, "wait_seconds": None},
             {"status": "queued", "queue_position": 5, "wait_seconds": 2.6},
             {"status": "running", "queue_position": None, "wait_seconds": None}]
    status = templates.get_template("_status.html")
    assert [_text(status.render(view=view, **words(lang))) for view in views] == said


# Every template: a student's and (session 26) the instructor's
TEMPLATE_NAMES = sorted(path.name for path in TEMPLATES.glob("*.html"))


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_a_template_holds_no_words_outside_the_catalogs(name):
    """The class, not the case: a word written into a template outside `_(…)`/`_n(…)` would be English
    on a Russian page. Its text between tags, with Jinja's expressions and statements taken out, holds no letters,
    and every string literal inside an expression is a message id, a status, a CSS class or a format."""
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    outside = re.sub(r"(?s)\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", source)
    outside = re.sub(r"(?s)<script.*?</script>|<!DOCTYPE[^>]*>", " ", outside)
    text = re.sub(r"<[^>]+>", " ", outside)
    assert re.findall(r"[A-Za-z]{2,}", text) == []
    # an attribute a person reads (a title, a placeholder, an alt text) would be words outside the catalogs too
    assert re.findall(r'\b(?:title|placeholder|alt|aria-label)="[^"{]*[A-Za-z]', outside) == []


def test_the_templates_words_are_in_the_grader_catalog():
    """What the check of the catalogs holds the templates to: their `_`/`_n` ids are extracted (babel.cfg's
    serve_templates), so a word added to a template and left untranslated fails `catalogs check` and tests/i18n."""
    from grader.i18n.catalogs import extracted

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in extracted("grader")}
    assert {"Your exercises", "Grading now…", "Queued: {n} submission ahead of yours.", "received", "queued",
            "{date}, {time} UTC", "Attempts: {used} used, {left} left of {attempts}."} <= ids


@pytest.mark.parametrize("lang, nothing, missing", [
    ("ru", "приложите файл в поле формы `file` (.py, .ipynb или .zip) или вставьте его текст в поле `code`",
     "такой работы нет"),
    ("zh", "请把文件放在表单字段 `file` 中（.py、.ipynb 或 .zip），或者粘贴到 `code` 中", "没有这份提交")])
def test_what_a_students_page_refuses_is_said_in_the_courses_language(course, lang, nothing, missing, monkeypatch):
    """Submitting the page's form with no file, and a link to no submission: the words were English on a Russian
    page («attach your file as the form field `file` …», «no such submission»); the API says them alike, with
    their words as data."""
    with TestClient(create_app(_course(course, lang, monkeypatch), start_pool=False)) as client:
        served = Course(course, client.app, client)
        bob = _signed_in(served, "bob")
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', bob.get("/").text).group(1)
        empty = bob.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf, "code": ""},
                         follow_redirects=False)
        assert empty.status_code == 422 and f'<p class="error" id="error">{nothing}</p>' in empty.text
        assert f'<html lang="{lang}">' in empty.text
        gone = bob.get("/submissions/0123456789abcdef")
        assert gone.status_code == 404 and f'<p class="error">{missing}</p>' in gone.text
        by_api = served.client.post("/api/v1/submissions", headers=served.auth("bob"),
                                    data={"exercise": "01-mul-backward"}).json()
        assert by_api["detail"] == nothing and by_api["message_data"]["id"] == (
            "attach your file as the form field `file` (a .py, .ipynb or .zip), or paste it as `code`")
        # a stale form's CSRF token is still refused as before (the page re-raises it: a 403 page, not the form)
        stale = bob.post("/upload", data={"exercise": "01-mul-backward", "csrf": "0" * 64, "code": OWN_VALUE},
                         follow_redirects=False)
        assert stale.status_code == 403 and f'<html lang="{lang}">' in stale.text
        assert {"ru": "форма устарела или повреждена: перезагрузите страницу и попробуйте снова",
                "zh": "表单已过期或无效：请刷新页面后重试"}[lang] in stale.text


@pytest.mark.parametrize("lang, over", [
    ("en", "the upload is over this course's limit of 1.0 MiB: submit your engine.py, notebook or zip alone"),
    ("ru", "загруженный файл больше предела этого курса, 1.0 MiB: отправьте только engine.py, блокнот или архив .zip")])
def test_an_upload_over_the_cap_from_the_page_is_answered_with_the_page(course, lang, over, monkeypatch):
    """The page's form over the course's cap was answered with the API's JSON (413, `{"detail": ...}`): a browser
    showed it raw. Now the page again, 413, with the refusal's words where the form's other refusals are, in the
    course's language; whether the size was declared (Content-Length) or counted as it came (chunked). The API's
    answer stays JSON, the same Message."""
    set_in_course(_course(course, lang, monkeypatch), max_upload_mb=1)
    with TestClient(create_app(course, start_pool=False)) as client:
        served = Course(course, client.app, client)
        bob = _signed_in(served, "bob")
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', bob.get("/").text).group(1)
        big = b"# " + b"x" * (2 << 20) + b"\n" + OWN_VALUE.encode()  # 2 MiB: past 1 MiB and the form's slack (64 KiB)
        declared = bob.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf},
                            files={"file": ("engine.py", big)}, follow_redirects=False)
        boundary = "b0undary"
        body = (f'--{boundary}\r\nContent-Disposition: form-data; name="exercise"\r\n\r\n01-mul-backward\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf}\r\n'
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="engine.py"\r\n\r\n').encode()
        body += big + f"\r\n--{boundary}--\r\n".encode()
        streamed = bob.post("/upload", content=(body[i:i + 65536] for i in range(0, len(body), 65536)),
                            headers={"content-type": f"multipart/form-data; boundary={boundary}"},
                            follow_redirects=False)
        assert "content-length" not in streamed.request.headers  # counted as it came
        for page in (declared, streamed):
            assert (page.status_code, page.headers["content-type"], page.headers["connection"]) == (
                413, "text/html; charset=utf-8", "close")
            assert f'<p class="error" id="error">{escape(over)}</p>' in page.text and f'<html lang="{lang}">' in page.text
        by_api = served.client.post("/api/v1/submissions", headers=served.auth("bob"),
                                    data={"exercise": "01-mul-backward"}, files={"file": ("engine.py", big)})
        assert (by_api.status_code, by_api.json()["detail"], by_api.json()["message_data"]["params"]) == (
            413, over, {"limit": "1.0 MiB"})
        with served.svc.db.read() as session:  # nothing of it kept, no attempt used
            assert session.query(Submission).count() == 0
