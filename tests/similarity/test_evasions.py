"""The red team's evasions (issue 27): each is a fixture in evasions/, made by evasions/make.py from one
honest engine, the plain copy (tests/fixtures/general/correct-dict-writeback).

- formfeed.py: one form feed in a comment (str.splitlines breaks the line there, Python does not);
- annotated.py: `x: float = e` for every assignment;
- parens.py: `()` after every statement;
- packed.py: the engine packed with zlib + base64 and run with exec;
- walrus.py: every assignment to one name as `(x := e)` (the ninth class's);
- factory.py: the module inside `def _engine(): ... return Value`, `Value = _engine()` (the ninth class's);
- session 14's (FRESH): operators called through the operator module, the class named through `type(self)`,
  `globals()` or the module itself, bodies in any context manager or in a `try` whose handler re-raises what it
  caught, methods bound with `functools.partialmethod`, `*_extra, **_kw` on every def, the `__init__` a dataclass
  writes, `pow(a, b)`, `math.e ** x`, `return None` ending every function and every `for` as a `while True:` over `next(iter(...))`: each made by the script of bench/similarity/fresh_tricks.py with its name;
- session 13's (READ): the class built otherwise than by a class statement, its blocks inside what runs them once,
  and walrus assignments a comprehension or a `while` evaluates once: each made by the script of bench/similarity/
  read_tricks.py with its name (`type_call.py` by "type-call"), which says what it does.

All but the packed one must score against the plain engine as a verbatim copy does (within 0.1); the packed one
must be reported opaque (and, as it can be unpacked without running it, it is compared too). Also: the hostile
files of bench/similarity/adversarial.py are read within their caps, and say so.
"""

import ast
import base64
import codecs
import textwrap
import zlib
from pathlib import Path

import pytest

from grader.similarity import compare, similarity
from grader.similarity.cohort import read_document
from grader.similarity import budget, normalise
from grader.similarity.meanings import meanings
from grader.similarity.plain_module import plain_module
from grader.similarity.traits import _function_shapes
from grader.similarity.normalise import MAX_CHARS, python_lines, read_source, units_of

from .public_known import read_once
from .test_similarity import CLASS, engine

EVASIONS = Path(__file__).parent / "evasions"
PLAIN = engine("general/correct-dict-writeback")
READ = ["type_call", "assigned_after", "setattr_split", "lambdas", "mixin", "nested", "if_true", "in_try", "in_with",
        "global_function", "walrus_comprehension", "walrus_while"]
FRESH = ["operator_calls", "type_of_self", "globals_lookup", "module_qualified", "bodies_in_exitstack",
         "bodies_in_reraise", "module_in_catch_warnings", "partialmethods", "extra_parameters", "dataclass_init",
         "pow_builtin", "math_e", "return_none", "for_as_while",
         # session 15's (plain_values.py)
         "not_not", "if_true_else", "dict_stores", "star_import", "mangled", "imports_in_functions"]
EVADED = ["formfeed", "annotated", "parens", "packed", "walrus", "factory", *READ, *FRESH]


@pytest.fixture(scope="module")
def scores():
    """Score of (plain, X) for the verbatim copy and each evasion, in a class of honest engines."""
    texts = {name.split("/")[-1]: engine(name) for name in CLASS if not name.endswith("dict-writeback")}
    texts["plain"] = texts["copy"] = PLAIN
    found = {}
    honest = {i: read_once(i, t) for i, t in texts.items()}  # read once, for every class (and scores16's, getattr's)
    # the first four in one class; each later one in a class of its own (one more copy of the plain engine in a
    # class lowers every copy's score a little: a code many hand in is less evidence)
    for names in (EVADED[:4], *([name] for name in EVADED[4:])):
        evaded = {name: (EVASIONS / f"{name}.py").read_text(encoding="utf-8") for name in names}
        record = compare(list(honest.values()) + [read_document(i, {"engine.py": t}) for i, t in evaded.items()], [])
        for pair in record["pairs"]:
            if "plain" in (pair["a"], pair["b"]):
                found[pair["b"] if pair["a"] == "plain" else pair["a"]] = pair["score"]
    return found


@pytest.mark.parametrize("evasion", EVADED)
def test_an_evasion_scores_as_the_plain_copy_does(scores, evasion):
    assert scores["copy"] >= 0.99  # a verbatim copy (the evidence factor approaches 1, never a cap)
    assert scores[evasion] >= scores["copy"] - 0.1


