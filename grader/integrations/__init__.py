"""Where scores go once a batch is graded: report files beside the scores, per-student
feedback pages, a Gradescope autograder bundle, and a CI run on a student's repository.

Each module renders with grader/report and grades with grader/pipeline; none of
them judges anything itself.

- report_files: `scores.xml`, `scores.csv`, ... beside the scores file, and the timings.
- gradescope:   `grade gradescope` (build the bundle) and what its run_autograder runs.
- ci:           `grade ci`: GitHub Actions annotations, step summary, threshold.
"""
