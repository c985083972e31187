"""Session 26's small leftovers: a Russian note that said «для» twice, a folder's link refused as a folder, the
Chinese gradebook's colon."""

from grader.i18n import translator
from grader.i18n.catalogs import case_problems
from grader.judge.charging import _excuse_note
from grader.suites import load_suite


def _note_ru(suite, probe, op, test):
    return translator("ru").render(_excuse_note([(load_suite(suite).probe(probe), None, {op: (test, ())})]))


def test_a_code_headed_phrase_that_says_its_frames_word_is_said_in_its_own_genitive():
    """«для {expression:genitive}» before a phrase said as it is read «для derivative(f, x) для f(x) = …»: such a
    phrase has its genitive in cases.po, and the check asks for one (failed before: «для» twice)."""
    assert _note_ru("08-dual-numbers", "derivative_function", "exp", "own/exp") == (
        "Баллы повторно не снимались: для derivative(f, x) при f(x) = x ** 3 в точке 2, f(x) = sin(x) * exp(x) в "
        "точке 0 и f(x) = 7 (константа) в точке 1 нужны `exp`, а за них уже сняты баллы в тесте own/exp.")
    assert _note_ru("06-gradcheck", "gradcheck_correct", "tanh", "engine/tanh") == (
        "Баллы повторно не снимались: для gradcheck, применённого к tanh при 0.5, x**3 при 2, exp(x) * log(x) при 1.5, "
        "(x*x + 1)**0.5 / x при 0.7 нужны `tanh`, а за них уже сняты баллы в тесте engine/tanh.")
    assert case_problems() == []
