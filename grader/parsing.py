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
"""

import ast
import gc
import os
import threading

_LOCK = threading.Lock()  # the collector's switch is the interpreter's: one parse turns it off and on at a time
_holding_off = False  # whether a parse holds the collector off now (a process forked meanwhile turns it on again)


def parse(source, filename="<unknown>", mode="exec"):
    """ast.parse(source, filename, mode), without another thread's parse inside it. Raises what it raises."""
    global _holding_off
    with _LOCK:
        collecting = gc.isenabled()
        gc.disable()
        _holding_off = collecting
        try:
            return ast.parse(source, filename, mode)
        finally:
            _holding_off = False
            if collecting:
                gc.enable()


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
