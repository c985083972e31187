"""Session 26's language leftovers: the "Not charged again" note's verb agrees with the number of ops it names, a
list cut short («и ещё 2») is said in the reader's language, and a phrase ending in a clause of its own (`…, where
the gradients are large`) is closed by a comma where the sentence goes on. Each failed before."""

from grader.i18n import Message, translator
from grader.judge import expression_of
from grader.judge.charging import _excuse_note
from grader.load import load_entry
from grader.suites import load_suite


def _note(suite, probe, by):
    note = _excuse_note([(load_suite(suite).probe(probe), None, by)])
    return note, [translator(lang).render(note) for lang in ("en", "ru", "zh")]


def test_the_note_says_one_op_in_the_singular_and_two_in_the_plural_each_language():
    """«нужны `exp`» for one op (failed before: the form followed the number of tests, and Russian's singular
    form was plural too); the count that decides it travels as the part's `n`, the tests' as its clause's."""
    note, said = _note("engine", "exp_values", {"exp": ("own/exp", ())})
    assert said == [
        "Not charged again: y = exp(x) * 2 at x = 1 needs `exp`, which own/exp already charges.",
        "Баллы повторно не снимались: для y = exp(x) * 2 при x = 1 нужен `exp`, а за него уже сняты баллы "
        "в тесте own/exp.",
        "不重复扣分：x = 1 时的 y = exp(x) * 2 需要 `exp`，而 own/exp 已经为此扣过分。"]
    part = note.params["parts"]["items"][0]
    assert (part["count"], part["params"]["n"], part["params"]["charged"]["params"]["n"]) == ("n", 1, 1)
    note, said = _note("engine", "exp_values", {"exp": ("own/exp", ()), "log": ("own/log", ())})
    assert said == [
        "Not charged again: y = exp(x) * 2 at x = 1 needs `exp` and `log`, which own/exp and own/log "
        "already charge.",
        "Баллы повторно не снимались: для y = exp(x) * 2 при x = 1 нужны `exp` и `log`, а за них уже сняты "
        "баллы в тестах own/exp и own/log.",
        "不重复扣分：x = 1 时的 y = exp(x) * 2 需要 `exp`和`log`，而 own/exp和own/log 已经为此扣过分。"]
    # two ops one test charges: the verb follows the ops, the test stays one
    assert _note("engine", "exp_values", {"exp": ("own/ops", ()), "log": ("own/ops", ())})[1][1] == (
        "Баллы повторно не снимались: для y = exp(x) * 2 при x = 1 нужны `exp` и `log`, а за них уже сняты "
        "баллы в тесте own/ops.")
    # an op built on another: «на вашем `exp`, а за него»
    assert _note("engine", "exp_values", {"exp": ("own/exp", frozenset({"tanh"}))})[1] == [
        "Not charged again: y = exp(x) * 2 at x = 1: your engine builds `tanh` on your `exp`, which own/exp "
        "already charges.",
        "Баллы повторно не снимались: y = exp(x) * 2 при x = 1: ваш движок строит `tanh` на вашем `exp`, а за "
        "него уже сняты баллы в тесте own/exp.",
        "不重复扣分：x = 1 时的 y = exp(x) * 2：你的引擎用你的 `exp` 构建 `tanh`，而 own/exp 已经为此扣过分。"]


def test_a_list_cut_short_is_said_in_the_readers_language(tmp_path):
    """`found: a.txt, …, h.txt, and 2 more` was English inside the Russian and Chinese sentences (failed before);
    the names and the count travel as the part's fields."""
    for i in range(10):
        (tmp_path / "stud" / f"n{i}.txt").parent.mkdir(exist_ok=True)
        (tmp_path / "stud" / f"n{i}.txt").write_text("")
    sub = load_entry(tmp_path / "stud")
    found = sub.problem_message["params"]["found"]
    assert (found["params"]["names"], found["params"]["n"]) == ({"items": [f"n{i}.txt" for i in range(8)],
                                                                 "join": "comma"}, 2)  # joined per language
    names = "n0.txt, n1.txt, n2.txt, n3.txt, n4.txt, n5.txt, n6.txt, n7.txt"
    assert [translator(lang).render(sub.problem_message) for lang in ("en", "ru", "zh")] == [
        f"no engine.py found in stud/; expected engine.py, or a single .py or .ipynb file (found: {names}, and 2 more)",
        f"в stud/ не найден engine.py; ожидался engine.py или один файл .py или .ipynb (найдено: {names} и ещё 2)",
        f"在 stud/ 中没有找到 engine.py；应当是 engine.py，或单个 .py 或 .ipynb 文件（找到的是：{names.replace(', ', '、')}，以及另外 2 个）"]


def test_a_phrase_ending_in_a_clause_is_closed_by_a_comma_where_the_sentence_goes_on():
    """`…, where the gradients are large needs `exp``, «…, где градиенты велики нужны `exp`» (failed before): a
    comma closes the clause in every language, and in every frame that goes on after the phrase."""
    assert _note("06-gradcheck", "gradcheck_steep", {"exp": ("own/exp", ())})[1] == [
        "Not charged again: gradcheck on exp(3x) at 2 and 1 / x at 0.05, where the gradients are large, needs `exp`, "
        "which own/exp already charges.",
        "Баллы повторно не снимались: для gradcheck, применённого к exp(3x) при 2 и к 1 / x при 0.05, где градиенты "
        "велики, нужен `exp`, а за него уже сняты баллы в тесте own/exp.",
        "不重复扣分：对 exp(3x) 在 2 处和 1 / x 在 0.05 处做 gradcheck，那里梯度很大，需要 `exp`，而 own/exp 已经为此扣过分。"]
    # a Russian clause where the English has none («в точке, где y отрицателен»), in another frame
    differ = Message("for {expression}, your gradients differ",
                     {"expression": expression_of(load_suite("10-neuron").probe("tanh_points")).to_json()})
    assert translator("ru").render(differ) == (
        "для y = tanh(w1*x1 + w2*x2 + b) в точке из micrograd (y = 0.7071) и в точке, где y отрицателен, ваши "
        "градиенты отличаются")
    assert translator("en").render(differ) == ("for y = tanh(w1*x1 + w2*x2 + b) at micrograd's point (y = 0.7071) and "
                                               "at one where y is negative, your gradients differ")
    # a phrase ending in no clause, and one closed by a colon, get no comma
    assert _note("engine", "exp_values", {"exp": ("own/exp", ())})[1][0].startswith(
        "Not charged again: y = exp(x) * 2 at x = 1 needs `exp`")
