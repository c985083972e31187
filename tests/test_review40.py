"""review40: a float read back as it was given (`Value(x).data == x`) is exact on every engine: the float-equality
hint (grader/diagnose/float_sources.py `_read_back`) does not call it luck; one worked out is still named."""

import pytest

from grader.diagnose.student_asserts import TESTS_FILE, vacuous_asserts

READ_BACK = '''from engine import Value


def test_stored():
    a = Value(0.1)
    assert a.data == 0.1


def test_negated():
    a = Value(0.3)
    assert (-a).data == -0.3
    assert -a.data == -0.3


def test_a_table_round_trip():
    for x in [0.1, 0.7]:
        assert Value(x).data == x
'''


def _named(source):
    return [(f["line"], f["compared"]) for f in vacuous_asserts({TESTS_FILE: source.encode()})
            if f.get("hint") == "float-equality"]


def test_a_float_read_back_as_given_is_not_named():
    assert _named(READ_BACK) == []


@pytest.mark.parametrize("body,named", [
    ("    a = Value(0.1)\n    assert (a * 3).data == 0.3\n", [(6, "(a * 3).data == 0.3")]),
    ("    a = Value(0.1)\n    a = Value(0.2)\n    assert a.data == 0.1\n", [(7, "a.data == 0.1")]),  # bound twice
    ("    a = Value(0.1)\n    assert a.data == -0.1\n", [(6, "a.data == -0.1")]),  # another number
    ("    assert Value(0.4).tanh().data == 0.3799489622552249\n",
     [(5, "Value(0.4).tanh().data == 0.3799489622552249")]),
])
def test_a_float_worked_out_is_still_named(body, named):
    assert _named("from engine import Value\n\n\ndef test_it():\n" + body) == named
