"""Every reading's work charged to the file's budget (budget.py, session 14): the plain readings (plain_module,
blocks, plain_classes, strip_noise) that ran before any charge, canonical's looks into statements, the lines as
written; each file that made one of them cost more than the file (docs/similarity.md, Speed) read within its budget,
the same reading as before where it was linear, and a file that is sure to spend it read as lexical tokens, saying so."""

import ast

import pytest

from grader.similarity import budget, canonical as canonical_module, meanings, normalise, traits
from grader.similarity.budget import OverBudget, Work
from grader.similarity.canonical import independent_in_order, strip_noise
from grader.similarity.normalise import _top_level_cut, read_source
from grader.similarity.plain_module import plain_module
from grader.similarity.written_lines import with_replacements

from .test_similarity import engine

PLAIN = engine("general/correct-dict-writeback")
GLOBALS = "".join(f"def s{i}():\n    global g{i}\n    g{i} = {i}\ns{i}()\n" for i in range(330))  # 16 KiB
FACTORIES = "".join(f"def m{i}():\n    class C{i}:\n        x = {i}\n    return C{i}\nV{i} = m{i}()\n" for i in range(220))
OVER = {"file": "engine.py", "what": "lexical", "why": f"reading took over {normalise.WORK_LIMIT:,} units of work"}


@pytest.mark.parametrize("text", [GLOBALS, FACTORIES])
def test_a_module_of_many_factories_is_read_within_the_budget_and_says_so(text):
    # each factory looked the whole module through: 330 walks of it, not charged, took 12 s at 1 MiB (60 s and more)
    with pytest.raises(OverBudget):
        plain_module(ast.parse(text), text, Work())
    assert read_source(text).limits == [OVER]
    # traits and meanings read it with a budget of their own: no shapes, no meanings, as for a file that did not parse
    assert not [kind for _, kind, _, _ in traits.traits(text).values() if kind == "shape"]
    assert meanings.meanings(text) == {}


def test_a_few_factories_read_as_the_module_they_build_whatever_is_charged():
    text = "".join(f"def m{i}():\n    class C{i}:\n        x = {i}\n    return C{i}\nV{i} = m{i}()\n" for i in range(3))
    work = Work()
    tree = plain_module(ast.parse(text), text, work)
    assert [type(s).__name__ for s in tree.body] == ["ClassDef", "Assign"] * 3
    assert 0 < work.spent < 600
    assert ast.dump(tree) == ast.dump(plain_module(ast.parse(text), text, budget.FREE))


def test_the_plain_readings_are_charged_before_the_rest():
    text = "if True:\n    x = 1\n" * 200
    work = Work()
    read_source(text, work=work)
    plain = Work(10 ** 9)
    plain_module(ast.parse(text), text, plain)
    assert plain.spent >= 400  # each block looked at, and each statement moved out of it
    short = Work(len(text) + plain.spent - 1)  # the parse and the plain readings alone go over it
    assert read_source(text, work=short).limits == [
        {"file": "engine.py", "what": "lexical", "why": f"reading took over {short.limit:,} units of work"}]


def test_nested_ifs_that_do_nothing_are_each_decided_once(monkeypatch):
    tests = []
    real = canonical_module._no_effect
    monkeypatch.setattr(canonical_module, "_no_effect", lambda e, work=budget.FREE: tests.append(e) or real(e, work))
    depth = 60
    noise = "".join(" " * i + "if x:\n" for i in range(depth)) + " " * depth + "pass\nz = 1\n"
    tree = ast.parse(noise)
    strip_noise(tree)
    assert ast.dump(tree) == ast.dump(ast.parse("z = 1\n"))
    assert len(tests) == depth  # was depth * (depth + 1) / 2: each `if` decided again inside each around it
    kept = "".join(" " * i + "if x:\n" for i in range(depth)) + " " * depth + "y = f()\n"
    tree = ast.parse(kept)
    strip_noise(tree)
    assert ast.dump(tree) == ast.dump(ast.parse(kept))


def test_an_assignment_alone_in_its_block_is_not_looked_into(monkeypatch):
    looked = []
    monkeypatch.setattr(Work, "walked", lambda self, node: looked.append(node) or list(ast.walk(node)))
    alone = ast.parse("x = f(1 if a else (2 if b else 3))\nif c:\n    y = 1\nreturn_value = g()").body
    assert independent_in_order(alone, Work()) == alone and looked == []
    pair = ast.parse("b = 2\na = 1\nc = f()").body
    assert [ast.unparse(s) for s in independent_in_order(pair, Work())] == ["a = 1", "b = 2", "c = f()"]
    assert len(looked) == 3


