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


def test_notebook_twins_are_read_at_a_notebooks_cap(tmp_path):
    """redteam40 reads case twins of notebooks (`engine.ipynb` beside `Engine.ipynb`); they were read at a .py
    file's cap, so a notebook with 1.4 MiB of plots was refused as "too large (the limit is 1.0 MiB)", where alone
    it is graded (a notebook's cap is 16 MiB): the twins are refused as twins."""
    import json

    from test_strangers38 import _notebook

    from grader.load import load_entry

    folder = tmp_path / "alice"
    folder.mkdir()
    code = "class Value:\n    def __init__(self, data):\n        self.data = data"
    book = json.loads(_notebook(code))
    book["cells"][0]["outputs"] = [{"output_type": "display_data", "data": {"image/png": "A" * 1_500_000},
                                    "metadata": {}}]
    (folder / "engine.ipynb").write_text(json.dumps(book), encoding="utf-8")
    (folder / "Engine.ipynb").write_bytes(_notebook(code + "\n# the old draft"))
    assert load_entry(folder).problem == (
        "alice/ holds Engine.ipynb and engine.ipynb, whose names differ only in case and whose contents differ: on "
        "macOS and Windows they are one file, so the grader cannot tell which one you meant; keep one of them and "
        "hand in again")
