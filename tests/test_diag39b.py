"""Session 39's diagnosis (diag39b): an `=` for `+=` written through a gradient's setter that is not a one-line
`self._grad = g` over a field the `grad` property names.

overwrites.setter_calls took a method for a gradient's setter only where its one statement wrote a field that
grad_names.grad_names knows (`grad`, or what a `grad` property or `grad = property(getGrad, setGrad)` holds). A
Java programmer's `setGrad(other.getData() * out.getGrad())` in `__mul__`'s rule then scored 38/63 with nothing said
where the setter writes a field no property names: a `grad` property that calls the accessors (`return
self.getGrad()`, `self.setGrad(value)`), a `__getattr__`/`__setattr__` that routes `grad` to them, a setter that checks
its argument first or hands itself back (`return self`), a setter that keeps the gradient in a dict (`self.m_state
["grad"] = value`). A method named as a gradient's accessor (`setGrad`, `set_grad`, `getGradient`) is now one
whatever its field (accessors.grad_accessors), and a helper function named so (`def set_grad(node, g): node.m_grad =
g`) writes the gradient (overwrites.helper_writes). Every such engine is made here from
tests/fixtures/diag37/engine/correct-java-closures; each correct twin accumulates through the same setter
(`self.setGrad(self.getGrad() + ...)`) and gets nothing. No score moves.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag37 import plant
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.diagnose.overwrites import assign_grad
from grader.diagnose.source_tree import analysed
from grader.pipeline import grade

JAVA = Path(__file__).parent / "fixtures" / "diag37" / "engine" / "correct-java-closures"
MUL_SUM = "self.setGrad(self.getGrad() + other.getData() * out.getGrad())"
MUL_ASSIGN = "self.setGrad(other.getData() * out.getGrad())"
PROPERTY = "    grad = property(getGrad, setGrad)\n"
SETTER = "        self.m_grad = value\n"

# style -> the patches that make the correct engine of that style from correct-java-closures
STYLES = {
    # a `grad` property that calls the accessors: no field of its own
    "property-calls": [(PROPERTY, "    @property\n    def grad(self):\n        return self.getGrad()\n\n"
                                  "    @grad.setter\n    def grad(self, value):\n        self.setGrad(value)\n")],
    # `grad` routed to the accessors by __getattr__ and __setattr__
    "attr-routing": [(PROPERTY, "    def __getattr__(self, name):\n        if name == 'grad':\n"
                                "            return self.getGrad()\n        raise AttributeError(name)\n\n"
                                "    def __setattr__(self, name, value):\n        if name == 'grad':\n"
                                "            self.setGrad(value)\n        else:\n"
                                "            object.__setattr__(self, name, value)\n")],
    # a setter that checks its argument, and hands itself back (a fluent setter)
    "checked-fluent": [(SETTER, "        if not isinstance(value, (int, float)):\n"
                                "            raise TypeError('a gradient is a number')\n"
                                "        self.m_grad = value\n        return self\n")],
    # the node's state in a dict behind the accessors
    "dict-state": [("        self.m_grad = 0.0\n", "        self.m_state = {'grad': 0.0}\n"),
                   ("        return self.m_grad\n", "        return self.m_state['grad']\n"),
                   (SETTER, "        self.m_state['grad'] = value\n")],
    # a module's `set_grad(node, g)` that `__mul__`'s rule calls
    "set-grad-helper": [("import math\n", "import math\n\n\ndef set_grad(node, g):\n    node.m_grad = g\n"),
                        (MUL_SUM, "set_grad(self, self.getGrad() + other.getData() * out.getGrad())")],
}
# style -> (the line the finding is at, the words it starts with)
FOUND = {
    "property-calls": (50, "Line 50: `back` (in `__mul__`) calls `self.setGrad(...)` with a value that leaves out "
                           "the gradient the node already had"),
    "attr-routing": (53, "Line 53: `back` (in `__mul__`) calls `self.setGrad(...)` with a value that leaves out "
                         "the gradient the node already had"),
    "checked-fluent": (47, "Line 47: `back` (in `__mul__`) calls `self.setGrad(...)` with a value that leaves out "
                           "the gradient the node already had"),
    "dict-state": (44, "Line 44: `back` (in `__mul__`) calls `self.setGrad(...)` with a value that leaves out "
                       "the gradient the node already had"),
    "set-grad-helper": (5, "Line 5: `set_grad` assigns `node.m_grad = ...`, which throws away whatever gradient the "
                           "node had already received."),
}


def _text(style, bug):
    text = (JAVA / "engine.py").read_text(encoding="utf-8")
    for old, new in STYLES[style]:
        assert text.count(old) == 1, (style, old)
        text = text.replace(old, new)
    if bug:
        old = "set_grad(self, self.getGrad() + " if style == "set-grad-helper" else "self.setGrad(self.getGrad() + "
        assert text.count(old + "other.getData()") == 1
        text = text.replace(old + "other.getData()", old.replace("self.getGrad() + ", "") + "other.getData()")
    return text


def _hints(text):
    tree = analysed(text, "engine.py")
    tree.deadline = float("inf")
    return assign_grad(tree, tree.parents, "engine.py")


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_setter_of_any_field_is_read_and_a_sum_through_it_is_not(style):
    assert _hints(_text(style, bug=False)) == []
    (hint,) = _hints(_text(style, bug=True))
    line, words = FOUND[style]
    assert (hint["hint"], hint["line"]) == ("assign-grad", line)
    assert str(hint["explanation"]).startswith(words)


@pytest.mark.parametrize("text", [
    # a method named so that does more than write its argument is no setter
    "class V:\n    def setGrad(self, g):\n        self.log.append(g)\n        self.m_grad = g\n\n"
    "    def __mul__(self, o):\n        def back():\n            self.setGrad(o.getData() * out.getGrad())\n"
    "        out = V()\n        out.m_back = back\n        return out\n",
    # a getter-named method with an argument is no setter
    "class V:\n    def getGrad(self, g):\n        self.m_grad = g\n\n"
    "    def __mul__(self, o):\n        def back():\n            self.getGrad(o.grad * out.grad)\n"
    "        out = V()\n        out.m_back = back\n        return out\n",
])
def test_what_is_not_a_setter(text):
    assert _hints(text) == []


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag39b")
    folder = tmp / "class"
    folder.mkdir()
    for style in STYLES:
        for bug in (False, True):
            made = folder / f"{'bug' if bug else 'correct'}-{style}"
            made.mkdir()
            (made / "engine.py").write_text(_text(style, bug), encoding="utf-8")
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_style_scores_and_is_named(rows, style):
    assert_scored_and_named(rows[f"correct-{style}"], (63.0, [], []))
    line = FOUND[style][0]
    assert_scored_and_named(rows[f"bug-{style}"], (38.0, 18, [("hint", "assign-grad", None)]))
    (entry,) = rows[f"bug-{style}"]["diagnosis"]
    assert (entry["file"], entry["line"]) == ("engine.py", line)
