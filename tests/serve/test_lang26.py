"""lang26: the instructor's pages, a closed exercise's date and every refusal in the course's language.

A Russian or Chinese course's instructor read the gradebook, a student's attempts, a regrade, the extensions and
LTI's deep linking in English around Russian feedback (`<html lang="en">`); a closed exercise's refusal wrote its
date as `2026-12-14 23:59 UTC` whatever the language; the refusals no student page showed (a missing sign-in, an
instructor's route, an `Idempotency-Key` too long, the extensions' errors, LTI's) were English text with no
`message_data`. Each test of this file failed before."""

import re
from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from fastapi.testclient import TestClient
from sign_in_support import open_link

from grader.serve.app import create_app

from .conftest import OWN_VALUE, REFERENCE, Course, set_in_course

NOW = datetime(2026, 12, 5, 10, 7, tzinfo=timezone.utc)  # a Saturday


def _text(html):
    """A page's words as a reader sees them: tags and scripts gone, spaces collapsed."""
    html = re.sub(r"(?s)<script.*?</script>", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip().replace("&#39;", "'")


def _signed_in(served, name):
    client = TestClient(served.app)
    assert open_link(client, f"/login/{served.svc.link_for(name)}").status_code == 303
    return client


@pytest.fixture(params=["ru", "zh"])
def lang(request):
    return request.param


@pytest.fixture
def graded(course, lang, monkeypatch):
    """A course in `lang` (the machine's locale German) with alice's one attempt and bob's two, graded, and bob's
    extension granted by the instructor's form; yields (the course, the instructor's client, the form's token)."""
    for variable in ("LC_ALL", "LC_TIME", "LANG"):
        monkeypatch.setenv(variable, "de_DE.UTF-8")
    set_in_course(course, lang=f'"{lang}"', due="2026-12-12T23:59:00Z", late_until="2026-12-14T23:59:00Z")
    with TestClient(create_app(course, start_pool=False)) as client:
        served = Course(course, client.app, client)
        with time_machine.travel(NOW, tick=False):
            for name, code in (("alice", REFERENCE), ("bob", OWN_VALUE), ("bob", OWN_VALUE)):
                assert served.submit(name, code).status_code == 202
        assert served.grade_all() == 3
        teacher = _signed_in(served, "instructor")
        csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', teacher.get("/instructor").text).group(1)
        granted = teacher.post("/instructor/extensions", data={"csrf": csrf, "student": "bob",
                                                               "exercise": "01-mul-backward", "due": "2030-01-02T10:00"},
                               follow_redirects=False)
        assert granted.status_code == 303
        yield served, teacher, csrf


GRADEBOOK = {
    "ru": ["Журнал оценок", "студент 01-mul-backward (/ 14) итого", "alice 14 (1 попытка) 14",
           "bob 0 (2 попытки) 0", "Учитывается лучшая попытка каждого студента, с поправкой за опоздание.",
           "Скачать CSV · Скачать JSON", "Отчёты 01-mul-backward: отчёт по группе · сходство работ",
           "Перепроверка", "применить новые баллы (иначе пробный прогон: только разница)", "Продления сроков",
           "срок (UTC)", "с опозданием до (UTC, необязательно)", "Продлить",
           "студент задание срок с опозданием до bob 01-mul-backward ср, 2 янв. 2030 г., 10:00 UTC как у всей группы"],
    "zh": ["成绩册", "学生 01-mul-backward (/ 14) 总分", "alice 14 （1 次尝试） 14", "bob 0 （2 次尝试） 0",
           "按每位学生的最好一次尝试计分，已计入迟交折扣。", "下载 CSV · 下载 JSON", "报告 01-mul-backward： 全班报告 · 相似度",
           "重新评分", "应用新的得分（否则为试运行：只显示差异）", "延期", "截止时间（UTC）", "迟交截止（UTC，可选）", "批准",
           "学生 练习 截止时间 迟交截止 bob 01-mul-backward 2030年1月2日周三 10:00 UTC 与全班相同"],
}


def test_the_gradebook_speaks_the_courses_language(graded, lang):
    served, teacher, _ = graded
    book = teacher.get("/instructor").text
    assert f'<html lang="{lang}">' in book
    for words in GRADEBOOK[lang]:
        assert words in _text(book)
    # the part the page reloads every 5 s says the same
    part = _text(teacher.get("/instructor/gradebook").text)
    assert GRADEBOOK[lang][2] in part and GRADEBOOK[lang][4] in part


def test_a_students_attempts_page_speaks_the_courses_language(graded, lang):
    served, teacher, _ = graded
    page = teacher.get("/instructor/students/bob").text
    assert f'<html lang="{lang}">' in page
    said = {"ru": "bob задание срок использовано попыток 01-mul-backward ср, 2 янв. 2030 г., 10:00 UTC (продление) "
                  "2 из 10 Попытки получено задание файл статус баллы сб, 5 дек. 2026 г., 10:07 UTC 01-mul-backward "
                  "engine.py оценено 0 / 14 отзыв",
            "zh": "bob 练习 截止时间 已用尝试次数 01-mul-backward 2030年1月2日周三 10:00 UTC（延期） 2 / 10 尝试记录 收到时间 "
                  "练习 文件 状态 得分 2026年12月5日周六 10:07 UTC 01-mul-backward engine.py 已评分 0 / 14 反馈"}[lang]
    assert said in _text(page)


def test_a_regrade_speaks_the_courses_language(graded, lang):
    served, teacher, csrf = graded
    started = teacher.post("/instructor/regrade", data={"exercise": "01-mul-backward", "csrf": csrf},
                           follow_redirects=False)
    queued = teacher.get(started.headers["location"]).text
    assert f'<html lang="{lang}">' in queued
    assert {"ru": "Перепроверка 01-mul-backward (пробный прогон) в очереди… Назад к журналу оценок",
            "zh": "重新评分 01-mul-backward（试运行） 排队中… 返回成绩册"}[lang] in _text(queued)
    served.grade_all()
    done = _text(teacher.get(started.headers["location"]).text)
    assert {"ru": "Перепроверка 01-mul-backward (пробный прогон) Ничего не изменено: вот что изменилось бы, если "
                  "применить. Ни один балл не изменился (3 студента). Назад к журналу оценок",
            "zh": "重新评分 01-mul-backward（试运行） 没有做任何更改：以下是应用后会发生的变化。 没有得分发生变化（3 名学生）。 "
                  "返回成绩册"}[lang] in done


@pytest.mark.parametrize("language", ["ru", "zh", "en"])
def test_a_regrade_that_changed_scores_says_each_in_the_language(language):
    """The diff is drawn from its data (the regrade's `diff`), its words and the tests' statuses in the language:
    the page showed `grade diff`'s English table."""
    from grader.serve.pages import templates, words

    regrade = {"id": 1, "exercise": "01-mul-backward", "dry_run": False, "status": "done", "message": None,
               "diff": {"changes": 2, "unchanged": 1, "old_max_score": 14, "new_max_score": 15,
                        "students": [{"id": "bob-1", "old": 0, "new": 7.5, "change": 7.5,
                                      "flips": [["mul/values", "failed", "passed"], ["mul/new", None, "passed"]]},
                                     {"id": "carol-2", "old": 14, "new": None, "change": -14, "flips": []}]}}
    page = _text(templates.get_template("regrade.html").render(regrade=regrade, course={"title": "c"},
                                                               **words(language)))
    assert page.endswith({
        "ru": "Перепроверка 01-mul-backward Применено. Баллы изменились у 2 студентов (выше: 1, ниже: 1), без "
              "изменений: 1. Максимум теперь 15, был 14. студент было стало разница тесты, сменившие результат "
              "bob-1 0 7.5 +7.5 mul/values: не пройден → пройден mul/new: нет → пройден carol-2 14 — -14 не проверена "
              "заново Назад к журналу оценок",
        "zh": "重新评分 01-mul-backward 已应用。 2 名学生的得分有变化（提高 1 名，降低 1 名），1 名不变。 满分现在是 15，之前是 14。 "
              "学生 之前 之后 变化 结果改变的测试 bob-1 0 7.5 +7.5 mul/values：未通过 → 通过 mul/new：不存在 → 通过 carol-2 14 — "
              "-14 没有重新评分 返回成绩册",
        "en": "Regrade of 01-mul-backward Applied. 2 students changed (1 up, 1 down), 1 unchanged. The maximum is 15 "
              "now, 14 before. student before after change tests flipped bob-1 0 7.5 +7.5 mul/values: failed → "
              "passed mul/new: absent → passed carol-2 14 — -14 not graded again Back to the gradebook"}[language])


@pytest.mark.parametrize("language, said", [
    ("ru", "Оценки 2 студентов сохранены: машина была слишком загружена, чтобы проверить их работы заново (тайм-аут по "
           "её вине, а не по вине студентов). Повторите перепроверку, когда нагрузка спадёт."),
    ("zh", "2 名学生保留了原来的得分：机器太忙，没能重新评分（超时是机器造成的，不是学生的原因）。请在负载较低时再重新评分。"),
    ("en", "2 students kept their scores: the machine was too busy to grade them again (a timeout it caused, not "
           "theirs). Regrade when it is quieter.")])
def test_a_regrade_names_in_the_language_the_students_the_machine_left_as_they_were(language, said):
    """Their rows `starved` (grading.Worker.regrade keeps their scores): the page says how many, from the diff's data."""
    from grader.serve.pages import templates, words

    regrade = {"id": 1, "exercise": "01-mul-backward", "dry_run": False, "status": "done", "message": None,
               "diff": {"changes": 0, "unchanged": 3, "old_max_score": 14, "new_max_score": 14, "students": [],
                        "starved": ["bob-1", "carol-2"]}}
    page = templates.get_template("regrade.html").render(regrade=regrade, course={"title": "c"}, **words(language))
    assert re.search(r'<p id="starved">(.*?)</p>', page).group(1) == said


@pytest.mark.parametrize("language, linking, answer", [
    ("ru", "Ссылка на задание 01-mul-backward Создать ссылку", "Ссылка на 01-mul-backward Вернуться в курс со ссылкой"),
    ("zh", "链接一个练习 01-mul-backward 链接", "链接 01-mul-backward 带着链接返回课程")])
def test_lti_deep_linking_speaks_the_courses_language(language, linking, answer):
    from grader.serve.pages import templates, words

    course = {"title": "c"}
    page = templates.get_template("lti_deep_link.html").render(course=course, launch_id="x",
                                                                exercises=["01-mul-backward"], **words(language))
    assert f'<html lang="{language}">' in page and _text(page).endswith(linking)
    page = templates.get_template("lti_deep_link_answer.html").render(course=course, exercise="01-mul-backward",
                                                                       url="https://lms/", jwt="j", **words(language))
    assert _text(page).endswith(answer)


CLOSED = {
    "ru": "приём работ по 01-mul-backward закрыт (срок: пн, 14 дек. 2026\u202fг., 23:59 UTC); попросите преподавателя "
          "продлить срок",
    "zh": "01-mul-backward 已于 2026年12月14日周一 23:59 UTC 截止；请向老师申请延期",
    "en": "01-mul-backward closed at Mon, Dec 14, 2026, 23:59 UTC; ask your instructor for an extension"}


@pytest.mark.parametrize("language", ["ru", "zh", "en"])
def test_a_closed_exercise_says_its_date_in_the_language(course, language, monkeypatch):
    """The date was `2026-12-14 23:59 UTC` in every language, made as text where it was decided; it is a moment now
    (grader.i18n.moment), kept as data in `message_data` and said in the reader's language."""
    monkeypatch.setenv("LC_TIME", "de_DE.UTF-8")
    set_in_course(course, lang=f'"{language}"', due="2026-12-12T23:59:00Z", late_until="2026-12-14T23:59:00Z")
    with TestClient(create_app(course, start_pool=False)) as client:
        served = Course(course, client.app, client)
        with time_machine.travel(NOW + timedelta(days=15), tick=False):
            closed = served.submit("bob", OWN_VALUE)
            page = _signed_in(served, "bob")
            csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page.get("/").text).group(1)
            on_page = page.post("/upload", data={"exercise": "01-mul-backward", "csrf": csrf, "code": OWN_VALUE})
    assert closed.status_code == 403 and closed.json()["detail"] == CLOSED[language]
    assert closed.json()["message_data"]["params"]["when"] == {"moment": "2026-12-14T23:59:00+00:00"}
    assert on_page.status_code == 403 and CLOSED[language].replace("\u202f", " ") in _text(on_page.text)
    # the record renders in another language than the course's, as a scores file's messages do
    from grader.i18n import translator

    assert translator("zh").render(closed.json()["message_data"]) == CLOSED["zh"]


