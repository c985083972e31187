"""tests/conftest.py's guard on the recursion limit, run as pytest runs it: a test that leaves the limit changed errors
at its teardown, by name, and the limit is put back for the next test; a test that puts it back passes."""

import subprocess
import sys
import textwrap

from checkout_support import ROOT, checkout_env

# The suite's own fixture, loaded from tests/conftest.py under another module name (so that pytest does not take
# that file for this folder's conftest, whose hooks would then configure the inner run too).
_CONFTEST = f"""
import importlib.util

_spec = importlib.util.spec_from_file_location("suite_conftest", {str(ROOT / "tests" / "conftest.py")!r})
_suite = importlib.util.module_from_spec(_spec)
import sys
sys.path.insert(0, {str(ROOT / "tests")!r})
_spec.loader.exec_module(_suite)
_recursion_limit_unchanged = _suite._recursion_limit_unchanged
"""

_TESTS = """
import sys

FOUND = sys.getrecursionlimit()


def test_a_leaves_it_raised():
    sys.setrecursionlimit(FOUND + 7)


def test_b_sees_it_put_back():
    assert sys.getrecursionlimit() == FOUND


def test_c_puts_it_back():
    sys.setrecursionlimit(FOUND + 3)
    sys.setrecursionlimit(FOUND)
"""


def test_a_test_leaving_the_recursion_limit_changed_errors_by_name(tmp_path):
    (tmp_path / "conftest.py").write_text(textwrap.dedent(_CONFTEST))
    (tmp_path / "test_limits.py").write_text(textwrap.dedent(_TESTS))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-rA",
         "--rootdir", str(tmp_path), "-c", "/dev/null", "test_limits.py"],
        cwd=tmp_path, env=checkout_env(), capture_output=True, text=True, timeout=120)
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    assert "3 passed, 1 error" in out
    assert "ERROR test_limits.py::test_a_leaves_it_raised" in out
    assert "PASSED test_limits.py::test_b_sees_it_put_back" in out
    assert "PASSED test_limits.py::test_c_puts_it_back" in out
    assert "test_limits.py::test_a_leaves_it_raised left the recursion limit at" in out
