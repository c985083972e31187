"""The grader's version: in every scores file, in the observation cache's keys, in the Gradescope bundle."""

__version__ = "0.1.0"
