"""The `grade` program: load, sandbox, observe, judge, score, report."""

__version__ = "0.1.0"
