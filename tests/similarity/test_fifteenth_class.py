"""The fifteenth labelled class (bench/similarity/fifteenth/, issue 27, held out): 57 hand-written engines on
03-tanh's starter (engine.py, one TODO region) that work, labelled in the held-out class's shape, their copies
disguised by hand with fourteen tricks no earlier class has; its public source the grader's micrograd engine."""

import ast
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.similarity.held_out import assert_built_as_committed, assert_hard_pairs_same_and_copies_differ, \
    assert_held_out_shape

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import fifteenth  # noqa: E402
import run  # noqa: E402

SUBMISSIONS = fifteenth.CLASS / "main" / "submissions"
MICROGRAD = REPO / "grader" / "data" / "public" / "karpathy-micrograd" / "engine.py"
TRICKS = {"unpack-bind": 1, "vars-lookup": 1, "posonly-slash": 2, "guard-asserts": 1, "yoda-comparisons": 1,
          "sum-accumulate": 1, "short-circuit-statements": 1, "closure-factory": 1, "tuple-index-choice": 2,
          "literal-arithmetic": 1, "sorted-reversal": 1, "set-union-update": 1, "del-temporaries": 1,
          "concat-repr": 1}


def text(sid: str) -> str:
    return (SUBMISSIONS / f"{sid}.py").read_text(encoding="utf-8")


def nodes(source: str, kind) -> list:
    return [n for n in ast.walk(ast.parse(source)) if isinstance(n, kind)]


@pytest.fixture(scope="module")
def labels():
    return fifteenth.labels()["main"]


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(fifteenth, tmp_path, labels, plain=False)  # every file through check
    assert starter == (REPO / "exercises" / "03-tanh" / "engine.py").read_text(encoding="utf-8")
    assert len(re.findall(r"# TODO\(03-tanh\): your code here", starter)) == 1
    cohort = tmp_path / "class" / "main"
    assert not (tmp_path / "class" / "public").exists()  # the grader's own micrograd engine is its public source
    assert run.starter_file(cohort).name == "engine.py"
    assert run.public_source(cohort) == run.PUBLIC_ARCHIVE / "engine.py"
    with pytest.raises(ValueError):
        fifteenth.build(tmp_path / "plain", plain=True)  # no plain copies: the tricks were applied by hand


def test_the_class_has_the_held_out_shape(labels):
    assert_held_out_shape(labels, r"e\d{3}", "fills 03-tanh", 18, TRICKS)
    assert all(lab["kind"].startswith("copy of") and lab["level"] in (2, 3, 4)
               for lab in labels.values() if lab.get("tricks"))
    public = [text(sid) for sid, lab in labels.items() if lab["cluster"] == "public"]
    assert all(re.search(r"def backward\(self(, /)?\):", t) and "def tanh(self" in t and "def exp(self" in t
               and "def log(self" in t and "def __rtruediv__(self, " in t for t in public)  # micrograd, handed in
    assert sum(t.startswith("import math\n") for t in public) == 5


def test_hard_pairs_are_the_same_code_and_copies_differ(labels):
    assert_hard_pairs_same_and_copies_differ(labels, {sid: text(sid) for sid in labels}, {})


