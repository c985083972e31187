"""Session 19 (simread8): two rewrites other hands' copiers may use, read as the plain code. A method under a decorator
of the file whose wrapper binds its parameters first (`other = ...` or `if c: other = ...`) and then calls the method
with them (decorators.py, which siml4f wrote the same session for a wrapper that rewrites the call's arguments) is
the method with those statements first; `it = iter(xs)` then at once `for x in it:` (plain_names._iterator_loops) is
`for x in xs:`, in the tree and in the lines as written. Each fixture (evasions/make.py, by fresh_tricks.py's script
of its name, on the engine of closures) scores as the verbatim copy does (on 7153b59 before: 0.9984 each) and reads
unit for unit, shape for shape and meaning for meaning as the engine; each reading is made only where it is exact."""

import textwrap
from pathlib import Path

import pytest

from grader.similarity import compare
from grader.similarity.cohort import read_document
from grader.similarity.traits import traits

from .test_plain_statements import _plain, _same, assert_reads_as
from .public_known import read_once
from .test_similarity import CLASS, engine

EVASIONS = Path(__file__).resolve().parent / "evasions"
FRESH19 = ("c_lifted_coercion", "c_iter_bound")
PLAIN = "correct-closures"


@pytest.fixture(scope="module")
def scores19():
    """{fixture: score against its engine}, and the verbatim copy's, in a class of the other honest engines."""
    texts = {name.split("/")[-1]: engine(name) for name in CLASS if not name.endswith(PLAIN)}
    texts["plain"] = texts["copy"] = engine(f"submissions/{PLAIN}")
    honest = [read_once(i, t) for i, t in texts.items()]
    found = {"copy": next(p["score"] for p in compare(honest, [])["pairs"] if {p["a"], p["b"]} == {"plain", "copy"})}
    for name in FRESH19:
        text = (EVASIONS / f"{name}.py").read_text(encoding="utf-8")
        record = compare(honest + [read_document(name, {"engine.py": text})], [])
        found[name] = next(p["score"] for p in record["pairs"] if {p["a"], p["b"]} == {"plain", name})
    return found


@pytest.mark.parametrize("name", FRESH19)
def test_each_scores_as_the_verbatim_copy_and_reads_as_its_engine(scores19, name):
    assert scores19["copy"] == 1.0 and scores19[name] == 1.0
    assert_reads_as((EVASIONS / f"{name}.py").read_text(encoding="utf-8"), engine(f"submissions/{PLAIN}"))


LIFTED = textwrap.dedent("""
    import functools

    def _lifted(f):
        @functools.wraps(f)
        def w(self, other):
            if not isinstance(other, Value):
                other = Value(other)
            return f(self, other)
        return w

    class Value:
        @_lifted
        def __add__(a, b):
            '''a + b'''
            return Value(a.data + b.data)
""")


def test_a_method_under_a_coercing_decorator_is_the_method_with_the_coercion_first():
    assert _plain(LIFTED) == textwrap.dedent("""\
        import functools

        class Value:

            def __add__(self, other):
                if not isinstance(other, Value):
                    other = Value(other)
                'a + b'
                return Value(self.data + other.data)""")  # the wrapper's names: keywords bind as they did (simexact)
    # the decorator named elsewhere too: its def stays, the method is read the same
    kept = _plain(LIFTED + "\nalso = _lifted(print)\n")
    assert "def _lifted(f):" in kept and "    def __add__(self, other):\n        if not isinstance(other, Value):" in kept


@pytest.mark.parametrize("text", [
    LIFTED.replace("return f(self, other)", "return f(other, self)"),  # the arguments swapped
    LIFTED.replace("return f(self, other)", "print(other)\n        return f(self, other)"),  # it does more
    LIFTED.replace("other = Value(other)", "tmp = Value(other)"),  # binds a name of its own
    LIFTED.replace("def __add__(a, b):", "def __add__(a, b=0):"),  # a default the wrapper does not have
    LIFTED.replace("def __add__(a, b):", "def __add__(a, b, c):"),  # another signature
    LIFTED.replace("return Value(a.data + b.data)", "Value = 1\n        return a"),  # binds a name it reads
    LIFTED.replace("return Value(a.data + b.data)", "yield a"),  # a generator: its body runs later
    LIFTED.replace("@functools.wraps(f)", "@functools.lru_cache()"),  # another decorator on the wrapper
    LIFTED + "\n_lifted = print\n",  # bound twice
    LIFTED.replace("other = Value(other)", "other = f(other)"),  # reads the decorated function
])
def test_a_decorator_that_does_more_or_otherwise_is_kept(text):
    assert "@_lifted" in _plain(text) or "@functools" in _plain(text)


def test_an_iterator_bound_then_looped_over_is_the_loop_over_the_iterable():
    assert _plain("""
        def f(xs, ys):
            it = iter(xs)
            for x in it:
                g(x)
            it = iter(reversed(ys))
            for y in it:
                inner = iter(y)
                for z in inner:
                    g(z)
    """) == "def f(xs, ys):\n    for x in xs:\n        g(x)\n    for y in reversed(ys):\n        for z in y:\n" \
        "            g(z)"


@pytest.mark.parametrize("text", [
    "def f(xs):\n    it = iter(xs)\n    for x in it:\n        next(it)\n",  # read in the loop too
    "def f(xs):\n    it = iter(xs)\n    for x in it:\n        break\n    return it\n",  # read after it
    "def f(xs):\n    it = iter(xs)\n    g()\n    for x in it:\n        h(x)\n",  # not at once
    "iter = list\ndef f(xs):\n    it = iter(xs)\n    for x in it:\n        h(x)\n",  # not the builtin
    "class C:\n    it = iter(xs)\n    for x in it:\n        h(x)\n",  # a class's attribute
    "def f(xs):\n    it = iter(xs)\n    for x in it:\n        h(x)\ndef g():\n    return it\n",  # named elsewhere
])
def test_an_iterator_named_otherwise_is_kept(text):
    assert _same(text)


def test_the_lines_as_written_read_the_pair_as_the_loop():
    def lines(text):
        return sorted(t for _, kind, t, _ in traits(textwrap.dedent(text)).values() if kind == "line")

    assert lines("""
        def f(topo):
            nodes = iter(reversed(topo))
            for node in nodes:
                node._backward()
    """) == lines("""
        def f(topo):
            for node in reversed(topo):
                node._backward()
    """) == ["def f(topo):", "for node in reversed(topo):", "node._backward()"]
    # named again: the two lines as they are
    assert lines("""
        def f(topo):
            nodes = iter(reversed(topo))
            for node in nodes:
                node._backward(nodes)
    """) == ["def f(topo):", "for node in nodes:", "node._backward(nodes)", "nodes = iter(reversed(topo))"]
