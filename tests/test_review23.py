"""Session 23's review of the session's grading-side changes: what it found and closed, each failing before."""

from pathlib import Path

import pytest

from grader.load import load_entry
from grader.load.reading import Rejected, python_source

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
REFUSED = ("engine.py declares the encoding {encoding} on line {line}, in which Python reads its text otherwise than "
           "as UTF-8; re-save it as UTF-8, make that line say utf-8 and submit again")


# -- a declared encoding that does not keep ASCII as it is: read as UTF-8, its code was another ---------------


def test_an_honest_engine_in_utf7_is_refused_not_graded_as_other_code(tmp_path):
    # Python's UTF-7 writes `+` as `+-`: read as UTF-8, `self.data + other.data` is `self.data + (-other.data)` and
    # `self.grad += out.grad` a SyntaxError: the engine the student ran (63/63 on 06cff00) scored 0/63 before, for
    # "SyntaxError: invalid syntax (engine.py, line 39)", a line it did not write so
    data = ("# -*- coding: utf-7 -*-\n" + REFERENCE).encode("utf-7")
    assert b"self.data +- other.data" in data
    (tmp_path / "engine.py").write_bytes(data)
    sub = load_entry(tmp_path / "engine.py")
    assert (sub.files, sub.problem) == ({}, REFUSED.format(encoding="utf-7", line=1))


@pytest.mark.parametrize("data, encoding, line", [
    (b"# coding: utf-16\nx = 1\n", "utf-16", 1),  # not UTF-16 at all: Python cannot read it
    (b"#!/usr/bin/env python\n# coding: unicode_escape\n#\\nimport os\n", "unicode_escape", 2),  # code in a comment
    (b"# coding: cp037\nx = 1\n", "cp037", 1),  # EBCDIC
])
def test_a_declared_encoding_that_reads_the_text_otherwise_is_refused(data, encoding, line):
    with pytest.raises(Rejected) as refused:
        python_source(data, "engine.py")
    assert refused.value.message.params == {"file": "engine.py", "encoding": encoding, "line": line}
    assert str(refused.value) == REFUSED.format(encoding=encoding, line=line)


@pytest.mark.parametrize("data, read", [
    # the same text in the declared encoding: its declaration made utf-8, as before
    (b"# coding: utf-7\nx = a - b\n", b"# coding: utf-8\nx = a - b\n"),
    (b"# coding: unicode_escape\nx = 1\n", b"# coding: utf-8\nx = 1\n"),
    # an encoding that keeps ASCII: the UTF-8 file meant UTF-8 (tests/test_redteam23.py), as before
    ("# coding: latin-1\ns = '\u00e9'\n".encode("utf-8"), "# coding: utf-8\ns = '\u00e9'\n".encode("utf-8")),
    # an unknown one: Python would not run it; read as UTF-8, as before
    (b"# coding: no-such-codec\nx = 1\n", b"# coding: utf-8\nx = 1\n"),
])
def test_a_declared_encoding_that_reads_the_same_text_is_made_utf8(data, read):
    assert python_source(data, "engine.py") == read


# -- 07: a loss noted after its update, beside a zero_grad() that does not zero: charged by train/train-xor ------


