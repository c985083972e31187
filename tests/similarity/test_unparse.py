"""The method writes code back from its syntax tree as Python 3.11's `ast.unparse` does, on every Python the grader
runs on (grader/similarity/unparse.py): a method's shape, a canonical variant's lines, what a statement reads. Each
expectation below is 3.11.7's `ast.unparse`; the forms of the first groups are written otherwise by 3.10's, 3.12's
or 3.13's (or 3.11.2's), so that each of these tests fails there if the method goes back to the running Python's.

    python -m tests.similarity.test_unparse   # writes unparsed.json again, after a file it names was changed
"""

import ast
import hashlib
import json
import sys
from pathlib import Path

import pytest

from grader.similarity.traits import traits
from grader.similarity.unparse import unparse

ROOT = Path(__file__).resolve().parents[2]
DIGESTS = Path(__file__).with_name("unparsed.json")

# written as they are read, by 3.11 (and, where said, otherwise by another Python)
AS_IS = [
    # 3.10: parentheses round a tuple target (`(a, b) = c`, `for (k, v) in`), `lambda : 0`
    "a, b = c", "(a, b), c = d", "for k, v in d.items():\n    pass",
    "async def f():\n    async for a, b in c:\n        pass", "[x for a, b in c]", "{k: v for k, v in d}",
    "f = lambda: 0", "f = lambda *a: a",
    # 3.12 and 3.13: `f'{d['k']}'`
    "f\"{d['k']}\"",
    # 3.10 and 3.11.2: `f\"\"\"\"{x}'''\"`, which does not parse (no quote fits every part: 3.11.7 falls back on repr)
    "f'''\"\"\"{x}\\'\\'\\''''",
    # every Python alike
    "f'{x!r:>{w}}'", "f'{x}\\n'", "f'a{{b}}c'", "x[1:2, 3]", "x[()]", "del a, b", "x = (a, b)", "(y := f(x))",
    "with a as (b, c):\n    pass", "x: int = 1", "x = not a == b", "x = {**a, 'b': 1}", "x = b'\\x00'",
    "x = '\\x00\\n\\t'", "raise A from B", "from ..a import b as c, d", "print(*a, sep='', **k)",
    "match x:\n    case [a, *b]:\n        pass\n    case {'k': v, **r}:\n        pass\n    case P(x=1) | None:\n        pass",
]
REWRITTEN = {
    # 3.12 and 3.13: the f-string's own quotes inside it (`f'{('a' if b else 'c')}'`), a format spec's newline escaped
    "f\"{'a' if b else 'c'}\"": "f\"{('a' if b else 'c')}\"",
    "f'{\"a\"}' + f\"{'b'}\"": "f\"{'a'}\" + f\"{'b'}\"",
    "f'{x:{\"a\"}}'": "f\"{x:{'a'}}\"",
    "f'{x:\\'}'": "f\"{x:'}\"",
    "f'{x:\\n}'": 'f"""{x:\n}"""',
    # every Python alike
    "f'''a\nb{x}'''": "f'a\\nb{x}'", "f'{x=}'": "f'x={x!r}'", "f'{ {1: 2}[1] }'": "f'{ {1: 2}[1]}'",
    "x[(a, b)]": "x[a, b]", "return a, b": "return (a, b)", "x = 1e400": "x = 1e309", "x = -1e400j": "x = -1e309j",
    "x = yield a, b": "x = (yield (a, b))", "x = -a ** -b": "x = -a ** (-b)",
    "x = (await a) if b else c": "x = await a if b else c", "x = '''a\nb'''": "x = 'a\\nb'",
    "x = a if b else (c if d else e)": "x = a if b else c if d else e",
    "def f(a, /, b, *, c=1, **k) -> int:\n    '''doc\n    x'''\n    return a":
        'def f(a, /, b, *, c=1, **k) -> int:\n    """doc\n    x"""\n    return a',
    "class A(B, metaclass=M):\n    'doc'": 'class A(B, metaclass=M):\n    """doc"""',
}


