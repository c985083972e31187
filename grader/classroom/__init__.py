"""The grader's classroom side, beside the grading pipeline: what instructors hand out and students check with.

- starters.py: each exercise's starter files, notebook and `.exercise` marker, generated from reference/
  (`grade starters`); solution_regions.py cuts one file of the reference, breaks.py breaks an engine
  on purpose, notebooks.py makes an exercise's notebook;
- handout.py: the student handout built from them, scanned for secrets (`grade handout`);
- student_check.py: a student's own check of an exercise against its visible tests (`grade check`);
- notebook_check.py: the same from a notebook's last cell (`from grader import check`);
- commands.py: the Click commands of the three, registered in grader/cli/__init__.py.

The pipeline (load, sandbox, observe, judge, scores, diagnose, report) never imports this package;
this package uses the pipeline (a student's check observes and judges like a batch does).
"""
