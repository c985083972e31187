"""The fixed probes a suite pairs with another as one expression (its `PAIRED`, the Suite's `paired` field: the engine
suite's op far from 0 beside the op at its fixed input, one tuple in OwnTests.check, session 35): the far one is not run
once its fixed one crashed its worker or timed out.

The test that reads the pair has lost there already (a tuple is right only when each of its probes is), and an engine
whose op kills its worker kills it again at the far input, which would spend one more of the workers' MAX_RESTARTS and
so leave the probes at the end of the suite, unrelated to the op, not run and charged (session 35: tests/test_seams35.py's
segfault at every log, 60.75 -> 59.0). As drawn_pass.left_to_run skips a drawn probe whose fixed twin crashed.
"""

from .drawn_pass import NOT_WORTH, not_run_probe


def skip_paired(todo, probes, paired):
    """`todo` without the probes whose paired fixed probe (`paired`: {probe: the fixed probe it is paired with}) was
    observed (in `probes`, so far) timed out or crashed; each of them observed as not run, in its fixed probe's status
    and words, with the fixed probe's name (`paired_with`), so that its own drawn twin is not run either."""
    if not paired:
        return todo
    left = []
    for name in todo:
        fixed = probes.get(paired.get(name)) or {}
        if fixed.get("status") not in NOT_WORTH:
            left.append(name)
            continue
        probes[name] = not_run_probe(fixed["status"], fixed.get("error_message"), str(fixed.get("error")),
                                     paired_with=paired[name])
    return left
