"""Session 23's strangers: engines and exercise files in shapes no earlier fixture has, graded by the real program.

`tests/fixtures/strangers23/<exercise>/` holds the correct submissions: engines whose data are Fractions, whose
walk is a generator and whose `-` is built with `+=` (`__iadd__`), kept on a global tape behind a
`typing.Protocol`, whose backward rules are a `match` over an `enum` of ops, whose tanh, exp, log and relu are
found by `__getattr__` in a table, micrograd as published with `sys.setrecursionlimit` raised, an engine whose
`engine.py` only imports a package folder of its own, one saved by Notepad (a byte-order mark, CRLF, tabs) and one
saved in cp1252 with a PEP 263 coding line; a gradcheck that subtracts in Fractions, and one that is a callable
object whose bound method is numerical_grad; networks whose modules share a Protocol and yield their parameters,
and whose parameters are a `Value` subclass found by walking the attributes; Dual numbers whose functions are
found by `__getattr__`, and a frozen slotted dataclass that pattern-matches its operands; test files (09) made by
a registering decorator into `globals()` with `@staticmethod` tests in a class, and a unittest file with
`subTest`; neurons built with `operator.methodcaller` and `itemgetter`, and with a defaultdict and Fractions; a
line fitted by an endless generator cut by `itertools.islice`, and by an iterator object. `PLANTED` plants one
mistake of the course in most of them (as bytes, in the file's own encoding and line ends).

The holes these found, each closed as a class:
- A source file saved in another encoding with a PEP 263 coding line (`# -*- coding: cp1252 -*-`), which Python
  runs, was rejected as "not UTF-8" (0/63): grader/load/reading.python_source reads it in the encoding it
  declares, where that encoding keeps ASCII as it is, and makes its coding line say utf-8, on the same line.
- A package beside the exercise files (`from autodiff import Value`) was not carried (0/63): grader/load/levels.py
  carries each folder with an `__init__.py` (three levels), within the 32 helper files.
- 09's runner did not run a `@staticmethod` test of a `Test*` class, nor a `unittest.TestCase` not named `Test*`
  (36/38 and 37/38 for test files that catch every engine).
- 06 charged an analytic derivative that is not backprop's (backward() called twice) in four tests (8/15);
  gradcheck/correct-gradients charges it (13/15).
- 10 charged a mean of the differences in compare/zero-against-nonzero too (13/16 -> 14/16).
- 11's loop that notes each loss after its update is a named mistake, charged by history/shape once (10/13 ->
  12/13).
- 07's train_xor that notes each loss after its update lost nothing (session 22's left item, 23/23): the probe
  notes the loss each step calls backward() on (20/23).
"""

import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import (FILE, _output, _rows, assert_every_submission_is_in_a_table,
                               assert_scored_and_named)
from test_fresh_styles21 import _prepare

FRESH = Path(__file__).parent / "fixtures" / "strangers23"
ROOT = Path(__file__).parent.parent

ENGINE = {
    # the package folder (0/63 before: `from autodiff import Value` found no module) and the cp1252 file with its
    # coding line (rejected before: "not UTF-8")
    **{case: (63.0, [], []) for case in ["correct-bom-crlf-tabs", "correct-cp1252-cookie", "correct-enum-match",
                                         "correct-fraction-exact", "correct-generator-iadd", "correct-getattr-math",
                                         "correct-package-folder", "correct-protocol-tape",
                                         "correct-recursion-limit-raised"]},
    "bug-cp1252-pow-missing-k": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-missing-k", "exact")]),
    # `=` in one case of a `match` in a method, no closure: the numbers of `=` in `*` on one side (as
    # test_fresh_styles's bug-floatsub-mul-assign); before session 34 nothing was said (the hint read closures
    # only), now it is named (diagnose/rule_owner.py: `case Value(Op.MUL, ...)` is mul's rule), line 69
    "bug-enum-mul-assign": (38.0, 18, [("hint", "assign-grad", None)]),
    "bug-enum-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-fraction-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-generator-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-generator-preorder": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-getattr-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-getattr-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-notepad-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                     [("variant", "tanh-one-minus-t", "exact")]),
    "bug-package-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    # numpy imported (not used) in a module of the package: the "from scratch" test read only top-level helper
    # modules, so it passed (63/63 before session 24)
    "bug-package-imports-numpy": (62.0, ["engine/from-scratch"], []),
    "bug-recursion-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-tape-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                            [("variant", "tanh-input", "exact")]),
}