@pytest.mark.slow  # grades one submission in the sandbox
def test_losses_noted_after_the_update_are_charged_beside_a_zero_grad_that_does_not_zero(tmp_path):
    """train/train-xor is excused where zero_grad() does not zero and train_xor reaches the loss once it does
    (parameters/zero-grad charges that); it excused a list of losses noted after each update too, which that probe
    shows as well: the mistake was charged by no test (before: 21/23, train/train-xor excused)."""
    import json
    import shutil

    from click.testing import CliRunner

    from grader.cli import main

    fixture = ROOT / "tests" / "fixtures" / "strangers23" / "07-mlp-xor" / "correct-protocol-generators"
    folder = tmp_path / "class" / "zoe"
    shutil.copytree(fixture, folder)
    shutil.copy(ROOT / "exercises" / "07-mlp-xor" / "engine.py", folder / "engine.py")
    nn = (folder / "nn.py").read_text(encoding="utf-8")
    for old, new in [("            p.grad = 0.0\n", "            p.grad = p.grad\n"),  # zero_grad() zeroes nothing
                     ("        history.append(loss.data)\n", ""),  # each loss noted after the update
                     ("            p.data -= lr * p.grad\n",
                      "            p.data -= lr * p.grad\n        history.append(_loss(model).data)\n")]:
        assert nn.count(old) == 1, old
        nn = nn.replace(old, new)
    (folder / "nn.py").write_text(nn, encoding="utf-8")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "-e", "07-mlp-xor", "-o", str(out),
                                       "--no-cache", "-q"])
    assert out.exists(), result.output
    (row,) = json.loads(out.read_text(encoding="utf-8"))["submissions"]
    tests = {t["name"]: t for t in row["tests"]}
    assert tests["parameters/zero-grad"]["status"] == "failed"
    assert (tests["train/train-xor"]["status"], tests["train/train-xor"]["output"]) == ("failed", (
        "train_xor(seed=0, steps=300): each loss in the list is the one the next step calls backward() on, the loss "
        "after that step's update; the first is not the loss at the start. Note loss.data before the update: one "
        "loss per step, taken before that step's update"))


# -- 09: a base class of cases, as pytest leaves it: `__test__ = False`, or skipped by unittest's skipTest() ------

_BASES = '''

class EngineCase(unittest.TestCase):
    """Cases for one value, run by each subclass; the base skips itself (pytest and unittest both skip it)."""
    value = None

    def setUp(self):
        if self.value is None:
            self.skipTest("the base of the cases")

    def test_double(self):
        self.assertEqual((Value(self.value) * 2).data, 2 * self.value)


class TestTwo(EngineCase):
    value = 2.0


class _Cases(unittest.TestCase):
    __test__ = False  # pytest collects only the subclasses

    def test_triple(self):
        self.assertEqual((Value(1.0) * self.factor).data, 3.0)


class TestThree(_Cases):
    __test__ = True
    factor = 3
'''


def grade_09_file(tmp_path, extra):
    """The one row of a class of one 09-write-tests answer: a correct unittest file (strangers23's fixture) with
    EXTRA after it, beside the exercise's engine, graded by `grade run`."""
    import json
    import shutil

    from click.testing import CliRunner

    from grader.cli import main
    from test_fresh_styles import shorter_chains

    folder = tmp_path / "class" / "zoe"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "exercises" / "09-write-tests" / "engine.py", folder / "engine.py")
    tests = ROOT / "tests" / "fixtures" / "strangers23" / "09-write-tests" / "correct-unittest-subtests" / "engine_tests.py"
    text = shorter_chains(tests.read_text(encoding="utf-8"))  # its chain 2,000 deep, as the suite's classes chain
    (folder / "test_engine.py").write_text(text + extra, encoding="utf-8")
    out = tmp_path / "scores.json"
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "-e", "09-write-tests", "-o", str(out),
                                       "--no-cache", "-q"])
    assert out.exists(), result.output
    (row,) = json.loads(out.read_text(encoding="utf-8"))["submissions"]
    return row


@pytest.mark.slow  # grades one submission in the sandbox
def test_a_base_class_of_cases_that_pytest_leaves_out_is_left_out(tmp_path):
    """Since unittest.TestCase classes are collected under any name (session 23), a base class of cases that pytest
    does not run (`__test__ = False`) or that skips itself (self.skipTest()) was run, its test failed on the
    reference engine, and a file pytest passes (8 passed, 1 skipped) scored 0/38 (38/38 on 06cff00)."""
    row = grade_09_file(tmp_path, _BASES)
    assert ([t["name"] for t in row["tests"] if t["status"] != "passed"], row["score"]) == ([], 38.0)
