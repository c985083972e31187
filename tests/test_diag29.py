"""Session 29's feedback that names one line once: fresh engines where one source line carries a mistake every op
runs, and engines where each op's own line carries it, graded in one batch (diagnose/same_line.py).

Before: an engine whose walk applies every op's edges itself with `parent.grad = local * node.grad`
(test_strangers29's bug-dict-edges-assign) was told five findings, "`=` in relu's / tanh's / exp's / log's /
`__pow__`'s backward", each with no line (the `assign-grad` hint read only closures); and `=` in relu's rule and in
tanh's, two lines, were both placed at relu's line. Now the hint reads the walk's loop and a helper the rules call
(`node.grad = local * self.grad`), each `=` finding takes its own op's line, and findings of one line are one.

Session 30 (diag30): a finding about a local derivative takes the line that computes it (diagnose/written_at.py,
the engine suite's `where_written` probe), so a helper that flips the sign for every op is one finding at its line
(shared-accumulate-sign and helper-sign-chain: before, seven with no line), a helper that forgets out.grad one (before,
`*` and `/`), and a table entry that swaps `*`'s operands is named at its entry's line. Left as measured
(docs/diagnosis.md, "Limitations"): a table of local derivatives whose `sub` entry is `(1, 1)` (shared-table-entry)
is named nothing but its recursive sort.
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, _diagnosis, _failing

from grader.diagnose.hints import static_hints
from grader.diagnose.same_line import one_per_line
from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag29" / "engine"
SOLUTION = (Path(__file__).parent.parent / "reference" / "engine.py").read_text(encoding="utf-8")
SIGN = (FRESH / "shared-accumulate-sign" / "engine.py").read_text(encoding="utf-8")
TABLE_ENGINE = (FRESH / "shared-table-entry" / "engine.py").read_text(encoding="utf-8")
_HELPER = '    def _accumulate(self, amount):\n        """Every rule adds its share of the gradient here."""\n'
# session 30: the sign-flipping helper written as `out._chain(child, local)`, every op's call rewritten
_CHAIN = [(_HELPER + "        self.grad += -amount\n",
           '    def _chain(self, child, local):\n        """d(self)/d(child) is `local`: passes the child its share of '
           'the gradient."""\n        child.grad -= local * self.grad\n'),
          ("self._accumulate(out.grad)\n            other._accumulate(out.grad)",
           "out._chain(self, 1)\n            out._chain(other, 1)"),
          ("self._accumulate(other.data * out.grad)\n            other._accumulate(self.data * out.grad)",
           "out._chain(self, other.data)\n            out._chain(other, self.data)"),
          ("self._accumulate(k * self.data ** (k - 1) * out.grad)", "out._chain(self, k * self.data ** (k - 1))"),
          ("self._accumulate((out.data > 0) * out.grad)", "out._chain(self, out.data > 0)"),
          ("self._accumulate((1 - t * t) * out.grad)", "out._chain(self, 1 - t * t)"),
          ("self._accumulate(out.data * out.grad)", "out._chain(self, out.data)"),
          ("self._accumulate(out.grad / self.data)", "out._chain(self, 1 / self.data)")]