GRADCHECK = {
    **{case: (15.0, [], []) for case in ["correct-checker-class", "correct-fraction-diff"]},
    # backward() twice: every analytic derivative wrong (before: 8/15, four tests)
    "bug-checker-backward-twice": (13.0, ["gradcheck/correct-gradients"], []),
    "bug-checker-ignores-h": (13.0, ["numerical/given-h"], []),
    "bug-checker-relative-only": (14.0, ["gradcheck/zero-gradient"], []),
    "bug-fraction-one-sided": (12.0, ["numerical/known-functions"], []),
}

MLP = {
    # of 24 points since holes28's parameters/rng: every row here one more
    **{case: (24.0, [], []) for case in ["correct-parameter-subclass", "correct-protocol-generators"]},
    # a bias that parameters() does not find: as tests/exercises' no-bias-parameter, parameters/counts' alone since
    # session 30 (07's mistakes.py; 7.0 before, every test that sets or trains the parameters in parameters() order)
    "bug-parameter-bias-not-found": (22.0, ["parameters/counts"], []),
    "bug-parameter-no-zero-grad": (21.0, ["train/train-xor"], []),
    # every layer linear: forward/mlp's alone since session 31 (07's mistakes.py, hidden-layers-linear; 11.0 before,
    # charged by backward/mlp, forward/parameter-order and the three trainings too)
    "bug-protocol-hidden-linear": (22.0, ["forward/mlp"], []),
    # before: 23/23
    "bug-protocol-loss-after-update": (21.0, ["train/train-xor"], []),
    "bug-protocol-update-plus": (21.0, ["train/train-xor"], []),
}

DUAL = {
    **{case: (20.0, [], []) for case in ["correct-getattr-table", "correct-match-frozen"]},
    "bug-getattr-cos-sign": (19.0, ["beyond/sin-cos"], []),
    "bug-getattr-rpow-no-log": (19.0, ["beyond/variable-exponent"], []),
    "bug-match-quotient-sign": (18.0, ["rule/quotient"], []),
    "bug-match-relu-ge": (19.0, ["rule/relu"], []),
}

WRITE_TESTS = {
    # @staticmethod tests in a Test class, a TestCase not named Test* (before: 36/38 and 37/38, tests not run)
    **{case: (38.0, [], []) for case in ["correct-registry-globals", "correct-unittest-subtests"]},
    "bug-registry-no-relu-zero": (37.0, ["catches/relu-at-zero"], []),
}

NEURON = {
    **{case: (16.0, [], []) for case in ["correct-defaultdict-fraction", "correct-methodcaller-zip"]},
    "bug-defaultdict-relative-to-reference": (15.0, ["compare/zero-against-nonzero"], []),
    # the mean of the differences (before: 13/16, compare/zero-against-nonzero too)
    "bug-methodcaller-mean-not-largest": (14.0, ["compare/planted"], []),
    "bug-methodcaller-tanh-is-relu": (14.0, ["tanh/points"], []),
}

FIT_LINE = {
    **{case: (13.0, [], []) for case in ["correct-generator-steps", "correct-trainer-iter"]},
    "bug-generator-never-cleared": (11.0, ["step/second"], []),
    "bug-generator-sum-not-mean": (11.0, ["loss/mean"], []),
    # a named mistake now (before: 10/13, history/diverges too)
    "bug-trainer-loss-after-update": (12.0, ["history/shape"], []),
}

