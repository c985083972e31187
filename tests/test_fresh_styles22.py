"""Session 22's fresh samples: the later exercises' files, and the shapes strangers hand them in.

`tests/fixtures/fresh-styles-22/<exercise>/` holds the correct submissions: an engine that computes in Decimal
(30 digits, its own exp and ln), an engine whose ops and sort live in a helper module it imports (ops.py), an
engine notebook built up cell by cell (a draft `__mul__` with `=` replaced by `Value.__mul__ = _mul`, the rest
of the ops in `class Value(Value)` under `%%time`, `Value.backward = backward`, `!pip` and `display`); networks
of slotted classes with read-only properties chained by functools.reduce, with helpers in linalg.py, with
weights from the unseeded `random` module and biases drawn too and a print per step, with parameters() found by
reflection and train_xor returning an `array('d')`, and a notebook whose Neuron is written twice; Dual numbers
with `__slots__` and `__array_priority__`, as complex numbers (the complex-step method), with singledispatch
functions, and a notebook that sets its rules with setattr in a loop (relu written again later); gradchecks in
Decimal and with a slotted result whose fields are properties; a neuron whose leaves come back in a
MappingProxyType, and one whose leaves hold Fractions; line fits as a slotted class, as a while loop with a
deque that prints every step, and in a wrapped folder with a helper module; test files (09) as property loops
in hypothesis's manner and as one parametrized table. `PLANTED` plants one mistake in each style, some in the
helper module or the notebook.

The holes these found, each closed as a class:
- A folder's other modules were ignored: an engine, a network or a loop that imports its own helper module
  (`from linalg import dot`) could not be imported, 0/63, 0/23 (grader/load/levels.py carries the other `.py`
  files of the exercise files' level, in a wrapper folder too; not a standard-library, worker or other
  exercise's name).
- probekit.as_plain took a tuple, a list or a dict only: train_xor's `array('d')` (20/23) and neuron()'s
  MappingProxyType (14/16) were refused; now any Sequence (not text) and any Mapping.
- 10's planted differences had the largest one last: a largest_relative_difference that keeps the last, not the
  largest, lost nothing (16/16); compare/planted now has one in the middle (14/16).
- 06's gradcheck with a signed abs_diff (no abs()) was charged by all three wrong-gradient tests (10/15); it is
  charged once by gradcheck/lost-path, and the other sign, which lost nothing, by half-a-percent's new case of a
  gradient too large (13/15 each).
- 08's x ** x built as exp(b log a) from a wrong log was charged by beyond/variable-exponent again (18/20); a
  power built from the student's own exp and log, as the exercise says, is not charged again (19/20).
- 11's loop that clears only w's gradient was charged by three tests (8/13); `only-w-cleared` and
  `only-b-cleared` are named mistakes charged by step/second (11/13).
- 07's train_xor with a loss that is not squared went below 0 and "below 0.001" (23/23); a negative loss fails
  train/train-xor (20/23).
- A notebook's draft `__mul__` with `=`, replaced in a later cell, was hinted on a correct engine (63/63 with an
  `assign-grad` hint); a rule that a later top-level statement replaces is not read.

Left (docs/diagnosis.md, "What the numbers cannot tell"): the Decimal engine's x3 - x3 is 2e-30, not 0, so random graph #10's relu
sits on the other side of its kink (62.75/63). A train_xor that records each loss after its step's update lost
nothing here; session 23 closed it (each loss is the one the next step calls backward() on: 20/23).
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import (FILE, LIMITS, _output, _planted, assert_every_submission_is_in_a_table,
                               assert_scored_and_named)
from test_fresh_styles21 import _prepare

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "fresh-styles-22"
ROOT = Path(__file__).parent.parent


# id -> (score, the tests not passed (or how many), diagnosis): test_fresh_styles.assert_scored_and_named
ENGINE = {
    **{case: (63.0, [], []) for case in ["correct-helper-ops-module", "correct-notebook-subclass-cells"]},
    # x3 - x3 in Decimal is 2e-30: relu(e2) of random graph #10 sits past its kink (left: docs)
    "correct-decimal-data": (62.75, ["random/torch-9-16"], []),
    # session 31: one finding each, the variant's, at its line (the derivative's finding of that op at that line
    # folded into it: grader/diagnose/same_line._folded; before, two, the variant's without a line)
    "bug-decimal-log-output": (60.75, ["log/small", "log/values", "random/torch-9-16"],
                               [("variant", "log-output", "exact")]),
    "bug-decimal-tanh-input": (59.75, ["random/torch-9-16", "tanh/negative", "tanh/saturated", "tanh/two"],
                               [("variant", "tanh-input", "exact")]),
    # the mistakes in ops.py, the helper module (0/63 before session 22: `import ops` failed)
    "bug-helper-ops-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"],
                                        [("variant", "pow-no-minus-one", "exact")]),
    "bug-helper-ops-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    # the draft `=` in the notebook's first `__mul__` is not hinted: a later cell replaces it
    "bug-notebook-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
}

GRADCHECK = {
    **{case: (15.0, [], []) for case in ["correct-decimal-difference", "correct-slots-lazy-result"]},
    "bug-decimal-one-sided": (12.0, ["numerical/known-functions"], []),
    # abs_diff = analytic - numeric: every wrong gradient below the numeric one passes (before: 10/15, three tests)
    "bug-slots-signed-diff": (13.0, ["gradcheck/lost-path"], []),
    # numeric - analytic: only a gradient above it shows (before: 15/15)
    "bug-slots-signed-diff-flipped": (13.0, ["gradcheck/half-a-percent"], []),
}

MLP = {
    # helper module (before: 0/23), array('d') losses (before: 20/23); of 24 points since holes28's parameters/rng
    **{case: (24.0, [], []) for case in ["correct-chatty-global-rng", "correct-helper-module",
                                         "correct-notebook-redefined", "correct-reflective-array",
                                         "correct-slots-reduce"]},
    # losses taken after each update: each is the loss the next step calls backward() on (23/23 before session 23)
    "bug-array-loss-after-update": (21.0, ["train/train-xor"], []),
    "bug-chatty-zero-grad-after-backward": (21.0, ["train/train-xor"], []),
    # the helper's sum of errors, not squared, falls below 0 (before: 23/23)
    "bug-helper-loss-not-squared": (21.0, ["train/train-xor"], []),
    # a tanh on the output changes every forward pass and training (as tests/test_fresh_styles.py's): forward/mlp's
    # alone since holes28 (10/23 before), the others' numbers being the squashed reference's
    "bug-slots-last-layer-tanh": (22.0, ["forward/mlp"], []),
}

DUAL = {
    **{case: (20.0, [], []) for case in ["correct-complex-step", "correct-notebook-setattr-cells",
                                         "correct-singledispatch", "correct-slots-array-priority"]},
    "bug-complex-relu-ge": (19.0, ["rule/relu"], []),
    "bug-singledispatch-quotient-sign": (18.0, ["rule/quotient"], []),
    # x ** x is exp(x log x) of its own log: not charged again by beyond/variable-exponent (before: 18/20)
    "bug-slots-log-output": (19.0, ["rule/exp-log"], []),
    "bug-slots-tanh-input": (19.0, ["rule/tanh"], []),
}

WRITE_TESTS = {case: (38.0, [], []) for case in ["correct-parametrize-table", "correct-property-loops"]}

NEURON = {
    # the leaves in a MappingProxyType (before: 14/16)
    **{case: (16.0, [], []) for case in ["correct-fraction-leaves", "correct-mappingproxy-table"]},
    # the last difference, not the largest (before: 16/16)
    "bug-fraction-last-not-largest": (14.0, ["compare/planted"], []),
    "bug-mappingproxy-relative-to-own": (15.0, ["compare/zero-against-nonzero"], []),
}

FIT_LINE = {
    **{case: (13.0, [], []) for case in ["correct-slots-fitter", "correct-while-deque-chatty",
                                         "correct-wrapped-helper"]},
    # only w's gradient cleared (before: 8/13, three tests)
    "bug-slots-clears-w-only": (11.0, ["step/second"], []),
    "bug-while-count-outside": (11.0, ["loss/mean"], []),
    "bug-wrapped-helper-update-plus": (11.0, ["step/first"], []),
}

TABLES = {"engine": ENGINE, "06-gradcheck": GRADCHECK, "07-mlp-xor": MLP, "08-dual-numbers": DUAL,
          "09-write-tests": WRITE_TESTS, "10-neuron": NEURON, "11-fit-line": FIT_LINE}

PLANTED = {
    "engine": {
        "bug-decimal-log-output": ("correct-decimal-data", [("lambda g: (g / a,)", "lambda g: (g / a.ln(),)")]),
        "bug-decimal-tanh-input": ("correct-decimal-data", [("lambda g: ((1 - t * t) * g,)",
                                                             "lambda g: ((1 - self.data ** 2) * g,)")]),
        # the mistake stands in the helper module the engine imports
        "bug-helper-ops-pow-no-minus-one": ("correct-helper-ops-module", [], {"ops.py": [
            ("(k * a ** (k - 1),)", "(k * a ** k,)")]}),
        "bug-helper-ops-rsub-order": ("correct-helper-ops-module", [("return (-self) + other",
                                                                     "return self + (-other)")]),
        # a later cell of the notebook writes relu again, with relu'(0) = 1
        "bug-notebook-relu-ge": ("correct-notebook-subclass-cells", [], {"engine.ipynb": [
            ("(out.data > 0) * out.grad", "(self.data >= 0) * out.grad")]}),
    },
    "06-gradcheck": {
        "bug-decimal-one-sided": ("correct-decimal-difference", [
            ("up, down = Decimal(f(x + h)), Decimal(f(x - h))\n        return (up - down) / (2 * Decimal(h))",
             "up, down = Decimal(f(x + h)), Decimal(f(x))\n        return (up - down) / Decimal(h)")]),
        "bug-slots-signed-diff": ("correct-slots-lazy-result", [("return abs(self.analytic - self.numeric)",
                                                                 "return self.analytic - self.numeric")]),
        # the other sign: only a wrong gradient larger than the numeric one shows it (half-a-percent's second)
        "bug-slots-signed-diff-flipped": ("correct-slots-lazy-result", [
            ("return abs(self.analytic - self.numeric)", "return self.numeric - self.analytic")]),
    },
    "07-mlp-xor": {
        "bug-slots-last-layer-tanh": ("correct-slots-reduce", [("nonlin=i < last", "nonlin=i <= last")]),
        # zero_grad() after backward(): every update moves by 0
        "bug-chatty-zero-grad-after-backward": ("correct-chatty-global-rng", [
            ("        model.zero_grad()\n        loss.backward()\n", "        loss.backward()\n        model.zero_grad()\n")]),
        "bug-array-loss-after-update": ("correct-reflective-array", [
            ("        losses.append(loss.data)\n        net.zero_grad()",
             "        net.zero_grad()"),
            ("            p.data = p.data - lr * p.grad\n",
             "            p.data = p.data - lr * p.grad\n"
             "        losses.append(sum(((net(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)), Value(0)).data)\n")]),
        # the helper module's sum of squares forgets the square: the loss is the sum of the errors
        "bug-helper-loss-not-squared": ("correct-helper-module", [], {"linalg.py": [
            ("total = (p - t) ** 2 + total", "total = (p - t) + total")]}),
    },
    "08-dual-numbers": {
        "bug-slots-log-output": ("correct-slots-array-priority", [("lambda a: 1.0 / a)", "lambda a: 1.0 / math.log(a))")]),
        "bug-slots-tanh-input": ("correct-slots-array-priority", [("lambda a: 1.0 - math.tanh(a) ** 2",
                                                                   "lambda a: 1.0 - a ** 2")]),
        "bug-complex-relu-ge": ("correct-complex-step", [("self.z if a > 0 else", "self.z if a >= 0 else")]),
        "bug-singledispatch-quotient-sign": ("correct-singledispatch", [("(1.0 / b, -a / (b * b))",
                                                                         "(1.0 / b, a / (b * b))")]),
    },
    "10-neuron": {
        "bug-mappingproxy-relative-to-own": ("correct-mappingproxy-table", [("big = max(abs(g), abs(r))",
                                                                             "big = abs(g)")]),
        "bug-fraction-last-not-largest": ("correct-fraction-leaves", [
            ("worst = max(worst, float(abs(g - r) / max(abs(g), abs(r))))",
             "worst = float(abs(g - r) / max(abs(g), abs(r)))")]),
    },
    "11-fit-line": {
        "bug-slots-clears-w-only": ("correct-slots-fitter", [("self.w.grad = self.b.grad = 0.0", "self.w.grad = 0.0")]),
        # the update rule, in the helper module of a wrapped folder, adds the gradient
        "bug-wrapped-helper-update-plus": ("correct-wrapped-helper", [], {"hw11/training.py": [
            ("p.data -= rate * p.grad", "p.data += rate * p.grad")]}),
        "bug-while-count-outside": ("correct-while-deque-chatty", [
            ("        acc = acc + (w * x + b - y) * (w * x + b - y)\n        n += 1\n",
             "        acc = acc + (w * x + b - y) * (w * x + b - y)\n    n += 1\n")]),
    },
    "09-write-tests": {},
}


def _class(folder, exercise):
    """The exercise's class: each correct submission as it is handed in (a folder, with the exercise's given
    engine where it brings none; a folder holding only a notebook is handed in as that notebook), and each
    planted mistake, `(base, patches of the exercise's file[, {other file: patches}])`."""
    given = ROOT / "exercises" / exercise / "engine.py"
    for case in sorted((FRESH / exercise).iterdir()):
        shutil.copytree(case, folder / case.name)
        _prepare(folder / case.name / FILE[exercise])
    for case, (base, patches, *others) in PLANTED[exercise].items():
        shutil.copytree(folder / base, folder / case)
        for name, more in [(FILE[exercise], patches), *(others[0].items() if others else [])]:
            if more:
                path = folder / case / name
                path.write_text(_planted(path.read_text(encoding="utf-8"), more, case), encoding="utf-8")
    for entry in sorted(folder.iterdir()):
        notebooks = sorted(entry.glob("*.ipynb"))
        if notebooks:
            notebooks[0].rename(folder / f"{entry.name}.ipynb")
            shutil.rmtree(entry)
        else:  # beside the student's files, inside a wrapper folder where there is one
            inner = [d for d in entry.iterdir() if d.is_dir()]
            top = inner[0] if len(inner) == 1 and not list(entry.glob("*.py")) else entry
            if not (top / "engine.py").exists():
                shutil.copy(given, top / "engine.py")


def _rows(tmp_path_factory, exercise):
    tmp = tmp_path_factory.mktemp(f"fresh22-{exercise}")
    (tmp / "class").mkdir()
    _class(tmp / "class", exercise)
    result = grade(tmp / "class", exercise=exercise, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise) for exercise in TABLES}


def test_every_fresh_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_fresh_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def test_each_mistake_closed_here_is_said_once(rows):
    gc = rows["06-gradcheck"]["bug-slots-signed-diff"]
    assert _output(gc, "gradcheck/lost-path") == (
        "gradcheck for x * Value(x.data) at 1.5 passes (ok=True; analytic 1.5, numeric 3.0), but backprop's gradient "
        "is wrong here: its abs_diff, -1.5, is a signed difference, without abs(), and a negative difference is "
        "always within the tolerance")
    for test in ("gradcheck/detached", "gradcheck/half-a-percent"):
        assert _output(gc, test) == ("Not charged again: gradcheck's abs_diff is a signed difference, without "
                                     "abs(), which gradcheck/lost-path already charges.")
    assert _output(rows["08-dual-numbers"]["bug-slots-log-output"], "beyond/variable-exponent") == (
        "Not charged again: your Dual builds x ** x as exp(b log a) from its own exp and log, which rule/exp-log "
        "already charges.")
    line = rows["11-fit-line"]["bug-slots-clears-w-only"]
    assert _output(line, "step/second").startswith(
        "b for train_line(2, 0.05): two steps from w = -1, b = 0: expected 0.865, got 1.415 (1 more value differs). "
        "Your numbers are those of a loop that clears w's gradient between steps but never b's.")
    for test in ("history/shape", "history/diverges"):
        assert _output(line, test) == ("Not charged again: your numbers are those of a loop that clears w's "
                                       "gradient between steps but never b's, which step/second already charges.")
    assert _output(rows["07-mlp-xor"]["bug-helper-loss-not-squared"], "train/train-xor") == (
        "train_xor(seed=0, steps=300): the loss went down to -1173.372728, below 0; a sum of squared errors is never "
        "negative")
    assert _output(rows["10-neuron"]["bug-fraction-last-not-largest"], "compare/planted") == (
        "largest_relative_difference with dy/dw1 = 2.2 against 2 (10%) and dy/db = 0.525 against 0.5 (5%): expected "
        "0.0909090909 (the largest |g - r| / max(|g|, |r|) over the five gradients), got 0.0476190476")


# -- in process: the readings each hole was closed in -----------------------------------------------------


def test_a_folder_carries_its_other_modules_and_not_what_would_shadow(tmp_path):
    from grader.load import load_entry

    folder = tmp_path / "alice"
    (folder / "hw").mkdir(parents=True)
    for name in ["engine.py", "linalg.py", "random.py", "probekit.py", "nn.py", "my-notes.py", "data.csv",
                 "draft.ipynb"]:
        (folder / "hw" / name).write_text("x = 1\n", encoding="utf-8")
    (folder / "hw" / "bad.py").write_bytes(b"\xff\xfe not utf-8")
    (folder / "hw" / "pkg").mkdir()
    (folder / "hw" / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    sub = load_entry(folder, frozenset({"engine.py"}))
    assert sub.problem is None
    # not a standard-library or worker module's name, no other exercise's file (nn.py, graded alone), no text
    # that is not a module's; a helper that cannot be read and that no file imports is left out (one imported is
    # the submission's reason to be rejected: tests/test_loadnotes23.py). A package travels too
    # (session 23: tests/test_strangers23.py)
    assert sorted(sub.files) == ["engine.py", "linalg.py", "pkg/__init__.py"]
    assert sub.origins["linalg.py"].file == "hw/linalg.py"


def test_as_plain_reads_any_sequence_and_mapping_but_not_text_or_iterators():
    import array
    import collections
    import types

    from grader.probekit import as_plain

    assert as_plain(array.array("d", [1.0, 2.5]), tuple) == (1.0, 2.5)
    assert as_plain(collections.deque([3, 4]), tuple) == (3, 4)
    assert as_plain(collections.UserList([5]), tuple) == (5,)
    assert as_plain(types.MappingProxyType({"a": 1}), dict) == {"a": 1}
    assert as_plain(collections.ChainMap({"b": 2}), dict) == {"b": 2}
    for refused in ("ab", b"ab", bytearray(b"a"), iter([1]), (x for x in [1]), {1, 2}):
        assert as_plain(refused, tuple) is None
    assert as_plain([("a", 1)], dict) is None and as_plain(types.MappingProxyType({}), tuple) is None


@pytest.mark.parametrize("later,hinted", [
    ("Value.__mul__ = _mul", False),
    ('setattr(Value, "__mul__", _mul)', False),
    ("class Value(Value):\n    def __mul__(self, other):\n        return _mul(self, other)", False),
    ("Value.__add__ = _mul", True),  # another method replaced: the `=` stays live
    ("class Other:\n    def __mul__(self, other):\n        return other", True),
])
def test_a_rule_a_later_statement_replaces_is_not_hinted(later, hinted):
    from grader.diagnose.hints import static_hints

    source = ("class Value:\n    def __mul__(self, other):\n        out = Value(self.data * other.data)\n"
              "        def _backward():\n            self.grad = other.data * out.grad\n"
              "        out._backward = _backward\n        return out\n\n\n"
              "def _mul(self, other):\n    return self\n\n\n" + later + "\n")
    hints = [h["hint"] for h in static_hints({"engine.py": source.encode()})]
    assert hints == (["assign-grad"] if hinted else [])
