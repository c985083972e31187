"""Session 23 (sim17): disguises of the seventeenth class's level-3 copies (08-dual-numbers' dual.py) that the reading
did not see through, each read as its plain spelling (emitter.py).

- A negated comparison is the comparison: `not 0 < x` is `x <= 0`; a choice between two branches on `x <= 0` is the
  choice on `x > 0` with its branches swapped (the conditional expression and if/else).
"""

from grader.similarity.normalise import read_source


def tokens(source: str, unit: str = "f") -> str:
    return next(" ".join(u.tokens) for u in read_source(source, "dual.py").units if u.name == unit)


def test_a_negated_comparison_is_the_comparison():
    guard = "def f(x):\n    if {}:\n        raise ValueError('x')\n    return x\n"
    plain = tokens(guard.format("x <= 0"))
    assert plain == "def:f:1 { if cmp:LtE v 0 { Raise call:1 ValueError str } Return v }"
    assert tokens(guard.format("not x > 0")) == tokens(guard.format("not 0 < x")) == plain
    assert tokens(guard.format("not x == 0")) == tokens(guard.format("x != 0"))


def test_a_choice_on_a_loose_comparison_is_the_strict_one_the_other_way_round():
    plain = tokens("def f(x):\n    return x if x > 0 else 0.0\n")
    assert plain == "def:f:1 { Return IfExp cmp:Lt 0 v v 0.0 }"
    assert tokens("def f(x):\n    return 0.0 if x <= 0 else x\n") == plain
    assert tokens("def f(x):\n    return 0.0 if not x > 0 else x\n") == plain
    assert tokens("def f(x):\n    return 0.0 if 0 >= x else x\n") == plain
    branches = "def f(x):\n    if {}:\n        g(x)\n    else:\n        h(x)\n"
    assert tokens(branches.format("x <= 0")) == tokens(branches.format("x > 0").replace("g(x)", "G").replace(
        "h(x)", "g(x)").replace("G", "h(x)"))
