"""Judging sessions of two threads at once in one process (a library's caller; `grade serve`'s pool and the fleet
judge in processes of their own): each session's output goes to its own buffer, the others' where it went, and the
process's sys.stdout and sys.stderr are given back once the last session ends, however the sessions overlap."""

import io
import sys
import threading

from grader.judge import pytest_session


def _overlapping(first_out, second_out, nested_out=None):
    """A session of thread A begins, then one of thread B; A's ends, then B's (A, B begin; A, B end). B's session
    holds another of its own inside it when `nested_out` is given."""
    a_in, b_in, a_out = threading.Event(), threading.Event(), threading.Event()

    def a():
        with pytest_session._output_of_this_thread_to(first_out):
            a_in.set()
            b_in.wait(10)
            print("a")
        a_out.set()

    def b():
        a_in.wait(10)
        with pytest_session._output_of_this_thread_to(second_out):
            b_in.set()
            a_out.wait(10)
            if nested_out is not None:
                with pytest_session._output_of_this_thread_to(nested_out):
                    print("nested")
            print("b")

    threads = [threading.Thread(target=a), threading.Thread(target=b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_overlapping_sessions_of_two_threads_give_the_output_back(monkeypatch):
    mine = io.StringIO()
    monkeypatch.setattr(sys, "stdout", mine)
    first, second, nested = io.StringIO(), io.StringIO(), io.StringIO()
    _overlapping(first, second, nested)
    assert sys.stdout is mine  # was the first session's router for good: a later thread with its id wrote nowhere
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
