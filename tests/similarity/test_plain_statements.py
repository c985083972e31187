"""Session 18 (simread7): Python's own equivalences read as the plain statements (plain_statements.py): a loop over
`iter(xs)`, a closure's free names bound as defaults, `c and f()` as a statement, `if not c: raise AssertionError`,
an if/else swapped under `not`. Each fixture (evasions/make.py, by fresh_tricks.py's script of its name) scores as the
verbatim copy of its engine does and reads unit for unit, shape for shape and meaning for meaning as the engine; and
each reading is made only where it is exact."""

import ast
import textwrap
from pathlib import Path

import pytest

from grader.similarity import compare
from grader.similarity.cohort import read_document
from grader.similarity.meanings import meanings
from grader.similarity.normalise import units_of
from grader.similarity.plain_module import plain_module
from grader.similarity.traits import _function_shapes
from grader.similarity.written_lines import restyled

from .public_known import read_once
from .test_similarity import CLASS, engine

EVASIONS = Path(__file__).resolve().parent / "evasions"
# fixture -> the engine it was made from (tests/fixtures/submissions)
FRESH18 = {"c_iter_loops": "correct-closures", "c_defaults_captured": "correct-closures",
           "c_assert_as_raise": "correct-closures", "k_ifs_as_and": "correct-kahn", "e_ifs_swapped": "correct-edgelist"}


@pytest.fixture(scope="module")
def scores18():
    """{fixture: (score of the verbatim copy, score of the fixture)}, each against its engine in a class of the other
    honest engines."""
    found = {}
    for plain in sorted(set(FRESH18.values())):
        texts = {name.split("/")[-1]: engine(name) for name in CLASS if not name.endswith(plain)}
        texts["plain"] = texts["copy"] = engine(f"submissions/{plain}")
        honest = [read_once(i, t) for i, t in texts.items()]  # each engine read once for the three classes
        copy = next(p["score"] for p in compare(honest, [])["pairs"] if {p["a"], p["b"]} == {"plain", "copy"})
        for name in [n for n, e in FRESH18.items() if e == plain]:
            text = (EVASIONS / f"{name}.py").read_text(encoding="utf-8")
            record = compare(honest + [read_document(name, {"engine.py": text})], [])
            found[name] = copy, next(p["score"] for p in record["pairs"] if {p["a"], p["b"]} == {"plain", name})
    return found


@pytest.mark.parametrize("name", FRESH18)
def test_each_scores_as_the_verbatim_copy_and_reads_as_its_engine(scores18, name):
    copy, tricked_score = scores18[name]
    assert copy >= 0.99 and tricked_score >= copy - 0.1
    assert_reads_as((EVASIONS / f"{name}.py").read_text(encoding="utf-8"), engine(f"submissions/{FRESH18[name]}"))


def assert_reads_as(tricked, plain):
    """TRICKED, another text than PLAIN, reads unit for unit, shape for shape and meaning for meaning as PLAIN."""
    assert tricked != plain

    def units(text):
        return sorted((u.name, u.tokens) for u in units_of(text))

    assert units(tricked) == units(plain)
    assert sorted(s for s, _, _ in _function_shapes(tricked)) == sorted(s for s, _, _ in _function_shapes(plain))
    assert set(meanings(tricked)) == set(meanings(plain))


def _plain(text):
    return ast.unparse(plain_module(ast.parse(textwrap.dedent(text))))


def _same(text):
    text = textwrap.dedent(text)
    return _plain(text) == ast.unparse(ast.parse(text))


def test_loops_over_iter_are_loops_over_the_iterable():
    assert _plain("""
        for v in iter(reversed(topo)):
            v.f()
        xs = [p for p in iter(iter(v._prev))]
    """) == "for v in reversed(topo):\n    v.f()\nxs = [p for p in v._prev]"
    assert _same("iter = list\nfor v in iter(xs):\n    f(v)\n")  # not the builtin
    assert _same("for v in iter(f, None):\n    g(v)\n")  # a callable and a sentinel
    assert _same("async def f():\n    async for v in iter(xs):\n        g(v)\n")
    assert _same("it = iter(xs)\nfor v in it:\n    g(v)\nh(it)\n")  # (session 19: read where `it` is named nowhere else)
    assert restyled("for 子 in iter(节点._prev):") == "for 子 in 节点._prev:"
    assert restyled("for x in iter(a)(b):") == "for x in iter(a)(b):"


