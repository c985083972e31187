"""The thirteenth labelled class (bench/similarity/thirteenth/, issue 27, a tuning class): 51 hand-written files of
11-fit-line's fit_line.py that work, labelled in the held-out class's shape (16 independents, 4 public copies), with
six evasions no earlier class has, each on one copy, and each one's plain copy beside it; its public source the
grader's micrograd engine."""

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
import thirteenth  # noqa: E402

SUBMISSIONS = thirteenth.CLASS / "main" / "submissions"
TRICKS = {"sub-as-add", "division-as-power", "square-as-product", "sum-as-reduce", "zip-indexed", "append-as-concat"}


def text(sid: str, folder: Path = SUBMISSIONS) -> str:
    return (folder / f"{sid}.py").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def labels():
    return thirteenth.labels()["main"]


@pytest.mark.slow  # every file run and checked, twice (the plain copies): seconds of CPU
def test_the_class_is_built_checked_and_the_same_as_committed(tmp_path, labels):
    starter = assert_built_as_committed(thirteenth, tmp_path, labels)  # every file through thirteenth.check
    assert starter == (REPO / "exercises" / "11-fit-line" / "fit_line.py").read_text(encoding="utf-8")
    assert len(re.findall(r"# TODO\(11-fit-line\): your code here", starter)) == 2
    cohort = tmp_path / "class" / "main"
    assert not (tmp_path / "class" / "public").exists()  # the grader's own micrograd engine is its public source
    assert run.starter_file(cohort).name == "fit_line.py"
    assert run.public_source(cohort) == run.PUBLIC_ARCHIVE / "engine.py"


def test_the_class_has_its_shape(labels):
    assert_held_out_shape(labels, r"t\d{3}", "fills 11 (fit_line.py)", 13, {t: 1 for t in TRICKS}, independents=16,
                          public_levels=(1, 2, 2, 3))
    assert all(lab["kind"].startswith("copy of") and lab["level"] in (1, 2, 3)
               for lab in labels.values() if lab.get("tricks"))
    assert sorted(p.stem for p in (thirteenth.CLASS / "plain").glob("*.py")) == sorted(
        sid for sid, lab in labels.items() if lab.get("tricks"))
    public = [text(sid) for sid, lab in labels.items() if lab["cluster"] == "public"]
    assert all("def backward(self):" in t and "self._prev = set(" in t and "def __rtruediv__(self, " in t
               for t in public)  # micrograd's engine, pasted


def test_hard_pairs_are_the_same_code_and_copies_differ(labels):
    assert len(labels) == 51
    assert_hard_pairs_same_and_copies_differ(labels, {sid: text(sid) for sid in labels}, {
        sid: text(sid, thirteenth.CLASS / "plain") for sid, lab in labels.items() if lab.get("tricks")})


def test_each_evasion_is_its_plain_copy_with_only_the_trick(labels):
    seen = set()
    for sid, lab in labels.items():
        if not lab.get("tricks"):
            continue
        trick, tricked, before = lab["tricks"][0], text(sid), text(sid, thirteenth.CLASS / "plain")
        seen.add(trick)
        assert thirteenth.TRICKS[trick](before) == tricked != before  # what the scripted trick makes of the plain copy
        tree = ast.parse(tricked)
        nodes = list(ast.walk(tree))
        if trick == "sub-as-add":
            assert not any(isinstance(getattr(n, "op", None), ast.Sub) for n in nodes) and tricked.count("* -1") == 3
        elif trick == "division-as-power":
            assert not any(isinstance(getattr(n, "op", None), ast.Div) for n in nodes) and "** -1" in tricked
        elif trick == "square-as-product":
            assert "(p - y) * (p - y)" in tricked and not any(
                isinstance(n, ast.BinOp) and isinstance(n.op, ast.Pow) for n in nodes)
        elif trick == "sum-as-reduce":
            assert "sum(" not in tricked and "functools.reduce(operator.add, " in tricked
            assert {"functools", "operator"} <= {a.name for n in tree.body if isinstance(n, ast.Import)
                                                 for a in n.names}
        elif trick == "zip-indexed":
            assert "for _i in range(len(XS)):" in tricked and "zip(" not in tricked
        elif trick == "append-as-concat":
            assert ".append(" not in tricked and tricked.count(" += [") == 2
    assert seen == TRICKS


