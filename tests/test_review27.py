"""Session 27's review: what the session's changes opened, each with the sample that showed it.

- An escape's output assigned stays bound (session 27, strangers27: `files = !ls` is `files = []`), but a target
  that unpacks it (`ver, = !python --version`, `[cwd] = !pwd`, `first, *rest = !ls`, `t1, t2 = %time f()`) was
  given the empty list too, and the notebook stopped there, where the student's had run: a correct engine under
  `[cwd] = !pwd` 63/63 -> 0/63 ("ValueError: not enough values to unpack (expected 1, got 0)"). Each name now takes
  one line of what the shell printed (''), or None of a magic's result.
"""

from grader.load.notebooks import without_escapes
from grader.load.scripts import exported_script


def test_an_escapes_output_unpacked_binds_each_name_and_never_stops_the_notebook():
    cell = ("files = !ls\nver, = !python --version\n[cwd] = !pwd\nfirst, *rest = !ls\nt1, t2 = %time 1\n"
            "(a, b) = get_ipython().getoutput('ls')\n")
    lines = [text for text, _ in without_escapes(cell)]
    assert lines == ["files = []", "ver, = ['']", "[cwd] = ['']", "first, *rest = ['']", "t1, t2 = [None, None]",
                     "(a, b) = ['', '']"]
    bound = {}
    exec("\n".join(lines), bound)  # noqa: S102 (the rewritten lines, ours)
    assert {k: bound[k] for k in ("files", "ver", "cwd", "first", "rest", "t1", "t2", "a", "b")} == {
        "files": [], "ver": "", "cwd": "", "first": "", "rest": [], "t1": None, "t2": None, "a": "", "b": ""}


def test_an_exported_notebooks_unpacked_escape_is_bound_as_the_notebooks():
    export = ("#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\n"
              "ver, = get_ipython().getoutput('python --version')\nx = 1\n")
    assert exported_script(export.encode()).decode().split("\n")[6:8] == ["ver, = ['']", "x = 1"]