REFUSED = {
    "ru": {"signed out": "войдите: откройте вашу личную ссылку или передайте заголовок `Authorization: Bearer TOKEN`",
           "key": "`Idempotency-Key` должен содержать от 1 до 128 символов",
           "api instructor": "это может сделать только преподаватель",
           "page instructor": "403 эту страницу может видеть только преподаватель",
           "no regrade": "404 такой перепроверки нет", "no student": "404 в этом курсе нет студента 'zed'",
           "not a student": "422 'zed' — не студент этого курса",
           "not a date": "422 'soon' — не дата и время вида 2026-12-10T23:59"},
    "zh": {"signed out": "请先登录：打开你的个人链接，或者发送 `Authorization: Bearer TOKEN`",
           "key": "`Idempotency-Key` 的长度必须是 1 到 128 个字符", "api instructor": "只有老师可以这样做",
           "page instructor": "403 只有老师可以查看此页面", "no regrade": "404 没有这次重新评分",
           "no student": "404 本课程中没有学生 'zed'", "not a student": "422 'zed' 不是本课程的学生",
           "not a date": "422 'soon' 不是形如 2026-12-10T23:59 的日期和时间"},
}


def test_every_refusal_is_said_in_the_courses_language_with_its_words_as_data(graded, lang):
    served, teacher, csrf = graded
    said = REFUSED[lang]
    signed_out = served.client.get("/api/v1/submissions")
    assert signed_out.status_code == 401 and signed_out.json()["detail"] == said["signed out"]
    assert signed_out.json()["message_data"]["id"] == (
        "sign in: use your personal link, or send `Authorization: Bearer TOKEN`")
    key = served.client.post("/api/v1/submissions", headers={**served.auth("bob"), "Idempotency-Key": "k" * 129},
                             data={"exercise": "01-mul-backward"}, files={"file": ("engine.py", b"x = 1")})
    assert key.status_code == 422 and key.json()["detail"] == said["key"]
    by_student = served.get("bob", "/api/v1/gradebook")
    assert by_student.status_code == 403 and by_student.json()["detail"] == said["api instructor"]
    bob = _signed_in(served, "bob")
    assert _text(bob.get("/instructor").text).endswith(said["page instructor"] + {"ru": " Назад", "zh": " 返回"}[lang])
    assert said["no regrade"] in _text(teacher.get("/instructor/regrade/99").text)
    assert said["no student"] in _text(teacher.get("/instructor/students/zed").text)
    for field, value, words in (("student", "zed", "not a student"), ("due", "soon", "not a date")):
        form = {"csrf": csrf, "student": "bob", "exercise": "01-mul-backward", "due": "2030-01-02T10:00", field: value}
        assert said[words] in _text(teacher.post("/instructor/extensions", data=form).text)


def test_a_refusal_made_of_a_text_is_shown_as_it_is():
    """A Refused given a text (a library's words) keeps them and has no `message_data`; given a Message, its English
    is the detail a log reads, and its record the data."""
    from grader.i18n import msg
    from grader.serve import Refused

    plain = Refused(400, "LTI says no")
    assert plain.said_in("ru") == "LTI says no" and "message_data" not in plain.fields
    said = Refused(404, msg("no such regrade"))
    assert said.detail == "no such regrade" and said.said_in("zh") == "没有这次重新评分"
    assert said.fields["message_data"] == {"id": "no such regrade", "params": {}, "text": "no such regrade"}
