"""Session 26's small leftovers: a Russian note that said «для» twice, a folder's link refused as a folder, the
Chinese gradebook's colon."""

from grader.i18n import translator
from grader.i18n.catalogs import case_problems
from grader.judge.charging import _excuse_note
from grader.load import load_entry
from grader.suites import load_suite


def _note_ru(suite, probe, op, test):
    return translator("ru").render(_excuse_note([(load_suite(suite).probe(probe), None, {op: (test, ())})]))


def test_a_code_headed_phrase_that_says_its_frames_word_is_said_in_its_own_genitive():
    """«для {expression:genitive}» before a phrase said as it is read «для derivative(f, x) для f(x) = …»: such a
    phrase has its genitive in cases.po, and the check asks for one (failed before: «для» twice)."""
    assert _note_ru("08-dual-numbers", "derivative_function", "exp", "own/exp") == (
        "Баллы повторно не снимались: для derivative(f, x) при f(x) = x ** 3 в точке 2, f(x) = sin(x) * exp(x) в "
        "точке 0 и f(x) = 7 (константа) в точке 1 нужен `exp`, а за него уже сняты баллы в тесте own/exp.")
    assert _note_ru("06-gradcheck", "gradcheck_correct", "tanh", "engine/tanh") == (
        "Баллы повторно не снимались: для gradcheck, применённого к tanh при 0.5, x**3 при 2, exp(x) * log(x) при 1.5, "
        "(x*x + 1)**0.5 / x при 0.7 нужен `tanh`, а за него уже сняты баллы в тесте engine/tanh.")
    assert case_problems() == []


def _folder_with_a_link(tmp_path, *, wrapper=False):
    student = tmp_path / "stud"
    (student / "real").mkdir(parents=True)
    (student / "real" / "engine.py").write_text("class Value:\n    pass\n")
    if wrapper:  # the link alone: a wrapper folder that is a link
        outside = tmp_path / "outside"
        outside.mkdir()
        (student / "real" / "engine.py").unlink()
        (student / "real").rmdir()
        (student / "src").symlink_to(outside, target_is_directory=True)
    else:
        (student / "src").symlink_to("real", target_is_directory=True)
    return student


def test_a_link_in_a_folder_is_named_as_a_link_not_a_folder(tmp_path):
    """`real/` and `src -> real` was refused with "found: real/, src/": now the link is said as one, and travels as
    the message's `links` field (failed before)."""
    sub = load_entry(_folder_with_a_link(tmp_path))
    assert sub.problem_message["params"] == {"where": "stud/", "found": {"id": "{names}", "params": {"names": {
        "items": ["real/"], "join": "comma"}}, "text": "real/"}, "links": {"items": ["src"],
                                                                                        "join": "and"}, "n": 1}
    assert [translator(lang).render(sub.problem_message) for lang in ("en", "ru", "zh")] == [
        "no engine.py found in stud/; expected engine.py, or a single .py or .ipynb file (found: real/; src is a "
        "symbolic link, which is not followed)",
        "в stud/ не найден engine.py; ожидался engine.py или один файл .py или .ipynb (найдено: real/; src — "
        "символическая ссылка, по ней грейдер не переходит)",
        "在 stud/ 中没有找到 engine.py；应当是 engine.py，或单个 .py 或 .ipynb 文件（找到的是：real/；src 是符号链接，"
        "评分器不会跟随它）"]


def test_a_wrapper_folder_that_is_a_link_is_named_a_link_to_a_folder(tmp_path):
    sub = load_entry(_folder_with_a_link(tmp_path, wrapper=True))
    assert [translator(lang).render(sub.problem_message) for lang in ("en", "ru", "zh")] == [
        "stud/src is a symbolic link to a folder, which is not followed; submit the folder itself",
        "stud/src — символическая ссылка на папку, по ней грейдер не переходит; сдайте саму папку",
        "stud/src 是指向文件夹的符号链接，评分器不会跟随它；请提交文件夹本身"]