def test_a_form_feed_is_not_a_line_break():
    text = (EVASIONS / "formfeed.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) == len(python_lines(text)) + 1  # str.splitlines breaks at the form feed
    units = {u.name: u for u in units_of(text)}
    assert "Value.__add__" in units  # the class body is read whole
    add_line = next(i for i, line in enumerate(python_lines(text), 1) if "def __add__" in line)
    assert units["Value.__add__"].lines[0] == add_line  # and its lines are Python's


# str.splitlines in the similarity package only where the text is none a submission wrote: an instructor's handout
# block and the README's prose around it (handouts.instruction_kgrams, session 34), a function text the package wrote
# itself, a docstring's first line (a probe's title). A submission's text is cut as Python cuts it (python_lines): its
# line numbers are the tree's (session 20: spacing.py cut at form feeds).
SPLITLINES_ALLOWED = {"handouts.py": 3, "variants.py": 1, "visible_tests.py": 1}


def test_the_similarity_package_cuts_a_submissions_lines_as_python_does():
    package = Path(__file__).parents[2] / "grader" / "similarity"
    found = {}
    for path in sorted(package.glob("*.py")):
        calls = [node for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                 and node.func.attr == "splitlines"]
        if calls:
            found[path.name] = len(calls)
    assert found == SPLITLINES_ALLOWED


def test_annotations_and_no_effect_statements_read_as_the_plain_code():
    plain = [u.tokens for u in units_of(PLAIN)]
    assert [u.tokens for u in units_of((EVASIONS / "annotated.py").read_text(encoding="utf-8"))] == plain
    assert [u.tokens for u in units_of((EVASIONS / "parens.py").read_text(encoding="utf-8"))] == plain
    # a call is kept: it may do something
    assert units_of("def f(x):\n    g(x)\n")[0].tokens != units_of("def f(x):\n    x\n")[0].tokens


@pytest.mark.parametrize("evasion", ["walrus", "factory"])
def test_walrus_assignments_and_a_class_factory_read_as_the_plain_code(evasion):
    tricked = (EVASIONS / f"{evasion}.py").read_text(encoding="utf-8")
    assert [(u.name, u.tokens) for u in units_of(tricked)] == [(u.name, u.tokens) for u in units_of(PLAIN)]
    assert [shape for shape, _, _ in _function_shapes(tricked)] == [shape for shape, _, _ in _function_shapes(PLAIN)]
    # 37 parts, each op's graph (14 ops), the design
    assert set(meanings(tricked)) == set(meanings(PLAIN)) and len(meanings(PLAIN)) == 52


@pytest.mark.parametrize("evasion", READ)
def test_a_class_built_otherwise_and_blocks_run_once_read_as_the_plain_code(evasion):
    """Each of session 13's spellings reads method for method, shape for shape and meaning for meaning as the plain
    engine; but mixin.py, whose methods are in a class of their own (`_ValueOps`) and so named, and in_with.py,
    whose `import contextlib` is code of its own."""
    tricked = (EVASIONS / f"{evasion}.py").read_text(encoding="utf-8")

    def units(text):
        return sorted((u.name.replace("_ValueOps.", "Value.") if evasion == "mixin" else u.name, u.tokens)
                      for u in units_of(text) if u.name != "<module>")

    assert units(tricked) == units(PLAIN) and len(units(PLAIN)) == 16
    modules = [[u.tokens for u in units_of(t) if u.name == "<module>"] for t in (tricked, PLAIN)]
    assert (modules[0] != modules[1]) == (evasion in ("mixin", "in_with"))
    assert sorted(s for s, _, _ in _function_shapes(tricked)) == sorted(s for s, _, _ in _function_shapes(PLAIN))
    if evasion == "mixin":  # its ops are read as the plain engine's; the walk's design (design.py), not: backward is in _ValueOps
        assert set(meanings(tricked)) < set(meanings(PLAIN)) and len(set(meanings(PLAIN)) - set(meanings(tricked))) == 1
    else:
        assert set(meanings(tricked)) == set(meanings(PLAIN))


@pytest.mark.parametrize("evasion", FRESH)
def test_fresh_spellings_read_as_the_plain_code(evasion):
    """Each of session 14's spellings reads method for method, shape for shape and meaning for meaning as the plain
    engine; the module's own code differs only by the imports the trick added (`import operator`, `import sys`...)."""
    tricked = (EVASIONS / f"{evasion}.py").read_text(encoding="utf-8")

    def units(text):
        return sorted((u.name, u.tokens) for u in units_of(text) if u.name != "<module>")

    assert units(tricked) == units(PLAIN) and len(units(PLAIN)) == 16
    modules = [[u.tokens for u in units_of(t) if u.name == "<module>"] for t in (tricked, PLAIN)]
    imported = {"operator_calls": "operator", "module_qualified": "sys", "bodies_in_exitstack": "contextlib",
                "module_in_catch_warnings": "warnings", "partialmethods": "functools",
                "dataclass_init": "dataclasses"}.get(evasion)
    assert (modules[0] != modules[1]) == (imported is not None)
    if imported:
        assert f"import {imported}\n" in tricked
    assert sorted(s for s, _, _ in _function_shapes(tricked)) == sorted(s for s, _, _ in _function_shapes(PLAIN))
    assert set(meanings(tricked)) == set(meanings(PLAIN))


def test_operators_and_the_class_spelt_otherwise_are_the_plain_spelling():
    assert _plain("""
        import operator as op
        from operator import mul, __neg__ as minus, iadd
        import sys
        _me = sys.modules[__name__]
        class V:
            def f(self, o):
                return op.add(self, o), mul(self, 2), minus(self), iadd(self, o), op.truediv(o, 2)
            def g(self, o):
                return type(self)(o), isinstance(o, self.__class__), globals()["V"], sys.modules[__name__].V, _me.V
    """) == ("import operator as op\nfrom operator import mul, __neg__ as minus, iadd\nimport sys\n\n"
             "class V:\n\n    def f(self, o):\n        return (self + o, self * 2, -self, self + o, o / 2)\n\n"
             "    def g(self, o):\n        return (V(o), isinstance(o, V), V, V, V)")
    for kept in ("import operator\nF = {'+': operator.add}\n",  # named, not called
                 "import operator\nx = operator.add(*xs)\n", "import operator\nx = operator.add(a, b, c)\n",
                 "import operator\noperator = 2\nx = operator.add(a, b)\n",  # bound otherwise
                 "from operator import add\ndef f(add):\n    return add(1, 2)\n",
                 "x = operator.add(a, b)\n",  # not imported
                 "class V:\n    def f(self):\n        self = 2\n        return type(self)\n",  # rebound
                 "class V:\n    @staticmethod\n    def f(x):\n        return type(x)\n",  # no instance
                 "class V:\n    def f(self):\n        return [type(self) for self in xs]\n",
                 "def f(self):\n    return type(self)\n",  # not a method
                 "type = lambda x: x\nclass V:\n    def f(self):\n        return type(self)\n",
                 "x = globals()[name]\n", "globals()['V'] = 1\n",
                 "import sys\nM = sys.modules[__name__]\nsetattr(M, 'x', 1)\ny = M.V\n"):
        assert _plain(kept) == ast.unparse(ast.parse(textwrap.dedent(kept))).replace(
            "y = M.V", "y = V"), kept


def test_tests_choices_dicts_star_imports_and_private_names_are_the_plain_code():
    assert _plain("""
        from math import *
        class V:
            def __init__(self, d):
                self.__dict__["data"] = d
                vars(self)["__kids"] = ()
                self.__seen = set()
            def __walk(self):
                if not not self.data and not (not not self.__seen):
                    return [x for x in self.__seen if not not x]
                return exp(self.data) if True else None
            def f(self, o):
                assert not not o
                return (not not o, o if 0 else tanh(pi), self.__walk())
    """) == ("import math\n\nclass V:\n\n    def __init__(self, d):\n        self.data = d\n"
             "        self.__kids = ()\n        self._seen = set()\n\n    def _walk(self):\n"
             "        if self.data and (not self._seen):\n            return [x for x in self._seen if x]\n"
             "        return math.exp(self.data)\n\n    def f(self, o):\n        assert o\n"
             "        return (bool(o), math.tanh(math.pi), self._walk())")
    for kept in ("x = not y\nif not y:\n    pass\n",  # negated once
                 "x = a if c else b\n", "x = a if (1 if c else 0) else b\n",  # a test that is no constant
                 "x = v.__dict__[k]\ny = v.__dict__['not an identifier']\n", "vars = f\nx = vars(v)['a']\n",
                 "from math import *\nexp = f\nx = exp(1)\n",  # bound by the file: not math's
                 "from math import *\ndef f(pi):\n    return pi\n",
                 "from os import *\nx = getcwd()\n",  # a module whose star import is not read
                 "def f(v):\n    return v.__x\n",  # outside a class: not mangled
                 "class V:\n    def f(self):\n        return self.__x + self._x\n",  # `_x` named too
                 "class V:\n    def f(self):\n        return self.__add__(1) + self.__x__\n"):  # dunders
        expected = ast.unparse(ast.parse(kept)).replace("from math import *", "import math")
        assert _plain(kept) == expected, kept


def test_imports_in_functions_are_the_module_s():
    assert _plain("""
        \"\"\"An engine.\"\"\"
        from __future__ import annotations
        import math
        def f(self, out):
            import math
            import random as r
            self.grad += 1.0 * out.grad
            return math.exp(r.random())
        def g():
            import random as r
            return r.random()
    """) == ('"""An engine."""\nfrom __future__ import annotations\nimport random as r\nimport math\n\n'
             'def f(self, out):\n    self.grad += 1.0 * out.grad\n    return math.exp(r.random())\n\n'
             'def g():\n    return r.random()')  # `1.0 * out.grad`, the lecture's, is read as written (docs, Measured)
    for kept in ("def f():\n    import random\n    random = 2\n",  # the name bound otherwise
                 "def f():\n    import engine\n",  # not a standard module
                 "def make():\n    import math\n    class V:\n        pass\n    return V\n",  # a factory's
                 "import math as random\ndef f():\n    import random\n    return random\n"):  # two modules, one name
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept


def test_unread_rest_parameters_and_partial_methods_are_the_plain_code():
    assert _plain("""
        def _add(self, o, *_x, **_k):
            return self.data + o
        class V:
            __add__ = functools.partialmethod(_add)
            def f(self, *args, **kw):
                return g(*args)
    """) == ("class V:\n\n    def __add__(self, o):\n        return self.data + o\n\n"
             "    def f(self, *args):\n        return g(*args)")
    for kept in ("class V:\n    __add__ = functools.partialmethod(_add, 2)\n",  # it binds an argument
                 "class V:\n    __add__ = functools.partial(_add)\n"):  # partial is no method
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_pow_math_e_and_returns_of_none_are_the_plain_code():
    assert _plain("""
        import math
        def f(xs):
            if xs:
                return None
            return pow(math.e ** xs, 2)
        def k(x):
            x.y = 1
            return None
    """) == ("import math\n\ndef f(xs):\n    if xs:\n        return\n    return math.exp(xs) ** 2\n\n"
             "def k(x):\n    x.y = 1")
    for kept in ("[g(x) for x in xs]\n",  # a comprehension as a statement: a student's own idiom (docs, Measured)
                 "pow = f\nx = pow(a, b)\n", "x = pow(a, b, c)\n", "e = 2\nx = e ** 2\n"):
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept
    assert _plain("def f():\n    return None\n") == "def f():\n    return"  # a body of one statement keeps it


def test_a_while_over_next_of_an_iterator_is_the_for_it_writes_out():
    loop = ("def f(xs):\n    it = iter(xs)\n    while True:\n        try:\n            x = next(it)\n"
            "        except StopIteration:\n            break\n        g(x)\n")
    assert _plain(loop) == "def f(xs):\n    for x in xs:\n        g(x)"
    for kept in (loop + "    h(it)\n",  # the iterator named elsewhere
                 loop.replace("StopIteration", "ValueError"), loop.replace("True", "ok"),
                 loop.replace("next(it)", "next(it, None)"), loop.replace("        g(x)\n", "")):  # no body
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept


def test_a_dataclass_is_the_class_with_the_init_it_writes():
    assert _plain("""
        @dataclasses.dataclass(eq=False)
        class V:
            data: float
            _prev: tuple = ()
            def __post_init__(self):
                self.grad = 0
                self.kids = set(self._prev)
            def f(self):
                return self.data
    """) == ("class V:\n\n    def __init__(self, data, _prev=()):\n        self.data = data\n        self._prev = _prev\n"
             "        self.grad = 0\n        self.kids = set(_prev)\n\n    def f(self):\n        return self.data")
    for kept in ("@dataclass\nclass V:\n    x: int\n    def __init__(self):\n        self.x = 1\n",  # its own __init__
                 "@dataclass(init=False)\nclass V:\n    x: int\n",
                 "@dataclass\nclass V:\n    x: list = field(default_factory=list)\n",
                 "@dataclass\nclass V:\n    x: ClassVar[int] = 1\n",
                 "@dataclass\nclass V:\n    x: int = 1\n    y: int\n"):  # refused by the decorator
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_any_context_manager_and_a_handler_raising_what_it_caught_run_their_block_once():
    assert _plain("""
        with warnings.catch_warnings():
            class V:
                def f(self):
                    try:
                        with contextlib.ExitStack(), lock:
                            return 1
                    except Exception as e:
                        raise e
    """) == "class V:\n\n    def f(self):\n        return 1"
    for kept in ("with open('f') as h:\n    x = 1\n",  # bound to a name
                 "try:\n    x = 1\nexcept Exception as e:\n    raise other\n",
                 "try:\n    x = 1\nexcept Exception as e:\n    raise e from None\n",
                 "try:\n    x = 1\nexcept Exception:\n    raise e\n"):  # not what it caught
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def _plain(text):
    return ast.unparse(plain_module(ast.parse(textwrap.dedent(text))))


def test_classes_built_otherwise_are_class_statements():
    assert _plain("""
        def _add(self, o):
            return self.data + o.data
        def _init(self, d):
            self.data = d
        Value = type("Value", (), {"__init__": _init, "__add__": _add, "__radd__": _add, "__doc__": "A number."})
        def neg(self):
            return self * -1
        Value.__neg__ = neg
        Value.__rmul__ = Value.__add__
        setattr(Value, "__s" + "ub__", lambda self, o: self + -o)
        class _ns:
            class Node:
                k = 1
        V = _ns.Node
    """) == ("class Value:\n    \"\"\"A number.\"\"\"\n\n    def __init__(self, d):\n        self.data = d\n\n"
             "    def __add__(self, o):\n        return self.data + o.data\n    __radd__ = __add__\n\n"
             "    def __neg__(self):\n        return self * -1\n    __rmul__ = __add__\n\n"
             "    def __sub__(self, o):\n        return self + -o\n\nclass Node:\n    k = 1\nV = Node")
    for kept in ("class V:\n    pass\ndef f(self):\n    return 1\nV.f = f\ng = f\n",  # defined after, named elsewhere
                 "class V:\n    pass\nV.f = helper(2)\n",  # a value a class body could not compute there
                 "V.f = 1\nclass V:\n    pass\n",  # before the class
                 "type = lambda *a: a\nV = type('V', (), {'f': 1})\n",  # not the builtin type
                 "V = type('V', (), {k: 1})\n",  # a key that is not a constant
                 "class _ns:\n    class V:\n        pass\n    k = 1\nV = _ns.V\n",  # a namespace holding more
                 "class _ns:\n    class V:\n        pass\nV = _ns.V\nW = _ns\n"):  # named elsewhere
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_blocks_run_once_are_read_where_they_are():
    assert _plain("""
        if True:
            import math
        try:
            class V:
                x = 1
        except ImportError:
            raise
        with contextlib.suppress():
            def f(v):
                while v:
                    v = g(v)
                    break
                for _ in range(1):
                    return v
        def _setup():
            global W
            W = 2
        _setup()
    """) == ("import math\n\nclass V:\n    x = 1\n\ndef f(v):\n    if v:\n        v = g(v)\n    return v\nW = 2")
    for kept in ("try:\n    import numpy\nexcept ImportError:\n    numpy = None\n",  # a handler that does something
                 "with open('f') as h:\n    x = 1\n",  # any other context manager
                 "while v:\n    if v:\n        break\n    v = g(v)\n    break\n",  # another break
                 "def _setup():\n    global W\n    W = 2\n    V = 3\n_setup()\n"):  # a local it binds
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_a_walrus_in_a_comprehension_or_while_evaluated_once_is_an_assignment():
    assert _plain("""
        def f(xs):
            [(a := len(xs)) for _ in (0,)]
            {(b := a + 1) for _ in "_"}
            while (c := b * 2):
                break
            return c
    """) == ("def f(xs):\n    a = len(xs)\n    [a]\n    b = a + 1\n    {b}\n    c = b * 2\n    if c:\n        pass\n"
              "    return c")  # what is left does nothing: strip_noise takes it out
    assert _tokens("def f(xs):\n    [(a := len(xs)) for _ in (0,)]\n    while (c := a * 2):\n        break\n    return c\n") \
        == _tokens("def f(xs):\n    a = len(xs)\n    c = a * 2\n    return c\n")
    for kept in ("y = [(x := v) for v in (1,)]",  # its variable read
                 "y = [(x := 2) for _ in (1, 2)]", "y = [(x := 2) for _ in (f(),)]", "y = [(x := 2) for _ in (1,) if c]",
                 "while (x := f()):\n    g(x)"):  # evaluated again and again
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_a_walrus_evaluated_first_is_an_assignment_before_its_statement():
    assert _plain("""
        def f(xs):
            (a := 1)
            if (n := len(xs)) > 0:
                y = (b := n) + 1
            for v in (vs := sorted(xs)):
                print((w := v))
            return (z := a + b)
    """) == ("def f(xs):\n    a = 1\n    n = len(xs)\n    if n > 0:\n        b = n\n        y = b + 1\n"
             "    vs = sorted(xs)\n    for v in vs:\n        w = v\n        print(w)\n    z = a + b\n    return z")
    # evaluated later than something it could change, or again and again, or maybe not at all: left as written
    for kept in ("x += (x := 2)", "y = g() + (x := 2)", "while (x := f()):\n    pass", "y = a or (x := 2)",
                 "y = [(x := v) for v in vs]", "y = (lambda: (x := 2))", "f((f := g))"):
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_a_class_factory_called_once_is_the_module():
    factory = ("def make():\n    import math\n    class V:\n        def t(self):\n"
               "            return math.tanh(self.x)\n    return V\nValue = make()\n")
    assert _plain(factory) == "import math\n\nclass V:\n\n    def t(self):\n        return math.tanh(self.x)\nValue = V"
    for kept in (factory + "Other = make()\n",  # called twice: two classes
                 factory.replace("make():", "make(base):").replace("make()", "make(object)"),  # it takes arguments
                 factory + "math = None\n",  # its names would meet the module's
                 factory.replace("    import math", "    global math\n    import math"),
                 factory.replace("return V", "return 1")):  # it returns no class it defines
        assert _plain(kept) == ast.unparse(ast.parse(kept))


def test_a_class_defined_in_a_function_is_read_as_a_class():
    """A factory with an argument, or called under an `if`, is not the module; its class is still a class."""
    plain = units_of(PLAIN)
    body = "".join(("    " + line if line.strip() else "") + "\n" for line in PLAIN.rstrip("\n").split("\n"))
    for tricked in ("def _engine(k=1):\n" + body + "    return Value\n\n\nValue = _engine()\n",
                    "def _engine():\n" + body + "    return Value\n\n\nif 'Value' not in globals():\n    Value = _engine()\n"):
        units = units_of(tricked)
        assert [u.name for u in units] == ["<module>", "_engine"] + [u.name for u in plain[1:]]
        assert [u.tokens for u in units[2:]] == [u.tokens for u in plain[1:]]  # every method as the plain's
        assert [s for s, _, _ in _function_shapes(tricked)] == [s for s, _, _ in _function_shapes(PLAIN)]
    # a function nothing runs is code nothing runs (reach.py), its class too: one unit
    dead = "def engine(k=1):\n" + body + "    return Value\n"
    assert [u.name for u in units_of(dead)] == ["engine"]


def _tokens(text):
    return [(u.name, u.tokens) for u in units_of(text)]


def test_scripted_spellings_of_the_same_code_read_as_the_plain_code():
    import ast
    import re

    plain = _tokens(PLAIN)
    # the class renamed and aliased back to Value at the end
    aliased = re.sub(r"\bValue\b", "Node", PLAIN) + "\n\nValue = Node\n"
    assert _tokens(aliased) == plain
    from grader.similarity.traits import traits

    def shapes(text):
        return {value for _, kind, value, _ in traits(text).values() if kind == "shape"}

    assert shapes(aliased) == shapes(PLAIN) and len(shapes(PLAIN)) >= 5  # the methods' shapes read it as Value too
    # strings split into pieces, `x.data` read through getattr

    class Split(ast.NodeTransformer):
        def visit_Constant(self, node):
            v = node.value
            if not isinstance(v, str) or not 2 <= len(v) <= 8:
                return node
            return ast.parse(f"{v[:1]!r} + {v[1:]!r}" if len(v) % 2 else f"''.join([{v[:1]!r}, {v[1:]!r}])",
                             mode="eval").body

        def visit_Attribute(self, node):
            self.generic_visit(node)
            if node.attr != "data" or not isinstance(node.ctx, ast.Load):
                return node
            return ast.Call(ast.Name("getattr", ast.Load()), [node.value, ast.Constant("data")], [])

    tree = Split().visit(ast.parse(PLAIN + 'NAMES = ["tanh", "relu", "exp"]\n'))
    split = ast.unparse(ast.fix_missing_locations(tree))
    assert "getattr(" in split and "'.join([" in split
    assert _tokens(split) == _tokens(PLAIN + 'NAMES = ["tanh", "relu", "exp"]\n')
    # an unused private helper at module level is dead code; a used one, a public one or a decorated one is not
    helper = "def _unused_helper(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n\n\n"
    assert _tokens(helper + PLAIN) == plain
    assert _tokens(helper + PLAIN + "\nTOTAL = _unused_helper([1, 2])\n") != _tokens(PLAIN + "\nTOTAL = 3\n")
    assert _tokens(helper.replace("_unused", "unused") + PLAIN) != plain
    assert _tokens("@register\n" + helper + PLAIN) != plain
    # a body wrapped in a loop that runs it once
    body = "    y = x + 1\n    z = y * 2\n"
    once = "def f(x):\n{}    return z\n"
    expected = _tokens(once.format(body))
    assert _tokens(once.format("    for _ in range(1):\n" + body.replace("    ", "        "))) == expected
    assert _tokens(once.format("    while True:\n" + body.replace("    ", "        ") + "        break\n")) == expected
    # ... but not a loop that may run more than once, or whose variable is read
    assert _tokens(once.format("    while True:\n        if x:\n            break\n" + body.replace("    ", "        ")
                               + "        break\n")) != expected
    assert _tokens(once.format("    for i in range(1):\n        y = x + i\n        z = y * 2\n")) != expected


@pytest.mark.parametrize("packing", ["hex", "char codes", "bytes of codes", "lines joined by split", "replace"])
def test_code_packed_into_a_name_is_unpacked_and_its_wrapping_is_not_code(packing):
    if packing == "hex":
        packed = f"_src = bytes.fromhex({PLAIN.encode().hex()!r}).decode('utf-8')\nexec(_src)\n"
    elif packing == "lines joined by split":  # the eighth class's packed copy's form
        b = base64.b64encode(zlib.compress(PLAIN.encode(), 9)).decode()
        wrapped = "\n".join(b[i:i + 76] for i in range(0, len(b), 76))
        packed = f'_src = """\n{wrapped}\n"""\nexec(zlib.decompress(base64.b64decode("".join(_src.split()))))\n'
    elif packing == "replace":
        assert "@@" not in PLAIN
        rot = codecs.encode(PLAIN, "rot13").replace("\n", "\n@@")
        packed = f"import codecs\n_src = {rot!r}\nexec(codecs.decode(_src.replace('@@', ''), 'rot13').strip())\n"
    elif packing == "bytes of codes":
        packed = f"_b = {list(PLAIN.encode())!r}\nexec(bytes(_b).decode())\n"
    else:
        packed = f"_c = {[ord(ch) for ch in PLAIN]!r}\nexec(''.join(map(chr, _c)))\n"
    reading = read_source(packed)
    line = 1 + packed.rstrip().count("\n")
    assert reading.opaque == [{"file": "engine.py", "line": line, "call": "exec", "unpacked": True}]
    assert [u.tokens for u in reading.units] == [u.tokens for u in units_of(PLAIN)]  # `_src = ...` is packing
    assert reading.unpacked == [PLAIN.strip() if packing == "replace" else PLAIN]  # the traits it hides are read
    plain, hidden = read_document("x", {"engine.py": PLAIN}), read_document("x", {"engine.py": packed})
    assert set(plain.traits) <= set(hidden.traits)
    # and the data it was packed in has none (opaque.payload_lines): a module's name it imports at most
    assert {hidden.trait_text[h][0] for h in set(hidden.traits) - set(plain.traits)} <= {"name"}


def test_lines_as_written_are_read_past_annotations_and_no_op_statements():
    from grader.similarity.traits import traits

    plain = "def f(self, other):\n    self.grad = other.data * out.grad\n    return self.grad + other.data\n"
    noisy = ("def f(self, other):\n    self.grad: float = other.data * out.grad; ()\n"
             "    return self.grad + other.data; pass\n")
    assert set(traits(noisy)) == set(traits(plain))
    joined = "def f(self, other):\n    self.grad = other.data * out.grad; return self.grad + other.data\n"
    assert set(traits(joined)) == set(traits(plain))  # two statements joined with `;` are two lines as written
    assert set(traits(plain.replace("out.grad", "out.grad  # ; ()"))) - set(traits(plain))  # a comment is kept


def test_identifiers_are_traits_as_python_reads_them():
    from grader.similarity.traits import traits

    folded = "".join(chr(0xFF41 + ord(ch) - ord("a")) if "a" <= ch <= "z" else ch for ch in "upstream_total")
    text = "def f(upstream_total):\n    return upstream_total * 2 + upstream_total\n"
    assert set(traits(text.replace("upstream_total", folded, 2))) == set(traits(text))


def test_packed_code_is_reported_opaque_and_unpacked_without_running_it():
    reading = read_source((EVASIONS / "packed.py").read_text(encoding="utf-8"))
    assert reading.opaque == [{"file": "engine.py", "line": 2, "call": "exec", "unpacked": True}]
    assert {u.name.split(".", 1)[1] for u in reading.units if u.name.startswith("<exec line 2>.")} >= {
        "Value.__add__", "Value.backward"}


def test_code_that_cannot_be_unpacked_is_opaque_and_not_compared(monkeypatch):
    computed = "import zlib\ndata = open('x').read()\nexec(zlib.decompress(data))\n"
    assert read_source(computed).opaque == [{"file": "engine.py", "line": 3, "call": "exec", "unpacked": False}]
    # marshal data is never loaded in the grader (marshal.loads of hostile bytes can crash the interpreter, and a
    # code object has no source to compare): reported opaque, whatever it holds
    import marshal

    code = base64.b64encode(marshal.dumps(compile(PLAIN, "engine", "exec"))).decode()
    monkeypatch.setattr(marshal, "loads", lambda *a: pytest.fail("marshal.loads called"))
    marshalled = f"import base64, marshal\nexec(marshal.loads(base64.b64decode({code!r})))\n"
    assert read_source(marshalled).opaque == [{"file": "engine.py", "line": 2, "call": "exec", "unpacked": False}]
    bomb = zlib.compress(b"#" * (8 * 1024 * 1024), 9)  # decompresses past MAX_DECODED: stopped there
    packed = f"import zlib, base64\neval(zlib.decompress(base64.b64decode({base64.b64encode(bomb)!r})))\n"
    assert read_source(packed).opaque == [{"file": "engine.py", "line": 2, "call": "eval", "unpacked": False}]


def test_the_record_and_the_page_say_what_is_opaque(tmp_path):
    (tmp_path / "ann.py").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "s1336.py").write_text((EVASIONS / "packed.py").read_text(encoding="utf-8"), encoding="utf-8")
    result = similarity(tmp_path, shipped_public=False)
    rows = {row["id"]: row for row in result.record["submissions"]}
    assert rows["s1336"]["opaque"] == [{"file": "s1336.py", "line": 2, "call": "exec", "unpacked": True}]
    assert "opaque" not in rows["ann"]
    from grader.similarity.html import to_html

    assert "s1336.py, line 2: exec() of data (unpacked and compared)" in to_html(result)
    from click.testing import CliRunner

    from grader.cli import main

    said = CliRunner().invoke(main, ["similarity", str(tmp_path), "-o", str(tmp_path / "s.json")]).output
    assert "  s1336: exec() of data at s1336.py, line 2 (unpacked and compared)" in said.splitlines()


