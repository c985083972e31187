"""The scheduler's order (tests/costs.py): the costly units longest first, by the seconds a run recorded.

Session 26: the costly groups went out in file order, so the longest ones (tests/test_strangers*.py,
tests/test_unseen.py: late in the alphabet) started last and ran on one worker while the others had nothing
left. Checked on made-up items (a unit is a group of shared_fixture_groups, or a lone test) and on the recording
of a run of this file's own example in a process of its own.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from costs import RUN_SECONDS, measured_seconds, run_order, unit_seconds

ROOT = Path(__file__).resolve().parents[1]


def _own_run_env():
    """This environment for a pytest of its own: the checkout first on its path, no pytest-xdist worker's marks."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_XDIST_")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    return env


def _item(nodeid, slow):
    return SimpleNamespace(nodeid=nodeid, get_closest_marker=lambda name: name == "slow" and slow or None)


ITEMS = [_item("a.py::t1", False), _item("b.py::t1", True), _item("b.py::t2", True), _item("c.py::t", True),
         _item("d.py::t1", True), _item("e.py::t", False), _item("d.py::t2", False), _item("f.py::t", True)]
GROUPS = {"b.py::t1": "b.py::rows", "b.py::t2": "b.py::rows", "d.py::t1": "d.py::rows", "d.py::t2": "d.py::rows"}


def _order(seconds):
    return [i.nodeid for i in run_order(ITEMS, GROUPS, seconds)]


def test_without_a_table_the_costly_units_go_first_as_collected():
    assert _order({}) == ["b.py::t1", "b.py::t2", "c.py::t", "d.py::t1", "d.py::t2", "f.py::t", "a.py::t1",
                          "e.py::t"]


def test_the_costly_units_go_longest_first_and_a_unit_the_table_does_not_name_after_those_it_names():
    # a group's tests stay together and in their order, its quick test (d.py::t2) with it; a unit of no slow test
    # stays after the costly ones, whatever its seconds, and goes first among its own tier
    seconds = {"d.py::rows": 300.0, "f.py::t": 120.0, "b.py::rows": 40.0, "e.py::t": 999.0, "gone.py::rows": 500}
    assert _order(seconds) == ["d.py::t1", "d.py::t2", "f.py::t", "b.py::t1", "b.py::t2", "c.py::t", "e.py::t",
                               "a.py::t1"]


def test_a_units_seconds_are_its_tests_summed_and_the_short_ones_left_out():
    durations = {"b.py::t1": 30.25, "b.py::t2": 10.0, "c.py::t": 4.9, "d.py::t1": 3.0, "d.py::t2": 3.0,
                 "f.py::t": 40.25}
    assert list(unit_seconds(durations, GROUPS).items()) == [("b.py::rows", 40.2), ("f.py::t", 40.2),
                                                             ("d.py::rows", 6.0)]


def test_the_committed_table_is_read_and_no_table_is_none(tmp_path):
    table = measured_seconds()
    assert RUN_SECONDS.name == "run_seconds.json" and table
    assert all(isinstance(unit, str) and seconds >= 5.0 for unit, seconds in table.items())
    assert measured_seconds(tmp_path / "none.json") == {}


def test_a_run_records_its_units_seconds(tmp_path):
    for name in ("conftest.py", "costs.py"):  # the suite's own, beside a module of one group and a lone test
        shutil.copy(ROOT / "tests" / name, tmp_path / name)
    (tmp_path / "test_example.py").write_text(
        "import time\nimport pytest\n\n\n@pytest.fixture(scope='module')\ndef rows():\n    time.sleep(5.5)\n\n\n"
        "def test_one(rows):\n    pass\n\n\ndef test_two(rows):\n    pass\n\n\ndef test_quick():\n    pass\n")
    out = tmp_path / "seconds.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:randomly", "-p",
                           "no:cacheprovider", "--record-run-seconds", str(out), str(tmp_path)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300,
                          env=_own_run_env())
    assert done.returncode == 0, done.stdout + done.stderr
    recorded = json.loads(out.read_text())
    assert list(recorded) == ["test_example.py::rows"] and 5.5 <= recorded["test_example.py::rows"] < 60
