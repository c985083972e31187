"""SIGTERM (a cancelled CI job, `kill`) stops grading as Ctrl-C does."""

import signal
import threading
from contextlib import contextmanager


class Terminated(KeyboardInterrupt):
    """SIGTERM (a cancelled CI job, `kill`): stops grading exactly as Ctrl-C does."""


def terminated(interrupt):
    """Whether a KeyboardInterrupt came from SIGTERM (pytest, in the judge, turns it into its own
    KeyboardInterrupt: the signal is remembered here)."""
    return isinstance(interrupt, Terminated) or _sigterm_received.is_set()


_sigterm_received = threading.Event()


@contextmanager
def sigterm_as_interrupt():
    """While grading, SIGTERM raises `Terminated` in the main thread, as Ctrl-C raises KeyboardInterrupt:
    workers are killed, scratch folders removed, finished runs stay cached."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum, frame):
        _sigterm_received.set()
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not cut the clean-up short
        raise Terminated()

    _sigterm_received.clear()
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
