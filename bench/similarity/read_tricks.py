"""Spellings of a module that change nothing Python runs, each on the ninth class's twelve sources: python
bench/similarity/read_tricks.py [TRICK ...]

A red-team student who read grader/similarity could write a copy in a form its reading does not follow (session 13,
simread). Each trick here is a script such a student could run on a copy; each copy is made from the syntax tree
(`ast.unparse`, so comments go), so each is compared with the plain copy made the same way (`unparsed`: the source's
tree written out again, nothing else changed). The class (bench/similarity/ninth/) is read once; for each variant the
first copy of each of the twelve sources is replaced by the variant of its source (every variant checked against the
reference engine's gradients first: fifth.check), and the (source, copy) pair scored as run.py scores. Printed: for
each trick mean · lowest · largest drop from the plain copy · pairs dropping more than 0.1 (the issue's bar).

The tricks need nothing but the standard library (tests/similarity/evasions/make.py makes its fixtures with them).
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))



def _module(text: str) -> ast.Module:
    return ast.parse(text)


def _out(tree: ast.Module) -> str:
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _classes(tree):
    return [s for s in tree.body if isinstance(s, ast.ClassDef)]


def _methods(cls, keep=("__init__",)):
    return [s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name not in keep]


def _name(cls, method) -> str:
    return f"_{cls.name.lower()}_{method.name.strip('_')}"


def _moved_out(text: str, bind) -> str:
    """Every method but __init__ (and a class-level alias of one) out of each class, as a module function after the
    class, bound to the class by BIND(class name, method name, function name) -> a statement."""
    tree = _module(text)
    body = []
    for top in tree.body:
        body.append(top)
        if not isinstance(top, ast.ClassDef):
            continue
        moved = {m.name: _name(top, m) for m in _methods(top)}
        after = []
        for s in list(top.body):
            if isinstance(s, ast.FunctionDef) and s.name in moved:
                top.body.remove(s)
                method, s.name = s.name, moved[s.name]
                after += [s, bind(top.name, method, s.name)]
            elif isinstance(s, ast.Assign) and isinstance(s.value, ast.Name) and s.value.id in moved:
                top.body.remove(s)
                after += [bind(top.name, t.id, moved[s.value.id]) for t in s.targets]
        top.body = top.body or [ast.Pass()]
        body += after
    tree.body = body
    return _out(tree)


def assigned_after(text: str) -> str:
    """`Value.__add__ = _value_add` after the class, for every method but __init__."""
    return _moved_out(text, lambda c, m, f: ast.parse(f"{c}.{m} = {f}").body[0])


def setattr_after(text: str) -> str:
    """`setattr(Value, "__add__", _value_add)` after the class, for every method but __init__."""
    return _moved_out(text, lambda c, m, f: ast.parse(f"setattr({c}, {m!r}, {f})").body[0])


def setattr_split(text: str) -> str:
    """`setattr(Value, "__a" + "dd__", _value_add)`: the name built from pieces."""
    return _moved_out(text, lambda c, m, f: ast.parse(f"setattr({c}, {m[:3]!r} + {m[3:]!r}, {f})").body[0])


def type_built(text: str) -> str:
    """`Value = type("Value", (), {"__init__": _value_init, ...})`: every method a module function before it, every
    class-level assignment an entry of the dict, the docstring `__doc__`."""
    tree = _module(text)
    body = []
    for top in tree.body:
        if not isinstance(top, ast.ClassDef) or top.decorator_list or top.keywords:
            body.append(top)
            continue
        moved = {m.name: _name(top, m) for m in _methods(top, ())}
        entries = []
        for s in top.body:
            if isinstance(s, ast.FunctionDef):
                method, s.name = s.name, moved[s.name]
                body.append(s)
                entries.append(f"{method!r}: {s.name}")
            elif isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                entries.append(f"'__doc__': {s.value.value!r}")
            elif isinstance(s, ast.Assign) and all(isinstance(t, ast.Name) for t in s.targets):
                value = ast.unparse(s.value)
                for old, new in moved.items():
                    value = value if value != old else new
                entries += [f"{t.id!r}: {value}" for t in s.targets]
            elif isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and s.value is not None:
                entries.append(f"{s.target.id!r}: {ast.unparse(s.value)}")
            else:
                raise ValueError(f"a class statement type() cannot take: {ast.unparse(s)}")
        bases = "(" + "".join(ast.unparse(b) + ", " for b in top.bases) + ")"
        body += ast.parse(f"{top.name} = type({top.name!r}, {bases}, {{{', '.join(entries)}}})").body
    tree.body = body
    return _out(tree)


def lambdas(text: str) -> str:
    """Every method whose body is one `return e` (a docstring aside) as `name = lambda self, ...: e`."""
    tree = _module(text)
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for i, s in enumerate(cls.body):
            body = s.body[1:] if isinstance(s, ast.FunctionDef) and isinstance(s.body[0], ast.Expr) \
                and isinstance(s.body[0].value, ast.Constant) else getattr(s, "body", None)
            if isinstance(s, ast.FunctionDef) and not s.decorator_list and len(body) == 1 \
                    and isinstance(body[0], ast.Return) and body[0].value is not None:
                cls.body[i] = ast.Assign([ast.Name(s.name, ast.Store())], ast.Lambda(s.args, body[0].value),
                                         lineno=s.lineno)
    return _out(tree)


def mixin(text: str) -> str:
    """Every method but __init__ in a base class of its own before the class: `class _ValueOps:` ...,
    `class Value(_ValueOps):`."""
    tree = _module(text)
    body = []
    for top in tree.body:
        if isinstance(top, ast.ClassDef):
            moved = [s for s in top.body if isinstance(s, ast.FunctionDef) and s.name != "__init__"
                     or isinstance(s, ast.Assign) and isinstance(s.value, ast.Name)]
            if moved:
                top.body = [s for s in top.body if s not in moved] or [ast.Pass()]
                body.append(ast.ClassDef(f"_{top.name}Ops", [], [], moved, []))
                top.bases = top.bases + [ast.Name(f"_{top.name}Ops", ast.Load())]
        body.append(top)
    tree.body = body
    return _out(tree)


def _wrapped(text: str, head: str, tail: str = "") -> str:
    tree = _module(text)
    future = [s for s in tree.body if isinstance(s, ast.ImportFrom) and s.module == "__future__"]
    outer = ast.parse(head + "\n    pass\n" + tail)
    outer.body[-1].body = [s for s in tree.body if s not in future]
    outer.body[:0] = future
    return _out(outer)


def if_true(text: str) -> str:
    """The whole module under `if True:`."""
    return _wrapped(text, "if True:")


def try_raise(text: str) -> str:
    """The whole module in `try:` ... `except ImportError: raise`."""
    tree = _module(text)
    outer = ast.parse("try:\n    pass\nexcept ImportError:\n    raise\n")
    outer.body[0].body = tree.body
    return _out(outer)


def with_block(text: str) -> str:
    """The whole module in `with contextlib.suppress():` (it suppresses nothing), after `import contextlib`."""
    tree = _module(text)
    outer = ast.parse("import contextlib\nwith contextlib.suppress():\n    pass\n")
    outer.body[1].body = tree.body
    return _out(outer)


def nested(text: str) -> str:
    """Each class inside a class of its own: `class _ns: class Value: ...`, `Value = _ns.Value` (session 12's)."""
    tree = _module(text)
    body = []
    for top in tree.body:
        if isinstance(top, ast.ClassDef):
            body += [ast.ClassDef(f"_{top.name}NS", [], [], [top], [])]
            body += ast.parse(f"{top.name} = _{top.name}NS.{top.name}").body
        else:
            body.append(top)
    tree.body = body
    return _out(tree)


def global_function(text: str) -> str:
    """The whole module in a function that declares every name it binds global, called once: `def _setup(): global
    math, Value; ...`, `_setup()`."""
    tree = _module(text)
    names = sorted({(a.asname or a.name).split(".")[0] for s in tree.body if isinstance(s, (ast.Import, ast.ImportFrom))
                    for a in s.names} | {s.name for s in tree.body if isinstance(s, (ast.ClassDef, ast.FunctionDef))}
                   | {t.id for s in tree.body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)})
    outer = ast.parse(f"def _setup():\n    global {', '.join(names)}\n_setup()\n")
    docstring = tree.body[:1] if isinstance(tree.body[0], ast.Expr) else []
    outer.body[0].body += tree.body[len(docstring):]
    outer.body[:0] = docstring
    return _out(outer)