TABLES = {"engine": ENGINE, "06-gradcheck": GRADCHECK, "07-mlp-xor": MLP, "08-dual-numbers": DUAL,
          "09-write-tests": WRITE_TESTS, "10-neuron": NEURON, "11-fit-line": FIT_LINE}

# id -> (the correct submission it is planted in, [(text, replaced by), ...] in its exercise file[, {another file:
# [(text, replaced by), ...]}]). Each text stands
# exactly once; the patch is made on the file's bytes, in its own encoding (cp1252 where its coding line says so),
# so that a byte-order mark, CRLF line ends and tabs stay as they were.
PLANTED = {
    "engine": {
        "bug-fraction-relu-ge": ("correct-fraction-exact", [("(1 if self.data > 0 else 0)",
                                                             "(1 if self.data >= 0 else 0)")]),
        # the generator yields each node when first reached: a pre-order, reversed, is no topological order
        "bug-generator-preorder": ("correct-generator-iadd", [
            ("            seen.add(node)\n            stack.append((node, True))\n",
             "            seen.add(node)\n            yield node\n")]),
        "bug-generator-neg-self": ("correct-generator-iadd", [("out *= -1", "out *= 1")]),
        "bug-tape-tanh-input": ("correct-protocol-tape", [("lambda g: ((1 - t * t) * g,)",
                                                           "lambda g: ((1 - a * a) * g,)"),
                                                          ("        t = math.tanh(self.data)\n",
                                                           "        t, a = math.tanh(self.data), self.data\n")]),
        "bug-enum-pow-no-minus-one": ("correct-enum-match", [("self.k * a.data ** (self.k - 1) * g",
                                                              "self.k * a.data ** self.k * g")]),
        # `=` in one case of the match: the mul rule overwrites what another path gave
        "bug-enum-mul-assign": ("correct-enum-match", [("                a.grad += b.data * g\n",
                                                        "                a.grad = b.data * g\n")]),
        "bug-getattr-log-output": ("correct-getattr-math", [('"log": (math.log, lambda x, y: 1 / x)',
                                                             '"log": (math.log, lambda x, y: 1 / y)')]),
        "bug-getattr-exp-input": ("correct-getattr-math", [('"exp": (math.exp, lambda x, y: y)',
                                                            '"exp": (math.exp, lambda x, y: x)')]),
        "bug-recursion-rsub-order": ("correct-recursion-limit-raised", [
            ("    def __rsub__(self, other): # other - self\n        return other + (-self)",
             "    def __rsub__(self, other): # other - self\n        return self + (-other)")]),
        "bug-notepad-tanh-one-minus-t": ("correct-bom-crlf-tabs", [("(1 - t * t) * out.grad", "(1 - t) * out.grad")]),
        "bug-cp1252-pow-missing-k": ("correct-cp1252-cookie", [("self.grad += k * self.data ** (k - 1) * out.grad",
                                                                "self.grad += self.data ** (k - 1) * out.grad")]),
        # the mistake stands in a module of the package that engine.py imports
        "bug-package-exp-input": ("correct-package-folder", [], {"autodiff/ops.py": [
            ('Value.exp = unary("exp", math.exp, lambda x, y: y)', 'Value.exp = unary("exp", math.exp, lambda x, y: x)')]}),
        "bug-package-imports-numpy": ("correct-package-folder", [], {"autodiff/ops.py": [
            ("import math\n", "import math\nimport numpy\n")]}),
    },
    "06-gradcheck": {
        "bug-fraction-one-sided": ("correct-fraction-diff", [
            ("Fraction(f(x - h))", "Fraction(f(x))"), ("(2 * Fraction(h))", "Fraction(h)")]),
        "bug-checker-ignores-h": ("correct-checker-class", [
            ('    def numerical_grad(self, f, x, h=None):\n        h = self.defaults["h"] if h is None else h\n',
             '    def numerical_grad(self, f, x, h=None):\n        h = self.defaults["h"]\n')]),
        "bug-checker-relative-only": ("correct-checker-class", [("ok=bool(d <= atol + rtol * m)",
                                                                 "ok=bool(d <= rtol * m)")]),
        "bug-checker-backward-twice": ("correct-checker-class", [("        out.backward()\n",
                                                                  "        out.backward()\n        out.backward()\n")]),
    },
    "07-mlp-xor": {
        "bug-protocol-hidden-linear": ("correct-protocol-generators", [("nonlin=i != last", "nonlin=False")]),
        "bug-protocol-update-plus": ("correct-protocol-generators", [("p.data -= lr * p.grad", "p.data += lr * p.grad")]),
        # the bias is a plain Value, not a Parameter: parameters() never finds it, and it is never trained
        "bug-parameter-bias-not-found": ("correct-parameter-subclass", [("self.b = Parameter(0)", "self.b = Value(0)")]),
        "bug-parameter-no-zero-grad": ("correct-parameter-subclass", [("        net.zero_grad()\n", "")]),
        # each step's loss noted after its update, from one more forward pass (before session 23: 23/23)
        "bug-protocol-loss-after-update": ("correct-protocol-generators", [
            ("        history.append(loss.data)\n", ""),
            ("            p.data -= lr * p.grad\n", "            p.data -= lr * p.grad\n        history.append(_loss(model).data)\n")]),
    },
    "08-dual-numbers": {
        "bug-getattr-cos-sign": ("correct-getattr-table", [('"cos": (math.cos, lambda a: -math.sin(a))',
                                                            '"cos": (math.cos, lambda a: math.sin(a))')]),
        "bug-getattr-rpow-no-log": ("correct-getattr-table", [("v * math.log(c) * self.deriv", "v * self.deriv")]),
        "bug-match-quotient-sign": ("correct-match-frozen", [("(da * b - a * db)", "(da * b + a * db)")]),
        "bug-match-relu-ge": ("correct-match-frozen", [("float(self.value > 0)", "float(self.value >= 0)")]),
    },
    "09-write-tests": {
        # no relu'(0) test: the engine with relu'(0) = 1 is not caught
        "bug-registry-no-relu-zero": ("correct-registry-globals", [
            ("    @staticmethod\n    def test_relu_at_zero():\n        a = Value(0.0)\n        a.relu().backward()\n"
             "        assert a.grad == 0\n\n", "")]),
    },
    "10-neuron": {
        "bug-methodcaller-mean-not-largest": ("correct-methodcaller-zip", [
            ("return max((abs(", "return sum((abs("), ("if grads[k] or reference_grads[k]), default=0.0)",
                                                        "if grads[k] or reference_grads[k])) / len(NAMES)")]),
        "bug-methodcaller-tanh-is-relu": ("correct-methodcaller-zip", [('"tanh": operator.methodcaller("tanh")',
                                                                        '"tanh": operator.methodcaller("relu")')]),
        "bug-defaultdict-relative-to-reference": ("correct-defaultdict-fraction", [
            ("abs(g - r) / max(abs(g), abs(r))", "abs(g - r) / abs(r)")]),
    },
    "11-fit-line": {
        "bug-generator-sum-not-mean": ("correct-generator-steps", [("errors[0]) / len(errors)", "errors[0])")]),
        "bug-generator-never-cleared": ("correct-generator-steps", [("        w.grad = b.grad = 0.0\n", "")]),
        # each step's loss is taken after its update: losses[0] is already one step down
        "bug-trainer-loss-after-update": ("correct-trainer-iter", [("        return loss.data\n",
                                                                    "        return mse(self.w, self.b).data\n")]),
    },
}