_RIGHT_HELPER = (_HELPER + "        self.grad += -amount\n", _HELPER + "        self.grad += amount\n")
# id -> (the engine planted in, its patches): the reference with the same mistake on each op's own line, and the
# sign-flipping helper made one that passes the gradient on with `=` (`out._pass(self, local)`)
PLANTED = {
    "shared-helper-assign": (SIGN, [
        ('    def _accumulate(self, amount):\n        """Every rule adds its share of the gradient here."""\n'
         "        self.grad += -amount\n",
         '    def _pass(self, node, local):\n        """The chain rule for one input: every rule passes its share of '
         'the gradient through here."""\n        node.grad = local * self.grad\n'),
        ("self._accumulate(out.grad)\n            other._accumulate(out.grad)",
         "out._pass(self, 1)\n            out._pass(other, 1)"),
        ("self._accumulate(other.data * out.grad)\n            other._accumulate(self.data * out.grad)",
         "out._pass(self, other.data)\n            out._pass(other, self.data)"),
        ("self._accumulate(k * self.data ** (k - 1) * out.grad)", "out._pass(self, k * self.data ** (k - 1))"),
        ("self._accumulate((out.data > 0) * out.grad)", "out._pass(self, out.data > 0)"),
        ("self._accumulate((1 - t * t) * out.grad)", "out._pass(self, 1 - t * t)"),
        ("self._accumulate(out.data * out.grad)", "out._pass(self, out.data)"),
        ("self._accumulate(out.grad / self.data)", "out._pass(self, 1 / self.data)")]),
    "perop-assign-relu-tanh": (SOLUTION, [
        ("self.grad += (out.data > 0) * out.grad", "self.grad = (out.data > 0) * out.grad"),
        ("self.grad += (1 - t**2) * out.grad", "self.grad = (1 - t**2) * out.grad")]),
    # session 30 (diag30): a line found by the `where_written` probe (diagnose/written_at.py)
    "helper-sign-chain": (SIGN, _CHAIN),
    "helper-right": (SIGN, [_RIGHT_HELPER]),
    "helper-right-exp-input": (SIGN, [_RIGHT_HELPER, ("self._accumulate(out.data * out.grad)",
                                                      "self._accumulate(self.data * out.grad)")]),
    "table-right": (TABLE_ENGINE, [('    "sub": lambda x, y, out: (1, 1),', '    "sub": lambda x, y, out: (1, -1),')]),
    "table-mul-swapped": (TABLE_ENGINE, [('    "mul": lambda x, y, out: (y, x),', '    "mul": lambda x, y, out: (x, y),')]),
    "perop-sign-exp-log": (SOLUTION, [
        ("self.grad += out.data * out.grad", "self.grad -= out.data * out.grad"),
        ("self.grad += (1 / self.data) * out.grad", "self.grad -= (1 / self.data) * out.grad")]),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag29")
    shutil.copytree(FRESH, tmp / "class")
    for case, (code, patches) in PLANTED.items():
        for old, new in patches:
            assert code.count(old) == 1, (case, old)
            code = code.replace(old, new)
        (tmp / "class" / case).mkdir()
        (tmp / "class" / case / "engine.py").write_text(code, encoding="utf-8")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


# id -> (score, the tests not passed (how many), diagnosis, each finding's (line, ops)); no score moved
TABLE = {
    # one `=` in a generic walk's loop: one finding (before: no line)
    "shared-walk-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "style"),
                                         ("hint", "recursive-topo", None)], [(76, None), (65, None)]),
    # one `=` in a helper every rule calls (`out._pass(self, local)`): one finding at the helper's line (before: none)
    "shared-helper-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")], [(14, None)]),
    # `=` in relu's rule and in tanh's: two lines, two findings, each at its own line (before: both at line 77)
    "perop-assign-relu-tanh": (62.1667, 2, [("variant", "relu-assign-not-accumulate", "pair"),
                                            ("variant", "tanh-assign-not-accumulate", "pair")],
                               [(77, None), (89, None)]),
    # `-=` in exp's rule and in log's: one finding per op, as before
    "perop-sign-exp-log": (59.0, 4, [("derivative", "exp", "times-constant"), ("derivative", "log", "times-constant")],
                           [(101, None), (113, None)]),  # session 30: each at its own rule's line (before: none)
    # session 30: the helper that flips the sign for every op is one finding at its line (before: seven, no line), in
    # either style; a helper that never multiplies by out.grad, one at its line (before: `*` and `/`, no line)
    "shared-accumulate-sign": (10.1666, 43, [("derivative", "mul", "times-constant")],
                               [(14, ["mul", "add", "tanh", "pow", "relu", "exp", "log"])]),
    "helper-sign-chain": (10.1666, 43, [("derivative", "mul", "times-constant")],
                          [(14, ["mul", "add", "tanh", "pow", "relu", "exp", "log"])]),
    "shared-chain-no-upstream": (25.5, 32, [("derivative", "mul", "out-grad"), ("hint", "recursive-topo", None)],
                                 [(8, ["mul", "div"]), (69, None)]),
    # the helper right: nothing; exp's own local wrong beside it: the variant that names it, as before
    "helper-right": (63.0, 0, [], []),
    # session 31: the variant at exp's own line (grader/engines.Variant.op; before: no line)
    "helper-right-exp-input": (61.0, 2, [("variant", "exp-input", "exact")], [(65, None)]),
    # a table of local derivatives: right, its recursive sort alone; its `mul` entry swapped, named at that entry's
    # line, not at the walk every entry's local goes through (line 29)
    "table-right": (61.0, 1, [("variant", "recursive-topo", "exact")], [(85, None)]),
    # session 31: the mul-own-data variant, placed at that entry's line too, is folded into the derivative's finding
    # there (same_line._folded; before: a second finding, without a line)
    "table-mul-swapped": (14.5, 41, [("derivative", "mul", "swapped"), ("hint", "recursive-topo", None)],
                          [(7, None), (85, None)]),
    # left as measured (the module's docstring): `sub` (1, 1) is named nothing but the recursive sort
    "shared-table-entry": (59.0, 3, [("variant", "recursive-topo", "exact")], [(85, None)]),
}


