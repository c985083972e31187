"""Session 38's words38: an `assert` of a student's own tests (09-write-tests) that can never fail is named.

`assert (cond, "message")` is one tuple, always true: a test whose check it is passes on every engine and catches
nothing. Before, the tests lost every catch it would have made (strangersx38's planted case: 24 of 38) and nothing
said why; grader/diagnose/student_asserts.py now names its line (and an assert of a true constant), read from the test
file, never run. No correct 09 submission of the repository's fixtures or examples gets it (the last test).
"""
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.cli import main
from grader.diagnose.student_asserts import vacuous_asserts

ROOT = Path(__file__).parent.parent

# a fresh sample: pytest-style tests, one check a tuple (in a test) and one a string (in a helper), one f-string
TESTS = '''from engine import Value


def close(a, b):
    assert "a and b differ"
    return abs(a - b) < 1e-9


def test_mul():
    a, b = Value(2.0), Value(-3.0)
    (a * b).backward()
    assert (a.grad == -3.0, "d(ab)/da is b")
    assert b.grad == 2.0, "d(ab)/db is a"


def test_add():
    a = Value(1.0)
    (a + a).backward()
    assert f"grad {a.grad}"
    assert close(a.grad, 2.0)


assert 1
'''


def _read(text):
    return [(h["hint"], h["line"], h["title"], h["explanation"])
            for h in vacuous_asserts({"test_engine.py": text.encode()})]


def test_an_assert_of_a_tuple_or_a_true_constant_is_named_on_its_line():
    constant = "This `assert` tests a constant, which is always true"
    assert _read(TESTS) == [
        ("constant-assert", 5, constant,
         "Line 5 (`close`) reads `assert 'a and b differ'`: a constant that is not empty or zero is always true, so "
         "this line never fails and catches no bug. Assert a condition on what the engine computes, with the message "
         "after a comma: `assert cond, \"message\"`."),
        ("tuple-assert", 12, "This `assert` tests a tuple, which is always true",
         "Line 12 (`test_mul`) reads `assert (...)`: the parentheses make one tuple of 2 values, and a tuple that is "
         "not empty is always true, so this line never fails, whatever the engine computes, and catches no bug. Write "
         "the condition, a comma, then the message, without parentheses around both: `assert a.grad == -3.0, 'd(ab)/da "
         "is b'`."),
        ("constant-assert", 19, constant,
         "Line 19 (`test_add`) reads `assert f'grad {a.grad}'`: a constant that is not empty or zero is always true, "
         "so this line never fails and catches no bug. Assert a condition on what the engine computes, with the "
         "message after a comma: `assert cond, \"message\"`."),
        ("constant-assert", 23, constant,
         "Line 23 reads `assert 1`: a constant that is not empty or zero is always true, so this line never fails and "
         "catches no bug. Assert a condition on what the engine computes, with the message after a comma: `assert "
         "cond, \"message\"`."),
    ]


@pytest.mark.parametrize("line", [
    'assert a.grad == 3.0, "message"',
    'assert (a.grad == 3.0), "message"',  # parentheses around the condition alone: no tuple
    'assert (\n    a.grad == 3.0\n), "message"',
    'assert a.grad, (1, 2)',  # a tuple as the message
    'assert (a.grad,)[0]',
    "assert ()",  # always false: the reference run fails, and says so
    "assert 0",
    'assert ""',
    'assert f""',
    "assert False",
    "assert ...",  # Ellipsis is true, but reads as a placeholder, not a check someone meant
    'assert f"{a.grad}"',  # an f-string of one value is empty when it is: not a constant
])
def test_an_assert_that_can_fail_or_fails_always_is_not_named(line):
    assert _read(f"def test_it(a):\n    {line}\n") == []


def test_a_file_that_does_not_parse_or_is_missing_is_not_read():
    assert _read("def test_it(:\n    assert (1, 2)\n") == []
    assert vacuous_asserts({"engine.py": b"assert (1, 2)\n"}) == []


def test_no_correct_submission_of_the_repository_gets_it():
    """Every 09 test file of the fixtures (their `engine_tests.py`, renamed when graded), the exercise's own."""
    files = [p for p in ROOT.glob("tests/fixtures/*/09-write-tests/*/*.py") if p.name != "engine.py"]
    files.append(ROOT / "exercises" / "09-write-tests" / "test_engine.py")
    assert len(files) >= 16  # the fixtures of strangers23/24, fresh-styles-21/22, diag35, strangersx38
    assert {str(p.relative_to(ROOT)): vacuous_asserts({"test_engine.py": p.read_bytes()}) for p in files} == {
        str(p.relative_to(ROOT)): [] for p in files}


def test_grade_check_says_why_a_tuple_assert_catches_nothing(tmp_path):
    """A fresh sample through `grade check`: the catches the tuple would have made are lost, and the line named."""
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(ROOT / "exercises" / "09-write-tests" / "engine.py", folder / "engine.py")
    (folder / "test_engine.py").write_text('''from engine import Value


def test_mul():
    a, b = Value(2.0), Value(-3.0)
    (a * b).backward()
    assert (a.grad == -3.0 and b.grad == 2.0, "d(ab)/da is b, d(ab)/db is a")


def test_seed():
    a = Value(2.0)
    a.backward()
    assert a.grad == 1
''', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(folder), "-e", "09-write-tests", "--lang", "en"])
    lines = result.output.splitlines()
    assert [line.split()[1] for line in lines if line.startswith("FAIL")] == [
        "catches/mul-self-data", "catches/tanh-one-minus-t", "catches/mul-assign-not-accumulate",
        "catches/forward-order", "catches/recursive-topo", "catches/rsub-order", "catches/grad-starts-one"]
    assert [line for line in lines if line.startswith("why:")] == [
        "why:  This `assert` tests a tuple, which is always true. Line 7 (`test_mul`) reads `assert (...)`: the "
        "parentheses make one tuple of 2 values, and a tuple that is not empty is always true, so this line never "
        "fails, whatever the engine computes, and catches no bug. Write the condition, a comma, then the message, "
        "without parentheses around both: `assert a.grad == -3.0 and b.grad == 2.0, 'd(ab)/da is b, d(ab)/db is "
        "a'`."]