def _encoding(data):
    return "cp1252" if b"coding: cp1252" in data.split(b"\n", 2)[0] else "utf-8"


def _planted(data, patches, where):
    """`data` (bytes) with each patch made, in the file's encoding and line ends."""
    encoding, newline = _encoding(data), b"\r\n" if b"\r\n" in data else b"\n"
    for old, new in patches:
        old, new = (text.encode(encoding).replace(b"\n", newline) for text in (old, new))
        assert data.count(old) == 1, f"{where}: {old!r} stands {data.count(old)} times"
        data = data.replace(old, new)
    return data


def _class(folder, exercise):
    """The exercise's class: each correct submission as it is handed in (with the exercise's given engine where it
    brings none), and each planted mistake."""
    given = ROOT / "exercises" / exercise / "engine.py"
    for case in sorted((FRESH / exercise).iterdir()):
        shutil.copytree(case, folder / case.name)
        _prepare(folder / case.name / FILE[exercise])
    for case, (base, patches, *others) in PLANTED[exercise].items():
        shutil.copytree(folder / base, folder / case)
        for name, more in [(FILE[exercise], patches), *(others[0].items() if others else [])]:
            path = folder / case / name
            path.write_bytes(_planted(path.read_bytes(), more, case))
    for entry in sorted(folder.iterdir()):
        if not (entry / "engine.py").exists():
            shutil.copy(given, entry / "engine.py")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise, make=_class) for exercise in TABLES}


