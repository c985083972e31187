"""Session 40: operators stamped out with exec from a template string formatted over a literal table (sim39b1's level-4
copy s519 of s371) are read as the code they make (opaque.py, with unrolled.py: `unrolled`, `formatted`), as packed
code is.

templated/source.py is a fresh engine written for this test (each op a method: its value, its parents and its local
derivatives); templated/copy.py the same engine as a copier asked to "make it look different" writes it: the seven
ops one template `BODY` formatted per row of a literal table `OPS` and run with exec, the rest kept. Both pass
sim35b1's check (tests/test_bench_controls.py's way).
"""

import ast
from pathlib import Path

import pytest

from grader.similarity import compare
from grader.similarity.opaque import opaque_calls
from grader.similarity.unrolled import MAX_ROWS

from .public_known import read_once
from .test_similarity import CLASS, engine

HERE = Path(__file__).parent / "templated"


def _calls(text: str):
    return [(call.line, call.text, sorted(call.names)) for call in opaque_calls(list(ast.walk(ast.parse(text))))]


def test_a_template_formatted_over_a_literal_table_is_the_code_each_row_makes():
    text = ('T = "def {name}(x):\\n    return {body}\\n"\n'
            'for name, body in [("double", "x * 2"), ("half", "x / 2")]:\n'
            '    exec(T.format(name=name, body=body))\n')
    assert _calls(text) == [(3, "def double(x):\n    return x * 2\n\ndef half(x):\n    return x / 2\n", ["T"])]
    # `%` of a tuple, a dict display's items, a condition on a row's text, a number of the table, nested loops
    text = ('T = "def %s(x):\\n    return %s\\n"\n'
            'ROWS = {"inc": "x + 1", "neg": "-x"}\n'
            'for name, body in ROWS.items():\n'
            '    exec(T % (name, body if "-" in body else "(" + body + ")"))\n')
    assert _calls(text) == [(4, "def inc(x):\n    return (x + 1)\n\ndef neg(x):\n    return -x\n", ["ROWS", "T"])]
    text = ('for a in ["p", "q"]:\n'
            '    for k in (1, 2):\n'
            '        exec("{0}{1} = {1}".format(a, k))\n')
    assert _calls(text) == [(3, "p1 = 1\np2 = 2\nq1 = 1\nq2 = 2", [])]


@pytest.mark.parametrize("text", [
    'for n in names():\n    exec("def {0}(): pass".format(n))',  # a table that is not a literal
    'for n, b in [("f", g)]:\n    exec("def {0}(): return {1}".format(n, b))',  # a row that is not all constants
    'exec("{0.__class__}".format("a"))',  # a field that reads an attribute
    'exec("{0:>99999999}".format("a"))',  # a width that makes a huge text
    'exec(("{0}" * 1000).format("y" * 200000))',  # a text over MAX_DECODED
    'exec("def {n}(): pass".format(**{"n": "f"}))',  # a table spread into keywords
    f'for i in {list(range(MAX_ROWS + 1))}:\n    exec("x{{0}} = 1".format(i))',  # more rows than MAX_ROWS
    'for n in ["f"]:\n    k = 3\n    exec("def {0}(): return {1}".format(n, k))',  # a number that is not the table's
])
def test_what_is_not_a_literal_table_formatted_stays_opaque(text):
    assert [text for _, text, _ in _calls(text)] == [None]


def test_a_copy_whose_ops_are_stamped_from_a_template_scores_near_its_source():
    """In a class of eleven honest engines, the templated copy against its source: 0.628, third behind two honest
    pairs (0.712, 0.699), when the exec was opaque (its walk and its derived ops compared only); 0.908 and first now,
    the honest pairs as they were."""
    texts = {name.split("/")[-1]: engine(name) for name in CLASS}
    texts["source"] = (HERE / "source.py").read_text(encoding="utf-8")
    texts["copy"] = (HERE / "copy.py").read_text(encoding="utf-8")
    documents = [read_once(i, t) for i, t in texts.items()]
    assert [o["unpacked"] for d in documents if d.id == "copy" for o in d.opaque] == [True]
    record = compare(documents, [])
    assert (record["pairs"][0]["a"], record["pairs"][0]["b"], record["pairs"][0]["score"]) == ("copy", "source", 0.908)
    assert [(p["a"], p["b"], p["score"]) for p in record["pairs"][1:3]] == [
        ("correct-dataclass-graphlib", "correct-kahn", 0.7118),
        ("correct-recursive-raised-limit", "correct-tanh-exp2x", 0.699)]
