"""The quick tier leaves out every test that uses a costly fixture (tests/costs.py), whoever wrote it.

Issue 25: the `slow` marker was a per-module list that missed whole-class grading
fixtures, wheel builds, headless notebooks and Redis, so `-m "not slow"` took 385 s
of CPU. Collected here as the quick loop collects them, in a process of its own.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["tests/exercises/test_exercise_notebooks.py", "tests/test_distribution.py", "tests/test_fleet.py",
           "tests/test_fleet_payload.py", "tests/similarity/test_html.py", "tests/test_docs_commands.py"]


def _collected(*args):
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", *args,
                           *MODULES], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


@pytest.mark.slow  # collects six modules in a process of its own
def test_the_quick_loop_collects_no_test_of_a_costly_fixture():
    quick = _collected("-m", "not slow")
    costly = ("test_the_untouched_notebook_checks_itself", "test_the_solved_notebook_checks_itself",  # a kernel
              "test_grading_an_executed_notebook",  # a kernel and a class graded
              "test_no_hidden_test_reference_or_exercise_is_in_the_student_wheel",  # a wheel
              "test_grade_check_from_the_student_install",  # a venv
              "test_a_fleet_of_two_workers", "test_a_forged_job_is_refused",  # Redis
              "test_a_queue_behind_tls",  # the examples graded locally (local_run)
              "test_chromium_draws",  # a browser, through a fixture another module declares
              "test_the_shell_blocks_of_a_document_run_as_pasted")  # the docs' commands
    assert [t for t in quick if any(name in t for name in costly)] == []
    # ...and keeps the cheap tests of the same modules
    for cheap in ("test_only_a_check_cell_is_dropped_when_graded", "test_what_stays_the_instructors",
                  "test_a_payload_that_is_not_an_honest_job_is_refused", "test_install_lines_are_recognised"):
        assert any(cheap in t for t in quick), cheap
    assert len(_collected()) > len(quick)