def test_every_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES, FRESH, PLANTED)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def test_each_mistake_closed_here_is_said_once(rows):
    twice = rows["06-gradcheck"]["bug-checker-backward-twice"]
    assert _output(twice, "gradcheck/correct-gradients") == (
        "tanh at 0.5.analytic for gradcheck for tanh at 0.5: expected 0.786447733, got 1.572895466")
    for test in ("gradcheck/large-gradients", "gradcheck/lost-path", "gradcheck/half-a-percent"):
        assert _output(twice, test) == (
            "Not charged again: gradcheck's analytic derivative is not the gradient that one backward() gives from a "
            "fresh leaf, which gradcheck/correct-gradients already charges.")
    assert _output(rows["10-neuron"]["bug-methodcaller-mean-not-largest"], "compare/zero-against-nonzero") == (
        "Not charged again: largest_relative_difference takes the mean of the differences, not the largest, which "
        "compare/planted already charges.")
    after = rows["11-fit-line"]["bug-trainer-loss-after-update"]
    assert _output(after, "history/shape").endswith(
        "Your numbers are those of a loop that notes each step's loss after its update instead of before it. "
        "losses[0] is the loss at the start, w = -1 and b = 0, before any update: note loss.data when the forward "
        "pass computes it, before backward() and the update, and once more after the loop. Noted after the update, "
        "the history starts one step down and its last loss is noted twice.")
    assert _output(after, "history/diverges") == (
        "Not charged again: your numbers are those of a loop that notes each step's loss after its update instead "
        "of before it, which history/shape already charges.")
    assert _output(rows["07-mlp-xor"]["bug-protocol-loss-after-update"], "train/train-xor") == (
        "train_xor(seed=0, steps=300): each loss in the list is the one the next step calls backward() on, the loss "
        "after that step's update; the first is not the loss at the start. Note loss.data before the update: one "
        "loss per step, taken before that step's update")


# -- in process: the readings each hole was closed in -----------------------------------------------------