class _Walrus(ast.NodeTransformer):
    """Every assignment to one name inside a function as FORM of a walrus expression statement."""

    def __init__(self, form):
        self.form, self.depth = form, 0

    def visit_FunctionDef(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1
        return node

    def visit_Assign(self, node):
        if self.depth and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            walrus = f"({node.targets[0].id} := {ast.unparse(node.value)})"
            return ast.copy_location(ast.parse(self.form.format(walrus)).body[0], node)
        return node


def walrus_comprehension(text: str) -> str:
    """`x = e` in a function as `[(x := e) for _ in (0,)]`: a comprehension that runs once."""
    return _out(_Walrus("[{} for _ in (0,)]").visit(_module(text)))


def walrus_while(text: str) -> str:
    """`x = e` in a function as `while (x := e): break`: a `while` whose test is evaluated once."""
    return _out(_Walrus("while {}:\n    break").visit(_module(text)))


TRICKS = {"assigned-after": assigned_after, "setattr": setattr_after, "setattr-split": setattr_split,
          "type-call": type_built, "lambdas": lambdas, "mixin": mixin, "if-true": if_true, "in-try": try_raise,
          "in-with": with_block, "nested": nested, "global-function": global_function,
          "walrus-comprehension": walrus_comprehension, "walrus-while": walrus_while,
          # three at once: what one student could script in an afternoon
          "stacked": lambda text: with_block(setattr_split(walrus_comprehension(text)))}


def sources_and_copies(labels: dict) -> tuple[dict, dict]:
    """({cluster: source id}, {cluster: its first copy's id}) of one class's main cohort (LABELS: its labels.json)."""
    found = labels["main"]
    sources = {lab["cluster"]: sid for sid, lab in found.items() if lab["kind"].startswith("a source")}
    first = {c: min(sid for sid, lab in found.items() if lab["cluster"] == c and lab["kind"].startswith("copy"))
             for c in sources}
    return sources, first


def table(tricks: dict) -> dict:
    """{variant: {cluster: (source, copy) score}} for `verbatim`, `unparsed` and each of TRICKS."""
    import ninth
    import run
    from fifth import check

    from grader.similarity.cohort import read_document, starter_kgrams

    folder = ninth.CLASS / "main"
    texts = run.submitted_texts(folder / "submissions")
    kgrams = starter_kgrams({"engine.py": (folder / "starter" / "engine.py").read_text(encoding="utf-8")},
                            restyled=True)
    public_kgrams, variant_kgrams = run.known_kgrams({"engine.py": (run.PUBLIC_ARCHIVE / "engine.py").read_text(
        encoding="utf-8")}, run.canonical_sources())
    public = run.read_public("micrograd", (run.PUBLIC_ARCHIVE / "engine.py").read_text(encoding="utf-8"), kgrams,
                             starter_kgrams(run.canonical_sources()))

    def read(sid, text):
        return read_document(sid, {"engine.py": text}, kgrams, public_kgrams, variant_kgrams)

    documents = {sid: read(sid, text) for sid, text in texts.items()}
    sources, first = sources_and_copies(ninth.labels())
    variants = {"verbatim": lambda t: t, "unparsed": lambda t: _out(_module(t)), **tricks}
    scores = {}
    for variant, trick in variants.items():
        cohort = dict(documents)
        for cluster, copy_id in first.items():
            made = trick(texts[sources[cluster]])
            check(made, f"{variant}-{copy_id}")
            cohort[copy_id] = read(copy_id, made)
        group, _ = run.scored_cohort(list(cohort.values()), public)
        pairs = {"|".join(sorted((p.a, p.b))): p.score for p in group.pairs(public={"micrograd": {}},
                                                                               threshold=run.THRESHOLD)}
        scores[variant] = {c: pairs.get("|".join(sorted((first[c], sources[c]))), 0.0) for c in sources}
    return scores


def print_table(scores: dict) -> None:
    print("| copy of the source | mean · lowest · largest drop from `unparsed` · pairs dropping > 0.1 |")
    print("| --- | ---: |")
    for variant, now in scores.items():
        before = scores["unparsed"]
        drops = [before[c] - now[c] for c in now]
        print(f"| {variant} | {sum(now.values()) / len(now):.3f} · {min(now.values()):.3f} · {max(drops):+.3f} · "
              f"{sum(d > 0.1 for d in drops)}/{len(drops)} |")
    for variant, now in scores.items():
        print(variant, {c: round(v, 3) for c, v in sorted(now.items(), key=lambda kv: int(kv[0][1:]))})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tricks", nargs="*", choices=[[], *TRICKS], help="the tricks to measure (default: all)")
    args = parser.parse_args()
    print_table(table({name: TRICKS[name] for name in args.tricks or TRICKS}))


if __name__ == "__main__":
    main()
