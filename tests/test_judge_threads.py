"""Judging sessions of two threads at once in one process (a library's caller; `grade serve`'s pool and the fleet
judge in processes of their own): each session's output goes to its own buffer, the others' where it went, and the
process's sys.stdout, sys.stderr and the environment pytest's session changes are given back once the last session
ends, however the sessions overlap."""

import io
import os
import sys
import threading

from grader.judge import pytest_session


def _overlapping(first_out, second_out, nested_out=None, seen=None):
    """A session of thread A begins, then one of thread B; A's ends, then B's (A, B begin; A, B end). B's session
    holds another of its own inside it when `nested_out` is given. `seen`: the environment each session sees, last."""
    a_in, b_in, a_out = threading.Event(), threading.Event(), threading.Event()

    def environment():
        return {key: os.environ.get(key) for key in ("PYTEST_PLUGINS", "PYTEST_ADDOPTS")}

    def a():
        with pytest_session._output_of_this_thread_to(first_out), pytest_session._no_installed_plugin():
            a_in.set()
            b_in.wait(10)
            print("a")
        a_out.set()

    def b():
        a_in.wait(10)
        with pytest_session._output_of_this_thread_to(second_out), pytest_session._no_installed_plugin():
            b_in.set()
            a_out.wait(10)
            if nested_out is not None:
                with pytest_session._output_of_this_thread_to(nested_out):
                    print("nested")
            print("b")
            if seen is not None:
                seen.append(environment())

    threads = [threading.Thread(target=a), threading.Thread(target=b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_overlapping_sessions_of_two_threads_give_the_output_and_the_environment_back(monkeypatch):
    mine = io.StringIO()
    monkeypatch.setattr(sys, "stdout", mine)
    monkeypatch.delenv("PYTEST_PLUGINS", raising=False)
    monkeypatch.setenv("PYTEST_ADDOPTS", "-k add")
    first, second, nested, seen = io.StringIO(), io.StringIO(), io.StringIO(), []
    _overlapping(first, second, nested, seen)
    assert sys.stdout is mine  # was the first session's router for good: a later thread with its id wrote nowhere
    # the second session still ran without the shell's options; after both, the shell's are back and nothing else
    assert seen == [{"PYTEST_PLUGINS": "", "PYTEST_ADDOPTS": None}]
    assert "PYTEST_PLUGINS" not in os.environ and os.environ["PYTEST_ADDOPTS"] == "-k add"
    later = threading.Thread(target=print, args=("a later thread's line",))
    later.start()
    later.join()
    print("this thread's line")
    assert (first.getvalue(), second.getvalue(), nested.getvalue()) == ("a\n", "b\n", "nested\n")
    assert mine.getvalue() == "a later thread's line\nthis thread's line\n"


def test_what_other_threads_write_during_a_session_goes_where_it_went(monkeypatch):
    mine = io.StringIO()
    monkeypatch.setattr(sys, "stdout", mine)
    captured = io.StringIO()
    with pytest_session._output_of_this_thread_to(captured):
        other = threading.Thread(target=print, args=("an observing thread's notice",))
        other.start()
        other.join()
        print("the session's own")
    assert captured.getvalue() == "the session's own\n"
    assert mine.getvalue() == "an observing thread's notice\n" and sys.stdout is mine


def test_a_failed_import_of_a_test_file_takes_out_only_what_it_made(tmp_path, monkeypatch):
    """A test file that fails to import is imported again by pytest, which reports its error: the judge takes out
    what the import put in sys.modules (the file's own module, a helper of the suite's folder) and no module another
    thread imported meanwhile (all new modules were taken out: that thread's module was gone from under it)."""
    from grader.judge import own_session

    suite, elsewhere = tmp_path / "suite", tmp_path / "elsewhere"
    suite.mkdir()
    elsewhere.mkdir()
    (elsewhere / "other_thread_module_37c.py").write_text("VALUE = 1\n")
    (suite / "suite_helper_37c.py").write_text("VALUE = 2\n")
    (suite / "test_broken_37c.py").write_text(
        "import importlib, threading\nimport suite_helper_37c\n"
        "other = threading.Thread(target=importlib.import_module, args=('other_thread_module_37c',))\n"
        "other.start()\nother.join()\nraise RuntimeError('the suite file is broken')\n")
    monkeypatch.syspath_prepend(str(elsewhere))
    monkeypatch.syspath_prepend(str(suite))
    for name in ("other_thread_module_37c", "suite_helper_37c", "test_broken_37c"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert own_session._import([suite / "test_broken_37c.py"], suite) is None
    assert [name in sys.modules for name in ("other_thread_module_37c", "suite_helper_37c", "test_broken_37c")] \
        == [True, False, False]