def _has(trick: str, source: str) -> bool:
    """Whether SOURCE carries TRICK, read from its syntax tree (the README says what each is)."""
    if trick == "unpack-bind":
        return any(isinstance(a.targets[0], (ast.List, ast.Tuple)) and len(a.targets[0].elts) == 1
                   and isinstance(a.value, (ast.List, ast.Tuple)) for a in nodes(source, ast.Assign))
    if trick == "vars-lookup":
        return (len([s for s in nodes(source, ast.Subscript) if isinstance(s.value, ast.Call)
                     and getattr(s.value.func, "id", "") == "vars"]) >= 3
                and not re.search(r"math\.(tanh|exp|log)\(", source))
    if trick == "posonly-slash":
        functions = [f for f in nodes(source, ast.FunctionDef) if f.args.posonlyargs or f.args.args]
        return len(functions) >= 10 and all(f.args.posonlyargs and not f.args.args for f in functions)
    if trick == "guard-asserts":
        return len(nodes(source, ast.Assert)) >= 4
    if trick == "yoda-comparisons":
        return len([c for c in nodes(source, ast.Compare) if isinstance(c.left, ast.Constant)]) >= 3
    if trick == "sum-accumulate":
        return (not [a for a in nodes(source, ast.AugAssign) if isinstance(a.target, ast.Attribute)]
                and len([c for c in nodes(source, ast.Call) if getattr(c.func, "id", "") == "sum"
                         and isinstance(c.args[0], ast.Tuple)]) >= 7)
    if trick == "short-circuit-statements":
        return any(isinstance(e.value, ast.BoolOp) for e in nodes(source, ast.Expr))
    if trick == "closure-factory":
        return len([f for f in nodes(source, ast.FunctionDef) if f.name == "make"
                    and any(isinstance(s, ast.FunctionDef) for s in f.body)]) == 3
    if trick == "tuple-index-choice":
        return any(isinstance(s.value, ast.Tuple) and isinstance(s.slice, (ast.Compare, ast.Call))
                   for s in nodes(source, ast.Subscript))
    if trick == "literal-arithmetic":
        return len([b for b in nodes(source, ast.BinOp) if isinstance(b.left, ast.Constant)
                    and isinstance(b.right, ast.Constant)]) >= 8
    if trick == "sorted-reversal":
        return any(getattr(c.func, "id", "") == "sorted" and {k.arg for k in c.keywords} == {"key", "reverse"}
                   for c in nodes(source, ast.Call)) and "reversed(" not in source
    if trick == "set-union-update":
        return any(isinstance(a.op, ast.BitOr) and isinstance(a.value, ast.Set) for a in nodes(source, ast.AugAssign))
    if trick == "del-temporaries":
        return len(nodes(source, ast.Delete)) >= 6
    if trick == "concat-repr":
        reprs = [f for f in nodes(source, ast.FunctionDef) if f.name == "__repr__"]
        return bool(reprs) and all(isinstance(f.body[-1].value, ast.BinOp)
                                   and not any(isinstance(n, ast.JoinedStr) for n in ast.walk(f)) for f in reprs)
    raise AssertionError(trick)


def test_each_trick_is_in_its_copy_and_not_in_what_it_copied(labels):
    sources = {lab["cluster"]: text(sid) for sid, lab in labels.items() if lab["kind"].startswith("a source")}
    sources["public"] = MICROGRAD.read_text(encoding="utf-8")
    seen = Counter()
    for sid, lab in labels.items():
        for trick in lab.get("tricks", []):
            seen[trick] += 1
            assert _has(trick, text(sid)), (sid, trick)
            assert not _has(trick, sources[lab["cluster"]]), (sid, trick)
            assert not _has(trick, fifteenth.CLASS.joinpath("main", "starter", "engine.py").read_text("utf-8"))
    assert seen == TRICKS


@pytest.mark.parametrize("mutation", [
    ("(1 - t**2) * out.grad", "(1 - t) * out.grad"),  # the README's mistakes: 1 - t
    ("(1 - t**2) * out.grad", "(1 - t)**2 * out.grad"),  # (1 - t)**2
    ("(1 - t**2) * out.grad", "(1 - self.data**2) * out.grad"),  # the derivative from the input
    ("(1 - t**2) * out.grad", "(1 - t**2)"),  # without * out.grad
    ("self.grad += (1 - t**2)", "self.grad = (1 - t**2)"),  # = for +=
    ("t = math.tanh(self.data)", "t = math.tanh(self.data) if self.data < 20 else 0.0"),  # a wrong value far out
])
def test_the_check_finds_an_engine_that_does_not_do_what_the_exercise_asks(labels, mutation):
    source = text(next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h0" and "(h0b)" in lab["kind"]))
    old, new = mutation
    assert source.count(old) == 1
    fifteenth.check(source, "h0b")
    with pytest.raises(AssertionError):
        fifteenth.check(source.replace(old, new), "h0b mutated")
