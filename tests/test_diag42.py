"""Session 42's diagnosis helper (diag42): feedback that names the student's actual bug.

A notebook whose cell above the one defining `backward` raised was told "Add a `backward` method to your class
`Value`": the notebook has one, in a cell Run All never reached (missing.never_ran, load/cell_order.defining_cell).
A notebook exported by `jupyter nbconvert --to script` (`# In[3]:` marks) whose cell raised failed whole (0/63): it is
graded as Run All leaves the notebook (load/scripts.exported_notebook, the loader's Submission.notebooks). A Colab
notebook whose cell writes into its folder (read-only where it is graded) had lost its hint since session 41: the
worker now reports the stopped cell's facts (its errno), and import_io says the hint in Run All's words.

10-neuron's each_backward_fresh gave the gradient back, before a later backward(), to the Values made by __init__ and
to those reached through the instance's __dict__: a node of a class with __slots__, made without __init__
(object.__new__), kept what the first run left, and a neuron_gradients that runs backward() twice was charged again
on tanh/points (12/16; now 14/16, excused after relu/positive: probes._attributes reads the slots).
Twelve engines with one classic mistake each (shared/course.md), planted here in three correct engines of
tests/fixtures/diag42/engine typed as students hand them in (an edge list of (parent, local) pairs, a class per
operation, closures with a `backward` added to the class afterwards), graded and named in the course's words. What
was misnamed or unnamed before: `**` whose `- 1` is kept for an `int` exponent only ("unmatched": now the power
rule's mistake, where k is not whole: derivatives._split_by_exponent); `**` whose exponent is wrapped in a `Value`,
so a node is added into `grad` (nothing said: local_rules.grad_not_a_number, placed by written_at.node_made_at); a
recursive sort that appends a node before its inputs, walked reversed (the variant forward-order, "calls the rules in
topological order instead of reversed", with no line, or "Your `-` backward gives the gradient to a only": now the
walk reversed-pre-order, at the `append`, tried only where the source shows that sort); an `=` into a gradient kept
under a key that is a module's constant (`self._s[GRAD]`) or in a field `__setattr__`/`__getattr__` route `grad` to
(`self._g`): named with no line (overwrites._str_key, grad_names._routed_fields).
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag42" / "engine"
ROOT = Path(__file__).parent.parent


# id -> (the correct engine planted in, [(a text found once, its bug)])
PLANTED = {
    "bug-closures-forward-order": ("correct-closures-lift", [
        ("    for v in reversed(order):",
         "    for v in order:"),
    ]),
    "bug-closures-pow-float-no-minus-one": ("correct-closures-lift", [
        ("            self.grad += k * self.data ** (k - 1) * out.grad\n",
         "            if isinstance(k, int):\n                self.grad += k * self.data ** (k - 1) * out.grad\n            else:\n                self.grad += k * self.data ** k * out.grad  # floats are fine as they are\n"),
    ]),
    "bug-closures-pow-value-exponent": ("correct-closures-lift", [
        ("    def __pow__(self, k):\n        out = Value(self.data ** k, (self,), \"pow\")",
         "    def __pow__(self, k):\n        k = Value.lift(k)\n        out = Value(self.data ** k.data, (self,), \"pow\")"),
        ("self.grad += k * self.data ** (k - 1) * out.grad",
         "self.grad += k * self.data ** (k.data - 1) * out.grad"),
    ]),
    "bug-closures-preorder-in-if": ("correct-closures-lift", [
        ("    order, seen = [], set()\n    stack = [(self, False)]\n    while stack:\n        v, done = stack.pop()\n        if done:\n            order.append(v)\n        elif id(v) not in seen:\n            seen.add(id(v))\n            stack.append((v, True))\n            stack.extend((p, False) for p in v.parents)\n",
         "    order, seen = [], set()\n    def build(v):\n        if id(v) not in seen:\n            seen.add(id(v))\n            order.append(v)\n            for p in v.parents:\n                build(p)\n    build(self)\n"),
    ]),
    "bug-edge-assign": ("correct-edge-pairs", [
        ("parent.grad += local * node.grad",
         "parent.grad = local * node.grad"),
    ]),
    "bug-edge-exp-of-output": ("correct-edge-pairs", [
        ("return Value(e, [(self, e)])",
         "return Value(e, [(self, math.exp(e))])"),
    ]),
    "bug-edge-no-out-grad": ("correct-edge-pairs", [
        ("parent.grad += local * node.grad",
         "parent.grad += local"),
    ]),
    "bug-edge-pow-value-exponent": ("correct-edge-pairs", [
        ("        return Value(self.data ** n, [(self, n * self.data ** (n - 1))])",
         "        n = n if isinstance(n, Value) else Value(n)\n        return Value(self.data ** n.data, [(self, n * self.data ** (n.data - 1))])"),
    ]),
    "bug-edge-preorder": ("correct-edge-pairs", [
        ("            visited.add(id(node))\n            for parent, _ in node.edges:\n                visit(parent)\n            order.append(node)",
         "            visited.add(id(node))\n            order.append(node)\n            for parent, _ in node.edges:\n                visit(parent)"),
    ]),
    "bug-edge-rsub-sign": ("correct-edge-pairs", [
        ("return Value(other) + (-self)",
         "return Value(other) + self"),
    ]),
    "bug-ops-forward-order": ("correct-op-classes", [
        ("for node in reversed(topo):",
         "for node in topo:"),
    ]),
    "bug-ops-log-output": ("correct-op-classes", [
        ("        (x,) = self.inputs\n        return (grad / x.data,)",
         "        return (grad / out.data,)"),
    ]),
    "bug-ops-relu-at-zero": ("correct-op-classes", [
        ("        return ((out.data > 0) * grad,)",
         "        (x,) = self.inputs\n        return (float(x.data >= 0) * grad,)"),
    ]),
    "bug-ops-rtruediv-order": ("correct-op-classes", [
        ("return as_value(other) * self ** -1",
         "return self * as_value(other) ** -1"),
    ]),
    "bug-ops-tanh-input": ("correct-op-classes", [
        ("        return ((1 - out.data ** 2) * grad,)",
         "        (x,) = self.inputs\n        return ((1 - x.data ** 2) * grad,)"),
    ]),
    "bug-keyed-const-mul-assign": ("correct-keyed-const", [
        ("            self._s[GRAD] += other.data * out._s[GRAD]\n            other._s[GRAD] += self.data * out._s[GRAD]",
         "            self._s[GRAD] = other.data * out._s[GRAD]\n            other._s[GRAD] = self.data * out._s[GRAD]"),
    ]),
    "bug-routed-setattr-mul-assign": ("correct-routed-setattr", [
        ("            self._g += other.data * out._g\n            other._g += self.data * out._g",
         "            self._g = other.data * out._g\n            other._g = self.data * out._g"),
    ]),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag42")
    shutil.copytree(FRESH, tmp / "class")
    for case, (base, patches) in PLANTED.items():
        text = (FRESH / f"{base}.py").read_text(encoding="utf-8")
        for old, new in patches:
            assert text.count(old) == 1, (case, old)
            text = text.replace(old, new)
        (tmp / "class" / f"{case}.py").write_text(text, encoding="utf-8")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    "correct-backward-own-cell": (63.0, [], []),
    "correct-closures-lift": (63.0, [], []),
    "correct-edge-pairs": (63.0, [], []),
    "correct-op-classes": (63.0, [], []),
    "correct-keyed-const": (63.0, [], []),
    "correct-routed-setattr": (63.0, [], []),
    # before: the same, with no line (`self._s[GRAD] = ...`, GRAD a module's constant; `self._g = ...`, `_g` where
    # `__setattr__` and `__getattr__` keep `grad`)
    "bug-keyed-const-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
    "bug-routed-setattr-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
    "bug-closures-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    # before: ("derivative", "pow", "unmatched")
    "bug-closures-pow-float-no-minus-one": (62.6667, ["pow/fractional"],
                                            [("derivative", "pow", "k-not-k-1-fractional-k")]),
    # before: nothing said (the same score)
    "bug-closures-pow-value-exponent": (61.0, ["pow/cube", "pow/fractional"], [("derivative", "pow", "grad-not-a-number")]),
    "bug-edge-pow-value-exponent": (61.0, ["pow/cube", "pow/fractional"], [("derivative", "pow", "grad-not-a-number")]),
    # before: ("derivative", "sub", "forgets-other") beside recursive-topo
    "bug-closures-preorder-in-if": (14.1667, 41, [("walk", "reversed-pre-order", "exact"),
                                                  ("variant", "recursive-topo", "exact")]),
    # before: ("variant", "forward-order", "exact"), with no line
    "bug-edge-preorder": (14.1667, 41, [("walk", "reversed-pre-order", "exact")]),
    "bug-edge-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-edge-exp-of-output": (61.0, ["exp/negative", "exp/values"], [("derivative", "exp", "applied-twice")]),
    "bug-edge-no-out-grad": (27.5, 31, [("derivative", "mul", "out-grad")]),
    "bug-edge-rsub-sign": (62.0, ["sub/constant"], [("derivative", "rsub", "self-plus-other")]),
    "bug-ops-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-ops-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-ops-relu-at-zero": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-ops-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-ops-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"], [("variant", "tanh-input", "exact")]),
    # before: the same score, "Add a `backward` method to your class `Value`"
    "stopped-above-backward": (2.0, 50, [("missing-op", "backward", "never-ran")]),
    # before: nothing said (the hint was lost when session 41 graded the notebook as Run All leaves it)
    "colab-saves-results": (63.0, ["engine/imports"], [("hint", "read-only-folder", None)]),
    # the two notebooks exported by nbconvert: before, 0/63 each, "could not be used"
    "correct-exported-last-cell-raises": (63.0, ["engine/imports"], []),
    "stopped-above-backward-exported": (2.0, 50, [("missing-op", "backward", "never-ran")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*PLANTED, *(p.stem for p in FRESH.iterdir())])


# the line each finding names: the mistake's own
LINES = {"bug-keyed-const-mul-assign": [46], "bug-routed-setattr-mul-assign": [41],
         "bug-closures-forward-order": [95], "bug-closures-pow-float-no-minus-one": [41],
         "bug-closures-pow-value-exponent": [41], "bug-closures-preorder-in-if": [88, 85], "bug-edge-assign": [82],
         "bug-edge-exp-of-output": [37], "bug-edge-no-out-grad": [82], "bug-edge-pow-value-exponent": [27],
         "bug-edge-preorder": [72], "bug-edge-rsub-sign": [49], "bug-ops-forward-order": [121],
         "bug-ops-log-output": [51], "bug-ops-relu-at-zero": [37], "bug-ops-rtruediv-order": [101],
         "bug-ops-tanh-input": [42]}


@pytest.mark.parametrize("case", sorted(LINES))
def test_each_finding_names_its_line(rows, case):
    assert [(d["file"], d["line"]) for d in rows[case]["diagnosis"]] == [(f"{case}.py", n) for n in LINES[case]]


def test_a_power_rule_that_lowers_only_a_whole_exponent_is_named_as_the_power_rule(rows):
    finding = rows["bug-closures-pow-float-no-minus-one"]["diagnosis"][0]
    assert (finding["title"], finding["explanation"]) == (
        "Your `**` backward computes k · x**k instead of k · x**(k − 1): the exponent is not lowered by one where k is "
        "not a whole number, and is right where k is whole: the rule depends on the exponent's type (a branch such "
        "as `isinstance(k, int)`)",
        "For y = x ** k at x = 2.5, k = 1.5, x.grad is 5.929270613, not 2.371708245. This rule alone explains the "
        "numbers at every point tried.")


@pytest.mark.parametrize("case", ["bug-closures-pow-value-exponent", "bug-edge-pow-value-exponent"])
def test_a_value_added_into_a_gradient_is_named(rows, case):
    finding = rows[case]["diagnosis"][0]
    assert (finding["title"], finding["explanation"]) == (
        "Your `**` backward adds a Value into the gradient, not a number",
        "For y = x ** k at x = 1.5, k = 3.0, x.grad is a Value, not a number. A gradient is a number: the rule "
        "computes its local derivative from a `Value` where a number belongs (an exponent or a factor kept as a "
        "`Value`, `n = Value(n)` and then `n * ...`), so what it adds into `grad` is a node of the graph. Compute "
        "the local derivative from numbers (`n.data`), or keep a constant exponent a plain number.")


def test_an_order_built_with_each_node_before_its_inputs_is_named(rows):
    finding = rows["bug-edge-preorder"]["diagnosis"][0]
    assert (finding["title"], finding["explanation"]) == (
        "Your gradients match an engine that builds its order with each node before its inputs (pre-order), so "
        "walked reversed, a node's rule runs before its consumers have added to its grad",
        "For q = a * a + a at a = 3, a.grad is 1.0, not 7.0. A topological order lists every node after all of its "
        "inputs: a depth-first sort appends a node once it has visited the node's inputs. Appended before them, a "
        "node comes before its inputs, and the reversed list runs the rules of the nodes nearest the leaves first, "
        "while nothing has reached their grad yet. Append a node after the loop over its inputs, and keep walking "
        "the order reversed.")


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


def test_a_method_below_the_cell_that_stopped_the_notebook_is_said_never_to_have_run(rows):
    finding = rows["stopped-above-backward"]["diagnosis"][0]
    assert (finding["file"], finding["cell"], finding["line"], finding["defined_in_cell"]) == (
        "stopped-above-backward.ipynb", 3, 3, 5)
    assert finding["title"] == ("`a.backward()` does not work: stopped-above-backward.ipynb stopped at cell 3, above "
                                "the cell that defines `backward`")
    assert finding["explanation"] == (
        "For y = a * a at a = 3, your engine raised AttributeError: 'Value' object has no attribute 'backward'. "
        "stopped-above-backward.ipynb stopped at cell 3, which raised AttributeError: 'Value' object has no attribute "
        "'value'. The cells below it never ran, as Jupyter's Run All leaves them, and cell 5, which defines "
        "`backward`, is one of them. Fix cell 3 or remove it. Every test that needs `a.backward()` fails here; the "
        "other tests do not charge for it again.")


def test_a_notebook_exported_as_a_script_is_graded_as_run_all_leaves_it(rows):
    tests = {t["name"]: t for t in rows["correct-exported-last-cell-raises"]["tests"]}
    assert (tests["engine/imports"]["status"], tests["engine/imports"]["output"]) == ("failed", (
        "correct-exported-last-cell-raises.py stopped at a cell that raised AssertionError: my notes say 8 "
        "(correct-exported-last-cell-raises.py, line 138): the cells before it were graded, as Jupyter's Run All "
        "leaves them. Fix that cell or remove it."))
    finding = rows["stopped-above-backward-exported"]["diagnosis"][0]
    assert (finding["file"], finding["line"], finding["defined_at_line"]) == (
        "stopped-above-backward-exported.py", 97, 106)
    assert finding["explanation"] == (
        "For y = a * a at a = 3, your engine raised AttributeError: 'Value' object has no attribute 'backward'. "
        "stopped-above-backward-exported.py, a notebook exported as a script, stopped at line 97, which raised "
        "AttributeError: 'Value' object has no attribute 'value'. The cells below it never ran, as Jupyter's Run All "
        "leaves them, and line 106, which defines `backward`, is in one of them. Fix that cell or remove it. Every "
        "test that needs `a.backward()` fails here; the other tests do not charge for it again.")


@pytest.mark.parametrize("code,exported", [
    (b"#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nx = 1\n", True),
    (b"# In[ ]:\r\nx = 1\r\n", True),  # a cell never run, Windows line ends
    (b'# -*- coding: utf-8 -*-\n"""hw.ipynb\n\nAutomatically generated by Colab.\n"""\nx = 1\n', True),
    (b"# %%\nx = 1\n", False),  # the percent format: a script's own cells, run whole by `python engine.py`
    (b"x = 1  # In[1]: not a mark\n", False),
])
def test_a_notebook_exported_as_a_script_is_told_by_its_marks(code, exported):
    from grader.load.scripts import exported_notebook

    assert exported_notebook(code) is exported


def test_a_notebook_that_stops_at_a_write_into_its_folder_is_told_why(rows):
    hint = rows["colab-saves-results"]["diagnosis"][0]
    assert (hint["file"], hint["cell"], hint["line"]) == ("colab-saves-results.ipynb", 8, 1)
    assert (hint["title"], hint["explanation"]) == (
        "colab-saves-results.ipynb, cell 8, line 1 writes to your submission's folder, which is read-only where it is "
        "graded",
        "Your notebook is graded in a folder that nothing may write to, so Run All stops at this line: the cells above "
        "it are graded, the cells below it never run, even though it runs in Colab or on your machine. Write files "
        "under `tempfile.gettempdir()`, or remove this line before you hand the notebook in.")


REVIEW41 = Path(__file__).parent / "fixtures" / "review41" / "10-neuron" / "new-nodes"
SLOTS = ('    """A scalar, the gradient of the final output with respect to it, and how it was made."""\n',
         '    """A scalar, the gradient of the final output with respect to it, and how it was made."""\n\n'
         '    __slots__ = ("data", "grad", "_backward", "_prev", "_op")\n')
TWICE = ("    y.backward()\n", "    y.backward()\n    y.backward()\n")


@slow_fixture(scope="module")
def neuron_rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("diag42-neuron") / "class"
    for case, patches in {"slots": {"engine.py": [SLOTS]}, "slots-twice": {"engine.py": [SLOTS], "neuron.py": [TWICE]}}.items():
        shutil.copytree(REVIEW41, folder / case)
        for name, replacements in patches.items():
            text = (folder / case / name).read_text(encoding="utf-8")
            for old, new in replacements:
                assert text.count(old) == 1
                text = text.replace(old, new)
            (folder / case / name).write_text(text, encoding="utf-8")
    result = grade(folder, exercise="10-neuron", limits=LIMITS, jobs=2, cache_dir=folder.parent / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("case,score,failing,tanh", [
    ("slots", 16.0, [], ""),
    # before: 12/16, tanh/points charged again ("against PyTorch: ..."), unnamed
    ("slots-twice", 14.0, ["relu/positive"], "Not charged again: neuron_gradients calls backward() 2 times, and each "
                                             "run adds to the gradients the runs before left, which relu/positive "
                                             "already charges."),
])
def test_a_run_twice_over_nodes_with_slots_is_charged_once(neuron_rows, case, score, failing, tanh):
    row = neuron_rows[case]
    tests = {t["name"]: t for t in row["tests"]}
    assert (row["status"], row["score"], [n for n, t in tests.items() if t["status"] != "passed"]) == (
        "graded", score, failing)
    assert (tests["tanh/points"]["status"], tests["tanh/points"].get("output") or "") == ("passed", tanh)


FIT = Path(__file__).parent / "fixtures" / "diag42" / "11-fit-line"


@slow_fixture(scope="module")
def fit_rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("diag42-fit") / "class"
    for case in sorted(FIT.iterdir()):
        shutil.copytree(case, folder / case.name)
        shutil.copy(ROOT / "exercises" / "11-fit-line" / "engine.py", folder / case.name / "engine.py")
    result = grade(folder, exercise="11-fit-line", limits=LIMITS, jobs=2, cache_dir=folder.parent / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


def test_a_training_loop_that_never_clears_the_gradients_is_named(fit_rows):
    # one of the course's classic mistakes (zero_grad forgotten between steps), written fresh: named in the test's
    # own words, as it was before this session
    row = fit_rows["no-zero-grad"]
    tests = {t["name"]: t for t in row["tests"]}
    assert (row["score"], [n for n, t in tests.items() if t["status"] != "passed"]) == (11.0, ["step/second"])
    assert tests["step/second"]["output"].startswith(
        "w for train_line(2, 0.05): two steps from w = -1, b = 0: expected 0.8975, got 2.0975 (2 more values "
        "differ). Your numbers are those of a loop that never clears the gradients between steps. backward() adds "
        "into .grad, so without setting w.grad and b.grad back to 0 before each backward pass, the second step moves "
        "by the sum of the first two gradients")


def test_a_gradient_that_is_no_number_is_read_from_the_record_of_the_probes_words():
    # the record's id, not the text and not a position in probe_words.TEMPLATES (review42b: it was TEMPLATES[0])
    from grader.diagnose.local_rules import grad_not_a_number

    record = {"id": "{what} is a {type}, not a number", "params": {"what": "0.x.grad", "type": "Value"}}
    assert grad_not_a_number({"status": "error", "error_message": record}) == ("0.x.grad", "Value")
    assert grad_not_a_number({"status": "error", "error_message": {**record, "params": {
        "what": "0.y", "type": "Value"}}}) is None  # the output's value, not a gradient
    assert grad_not_a_number({"status": "error", "error_message": {
        **record, "id": "{what} is {value}, not a finite number"}}) is None
    assert grad_not_a_number({"status": "passed", "error_message": record}) is None