@pytest.mark.slow  # 55 variants run and checked
def test_every_trick_on_every_source_runs_as_its_source(labels):
    """What `thirteenth.py OUT --tricks` measures: each trick applied to each source verbatim still works (check)
    where it finds something to change (the count of sources it changes, each trick's own)."""
    sources = sorted(sid for sid, lab in labels.items() if lab["kind"].startswith("a source"))
    assert len(sources) == 12
    changed = {}
    for name, trick in thirteenth.TRICKS.items():
        for sid in sources:
            made = trick(text(sid))
            if made != text(sid):
                changed[name] = changed.get(name, 0) + 1
                thirteenth.check(made, f"{name}-{sid}")
    assert changed == {"sub-as-add": 12, "division-as-power": 12, "square-as-product": 10, "sum-as-reduce": 6,
                       "zip-indexed": 3, "append-as-concat": 12}


@pytest.mark.parametrize("trick, before, after", [
    ("sub-as-add", "x = a - (b - c)\ny = p - q * r - s\nz -= u + v\nw = y - -k\n",
     "x = a + (b + c * -1) * -1\ny = p + q * r * -1 + s * -1\nz += (u + v) * -1\nw = y + -k * -1\n"),
    ("division-as-power", "y = a / b ** 2\nz = (a + b) / (c - d)\nq = s / len(xs) / 2\n",
     "y = a * (b ** 2) ** -1\nz = (a + b) * (c - d) ** -1\nq = s * len(xs) ** -1 * 2 ** -1\n"),
    ("square-as-product", "z = a / e ** 2\nq = (a - b) ** 2 + f(x) ** 2\nr = -e ** 2\nt = e ** 2.0\n",
     "z = a / (e * e)\nq = (a - b) * (a - b) + f(x) * f(x)\nr = -(e * e)\nt = e ** 2.0\n"),
    ("sum-as-reduce", '"""doc\nfrom here"""\nfrom engine import Value\n\ns = sum(x * x for x in xs) / sum([1, 2], 3)\n',
     '"""doc\nfrom here"""\nfrom engine import Value\nimport functools\nimport operator\n\n'
     "s = functools.reduce(operator.add, (x * x for x in xs), 0) / functools.reduce(operator.add, [1, 2], 3)\n"),
    ("zip-indexed",
     "def f():\n    for x, y in zip(XS, YS):  # pairs\n        g(x, y)\n    return [x for x, y in zip(XS, YS)]\n",
     "def f():\n    for _i in range(len(XS)):  # pairs\n        x, y = XS[_i], YS[_i]\n        g(x, y)\n"
     "    return [x for x, y in zip(XS, YS)]\n"),
    ("append-as-concat", "    out.append(f(x))  # note (a)\n    out.append(g(x)[0]), 1\n",
     "    out += [f(x)]  # note (a)\n    out.append(g(x)[0]), 1\n"),
])
def test_each_trick_keeps_the_meaning_where_precedence_could_change_it(trick, before, after):
    assert thirteenth.TRICKS[trick](before) == after


@pytest.mark.parametrize("mutation", [
    ("    return total / len(XS)\n", "    return total\n"),  # the sum, not the mean
    ("    return total / len(XS)\n", "    return total.data / len(XS)\n"),  # a number, not a Value
    ("        w.grad = 0\n        b.grad = 0\n", ""),  # never cleared
    ("        w.data = w.data - learning_rate", "        w.data = w.data + learning_rate"),  # uphill
    ("        loss.backward()\n", "        loss.backward()\n        loss.backward()\n"),  # doubled gradients
    ("        w.data = w.data - learning_rate * w.grad\n",  # b's gradient from after w moved
     "        w.data = w.data - learning_rate * w.grad\n        b.grad = 0\n        mse(w, b).backward()\n"),
    ("    losses.append(mse(w, b).data)\n    return", "    return"),  # no loss after the last update
])
def test_the_check_finds_a_loop_that_does_not_do_what_the_exercise_asks(labels, mutation):
    source = text(next(sid for sid, lab in labels.items() if lab.get("hard_pair") == "h1" and "(h1a)" in lab["kind"]))
    old, new = mutation
    assert source.count(old) == 1
    thirteenth.check(source, "h1a")
    with pytest.raises(AssertionError):
        thirteenth.check(source.replace(old, new), "h1a mutated")
