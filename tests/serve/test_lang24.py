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