@pytest.mark.parametrize("source", AS_IS)
def test_a_form_is_written_as_3_11_writes_it(source):
    assert unparse(ast.parse(source)) == source


@pytest.mark.parametrize("source", sorted(REWRITTEN))
def test_a_form_is_rewritten_as_3_11_rewrites_it(source):
    written = unparse(ast.parse(source))
    assert written == REWRITTEN[source]
    assert ast.dump(ast.parse(written)) == ast.dump(ast.parse(source))


def test_except_star_as_3_11_writes_it():
    if sys.version_info < (3, 11):
        pytest.skip("`except*` is 3.11's syntax")
    source = "try:\n    pass\nexcept* (E, F) as e:\n    raise"
    assert unparse(ast.parse(source)) == source


def test_type_parameters_as_3_13_writes_them():
    """3.11 does not parse them; from 3.12 they are written as 3.13's `ast.unparse` writes them."""
    if sys.version_info < (3, 12):
        pytest.skip("type parameters are 3.12's syntax")
    forms = ["def f[T: int, *Ts, **P](x: T) -> T:\n    return x", "class A[T](B[T]):\n    pass",
             "type Pair[T] = tuple[T, T]"]
    if sys.version_info >= (3, 13):
        forms.append("def g[T = int, *Ts = *tuple[int], **P = [int]]():\n    pass")
    assert [unparse(ast.parse(f)) for f in forms] == forms


SHAPED = '''class Value:
    def backward(self):
        topo, seen = [], set()
        for node, _ in zip(self.order(), range(9)):
            topo.append(node)
        key = lambda: len(topo)
        self.grad, count = 1.0, key()
        return f"{self.label['name']}: {count}"
'''


def test_a_method_shape_is_the_same_text_on_every_python():
    # 3.10: "(self.grad, v) = (1.0, v()) ; (v, v) = ([], set()) ; return ... ; v = lambda : len(v)", another hash
    assert [text for _, kind, text, _ in traits(SHAPED).values() if kind == "shape"] == [
        "return f\"{self.v['']}{v}\" ; self.grad, v = (1.0, v()) ; v = lambda: len(v) ; v, v = ([], set())"]


def test_no_module_of_the_method_writes_with_the_running_pythons_unparse():
    calls = {path.name for path in (ROOT / "grader" / "similarity").glob("*.py")
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Attribute) and node.attr == "unparse"
             and isinstance(node.value, ast.Name) and node.value.id == "ast"}
    assert calls == set()


def _files() -> list[Path]:
    """The benchmark's hand-typed classes (never edited: held out), the classes' sources, the public engine and the
    course's reference (whose variants are written back)."""
    found = [p for folder in ("bench/similarity/eighth", "bench/similarity/ninth", "bench/similarity/fourth",
                              "bench/similarity/fifth", "bench/similarity/sixth", "grader/data/public", "reference")
             for p in sorted((ROOT / folder).rglob("*.py"))]
    return [p for p in found if p.name not in ("__init__.py", "test_engine.py")]


def _unparsed() -> dict[str, str]:
    """{file: sha256 of its tree written back} of every file of _files that parses."""
    out = {}
    for path in _files():
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, UnicodeDecodeError):
            continue
        out[path.relative_to(ROOT).as_posix()] = hashlib.sha256(unparse(tree).encode("utf-8")).hexdigest()
    return out


def test_the_benchmarks_files_are_written_back_as_on_3_11():
    stored = json.loads(DIGESTS.read_text(encoding="utf-8"))
    found = _unparsed()
    assert len(stored) > 150
    assert {f for f in stored if found.get(f) != stored[f]} == set()


def test_on_3_11_the_copy_writes_what_ast_unparse_writes():
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the copy is 3.11's")
    for path in _files():
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, UnicodeDecodeError):
            continue
        nodes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.Return))]  # as traits writes
        assert [unparse(n) for n in nodes] == [ast.unparse(n) for n in nodes], path


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(_unparsed(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
