"""Session 37 (diag37b): a method called on one of Python's own types inside an op names that line, not a missing method.

`self.data.exp()`, `math.exp(x).exp()`, `self.getData().tanh()`, `self.data.log()`: the student's class has the
method; the line called it on a float. Before, the finding was `missing-op` on the class `float` ("`a.exp()` does not
work: your `float` has no `exp` ... Add a `exp` method to your class `float`"), with no line. Now it is the op that
raises, at that line, saying to write `math.exp(x)`. The charge is the same (the op's own tests, once): no score moves.
Four fresh buggy engines planted in diag37's correct ones (closures, Java accessors, a mixin package, a global tape).
"""
import pytest
from costs import slow_fixture
from test_diag37 import FRESH, plant
from test_fresh_styles import LIMITS

from grader.diagnose.missing import missing_operation
from grader.diagnose.raising import _on_builtin
from grader.pipeline import grade

PLANTED = {
    "bug-push-exp-method": ("correct-closure-push", [("e = math.exp(self.data)", "e = self.data.exp()")]),
    "bug-java-tanh-method": ("correct-java-closures", [("t = math.tanh(self.getData())", "t = self.getData().tanh()")]),
    "bug-mixin-log-method": ("correct-mixin-package", [("math.log(self.data)", "self.data.log()")]),
    "bug-tape-exp-twice": ("correct-global-tape", [("e = math.exp(self.data)", "e = math.exp(self.data).exp()")]),
}
EXP, TANH, LOG = ["exp/values", "exp/negative"], ["tanh/zero", "tanh/two", "tanh/negative", "tanh/saturated"], \
    ["log/values", "log/small"]
# id -> (score, (file, line), op, name, the line's code, the tests); the scores are those before diag37b
TABLE = {
    "bug-push-exp-method": (61.0, ("engine.py", 79), "exp", "e = self.data.exp()", EXP),
    "bug-java-tanh-method": (59.0, ("engine.py", 66), "tanh", "t = self.getData().tanh()", TANH),
    "bug-mixin-log-method": (61.0, ("engine/functions.py", 14), "log",
                             "return self._made(self.data.log(), (self,), (1 / self.data,))", LOG),
    "bug-tape-exp-twice": (61.0, ("engine.py", 55), "exp", "e = math.exp(self.data).exp()", EXP),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag37b")
    folder = tmp / "class"
    folder.mkdir()
    for case, (base, patches) in PLANTED.items():
        plant(FRESH / base, folder / case, patches)
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("case", sorted(TABLE))
def test_the_line_that_called_a_method_on_a_float_is_named(rows, case):
    score, place, op, code, tests = TABLE[case]
    row = rows[case]
    assert (row["status"], row["score"]) == ("graded", score)
    (entry,) = row["diagnosis"]
    assert (entry["kind"], entry["op"], entry["phase"], entry["exception"]) == ("raises", op, "forward",
                                                                               "AttributeError")
    assert (entry["file"], entry["line"], entry["tests"]) == (*place, tests)
    assert "cls" not in entry and "method" not in entry  # no class `float` to add a method to
    # before session 38 (diag38): "Your `exp` raises AttributeError", the exception's name for what the line did
    assert entry["title"] == f"Your `{op}` looks up `.{op}` on a float"
    assert entry["explanation"].endswith(
        f"It raised at {place[0]}, line {place[1]}: `{code}`. That line looks up `.{op}` on a float, one of Python's "
        f"own types, not on your class: a float has no `{op}` method. For a plain number `x`, write `math.{op}(x)`, "
        f"not `x.{op}()`; fix that line and the tests that need `{op}` can pass.")


@pytest.mark.parametrize("owner", ["float", "int", "list", "dict", "tuple", "str", "NoneType"])
def test_an_op_looked_up_on_a_builtin_type_is_no_missing_method(owner):
    assert missing_operation("AttributeError", {"name": "exp", "owner": owner}) is None
    # the student's own class still lacks it: unchanged
    assert missing_operation("AttributeError", {"name": "exp", "owner": "Value"})["cls"] == "Value"


def test_other_types_and_names_are_said_without_math():
    assert str(_on_builtin({"name": "append", "owner": "tuple"}, "`+`")) == (
        "That line looks up `.append` on a tuple, one of Python's own types, not on your class: a tuple has no "
        "`append`. The value it reaches there is a tuple, not the node (or the type) you meant; fix that line and "
        "the tests that need `+` can pass.")
    # relu is no function of the math module: no `math.relu(x)` is suggested
    assert "math." not in str(_on_builtin({"name": "relu", "owner": "float"}, "`relu`"))
    assert "`math.sqrt(x)`" in str(_on_builtin({"name": "sqrt", "owner": "int"}, "`**`"))
    assert _on_builtin({"name": "exp", "owner": "Value"}, "`exp`") is None
    assert _on_builtin({}, "`exp`") is None
