"""Session 27's language fixes: a list of names is joined as the reader's language enumerates it."""

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
