"""`grade similarity` reads and scores a class alike on Python 3.11 to 3.13: where the language changed under it
(f-strings tokenized into parts from 3.12, PEP 701; `sum` of floats compensated from 3.12, gh-100425; `ast.dump`
without empty fields from 3.13), the method reads as on 3.11. Each assertion here held on 3.11 before the change and
failed on 3.12 or 3.13 without it (3.10: docs/similarity.md, the method)."""

import ast
import tokenize

from grader.similarity.canonical import independent_in_order

from grader.similarity.normalise import _lexical_units
from grader.similarity.scores import float_sum
from grader.similarity.tokens import python_tokens
from grader.similarity.traits import traits

# an f-string with a conversion, a nested format spec, an escaped brace and an f-string inside; a multi-line one
SOURCE = '''def show(v, width=8):
    print(f"{v.label!r:>{width}}: data={v.data:.4f} {{grad}}={f'{v.grad:.4f}'}")
    return f"""node {v.label}
    with {len(v._prev)} inputs"""
'''


def test_an_f_string_is_one_string_token_of_its_text_as_written():
    read = [(tokenize.tok_name[t.type], t.string, t.start, t.end) for t in python_tokens(SOURCE)
            if t.type in (tokenize.NAME, tokenize.OP, tokenize.STRING, tokenize.NUMBER)]
    assert read[10:] == [
        ("NAME", "print", (2, 4), (2, 9)), ("OP", "(", (2, 9), (2, 10)),
        ("STRING", "f\"{v.label!r:>{width}}: data={v.data:.4f} {{grad}}={f'{v.grad:.4f}'}\"", (2, 10), (2, 79)),
        ("OP", ")", (2, 79), (2, 80)), ("NAME", "return", (3, 4), (3, 10)),
        ("STRING", 'f"""node {v.label}\n    with {len(v._prev)} inputs"""', (3, 11), (4, 33))]
    assert [t[1] for t in read[:10]] == ["def", "show", "(", "v", ",", "width", "=", "8", ")", ":"]


def test_an_f_string_is_one_string_in_the_traits_and_the_lexical_units():
    assert sorted((kind, text, size) for size, kind, text, _ in traits(SOURCE).values()) == [
        ("line", "def show(v, width=8):", 1), ("line", "print('')", 1), ("line", 'return f"""node {v.label}', 1),
        ("line", 'with {len(v._prev)} inputs"""', 1), ("name", "show", 1.0), ("name", "width", 1.0),
        ("number", "8", 1.0), ("string", "node { v . label } with { len ( v . _prev ) } inputs", 6),
        ("string", "{ v . label ! r : > { width } } : data = { v . data : . 4f } { grad } = "  # `{{grad}}`: `{grad}`
                   "{ f ' { v . grad : . 4f } ' }", 6)]
    assert _lexical_units(SOURCE, "engine.py")[0].tokens == (
        "def", "v", "(", "v", ",", "v", "=", "8", ")", ":", "print", "(", "str", ")", "return", "str")


def test_an_f_string_the_text_ends_inside_reads_as_far_as_tokenize_reads():
    read = []
    try:
        for token in python_tokens('x = 1\ny = f"""{x}\n'):
            read.append(token.string)
    except tokenize.TokenError:
        pass
    assert [s for s in read if s.strip()] == ["x", "=", "1", "y", "="]


def test_floats_are_summed_left_to_right():
    # 3.12's compensated sum gives 1.0 and 0.3 here
    assert float_sum([0.1] * 10) == 0.9999999999999999
    assert float_sum(x for x in (0.1, 0.2)) == 0.30000000000000004
    assert float_sum([]) == 0 and float_sum([1, 2]) == 3


def test_independent_statements_are_put_in_the_same_order():
    for source in ("order = []\nstack = [self]\n", "stack = [self]\norder = []\n"):
        statements = independent_in_order(ast.parse(source).body)
        assert [ast.unparse(s) for s in statements] == ["stack = [self]", "order = []"]
