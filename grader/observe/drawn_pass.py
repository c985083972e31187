"""The drawn probes' pass of the grade of record (grader/judge/drawn.py): which of them are still worth running.

Each probe a test reads is observed a second time, as `probe@token`, after every fixed probe. One whose fixed twin ran
out of time is not: the tests reading it lost there (judge/cross_check.py charges a mistake once), and an engine that
spins at the fixed inputs spins at the draw too, which would count towards the third drawn timeout that ends the drawn
pass (observe._drawn_ended) and so cost tests that have nothing to do with the mistake, as many as the probes left
(session 33: one engine whose tanh loops while x > 4 scored 60.5 or 62 by the slot of its draw).
"""


def left_to_run(todo, probes):
    """`todo` without the drawn probes whose fixed observation (in `probes`, so far) timed out."""
    return [name for name in todo if "@" not in name
            or (probes.get(name.partition("@")[0]) or {}).get("status") != "timeout"]
