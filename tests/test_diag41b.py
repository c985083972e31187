"""Session 41's diagnosis (diag41b): an `=` for `+=` written into a gradient kept under a key.

overwrites.py read a gradient written as an attribute (`self.grad = g`) or through a setter method; one kept in a
dict under a key (`self._store["grad"] = g` beside a `grad` property reading `self._store["grad"]`), written into
the instance's dict (`vars(self)["grad"] = g`, `self.__dict__["grad"] = g`), or into the cells a `__setattr__`
proxy routes every attribute to (`self._cells["grad"] = g` beside `def __setattr__(self, name, value):
self._cells[name] = value`) lost the same points with nothing said. source_tree.grad_slots reads where such a
class keeps the gradient (the property's, `__getattr__`'s, `__setattr__`'s and `__setitem__`'s bodies: which field,
under which key), and overwrites.slot_writes names the `=` at its line. tests/fixtures/diag41b/engine holds the
correct engines in three styles; each bug is planted here.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag37 import plant
from test_diag40 import graded_with_plants
from click.testing import CliRunner
from test_fresh_styles import assert_scored_and_named

from grader.cli import main
from grader.diagnose.overwrites import assign_grad
from grader.diagnose.source_tree import analysed

FRESH = Path(__file__).parent / "fixtures" / "diag41b" / "engine"
PLANTED = {
    "bug-dict-store": ("dict-store", 'self._store["grad"] = self._store["grad"] + other.data * out._store["grad"]',
                       'self._store["grad"] = other.data * out._store["grad"]'),
    "bug-vars-dict": ("vars-dict", 'vars(self)["grad"] = vars(self)["grad"] + other.data * vars(out)["grad"]',
                      'vars(self)["grad"] = other.data * vars(out)["grad"]'),
    "bug-setattr-proxy": ("setattr-proxy",
                          'self._cells["grad"] = self._cells["grad"] + other.data * out._cells["grad"]',
                          'self._cells["grad"] = other.data * out._cells["grad"]'),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return graded_with_plants(tmp_path_factory.mktemp("diag41b"), FRESH, PLANTED)


ASSIGN = [("hint", "assign-grad", None)]
# id -> (score, how many tests not passed, diagnosis); before session 41 each bug had the same score and nothing said
TABLE = {
    "dict-store": (63.0, 0, []),
    "vars-dict": (63.0, 0, []),
    "setattr-proxy": (63.0, 0, []),
    "bug-dict-store": (38.0, 18, ASSIGN),
    "bug-vars-dict": (38.0, 18, ASSIGN),
    "bug-setattr-proxy": (38.0, 18, ASSIGN),
}
REST = (", which throws away whatever gradient the node had already received. A node used more than once gets "
        "gradient along every path, and the contributions must add up. Use `+=`.")
# id -> (line, the explanation)
PLACES = {
    "bug-dict-store": (43, 'Line 43: `back` (in `__mul__`) assigns `self._store["grad"] = ...`' + REST),
    "bug-vars-dict": (28, 'Line 28: `back` (in `__mul__`) assigns `vars(self)["grad"] = ...`' + REST),
    "bug-setattr-proxy": (44, 'Line 44: `back` (in `__mul__`) assigns `self._cells["grad"] = ...`' + REST),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([p.name for p in FRESH.iterdir()] + list(PLANTED))


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded"
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case", sorted(PLACES))
def test_each_keyed_write_is_said_at_its_line(rows, case):
    line, words = PLACES[case]
    (entry,) = rows[case]["diagnosis"]
    assert (entry["file"], entry["line"], entry["lines"], entry["explanation"]) == ("engine.py", line, [line], words)


def test_grade_check_says_the_keyed_write_in_each_language(tmp_path):
    plant(FRESH / "dict-store", tmp_path / "mine", [PLANTED["bug-dict-store"][1:]])
    said = {}
    for lang, prefix in (("en", "why:"), ("ru", "почему:"), ("zh", "原因：")):
        result = CliRunner().invoke(main, ["check", str(tmp_path / "mine"), "-e", "engine", "--lang", lang])
        said[lang] = [line for line in result.output.splitlines() if line.startswith(prefix)]
    assert said["en"] == ["why:  A backward rule sets `grad` with `=` instead of adding to it. "
                          + PLACES["bug-dict-store"][1].replace(REST, "") + REST]
    assert said["ru"] == [
        'почему: Правило обратного прохода задаёт `grad` через `=`, а не прибавляет к нему. Строка 43: `back` (в '
        '`__mul__`) присваивает `self._store["grad"] = ...` и тем самым отбрасывает градиент, который узел уже получил. '
        'Узел, использованный больше одного раза, получает градиент по каждому пути, и вклады должны складываться. '
        'Используйте `+=`.']
    assert said["zh"] == [
        '原因：某条反向传播规则用 `=` 设置 `grad`，而不是累加。第 43 行：`__mul__` 中的 `back` 赋值 `self._store["grad"] = ...`，'
        '这会丢掉该节点已经收到的梯度。一个被多次使用的节点会沿每条路径收到梯度，这些贡献必须相加。请使用 `+=`。']


HEAD = "class V:\n    def __init__(self, d, kids=()):\n        self.data = d\n        self.kids = kids\n\n"
MUL = ("    def __mul__(self, o):\n        out = V(self.data * o.data, (self, o))\n\n        def back():\n"
       "            {first}\n            {second}\n        out.back = back\n        return out\n")
# name -> (the class's accessors, the rule's sum, the rule's `=`, the `=`'s words); the `=` is on line LINE + the
# accessors' lines
ROUTES = {
    # `node["grad"]` through `__getitem__` and `__setitem__` over a dict of cells
    "setitem": ("    def __getitem__(self, key):\n        return self.cells[key]\n\n"
                "    def __setitem__(self, key, value):\n        self.cells[key] = value\n\n",
                'self["grad"] = self["grad"] + o.data * out["grad"]', 'self["grad"] = o.data * out["grad"]',
                'self["grad"]'),
    # the instance's dict written by name
    "dunder-dict": ("", 'self.__dict__["grad"] = self.__dict__["grad"] + o.data * out.grad',
                    'self.__dict__["grad"] = o.data * out.grad', 'self.__dict__["grad"]'),
    # a `grad` property whose getter and setter go through a table under another key
    "property-key": ("    @property\n    def grad(self):\n        return self.state['g']\n\n    @grad.setter\n"
                     "    def grad(self, v):\n        self.state['g'] = v\n\n",
                     "self.state['g'] = self.state['g'] + o.data * out.grad", "self.state['g'] = o.data * out.grad",
                     'self.state["g"]'),
    # `__getattr__` routing every name into `_slots`: `grad` is `_slots["grad"]`
    "getattr": ("    def __getattr__(self, name):\n        return self._slots[name]\n\n",
                'self._slots["grad"] = self._slots["grad"] + o.data * out.grad',
                'self._slots["grad"] = o.data * out._slots["grad"]', 'self._slots["grad"]'),
}


def _hints(text):
    tree = analysed(text, "engine.py")
    tree.deadline = float("inf")
    return [(h["hint"], h["line"], h["explanation"].split(" assigns ")[1].split(" = ...")[0])
            for h in assign_grad(tree, tree.parents, "engine.py")]


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_each_route_to_a_keyed_gradient_is_read(name):
    accessors, total, assign, words = ROUTES[name]
    line = 5 + accessors.count("\n") + 5
    assert _hints(HEAD + accessors + MUL.format(first=total, second="pass")) == []
    assert _hints(HEAD + accessors + MUL.format(first=assign, second="pass")) == [("assign-grad", line, f"`{words}")]


def test_what_is_no_overwrite_of_a_keyed_gradient():
    store = "    @property\n    def grad(self):\n        return self._store['grad']\n\n"
    for first in ('self._store["data"] = o.data * out.grad',  # another key: the data, not the gradient
                  'self._store["grad"] = 2 * self._store["grad"] * out.grad',  # reads its own: no `=` for `+=`
                  # under a test of its own: sets one that was not there
                  'if self._store["grad"] is None:\n                self._store["grad"] = o.data * out.grad',
                  'self.memo["grad"] = o.data * out.grad'):  # a dict no accessor reads
        assert _hints(HEAD + store + MUL.format(first=first, second="pass")) == [], first
    # a table with no route to it from any attribute: `x["grad"]` is some dict's entry
    assert _hints(HEAD + MUL.format(first='self["grad"] = o.data * out.grad', second="pass")) == []
