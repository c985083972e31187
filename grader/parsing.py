"""ast.parse for a grader whose threads parse at once: each parse gets its own file's tree.

CPython before 3.11.8 (and 3.12.0-3.12.1) counts the AST constructor's recursion depth in one counter
for the whole interpreter (python/cpython gh-106905, fixed by gh-113035). A garbage collection inside
one thread's parse runs finalizers, which are Python code, so another thread may run; if that thread
parses too, it resets the counter, and the first parse fails with a SystemError ("AST constructor
recursion depth mismatch") or a RecursionError: the same error a file too deeply nested to parse gives.
The grader read such a file as one that does not parse, so a submission could lose its forbidden
imports (the "from scratch" test passed) or its hints, by chance, on a loaded machine.

Each parse here holds the collector off, so nothing but the parse runs in its thread until it is
done (no finalizer, so no other thread: a parse alone runs no Python code), and one lock keeps the
collector's switch to one parse at a time. A thread that parses without this function can still be
disturbed by one of these (its parse paused in a finalizer when this one starts): every parse of the
grader's that may run beside another thread's goes through here (the observing threads, the judging
and diagnosing thread, `grade check`'s, the service's request threads). The same on every version:
on a fixed one it costs a lock and two switches a parse.

CPython 3.11 and 3.12's traceback formatting parses too: the line of each frame, for the carets under
the operator that failed (`traceback._extract_caret_anchors_from_line_segment`). A grader error formatted
while another thread parsed lost its carets (the SystemError, which traceback swallows), so the same
error read differently in the run log by chance. Importing this module routes that parse through the
same guard, for every traceback this process formats (the grader's, logging's, a thread's last words).
"""

import ast
import gc
import os
import re
import threading
import traceback
import warnings

_LOCK = threading.Lock()  # the collector's switch is the interpreter's: one parse turns it off and on at a time
_holding_off = False  # whether a parse holds the collector off now (a process forked meanwhile turns it on again)


def parse(source, filename="<unknown>", mode="exec"):
    """ast.parse(source, filename, mode), without another thread's parse inside it. Raises what it raises."""
    return _alone(ast.parse, source, filename, mode)


# what a parse raises for a file Python cannot read: a syntax error, a NUL byte (ValueError), nesting too deep
# (RecursionError, MemoryError, and CPython 3.11's SystemError "AST constructor recursion depth mismatch")
UNPARSABLE = (SyntaxError, ValueError, RecursionError, MemoryError, SystemError)


def tree_or_none(source):
    """SOURCE's syntax tree (bytes or text), None where Python cannot read it; its SyntaxWarnings (an invalid
    escape in a string, `is` with a literal) are the sandbox's to say, not the grader's to print."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return parse(source)
    except UNPARSABLE:
        return None


def is_main_test(test) -> bool:
    """Whether an `if`'s test (a tree) is `__name__ == "__main__"`, either way round: `"__main__" == __name__` is the
    same test (true where the code runs as the program: a script, a Jupyter cell; false where it is imported, as
    when graded), any quotes. Chained (`__name__ == "__main__" == x`), `is`, `!=` or another name are not it. Read
    from the tree, never unparsed (ast.unparse recursed once a level of a test a student wrote: session 24). The
    one reading of it: a notebook's check cell under it is dropped when graded (load/check_cells.py), and a
    module's smoke test under it is weak evidence between two students (similarity/smoke_tests.py)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = (test.left, test.comparators[0])
    return any(isinstance(a, ast.Name) and a.id == "__name__" and isinstance(b, ast.Constant) and b.value == "__main__"
               for a, b in (sides, sides[::-1]))


# Python's own line breaks: not str.splitlines, which also breaks at \x0b, a form feed, \x1c-\x1e, \x85, U+2028 and
# U+2029, all of which Python's source holds inside a line (in a comment, in a string literal)
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def called_name(func) -> str | None:
    """The name a call's function (`call.func`) is spelt with: `f(...)` and `x.f(...)` call f; anything else (a call
    of a call, of a subscript, of a lambda) None. What the diagnosis, the loader and the forbidden imports read a
    call by (similarity.roles.called_name is the same)."""
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def python_lines(text: str) -> list[str]:
    """The lines of a source file as Python numbers them (ast line numbers index this list from 1)."""
    lines = LINE_BREAK.split(text)
    return lines[:-1] if lines and lines[-1] == "" else lines


def python_line(source, number) -> str | None:
    """Line NUMBER (from 1, as Python numbers it) of SOURCE (bytes, read as UTF-8, or text), whole; None where
    there is none (no source, no such line, a number that is not one)."""
    if source is None or not isinstance(number, int) or number < 1:
        return None
    lines = python_lines(source.decode("utf-8", "replace") if isinstance(source, bytes) else str(source))
    return lines[number - 1] if number <= len(lines) else None


def _alone(function, *args):
    """function(*args) with the collector held off, one such call at a time (function's parse runs no Python
    code, so no other thread, and no other parse, runs inside it)."""
    global _holding_off
    _LOCK.acquire()
    collecting = gc.isenabled()
    gc.disable()
    _holding_off = collecting
    try:
        result = function(*args)
    finally:
        _holding_off = False
        if collecting:
            gc.enable()
        # Nothing between that allocates (a `with` block's exit makes a tuple of its arguments): the first
        # allocation after the collector is back may collect, and a finalizer then may wait for another
        # thread's parse, which would wait for this lock for ever.
        _LOCK.release()
    if collecting and gc.get_count()[0] > gc.get_threshold()[0]:
        # The collection the parse left due, here, where no lock is held: left to the next allocation, it ran
        # wherever that was, inside a caller's own lock too (forbidden.parsed's, on Python 3.12: a finalizer
        # that waits for a thread that parses would wait for ever there).
        gc.collect(0)
    return result


def _guarded_caret_anchors(anchors):
    """traceback's caret anchors of a line segment (its parse and a few comparisons) through _alone."""
    def caret_anchors(segment):
        return _alone(anchors, segment)
    caret_anchors.parses_alone = True
    return caret_anchors


_anchors = getattr(traceback, "_extract_caret_anchors_from_line_segment", None)  # 3.11 and 3.12
if _anchors is not None and not getattr(_anchors, "parses_alone", False):
    traceback._extract_caret_anchors_from_line_segment = _guarded_caret_anchors(_anchors)


def _in_a_forked_child():
    """A process forked while another thread was in parse() (the fleet's work horses, a process pool) has
    neither that thread nor its release of the lock: a lock of its own, and the collector on as it was."""
    global _LOCK, _holding_off
    _LOCK = threading.Lock()
    if _holding_off:
        _holding_off = False
        gc.enable()


if hasattr(os, "register_at_fork"):  # POSIX; elsewhere a child process starts afresh (spawn)
    os.register_at_fork(after_in_child=_in_a_forked_child)
