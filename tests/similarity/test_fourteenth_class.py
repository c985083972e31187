"""The fourteenth labelled class (bench/similarity/fourteenth/, issue 27, held out): 57 hand-written files of
08-dual-numbers' dual.py that work, labelled in the held-out class's shape, with six evasions no earlier class has,
each on one copy, and each one's plain copy beside it; its public source the grader's micrograd engine."""

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

from tests.similarity.held_out import (
    assert_built_as_committed, assert_hard_pairs_same_and_copies_differ, assert_held_out_shape,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench" / "similarity"))

import fourteenth  # noqa: E402
import run  # noqa: E402

SUBMISSIONS = fourteenth.CLASS / "main" / "submissions"
TRICKS = {"line-separator", "literal-spelling", "keyword-calls", "utf8-bom", "global-decls", "paren-self"}


def text(sid: str, folder: Path = SUBMISSIONS) -> str:
    return (folder / f"{sid}.py").read_text(encoding="utf-8")


def tree(source: str) -> ast.Module:
    return ast.parse(source.removeprefix("\ufeff"))


@pytest.fixture(scope="module")
def labels():
    return fourteenth.labels()["main"]


def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(fourteenth, tmp_path, labels)  # every file through fourteenth.check
    assert starter == (REPO / "exercises" / "08-dual-numbers" / "dual.py").read_text(encoding="utf-8")
    assert len(re.findall(r"# TODO\(08-dual-numbers\): your code here", starter)) == 13
    cohort = tmp_path / "class" / "main"
    assert not (tmp_path / "class" / "public").exists()  # the grader's own micrograd engine is its public source
    assert run.starter_file(cohort).name == "dual.py"
    assert run.public_source(cohort) == run.PUBLIC_ARCHIVE / "engine.py"


def test_the_class_has_the_held_out_shape(labels):
    assert_held_out_shape(labels, r"d\d{3}", "fills 08 (dual.py)", 18, {t: 1 for t in TRICKS})
    assert all(lab["kind"].startswith("copy of") and lab["level"] in (1, 2, 3)
               for lab in labels.values() if lab.get("tricks"))
    assert sorted(p.stem for p in (fourteenth.CLASS / "plain").glob("*.py")) == sorted(
        sid for sid, lab in labels.items() if lab.get("tricks"))
    public = [text(sid) for sid, lab in labels.items() if lab["cluster"] == "public"]
    assert all("def backward(self):" in t and "def tanh(self):" in t and "def log(self):" in t
               and "def __rtruediv__(self, " in t and "class Dual:" in t for t in public)  # micrograd's engine, pasted


def test_hard_pairs_are_the_same_code_and_copies_differ(labels):
    assert_hard_pairs_same_and_copies_differ(labels, {sid: text(sid) for sid in labels}, {
        sid: text(sid, fourteenth.CLASS / "plain") for sid, lab in labels.items() if lab.get("tricks")})


def test_each_evasion_is_its_plain_copy_with_only_the_trick(labels):
    seen = set()
    for sid, lab in labels.items():
        if not lab.get("tricks"):
            continue
        trick, tricked, before = lab["tricks"][0], text(sid), text(sid, fourteenth.CLASS / "plain")
        seen.add(trick)
        assert fourteenth.TRICKS[trick](before) == tricked != before  # what the scripted trick makes of the plain copy
        same = ast.dump(tree(tricked)) == ast.dump(tree(before))
        assert same == (trick not in ("keyword-calls", "global-decls")), trick
        if trick == "line-separator":  # Python's lines are the plain copy's; str.splitlines() cuts every comment
            assert tricked.count("\u2028") >= 10 and tricked.count("\n") == before.count("\n")
            assert len(tricked.splitlines()) == len(before.splitlines()) + tricked.count("\u2028")
        elif trick == "literal-spelling":
            numbers = [t.string for t in tokenize.generate_tokens(io.StringIO(tricked).readline)
                       if t.type == tokenize.NUMBER]
            assert len(numbers) >= 10 and all(re.fullmatch(r"0x[0-9a-f]+|\d+e-\d+", n) for n in numbers)
        elif trick == "keyword-calls":
            calls = [n for n in ast.walk(tree(tricked)) if isinstance(n, ast.Call)
                     and isinstance(n.func, ast.Name) and n.func.id == "Dual"]
            assert len(calls) >= 15 and all(not c.args and [k.arg for k in c.keywords][:1] == ["value"]
                                            for c in calls)
        elif trick == "utf8-bom":  # Python reads the bytes past the mark; as text the mark is not Python
            raw = (SUBMISSIONS / f"{sid}.py").read_bytes()
            assert raw.startswith(b"\xef\xbb\xbf") and raw[3:].decode("utf-8") == before
            compile(raw, sid, "exec")
            with pytest.raises(SyntaxError):
                ast.parse(tricked)
        elif trick == "global-decls":
            functions = [n for n in ast.walk(tree(tricked)) if isinstance(n, ast.FunctionDef)]
            assert len(functions) >= 18 and all(
                any(isinstance(s, ast.Global) and s.names == ["math", "Dual"] for s in f.body[:2]) for f in functions)
        elif trick == "paren-self":
            assert tricked.count("(self)") >= 30 and "(self)" not in before.replace("(self)", "")
    assert seen == TRICKS


def test_every_trick_on_every_source_runs_as_its_source_and_changes_its_text(labels):
    """What `fourteenth.py OUT --tricks` measures: each trick applied to each source verbatim still works (check)."""
    sources = sorted(sid for sid, lab in labels.items() if lab["kind"].startswith("a source"))
    assert len(sources) == 12
    for name, trick in fourteenth.TRICKS.items():
        for sid in sources:
            made = trick(text(sid))
            assert made != text(sid), (name, sid)
            fourteenth.check(made, f"{name}-{sid}")


@pytest.mark.parametrize("mutation", [
    ("        if self.value > 0:\n", "        if self.value >= 0:\n"),  # relu'(0) = 1
    ("self.value * other.deriv + self.deriv * other.value", "self.value * other.deriv"),  # half the product rule
    ("(self.deriv * other.value - self.value * other.deriv)", "(self.deriv * other.value + self.value * other.deriv)"),
    ("(self * math.log(c)).exp()", "(self * c).exp()"),  # c ** x without log c
    ("(1 - math.tanh(self.value) ** 2)", "(1 - math.tanh(self.value))"),  # tanh' wrong
    ("    else:\n        return 0.0\n", "    else:\n        return 1.0\n"),  # a constant's derivative
    ("        return Dual(-self.value, -self.deriv)\n",
     "        self.value, self.deriv = -self.value, -self.deriv\n        return self\n"),  # changes its operand
])
def test_the_check_finds_a_dual_that_does_not_do_what_the_exercise_asks(labels, mutation):
    source = text(next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h1" and "(h1a)" in lab["kind"]))
    old, new = mutation
    assert source.count(old) == 1
    fourteenth.check(source, "h1a")
    with pytest.raises(AssertionError):
        fourteenth.check(source.replace(old, new), "h1a mutated")
