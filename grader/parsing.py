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
collector's switch to the grader's own parses. A thread that parses without this function can still
be disturbed by one of these (its parse paused in a finalizer when this one starts): every parse of
the grader's threads goes through here.
"""

import ast
import gc
import threading

_LOCK = threading.Lock()  # the collector's switch is the interpreter's: one parse turns it off and on at a time


def parse(source, filename="<unknown>", mode="exec"):
    """ast.parse(source, filename, mode), without another thread's parse inside it. Raises what it raises."""
    with _LOCK:
        collecting = gc.isenabled()
        gc.disable()
        try:
            return ast.parse(source, filename, mode)
        finally:
            if collecting:
                gc.enable()
