"""The red team's four evasions on a level-3 copy (session 43, sim43e; issue 27: "each of the four evasions scores as
its plain copy does"). test_evasions.py puts each evasion on a verbatim copy; here each is put on each level-3 step
(renamed, reordered, restyled, all three) of four sources, by bench/similarity/l3_evasions.py (which says how each is
made), and must score against its source within 0.1 of the same step's copy without it. The copies are made and
scored in the test: nothing is stored."""

import ast
import importlib.util
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.similarity.meanings import meanings
from grader.similarity.normalise import units_of

from .test_similarity import CLASS, engine

_PATH = Path(__file__).parents[2] / "bench" / "similarity" / "l3_evasions.py"
_SPEC = importlib.util.spec_from_file_location("l3_evasions_for_tests", _PATH)  # a name of its own (xdist)
L3 = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(L3)

STEPS = ["rename", "reorder", "restyle", "all"]
EVASIONS = ["formfeed", "annotated", "parens", "packed"]
SOURCES = ["reference", "student", "micrograd", "filled"]


@slow_fixture(scope="module")  # 80 copies and 27 engines read, 80 classes scored: tens of seconds of CPU
def scores():
    return L3.scores({name.split("/")[-1]: engine(name) for name in CLASS}, None, STEPS, EVASIONS)


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("step", STEPS)
def test_each_evasion_on_a_level_3_copy_scores_as_that_copy_does(scores, source, step):
    plain = scores[source, step, "none"]
    assert plain >= 0.7  # the level-3 copy itself is found (student rename: 0.717, its methods' names all renamed)
    assert {e: scores[source, step, e] >= plain - 0.1 for e in EVASIONS} == dict.fromkeys(EVASIONS, True)


def test_the_level_3_copies_are_what_they_say():
    made = L3.copies(["all"], ["annotated", "parens"])
    text = made["student", "all", "none"]
    tree = ast.parse(text)
    methods = [n.name for n in tree.body[-1].body if isinstance(n, ast.FunctionDef)]
    written = [n.name for n in ast.parse(L3.STUDENT).body[-1].body if isinstance(n, ast.FunctionDef)]
    assert methods == written[:1] + written[:0:-1]  # reordered: the methods after __init__ in reverse order
    assert "result_v" in text and "result " not in text  # renamed
    assert "+=" not in text and "self.grad = self.grad +" in text  # restyled
    annotated = made["student", "all", "annotated"]
    assert "result_v: float = Value(" in annotated and "self.grad: float = self.grad +" in annotated
    assert made["student", "all", "parens"].count("()\n") > 60


GUARD = '''import math

class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data, self.grad, self._backward, self._prev = data, 0, lambda: None, _children

    def log(self):
        if self.data <= 0:
            raise ValueError("log of a non-positive number")
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def backward(self):
        self.grad = 1
        self._backward()
'''


def test_what_follows_a_guards_raise_does_not_hide_the_op():
    """`()` after every statement puts one after a guard's `raise`: it never runs, so the op reads as without it (the
    op was unread: a branch ended only where its last statement was a raise)."""
    after_raise = GUARD.replace('number")\n', 'number")\n            ()\n')
    dead_code = GUARD.replace('number")\n', 'number")\n            x = 1\n')
    read = meanings(GUARD)
    assert "op log value math.log(x0)" in {text for _, text, _ in read.values()}
    assert set(meanings(after_raise)) == set(read) == set(meanings(dead_code))
    assert [u.tokens for u in units_of(after_raise)] == [u.tokens for u in units_of(GUARD)]