def test_a_line_of_many_strings_has_each_put_in_place_once():
    # 60,000 strings on a line rebuilt the line for each of them (1.4 s at 64 KiB)
    line = "; ".join(f"s{i} = 'a{i}'" for i in range(4))
    spans = [(m, m + len(f"'a{i}'"), "''") for i, m in enumerate(
        [line.index(f"'a{i}'") for i in range(4)])]
    semicolons = [i for i, c in enumerate(line) if c == ";"]
    written, cuts = with_replacements(line, semicolons, spans)
    assert written == "s0 = ''; s1 = ''; s2 = ''; s3 = ''"
    assert cuts == [i for i, c in enumerate(written) if c == ";"]
    assert with_replacements("self.x = me.y", [], [(9, 11, "self")]) == ("self.x = self.y", [])


@pytest.mark.parametrize("text", [
    "try:\n    x = 1\nexcept E:\n    pass\ny = 2\n",  # not before `except`: a `try` without it does not parse
    "if a:\n    x = 1\nelse:\n    x = 2\ny = 2\n",
    "xs = [\n1,\n]\ny = 2\n",  # not before the bracket that closes
    "x = 1\ny = 2\n",
])
def test_a_long_file_is_cut_where_a_statement_starts(text):
    assert _top_level_cut(text, len(text) - 1) == text.index("y = 2")
    assert _top_level_cut("x = 1\nelsewhere = 2\n", 20) == 6  # a name that starts like a keyword is a statement


def test_a_failed_parse_is_charged_once():
    text = "x = (" * 300  # too many brackets for the parser: repaired to `pass`
    work = Work()
    assert read_source(text, work=work).limits == []
    # parsed once (the same text is not parsed again), then `pass` and its reading: 41 units; was charged a parse for
    # each repair (1,500 units each)
    assert work.spent == len(text) + 41


HOSTILE = {  # small copies of bench/similarity/adversarial.py's session-14 files, one for each reading's cost
    "blocks run once, nested": "".join(" " * i + "for _ in range(1):\n" for i in range(40)) + " " * 40 + "v = w\n",
    "counting whiles, nested": "def f(n):\n" + "".join(
        " " * (2 * i + 1) + f"i{i} = 0\n" + " " * (2 * i + 1) + f"while i{i} < n:\n" for i in range(20)) + " " * 41
    + "y = y + 1\n" + "".join(" " * (2 * i + 3) + f"i{i} += 1\n" for i in reversed(range(20))) + " return y\n",
    "if x: pass, nested": "".join(" " * i + "if x:\n" for i in range(40)) + " " * 40 + "pass\n",
    "functions declaring globals": GLOBALS[:4000],
    "class factories": FACTORIES[:4000],
    "comprehension walrus chains": "x = " + "[" * 40 + "(y := 1)" + " for _ in (0,)]" * 40 + "\n",
    "walrus in if tests": "".join(f"if (a{i} := f({i})) > 0:\n    b = a{i}\n" for i in range(100)),
    "classes by type() of dict()": "".join(
        f"def w{i}(self):\n    return self.data + {i}\nT{i} = type('T{i}', (), dict(w=w{i}, z={i}))\n" for i in range(60)),
    "functions bound by setattr": "class Value:\n    pass\n" + "".join(
        f"def q{i}(self, o):\n    return Value(self.data * o.data)\nsetattr(Value, '__q{i}__', q{i})\n" for i in range(60)),
    "subtractions, squares, appends, folds and index loops (plain_arithmetic)": "import functools, operator\n" + "".join(
        f"def f{i}(xs, ys, w):\n    for i in range(len(xs)):\n        x, y = xs[i], ys[i]\n"
        f"        e = (w.data * x + w.grad * -1) * (w.data * x + w.grad * -1) * len(xs) ** -1\n"
        f"        xs += [e]\n    return functools.reduce(operator.add, [a * a for a in xs], {i % 2})\n"
        for i in range(40)),
    "an engine": PLAIN,
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_every_node_a_reading_walks_is_charged(monkeypatch, name):
    """However a file is written, the nodes the reading's walks visit are at most the units charged: no walk of a
    step goes uncounted (a walk of the whole module for each factory made 12 s of a 1 MiB file, uncharged)."""
    import importlib
    import pkgutil

    import grader.similarity as package
    from grader.similarity import walk as walk_module

    walked = [0]
    real = walk_module.walk

    def counted(node):
        for n in real(node):
            walked[0] += 1
            yield n

    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"grader.similarity.{info.name}")
        if getattr(module, "walk", None) is real:
            monkeypatch.setattr(module, "walk", counted)
    work = Work(10 ** 9)
    read_source(HOSTILE[name], work=work)
    assert 0 < walked[0] <= work.spent
