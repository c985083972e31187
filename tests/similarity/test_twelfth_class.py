"""The twelfth labelled class (bench/similarity/twelfth/, issue 27, held out): 57 hand-written files of 10-neuron's
neuron.py that work, labelled in the held-out class's shape, with six evasions no earlier class has, each on one copy,
and each one's plain copy beside it; its public source the grader's micrograd engine."""

import ast
import re
import sys
from pathlib import Path

import pytest

from tests.similarity.held_out import (
    assert_built_as_committed, assert_hard_pairs_same_and_copies_differ, assert_held_out_shape,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import run  # noqa: E402
import twelfth  # noqa: E402

SUBMISSIONS = twelfth.CLASS / "main" / "submissions"
TRICKS = {"return-temp", "debug-logging", "literal-hoisting", "signature-hints", "alias-builtins", "string-escapes"}


def text(sid: str, folder: Path = SUBMISSIONS) -> str:
    return (folder / f"{sid}.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return twelfth.labels()["main"]


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(twelfth, tmp_path, labels)  # every file through twelfth.check
    assert starter == (REPO / "exercises" / "10-neuron" / "neuron.py").read_text(encoding="utf-8")
    assert len(re.findall(r"# TODO\(10-neuron\): your code here", starter)) == 3
    cohort = tmp_path / "class" / "main"
    assert not (tmp_path / "class" / "public").exists()  # the grader's own micrograd engine is its public source
    assert run.starter_file(cohort).name == "neuron.py"
    assert run.public_source(cohort) == run.PUBLIC_ARCHIVE / "engine.py"


def test_the_class_has_the_held_out_shape(labels):
    assert_held_out_shape(labels, r"n\d{3}", "fills 10 (neuron.py)", 17, {t: 1 for t in TRICKS})
    assert all(lab["kind"].startswith("copy of") and lab["level"] in (1, 2, 3)
               for lab in labels.values() if lab.get("tricks"))
    assert sorted(p.stem for p in (twelfth.CLASS / "plain").glob("*.py")) == sorted(
        sid for sid, lab in labels.items() if lab.get("tricks"))
    public = [text(sid) for sid, lab in labels.items() if lab["cluster"] == "public"]
    assert all("def backward(self):" in t and "def tanh(self):" in t and "def __rtruediv__(self, " in t
               for t in public)  # micrograd's engine, pasted, with tanh added


def test_hard_pairs_are_the_same_code_and_copies_differ(labels):
    assert_hard_pairs_same_and_copies_differ(labels, {sid: text(sid) for sid in labels}, {
        sid: text(sid, twelfth.CLASS / "plain") for sid, lab in labels.items() if lab.get("tricks")})


def test_each_evasion_is_its_plain_copy_with_only_the_trick(labels):
    seen = set()
    for sid, lab in labels.items():
        if not lab.get("tricks"):
            continue
        trick, tricked, before = lab["tricks"][0], text(sid), text(sid, twelfth.CLASS / "plain")
        seen.add(trick)
        assert twelfth.TRICKS[trick](before) == tricked != before  # what the scripted trick makes of the plain copy
        tree = ast.parse(tricked)
        if trick == "string-escapes":  # the same syntax tree: only the spelling of the strings
            assert ast.dump(tree) == ast.dump(ast.parse(before)) and tricked.count("\\x") >= 20
        elif trick == "signature-hints":
            defs = [f for f in tree.body if isinstance(f, ast.FunctionDef)]
            assert len(defs) >= 5 and all(f.returns is not None and all(a.annotation for a in f.args.args)
                                          for f in defs)
        elif trick == "return-temp":
            returns = [n for n in ast.walk(tree) if isinstance(n, ast.Return)]
            assert len(returns) >= 3 and all(ast.unparse(n.value) == "_result" for n in returns)
        elif trick == "debug-logging":
            assert tricked.count("_log.debug(") >= 10 and "import logging" in tricked
        elif trick == "alias-builtins":
            assert re.search(r"^_abs, _max, _zip = abs, max, zip$", tricked, re.M)
            called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
            assert {"_abs", "_max", "_zip"} <= called and not called & {"abs", "max", "zip"}
        elif trick == "literal-hoisting":
            assert len(re.findall(r"^_K\d+ = ", tricked, re.M)) >= 10
    assert seen == TRICKS


def test_every_trick_on_every_source_runs_as_its_source_and_changes_its_text(labels):
    """What `twelfth.py OUT --tricks` measures: each trick applied to each source verbatim still works (check)."""
    sources = sorted(sid for sid, lab in labels.items() if lab["kind"].startswith("a source"))
    assert len(sources) == 12
    for name, trick in twelfth.TRICKS.items():
        for sid in sources:
            made = trick(text(sid))
            assert made != text(sid), (name, sid)
            twelfth.check(made, f"{name}-{sid}")


@pytest.mark.parametrize("mutation", [
    ("y = n.tanh()", "y = n.relu()"),  # relu for tanh too
    ("if g == 0 and r == 0:\n            continue\n", ""),  # 0 against 0 divides by zero
    ("d = abs(g - r) / max(abs(g), abs(r))", "d = abs(g - r) / abs(r)"),  # against the reference only
    ("    y.backward()\n", "    y.backward()\n    y.backward()\n"),  # two passes: doubled gradients
    ("    x1v = Value(x1)\n", "    x1v = Value(x1)\n    x1v.grad = 1\n"),  # a gradient before backward()
    ('return y, {"x1": x1v,', 'return y, {"x1": x1,'),  # a leaf that is a number, not the engine's Value
])
def test_the_check_finds_a_neuron_that_does_not_do_what_the_exercise_asks(labels, mutation):
    source = text(next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h1" and "(h1a)" in lab["kind"]))
    old, new = mutation
    assert source.count(old) == 1
    twelfth.check(source, "h1a")
    with pytest.raises(AssertionError):
        twelfth.check(source.replace(old, new), "h1a mutated")
