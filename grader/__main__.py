"""`python -m grader` is the `grade` program (the Gradescope bundle's run_autograder calls it so)."""

from .cli import main

main(prog_name="grade")