def test_a_helper_bomb_is_inlined_within_its_budget():
    # N one-line helpers each returning the previous one twice: 2^N nodes if inlined naively
    helpers = "def h0(x):\n    return x\n" + "".join(
        f"def h{i}(x):\n    return h{i - 1}(x) + h{i - 1}(x)\n" for i in range(1, 41))
    units = units_of(helpers + "def main(v):\n    return h40(v)\n")
    assert sum(len(u.tokens) for u in units) < 2000


def test_a_long_file_is_compared_up_to_its_cap_and_says_so(monkeypatch):
    # the size cap, not the budget of work, is under test: 64 KB of functions is more work than WORK_LIMIT
    # (functions that run, code names them, with no blank line: nothing for condense.py to leave out)
    monkeypatch.setattr(budget, "WORK_LIMIT", 10 ** 9)  # a file's budget (budget.file_work), since session 43
    head, function = 'EXPORTED = (f,)\n', "def f(a, b):\n    return a + b\n"
    text = head + function * (MAX_CHARS // 10)
    reading = read_source(text)
    assert reading.limits[0]["what"] == "truncated" and reading.limits[0]["chars"] == len(text)
    assert reading.limits[0]["compared_chars"] <= MAX_CHARS
    assert text[reading.limits[0]["compared_chars"]:].startswith("def f")  # cut before a top-level statement
    assert len(reading.units) == 1 + (reading.limits[0]["compared_chars"] - len(head)) // len(function)


def test_the_budget_is_work_not_seconds_so_a_file_is_read_the_same_on_any_machine(monkeypatch):
    import time

    # about 1,000,000 units of work, of functions that run (code names them: nothing for condense.py to leave out)
    many = 'EXPORTED = (f,)\n' + "def f(a, b):\n    c = a + b * 2\n    return c\n" * 2000
    engine_text = engine("general/correct-dict-writeback")
    fast = read_source(many), read_source(engine_text)
    ticks = iter(range(0, 10 ** 9, 1000))  # a machine on which every look at the clock finds 1,000 s gone
    monkeypatch.setattr(time, "process_time", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    slow = read_source(many), read_source(engine_text)
    assert slow == fast
    assert fast[0].limits[-1] == {"file": "engine.py", "what": "lexical",
                                  "why": f"reading took over {normalise.WORK_LIMIT:,} units of work"}
    assert fast[1].limits == [] and fast[1].units[0].name != "<file>"  # an engine is far below the limit
    work = normalise.Work()
    read_source(engine_text, work=work)
    assert 0 < work.spent < normalise.WORK_LIMIT / 5


def test_text_that_does_not_parse_is_read_as_tokens_and_says_so():
    reading = read_source("def f(a):\n    return a +\n" * 20)
    assert [l["what"] for l in reading.limits] == ["lexical"] and reading.units[0].name == "<file>"



def _through_getattr(text: str) -> str:
    """TEXT with every read of an attribute (but math's) as `getattr(x, "name")`, as a script writes it."""

    class Spelt(ast.NodeTransformer):
        def visit_Attribute(self, node):
            self.generic_visit(node)
            if not isinstance(node.ctx, ast.Load) or isinstance(node.value, ast.Name) and node.value.id == "math":
                return node
            return ast.Call(ast.Name("getattr", ast.Load()), [node.value, ast.Constant(node.attr)], [])

    return ast.unparse(ast.fix_missing_locations(Spelt().visit(ast.parse(text))))


def test_getattr_reads_as_the_attribute_in_the_structure_and_the_shapes():
    """`getattr(x, "data")` is `x.data` in the structure and in the methods' shapes: a copy spelt so scores as the
    plain copy does (the seventh class's getattr copies lost 0.02-0.07 through the shapes before)."""
    from grader.similarity.traits import _function_shapes

    spelt = _through_getattr(PLAIN)
    assert spelt.count("getattr(") >= 20  # the test can fail
    plain = ast.unparse(ast.parse(PLAIN))  # the same layout, so that only the spelling differs
    assert _tokens(spelt) == _tokens(plain)
    assert sorted(s for s, _, _ in _function_shapes(spelt)) == sorted(s for s, _, _ in _function_shapes(plain))
    # not read so: a default (the attribute may be missing), a name that is no identifier, a name in a variable
    assert _tokens("y = getattr(x, 'data', 0)\n") != _tokens("y = x.data\n")
    assert _tokens("y = getattr(x, 'da-ta')\n") != _tokens("y = x.data\n")
    assert _tokens("y = getattr(x, name)\n") != _tokens("y = x.name\n")
    texts = {name.split("/")[-1]: engine(name) for name in CLASS if not name.endswith("dict-writeback")}
    texts.update({"plain": plain, "copy": plain, "spelt": spelt})
    record = compare([read_once(i, t) for i, t in texts.items()], [])  # the honest engines as `scores` read them
    found = {p["b"] if p["a"] == "plain" else p["a"]: p["score"] for p in record["pairs"] if "plain" in (p["a"], p["b"])}
    assert found["copy"] >= 0.99 and found["spelt"] >= found["copy"] - 0.1


# session 16 (simread5): a hostile student's calls, displays, strings and tests spelt otherwise (plain_calls.py, and
# plain_arithmetic's addition as a subtraction of the negation), each made by fresh_tricks.py's script of its name on
# an engine of closures (evasions/make.py: c_*.py)
PLAIN16 = engine("submissions/correct-closures")
FRESH16 = ["not_in_spelt", "isinstance_tuple", "unbound_methods", "extend_update", "aug_neg", "constructors",
           "star_calls", "eta_lambdas", "exp_math_pow", "singleton_index", "typing_casts", "enumerate_loops",
           "asserts_added", "invoked_lambdas", "bool_tests", "split_constants", "protocol_dunders", "bodies_in_match",
           "bodies_in_one_loop"]
# session 17 (simread6): the operator module's getters (plain_names: `operator.attrgetter('a')(x)` as `x.a`,
# `operator.methodcaller('m', e)(x)` as `x.m(e)`), the same engine of closures (c_*.py)
FRESH17 = ["attrgetter_loads", "methodcaller_calls"]


@pytest.fixture(scope="module")
def scores16():
    """Score of (plain, X) for the verbatim copy and each of FRESH16, each in a class of the other honest engines."""
    texts = {name.split("/")[-1]: engine(name) for name in CLASS if not name.endswith("correct-closures")}
    texts["plain"] = texts["copy"] = PLAIN16
    honest = [read_once(i, t) for i, t in texts.items()]
    found = {}
    for name in ("copy", *FRESH16, *FRESH17):
        if name == "copy":
            record = compare(honest, [])
        else:
            text = (EVASIONS / f"c_{name}.py").read_text(encoding="utf-8")
            record = compare(honest + [read_document(name, {"engine.py": text})], [])
        for pair in record["pairs"]:
            if "plain" in (pair["a"], pair["b"]) and name in (pair["a"], pair["b"]):
                found[name] = pair["score"]
    return found


@pytest.mark.parametrize("evasion", FRESH16)
def test_session_16_spellings_score_as_the_plain_copy_does(scores16, evasion):
    assert scores16["copy"] >= 0.99
    assert scores16[evasion] >= scores16["copy"] - 0.1


@pytest.mark.parametrize("evasion", FRESH17)
def test_session_17_getters_score_as_the_plain_copy_does_and_read_as_the_plain_code(scores16, evasion):
    """Each scores as the verbatim copy and reads method for method, shape for shape and meaning for meaning as the
    plain engine; the module's own code differs only by the `import operator` the trick added."""
    assert scores16["copy"] >= 0.99 and scores16[evasion] >= scores16["copy"] - 0.1
    tricked = (EVASIONS / f"c_{evasion}.py").read_text(encoding="utf-8")
    assert "operator.attrgetter(" in tricked or "operator.methodcaller(" in tricked

    def units(text):
        return sorted((u.name, u.tokens) for u in units_of(text) if u.name != "<module>")

    assert units(tricked) == units(PLAIN16)
    modules = [[u.tokens for u in units_of(t) if u.name == "<module>"][0] for t in (tricked, PLAIN16)]
    assert modules[0] == (modules[0][0], *modules[1]) and modules[0][0] == "import:operator"
    assert sorted(s for s, _, _ in _function_shapes(tricked)) == sorted(s for s, _, _ in _function_shapes(PLAIN16))
    assert set(meanings(tricked)) == set(meanings(PLAIN16))


def test_getters_read_as_what_they_get_and_the_rest_as_written():
    assert _plain("""
        import operator as op
        from operator import attrgetter as ag, methodcaller
        y = ag('grad')(op.methodcaller('f', 1, z)(x))
        methodcaller('_backward')(v)
    """) == ("import operator as op\nfrom operator import attrgetter as ag, methodcaller\ny = x.f(1, z).grad\n"
             "v._backward()")
    for kept in ("import operator\ny = operator.attrgetter('a.b')(x)\n",  # a dotted path, not one attribute
                 "import operator\ny = operator.attrgetter('a', 'b')(x)\n",  # a tuple of two
                 "import operator\ny = operator.methodcaller('f', k=1)(x)\n",  # keywords
                 "import operator\ny = operator.methodcaller(name)(x)\n",  # a name not written
                 "import operator\ny = operator.attrgetter('a')(x, z)\n",
                 "import operator\noperator = None\ny = operator.attrgetter('a')(x)\n"):  # bound twice
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept


@pytest.mark.parametrize("evasion", FRESH16)
def test_session_16_spellings_read_as_the_plain_code(evasion):
    """Each reads unit for unit (the module's own code too: typing's import out with the casts), shape for shape and
    meaning for meaning as the plain engine."""
    tricked = (EVASIONS / f"c_{evasion}.py").read_text(encoding="utf-8")
    assert sorted((u.name, u.tokens) for u in units_of(tricked)) == sorted((u.name, u.tokens) for u in units_of(PLAIN16))
    assert sorted(s for s, _, _ in _function_shapes(tricked)) == sorted(s for s, _, _ in _function_shapes(PLAIN16))
    assert set(meanings(tricked)) == set(meanings(PLAIN16))


def test_calls_displays_and_strings_spelt_otherwise_are_the_plain_spelling():
    assert _plain("""
        import typing
        from typing import cast as C
        class V:
            def __add__(self, o):
                return V(*(self.data + o.data, (self, o)), **{"op": "+"})
            def f(self, o, xs, s):
                xs.extend([o]); s.update({o}); list.append(xs, self); set.add(s, o); xs.extend((1, 2))
                return ((self.data,)[0], [o, self][-1], typing.cast("V", o), C(int, 2), int(), float(), str(),
                        tuple(), list(), dict(), lambda: g(), lambda a, b: h(a, b), not o in xs, not o is None,
                        isinstance(o, (V,)), [x for _, x in enumerate(xs)], math.pow(math.e, o), o - (-self))
    """) == ("class V:\n\n    def __add__(self, o):\n        return V(self.data + o.data, (self, o), op='+')\n\n"
             "    def f(self, o, xs, s):\n        xs.append(o)\n        s.add(o)\n        xs.append(self)\n"
             "        s.add(o)\n        xs.extend((1, 2))\n        return (self.data, self, o, 2, 0, 0.0, '', (), [], {}, "
             "g, h, o not in xs, o is not None, isinstance(o, V), [x for x in xs], math.exp(o), o + self)")
    for kept in ("x = f(*xs)\n", "x = (a, g())[0]\n", "x = (a, b)[i]\n", "x = (a,)[1]\n", "x = cast(T, e)\n",
                 "int = float\nx = int()\n", "x = set()\n", "x = list(xs)\n", "x = dict.fromkeys(xs)\n", "x = list.append\n",
                 "d.update([(k, v)])\n", "x = self.__add__(o)\n", "f = lambda x=1: g(x)\n", "f = lambda: x()(1)\n",
                 "f = lambda x: g(x, 1)\n", "f = lambda g: g()\n", "x = [i for i, _ in enumerate(xs)]\n",
                 "x = math.pow(2, o)\n", "x = '{}'.format(a)\n", "x = '%s' % (a,)\n",
                 "class V:\n    def __add__(self, o):\n        return self - (-o)\n"):  # its own definition
        assert _plain(kept) == ast.unparse(ast.parse(textwrap.dedent(kept))), kept


def test_assertions_true_of_every_call_are_out():
    assert _plain("""
        class V:
            def f(self, o):
                assert isinstance(self, V)
                assert self is not None
                assert isinstance(o, V)
                return o
            def g(this):
                assert isinstance(this, (int, V)), "a V"
                assert this
                return this
    """) == ("class V:\n\n    def f(self, o):\n        assert isinstance(o, V)\n        return o\n\n"
             "    def g(this):\n        return this")
    for kept in ("class V:\n    def f(self):\n        assert isinstance(self, W)\n",
                 "class V:\n    @staticmethod\n    def f(x):\n        assert isinstance(x, V)\n",
                 "class V:\n    def f(self):\n        assert isinstance(self, V), g()\n",
                 "class V:\n    def f(self):\n        self = g()\n        assert self\n",
                 "def f(self):\n    assert isinstance(self, V)\n"):
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept


def test_a_compounds_square_as_its_product_reads_as_the_square():
    """The thirteenth class's square-as-product copy (bench/similarity/thirteenth: t812 and its plain copy, a
    fit_line.py whose own square is `(p - y) ** 2`) reads unit for unit and shape for shape as the plain copy; a
    name's product stays as written (honest fillers write `1 - t * t`)."""
    tricked, plain = ((EVASIONS / f"square_compound{end}.py").read_text(encoding="utf-8") for end in ("", "_plain"))
    assert "(p - y) * (p - y)" in tricked and "(p - y) ** 2" in plain
    assert [(u.name, u.tokens) for u in units_of(tricked)] == [(u.name, u.tokens) for u in units_of(plain)]
    assert [s for s, _, _ in _function_shapes(tricked)] == [s for s, _, _ in _function_shapes(plain)]
    assert _plain("x = (a.b - c) * (a.b - c) + t * t + (a + f(b)) * (a + f(b)) + (a - b) * (b - a)\n") == (
        "x = (a.b - c) ** 2 + t * t + (a + f(b)) * (a + f(b)) + (a - b) * (b - a)")


def test_numbers_tests_and_calls_python_runs_plainly_are_the_plain_spelling():
    assert _plain("""
        x = (1 + 1) * 2 - 0.5 * 2 + a
        if bool(a) and not bool(b) or not not bool(c):
            y = (lambda: a + b)() + xs.__getitem__(i) + xs.__len__() + xs.__contains__(a)
        while bool(z):
            z = [v for v in xs if bool(v)]
    """) == ("x = 3.0 + a\nif a and (not b) or c:\n    y = a + b + xs[i] + len(xs) + (a in xs)\nwhile z:\n"
             "    z = [v for v in xs if v]")
    # two readings of one expression: each reads what the other left
    assert _plain("import typing\nf = lambda: int()\ng = (lambda: h())()\nk = lambda a, b: typing.cast(a, b)\n") == (
        "f = lambda: 0\ng = h()\nk = lambda a, b: b")
    for kept in ("x = 1 / 0\n", "x = 2 ** 100\n", "x = 2 ** 0.5\n", "x = bool(a)\n", "bool = f\nif bool(a):\n    pass\n",
                 "x = (lambda v: v)(1)\n", "x = (lambda: a)(*b)\n", "len = f\nx = xs.__len__()\n",
                 "x = xs.__getitem__(i, j)\n"):
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept


def test_a_match_of_one_wildcard_and_a_loop_over_one_constant_run_their_block_once():
    assert _plain("""
        def f(a):
            match 0:
                case _:
                    b = a + 1
            for _ in (None,):
                return b
    """) == "def f(a):\n    b = a + 1\n    return b"
    for kept in ("match a:\n    case 1:\n        b = 1\n", "match a:\n    case _ if a:\n        b = 1\n",
                 "match a:\n    case x:\n        b = x\n", "match f():\n    case _:\n        b = 1\n",
                 "match a:\n    case 1:\n        b = 1\n    case _:\n        b = 2\n",
                 "for _ in (a,):\n    b = 1\n", "for x in (1,):\n    b = x\n", "for _ in (1, 2):\n    b = 1\n",
                 "for _ in (1,):\n    b = 1\nelse:\n    b = 2\n"):
        assert _plain(kept) == ast.unparse(ast.parse(kept)), kept


def test_each_session_16_spelling_alone_is_looked_for():
    """A file holding one of plain_calls' spellings and nothing else is read (the text marks that let a file be
    walked cover each, with the spaces, line breaks and backslashes Python allows)."""
    from grader.similarity.plain_calls import calls_as_written

    for text in ("if bool(x):\n    y = 1\n", "y = xs.__getitem__(i)\n", "y = (1 +\\\n 1)\n", "y = 0.5 * 2\n",
                 "y = f(* (a, b))\n", "y = math . pow(math.e, x)\n", "y = list.\\\n    append(xs, e)\n",
                 "xs . extend([e])\n", "y = (x,)[0]\n", "from typing import cast\ny = cast(T, x)\n", "y = int()\n",
                 "f = lambda: g()\n", "y = not a in b\n", "y = isinstance(x, (C,))\n",
                 "y = [x for _, x in enumerate(xs)]\n", "class V:\n    def f(self):\n        assert self\n"):
        tree = ast.parse(text)
        assert calls_as_written(tree, text) and ast.unparse(tree) != ast.unparse(ast.parse(text)), text
