"""lang24: the API's `withheld` in a Russian course. Its sentence about the withheld tests that did not pass was
English whatever the course's `lang` (and named the concepts by the suites' identifiers), and the count and the
concepts travelled only inside that sentence: now the sentence is the course's language and they are fields."""

from grader.serve.course import load

from .conftest import OWN_VALUE, set_in_course


def test_the_apis_withheld_tests_are_said_in_the_courses_language_and_kept_as_data(served):
    set_in_course(served.folder, lang='"ru"')
    served.svc.course = load(served.folder)
    sid = served.submit("bob", OWN_VALUE).json()["id"]
    assert served.grade_all() == 1
    withheld = served.get("bob", f"/api/v1/submissions/{sid}").json()["withheld"]
    assert withheld["failed_count"] == 6 and withheld["hidden"] == 6
    assert withheld["failed_concepts"] == ["chain-rule", "gradcheck", "mul", "reflected-ops"]
    assert withheld["failed"] == ("6 скрытых тестов не пройдены, темы: правило цепочки, проверка градиентов, "
                                  "умножение и отражённые операции.")



def test_a_refused_attempt_is_said_in_the_courses_language_with_its_words_as_data(course):
    """A Russian course refused an attempt in English («you have used all 1 attempts at this exercise», the
    cool-down, an unknown exercise, a closed one): said in the course's `lang`, as a file that is no submission
    was already, with `message_data` (the id and its fields) beside the fields a script reads."""
    from datetime import datetime, timedelta, timezone

    import time_machine
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app

    from .conftest import Course

    start = datetime.now(timezone.utc).replace(microsecond=0)
    for lang, who, attempts, said in (
            ("ru", "bob", 2, "попыток больше нет: вы использовали все 2 попытки по этому заданию"),
            ("zh", "alice", 1, "你已用完这个练习的全部 1 次尝试机会")):
        set_in_course(course, lang=f'"{lang}"', attempts=attempts, cooldown_seconds=600)
        with TestClient(create_app(course, start_pool=False)) as client:
            served = Course(course, client.app, client)
            with time_machine.travel(start, tick=False):
                assert served.submit(who, OWN_VALUE).status_code == 202
                cooling = served.submit(who, OWN_VALUE).json()
                if lang == "ru":
                    assert cooling["detail"] == "подождите 600 с до следующей попытки (между попытками должно пройти 600 с)"
                    assert cooling["message_data"]["params"] == {"wait": 600, "cooldown": 600}
                    unknown = served.submit(who, OWN_VALUE, exercise="99-none").json()
                    assert unknown["detail"] == "задания '99-none' нет: выберите одно из этих: 01-mul-backward"
            for minutes in range(11, 11 * attempts, 11):
                with time_machine.travel(start + timedelta(minutes=minutes), tick=False):
                    assert served.submit(who, OWN_VALUE).status_code == 202
            with time_machine.travel(start + timedelta(minutes=11 * attempts), tick=False):
                over = served.submit(who, OWN_VALUE)
                assert over.status_code == 429 and over.json()["attempts_left"] == 0
                assert over.json()["detail"] == said
                assert over.json()["message_data"]["params"] == {"attempts": attempts}
        start += timedelta(hours=1)


def test_a_closed_exercise_is_said_in_the_courses_language(course):
    from datetime import timedelta

    import time_machine
    from fastapi.testclient import TestClient

    from grader.serve.app import create_app

    from .conftest import Course

    set_in_course(course, lang='"ru"')
    with TestClient(create_app(course, start_pool=False)) as client:
        served = Course(course, client.app, client)
        late_until = served.svc.course.exercises["01-mul-backward"].late_until
        with time_machine.travel(late_until + timedelta(days=1), tick=False):
            closed = served.submit("bob", OWN_VALUE)
    assert closed.status_code == 403
    # the date in the language's words (session 26: `2026-12-14 23:59 UTC`; exact words: tests/serve/test_lang26.py)
    from grader.serve.pages import when

    assert closed.json()["detail"] == (f"приём работ по 01-mul-backward закрыт (срок: {when(late_until, 'ru')}); "
                                       "попросите преподавателя продлить срок")
    assert closed.json()["message_data"]["id"] == "{exercise} closed at {when}; ask your instructor for an extension"
