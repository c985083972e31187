"""The drawn probes' pass of the grade of record (grader/judge/drawn.py): which of them are still worth running, and
what the end of a run leaves observed.

Each probe a test reads is observed a second time, as `probe@token`, after every fixed probe. One whose fixed twin ran
out of time is not: the tests reading it lost there (judge/cross_check.py charges a mistake once), and an engine that
spins at the fixed inputs spins at the draw too, which would count towards the third drawn timeout that ends the drawn
pass (observe._drawn_ended) and so cost tests that have nothing to do with the mistake, as many as the probes left
(session 33: one engine whose tanh loops while x > 4 scored 60.5 or 62 by the slot of its draw). Nor is one whose fixed
twin crashed its worker (its tests lost there; its crash again would spend a restart of the drawn pass's own), nor one
whose fixed twin was never run (the run ended first: its tests fail there).

The drawn pass runs whatever ended the fixed one (session 35): a run that ends `crashed` or `timeout` in its fixed
probes keeps the points its observations earned there, as the contract says, and every test that passed is held to
its drawn probes as in a run that ended `ok` (before, such a run was not cross-checked, so an answer table or a hostile
engine that ended its run so escaped the draws: tests/test_redteam27.py's alarm-raise once scored 24.8334 above its
twin's 23.8334). Its restarts are its own (MAX_RESTARTS), as its time is (DRAWN_SHARE): a run whose workers' restarts
ran out in the fixed probes still has its drawn ones observed.
"""

from ..i18n import Message, msg

# a fixed observation with one of these ends its drawn twin's pass before it starts
NOT_WORTH = ("timeout", "crashed")


def left_to_run(todo, probes):
    """`todo` without the drawn probes whose fixed observation (in `probes`, so far) timed out, crashed its worker or
    was never run."""
    return [name for name in todo if "@" not in name or _worth(probes.get(name.partition("@")[0]) or {})]


def _worth(fixed):
    return fixed.get("status") not in NOT_WORTH and not fixed.get("not_run")


def ended_probe(status, said: Message, **more):
    """A probe's observation that the end of its worker or of the run decided: its error as text and as data."""
    return {"status": status, "error": str(said), "error_message": said.to_json(), **more}


def not_run_probe(status, said, text: str, **more):
    """A probe's observation as not run, in `status`, for a reason given as data (`said`, a Message's JSON) or, where
    there is none, as `text`."""
    if said:
        return ended_probe(status, msg("not run: {reason}", reason=Message.from_json(said)), not_run=True, **more)
    return {"status": status, "error": "not run: " + text, "not_run": True, **more}


def not_run(run, probes, names):
    """Each of `names` observed as not run, for the reason the run ended (its `message`)."""
    for name in names:
        probes.setdefault(name, not_run_probe(run["status"], run.get("message_data"), run["message"]))


def fixed_ended(run, probes, todo):
    """What is left to run once the run ended in its fixed probes (`crashed`, `timeout`): each fixed probe left observed
    as not run, and the drawn probes worth running (drawn_pass.left_to_run), which the drawn pass observes as in a run
    that ended `ok`, with its own share of time and its own restarts; the run's status stays what ended it."""
    not_run(run, probes, [name for name in todo if "@" not in name])
    return left_to_run([name for name in todo if "@" in name], probes)