CLOSURE = """
    class Value:
        def __mul__(self, other):
            other = other if isinstance(other, Value) else Value(other)
            out = Value(self.data * other.data, (self, other))
            def _backward(%s):
                self.grad += other.data * out.grad
            out._backward = _backward
            out.g = lambda out=out: out.grad
            return out
        def backward(self):
            self._backward()
"""


def test_a_closures_free_names_bound_as_defaults_are_free_names():
    read = _plain(CLOSURE % "self=self, other=other, out=out")
    assert read == _plain(CLOSURE % "").replace("out.g = lambda out=out:", "out.g = lambda:")
    assert "def _backward():" in read and "lambda: out.grad" in read
    assert "def _backward(g, *, k=1):" in _plain(CLOSURE % "g, self=self, *, k=1, out=out")  # only the captured


@pytest.mark.parametrize("kept", [
    # the def in a loop: each default is the value of its own turn
    "def f(xs):\n    fs = []\n    for x in xs:\n\n        def g(x=x):\n            return x\n        fs.append(g)\n",
    # the name bound again after the def: the default is the value before
    "def f(x):\n\n    def g(x=x):\n        return x\n    h = g\n    x = 2\n    return h\n",
    # called with an argument somewhere: the parameter is a parameter
    "def f(x):\n\n    def g(x=x):\n        return x\n    v.g = g\n    return v.g(3)\n",
    # named otherwise than assigned (returned, passed on)
    "def f(x):\n\n    def g(x=x):\n        return x\n    return g\n",
    # nonlocal, decorated, at the module's level, in a class
    "def f(x):\n\n    def g(x=x):\n\n        def h():\n            nonlocal x\n            x = 2\n        h()\n"
    "        return x\n    v.g = g\n",
    "def f(x):\n\n    @cache\n    def g(x=x):\n        return x\n    v.g = g\n",
    "x = 1\n\ndef g(x=x):\n    return x\nv.g = g\n",
    "class C:\n    x = 1\n\n    def g(self, x=x):\n        return x\n",
    # the nested function binds the name itself
    "def f(x):\n\n    def g(x=x):\n        x = x + 1\n        return x\n    v.g = g\n",
])
def test_defaults_that_are_not_the_closures_value_are_kept(kept):
    assert _same(kept), kept


def test_a_short_circuit_statement_is_the_if_it_runs():
    assert _plain("""
        c and f()
        c or f()
        a and b and f()
        a and (b or f())
        f() if c else g()
        f() if c else None
        None if c else g()
    """) == ("if c:\n    f()\nif not c:\n    f()\nif a and b:\n    f()\nif a:\n    if not b:\n        f()\n"
             "if c:\n    f()\nelse:\n    g()\nif c:\n    f()\nif not c:\n    g()")
    assert _same("x = c and f()\n") and _same("return_value = a if c else b\n")


def test_an_assertion_written_out_is_the_assertion():
    assert _plain("""
        if not isinstance(n, (int, float)):
            raise AssertionError('n')
        if k < 0:
            raise AssertionError
        if x is not None:
            raise AssertionError()
        else:
            y = x
    """) == "assert isinstance(n, (int, float)), 'n'\nassert not k < 0\nassert x is None\ny = x"
    for kept in ("AssertionError = ValueError\nif not c:\n    raise AssertionError\n",  # not the builtin
                 "if not c:\n    raise AssertionError('a', 'b')\n",
                 "if not c:\n    raise AssertionError from e\n",
                 "if not c:\n    raise TypeError('n')\n",
                 "if not c:\n    f()\n    raise AssertionError\n"):
        assert _same(kept), kept


def test_an_if_else_under_not_is_turned_round_and_a_jump_comes_first():
    assert _plain("""
        if not c:
            b()
        else:
            a()
        if x not in seen:
            b()
        else:
            a()
        if c:
            a()
        else:
            return b
    """) == ("if c:\n    a()\nelse:\n    b()\nif x in seen:\n    a()\nelse:\n    b()\n"
             "if not c:\n    return b\nelse:\n    a()")
    assert _plain("if not not c:\n    a()\nelse:\n    b()\n") == "if c:\n    a()\nelse:\n    b()"
    for kept in ("if not c:\n    b()\nelif d:\n    a()\n",  # an elif
                 "if not c:\n    return b\nelse:\n    a()\n",  # the jump first already
                 "if not c:\n    b()\n"):  # no else
        assert _same(kept), kept
