"""A failed import's record holds only the fields records.ImportFailure declares (session 41, diag41).

observe sets `facts` (what the exception shows, as data: the missing name cell_order.py reads) and `error_message`
(the grader's words for a limit reached or a module without `Value`) on a run's `import_error`, and grader.places
sets `advice_message` and the place's `defined_in_cell` on the student's view of it; none of them was declared, so
the run record's schema (the fleet's RESULT_SCHEMA is made from it) did not say what a failed import carries. Here
real failures are observed in the sandbox and each run, and the student's view of it, is held to the closed schema.
"""
import json

import fastjsonschema
import pytest

from grader.load import load_folder
from grader.observe import observe_all
from grader.observe.cache import ObservationCache
from grader.places import as_the_student_sees
from grader.records import Run, json_schema
from grader.sandbox import open_sandbox
from grader.suites import load_suite

ENGINES = {
    "misspelt": "class Value:\n    def __init__(self, data):\n        self.data = Vlaue\n\n\nx = Value(1.0)\n",
    "no-value": "class Node:\n    pass\n",
    "out-of-memory": "BUFFER = bytearray(1 << 50)  # a petabyte: refused on any machine\n",
}


def _cell(source):
    return {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}


# a notebook whose first cell uses a class its second cell defines: run top to bottom, the import fails
NOTEBOOK = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
    _cell("x = Value(2.0)\n"), _cell("class Value:\n    def __init__(self, data):\n        self.data = data\n")]}


@pytest.fixture(scope="module")
def observed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("imports")
    for name, text in ENGINES.items():
        (folder / name).mkdir()
        (folder / name / "engine.py").write_text(text)
    (folder / "cells-out-of-order.ipynb").write_text(json.dumps(NOTEBOOK))
    submissions = load_folder(folder)
    suite = load_suite("03-tanh")
    sandbox = open_sandbox()
    try:
        runs = observe_all(submissions, suite, sandbox, jobs=2, cache=ObservationCache(None))
    finally:
        sandbox.close()
    return {s.id: (runs[s.id], as_the_student_sees(runs[s.id], s)) for s in submissions}


def test_every_failed_import_holds_only_declared_fields(observed):
    valid = fastjsonschema.compile(json_schema(Run, closed=True))
    assert sorted(observed) == ["cells-out-of-order", "misspelt", "no-value", "out-of-memory"]
    for run, seen in observed.values():
        valid(run)
        valid(seen)


def test_what_each_failure_carries_as_data(observed):
    errors = {sid: run["import_error"] for sid, (run, _) in observed.items()}
    assert errors["misspelt"]["exception"] == "NameError" and errors["misspelt"]["facts"]["name"] == "Vlaue"
    assert errors["no-value"]["error_message"]["id"] == "{file} defines no class named `Value`"
    assert errors["out-of-memory"]["exception"] == "MemoryError"
    assert errors["out-of-memory"]["facts"]["ran_out"] == "memory" and "error_message" in errors["out-of-memory"]
    seen = observed["cells-out-of-order"][1]["import_error"]
    assert seen["where"]["defined_in_cell"] == 2 and seen["where"]["cell"] == 1 and "advice_message" in seen
