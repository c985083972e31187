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