def test_every_engine_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*PLANTED, *(p.name for p in FRESH.iterdir())])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_engine_scores_and_is_named_once_per_line(rows, case):
    row = rows[case]
    score, lost, diagnosis, places = TABLE[case]
    assert (round(row["score"], 4), len(_failing(row)), _diagnosis(row)) == (score, lost, diagnosis)
    assert [(e.get("line"), e.get("ops")) for e in row["diagnosis"]] == places


def test_the_dict_edges_walk_is_one_finding_that_names_its_line():
    """test_strangers29's bug-dict-edges-assign (graded in that batch, one finding there): the hint it lends."""
    code = (Path(__file__).parent / "fixtures" / "strangers29" / "engine" / "correct-dict-edges-serial-heap"
            / "engine.py").read_text(encoding="utf-8").replace("parent.grad += local * node.grad",
                                                               "parent.grad = local * node.grad")
    [hint] = static_hints({"engine.py": code.encode()})
    assert (hint["hint"], hint["line"], hint["places"]) == ("assign-grad", 78, [{"line": 78, "function": "backward"}])
    assert hint["explanation"].startswith("Line 78: `backward` assigns `parent.grad = ...`")


def _variant(op, line, tests):
    return {"kind": "variant", "variant": f"{op}-assign-not-accumulate", "file": "engine.py", "line": line,
            "tests": tests, "title": f"= in {op}", "explanation": "why"}


def test_findings_of_one_line_are_one_and_of_their_own_lines_stay_apart():
    merged = one_per_line([_variant("relu", 78, ["relu/zero"]), _variant("tanh", 78, ["tanh/two"]),
                           _variant("exp", 90, ["exp/values"])])
    assert [(e["line"], e.get("ops"), e["tests"]) for e in merged] == [
        (78, ["relu", "tanh"], ["relu/zero", "tanh/two"]), (90, None, ["exp/values"])]
    assert merged[0]["title"] == (
        "Your gradients match an engine that overwrites `grad` with `=` instead of adding with `+=` on one line, "
        "engine.py, line 78, which the backward rules of relu and tanh all run")
    assert merged[0]["findings"] == ["relu-assign-not-accumulate", "tanh-assign-not-accumulate"]
    # two ops that raise the same exception on one line of a helper: one finding; another exception stays apart
    raised = [{"kind": "raises", "op": op, "exception": exc, "file": "engine.py", "line": 12, "tests": [op + "/x"],
               "title": f"Your {op} raises {exc}", "explanation": "why"}
              for op, exc in [("exp", "TypeError"), ("log", "TypeError"), ("tanh", "ValueError")]]
    assert [(e["op"], e.get("ops")) for e in one_per_line(raised)] == [("exp", ["exp", "log"]), ("tanh", None)]
    assert one_per_line(raised)[0]["title"] == "One line, engine.py, line 12, is behind what exp and log show: " \
                                               "Your exp raises TypeError"