@pytest.mark.parametrize("data,read", [
    # a coding line on line 1, or on line 2 below a comment (a shebang) or a blank line: read in its encoding, and
    # the line made to say utf-8, in place
    ("# -*- coding: cp1252 -*-\ns = '\u00e9\u2013'\n".encode("cp1252"), "# -*- coding: utf-8 -*-\ns = '\u00e9\u2013'\n"),
    ("#!/usr/bin/env python\n# vim: set fileencoding=latin-1 :\ns = '\u00e9'\n".encode("latin-1"),
     "#!/usr/bin/env python\n# vim: set fileencoding=utf-8 :\ns = '\u00e9'\n"),
    ("\r\n# coding=koi8-r\r\ns = '\u0436'\r\n".encode("koi8-r"), "\r\n# coding=utf-8\r\ns = '\u0436'\r\n"),
    # UTF-8 (with a byte-order mark or without) as it was
    ("\ufeffs = '\u00e9'\n".encode("utf-8"), "s = '\u00e9'\n"),
    # refused: no coding line; one on line 2 below code, or on line 3; a codec Python would not take for source
    # (one that does not keep ASCII as it is: UTF-16, UTF-7), an unknown one, one the bytes are not in, or utf-8
    ("s = '\u00e9'\n".encode("latin-1"), None),
    ("x = 1\n# coding: latin-1\ns = '\u00e9'\n".encode("latin-1"), None),
    ("#\n#\n# coding: latin-1\ns = '\u00e9'\n".encode("latin-1"), None),
    ("# coding: utf-16\n".encode("latin-1") + "s = '\u00e9'\n".encode("utf-16-le"), None),
    (b"# coding: no-such-codec\ns = '\xe9'\n", None),
    (b"# coding: ascii\ns = '\xe9'\n", None),
    (b"# coding: utf-8\ns = '\xe9'\n", None),
    (b"# coding: utf-7\ns = '\xe9'\n", None),
])
def test_a_source_with_a_coding_line_is_read_in_the_encoding_it_declares(data, read):
    from grader.load.reading import Rejected, python_source

    if read is not None:
        assert python_source(data, "alice/engine.py") == read.encode("utf-8")
        return
    with pytest.raises(Rejected) as refused:
        python_source(data, "alice/engine.py")
    assert str(refused.value).startswith("alice/engine.py is not UTF-8 text (byte 0x")
    assert str(refused.value).endswith("; re-save it as UTF-8 and submit again")


def test_a_folder_carries_its_packages_and_not_what_is_no_package_of_its_own(tmp_path):
    from grader.load import load_entry

    folder = tmp_path / "alice"
    files = ["engine.py", "helpers.py",
             "autodiff/__init__.py", "autodiff/ops.py", "autodiff/notes.txt", "autodiff/my-draft.py",
             "autodiff/nn/__init__.py", "autodiff/nn/layers.py",  # a subpackage may take any name
             "autodiff/nn/a/__init__.py", "autodiff/nn/a/b/__init__.py",  # three levels, not four
             "scratch/old.py",  # no __init__.py and not imported: no package (a venv, a folder of tests)
             "random/__init__.py", "nn/__init__.py", "my-pkg/__init__.py",  # the standard library's, an exercise's
             ".hidden/__init__.py", "__pycache__/ops.cpython-311.pyc"]
    for name in files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x = 1\n", encoding="utf-8")
    sub = load_entry(folder, frozenset({"engine.py"}))
    assert sub.problem is None
    assert sorted(sub.files) == ["autodiff/__init__.py", "autodiff/nn/__init__.py", "autodiff/nn/a/__init__.py",
                                 "autodiff/nn/layers.py", "autodiff/ops.py", "engine.py", "helpers.py"]
    assert sub.origins["autodiff/nn/layers.py"].file == "autodiff/nn/layers.py"


def test_helpers_are_capped_modules_first(tmp_path):
    from grader.load import load_entry
    from grader.load.reading import MAX_HELPER_MODULES

    folder = tmp_path / "bob" / "hw"  # a wrapper folder too
    (folder / "pkg").mkdir(parents=True)
    (folder / "engine.py").write_text("x = 1\n", encoding="utf-8")
    for i in range(MAX_HELPER_MODULES - 2):
        (folder / f"m{i:02}.py").write_text("x = 1\n", encoding="utf-8")
    for name in ["__init__.py", "a.py", "b.py"]:
        (folder / "pkg" / name).write_text("x = 1\n", encoding="utf-8")
    sub = load_entry(tmp_path / "bob", frozenset({"engine.py"}))
    helpers = sorted(set(sub.files) - {"engine.py"})
    assert len(helpers) == MAX_HELPER_MODULES
    assert helpers[-2:] == ["pkg/__init__.py", "pkg/a.py"]
    assert sub.origins["pkg/a.py"].file == "hw/pkg/a.py"
