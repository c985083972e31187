"""The ninth labelled class (bench/similarity/ninth/, issue 27): 57 hand-written files that work, labelled in the
held-out class's shape on a three-region starter (01-mul-backward, 03-tanh, 05-backward), with six evasions no
earlier class has, each on one copy, and each one's plain copy beside it."""

import ast
import re
import sys
import textwrap
from pathlib import Path

import pytest

from tests.similarity.held_out import assert_built_as_committed, assert_held_out_shape

BENCH = Path(__file__).resolve().parents[2] / "bench" / "similarity"
sys.path.insert(0, str(BENCH))

import ninth  # noqa: E402

SUBMISSIONS = ninth.CLASS / "main" / "submissions"
TRICKS = {"defaults", "exec-string", "walrus", "decorators", "backslash", "factory"}


def text(sid: str, folder: Path = SUBMISSIONS) -> str:
    return (folder / f"{sid}.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return ninth.labels()["main"]


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(ninth, tmp_path, labels)
    assert re.findall(r"# TODO\((\S+)\): your code here", starter) == ["01-mul-backward", "03-tanh", "05-backward"]


def test_the_class_has_the_held_out_shape(labels):
    assert_held_out_shape(labels, r"w\d{3}", "fills 01+03+05", 17, {t: 1 for t in TRICKS})
    assert all(lab["kind"].startswith("copy of") and lab["level"] in (1, 2, 3)
               for lab in labels.values() if lab.get("tricks"))
    assert [sid for sid, lab in labels.items() if lab.get("opaque")] == ["w572"]
    assert sorted(p.stem for p in (ninth.CLASS / "plain").glob("*.py")) == sorted(
        sid for sid, lab in labels.items() if lab.get("tricks"))


def test_each_evasion_is_its_plain_copy_with_only_the_trick(labels):
    seen = set()
    for sid, lab in labels.items():
        if not lab.get("tricks"):
            continue
        trick, tricked, before = lab["tricks"][0], text(sid), text(sid, ninth.CLASS / "plain")
        seen.add(trick)
        made = ninth.TRICKS[trick](before, ninth.EXEC_HEADER) if trick == "exec-string" else ninth.TRICKS[trick](before)
        assert made == tricked  # the committed copy is what the scripted trick makes of its plain copy
        tree = ast.parse(tricked)
        if trick == "defaults":  # every closure's free variables bound as its default arguments
            closures = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "_backward"]
            assert len(closures) == 4 and all(f.args.args and len(f.args.defaults) == len(f.args.args)
                                              and all(a.arg == d.id for a, d in zip(f.args.args, f.args.defaults))
                                              for f in closures)
            assert re.sub(r"def _backward\([^)]*\):", "def _backward():", tricked) == before
        elif trick == "exec-string":  # the plain copy, verbatim, in a string run by exec
            assert not any(isinstance(n, ast.ClassDef) for n in ast.walk(tree))
            assigned = next(n.value.value for n in tree.body if isinstance(n, ast.Assign))
            assert assigned == before and "exec(_SOURCE)" in tricked
        elif trick == "walrus":  # every one-line assignment to a name inside a function as `(name := value)`
            assert sum(isinstance(n, ast.NamedExpr) for n in ast.walk(tree)) > 15
            assert not any(isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)
                           for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) for n in ast.walk(f))
            assert re.sub(r"\((\w+) := (.*)\)$", r"\1 = \2", tricked, flags=re.M) == before
        elif trick == "decorators":  # an identity decorator on every def
            defs = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name != "_same"]
            assert len(defs) > 10 and all([ast.unparse(d) for d in f.decorator_list] == ["_same"] for f in defs)
            plain = re.sub(r"^[ \t]*@_same\n", "", tricked, flags=re.M)
            assert plain.replace("\n\ndef _same(f):\n    return f\n", "", 1) == before
        elif trick == "backslash":  # every assignment and return broken after `=` / `return` by a backslash
            assert tricked.count("\\\n") > 30
            assert re.sub(r" \\\n[ \t]+", " ", tricked) == before
            assert ast.dump(tree) == ast.dump(ast.parse(before))
        elif trick == "factory":  # the whole module in a function that returns the class
            assert [type(n).__name__ for n in tree.body] == ["FunctionDef", "Assign"]
            body = tricked.split("\n", 1)[1].split("    return Value\n")[0]
            assert textwrap.dedent(body) == before
    assert seen == TRICKS


def test_copies_keep_their_source_working_and_no_two_files_are_the_same(labels):
    texts = {sid: text(sid) for sid in labels}
    assert len(set(texts.values())) == 57
    for sid, lab in labels.items():
        if lab["kind"].startswith("copy of") and lab["cluster"] != "public":
            source = next(s for s, other in labels.items() if other["cluster"] == lab["cluster"]
                          and other["kind"].startswith("a source"))
            assert texts[sid] != texts[source]


def test_every_trick_on_every_source_runs_as_its_source_and_changes_its_text(labels):
    """What `ninth.py OUT --tricks` measures: each trick applied to each source verbatim still works (fifth.check)."""
    sources = sorted(sid for sid, lab in labels.items() if lab["kind"].startswith("a source"))
    assert len(sources) == 12
    unchanged = []
    for name, trick in ninth.TRICKS.items():
        for sid in sources:
            made = trick(text(sid))
            ninth.check(made, f"{name}-{sid}")
            if made == text(sid):
                unchanged.append((name, sid))
    # only `defaults` can leave a file as it is: an engine whose closures are lambdas (Dario's) has no def to change
    assert unchanged == [("defaults", sid) for sid, lab in sorted(labels.items())
                         if lab["kind"].startswith("a source: Dario")]
