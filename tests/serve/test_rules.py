"""Deadlines, extensions, lateness and attempts: properties over any moment (hypothesis), and the service's
clock moved for real (time-machine)."""

from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import time_machine
from sqlalchemy import text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.serve.course import Exercise
from grader.serve.rules import CLOSED, LATE, ON_TIME, admit, deadline, lateness, released

from .conftest import REFERENCE

BASE = datetime(2026, 12, 8, 23, 59, tzinfo=timezone.utc)
offsets = st.integers(min_value=-30 * 86400, max_value=30 * 86400).map(lambda s: timedelta(seconds=s))
windows = st.integers(min_value=0, max_value=10 * 86400).map(lambda s: timedelta(seconds=s))
credits = st.sampled_from([0.0, 0.25, 0.5, 1.0])
# None of these properties is about time: a loaded machine (CI's, or one shared with other jobs) may take
# seconds over an example, and Hypothesis's deadline (200 ms) and too-slow health check would fail the test
# for that alone.
timeless = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def exercise(window, credit, attempts=3, cooldown=0):
    return Exercise("x", BASE, BASE + window, credit, attempts, cooldown)


def extension(due_offset, late_offset):
    return SimpleNamespace(due=BASE + due_offset, late_until=None if late_offset is None else BASE + late_offset)


@timeless
@given(window=windows, credit=credits, at=offsets)
def test_lateness_follows_the_receipt_time_in_three_ordered_bands(window, credit, at):
    d = deadline(exercise(window, credit))
    when, earned = lateness(BASE + at, d)
    if at <= timedelta(0):
        assert (when, earned) == (ON_TIME, 1.0)
    elif at <= window:
        assert (when, earned) == (LATE, credit)
    else:
        assert (when, earned) == (CLOSED, 0.0)


@timeless
@given(window=windows, due_offset=offsets, late_offset=st.none() | offsets)
def test_an_extension_never_takes_time_away_and_keeps_due_before_late_until(window, due_offset, late_offset):
    ex = exercise(window, 0.5)
    d = deadline(ex, extension(due_offset, late_offset))
    assert d.due >= ex.due and d.late_until >= ex.late_until and d.late_until >= d.due and d.extended
    for at in (d.due, d.late_until):  # what was on time (or late) for the class is at least as good with it
        assert lateness(at, d)[1] >= lateness(at, deadline(ex))[1]
    if late_offset is None and due_offset >= timedelta(0):
        assert d.late_until - d.due == window  # the class's late window, moved with the due date


@timeless
@given(window=windows, at=offsets, release=st.sampled_from(["due", "late_until"]))
def test_withheld_tests_are_released_only_after_the_students_own_deadline(window, at, release):
    d = deadline(exercise(window, 0.5))
    shown = released(BASE + at, d, release)
    assert shown == (at > (timedelta(0) if release == "due" else window))
    if shown and release == "due":
        assert released(BASE + at + timedelta(seconds=1), d, "due")


@timeless
@given(gaps=st.lists(st.integers(min_value=0, max_value=200), min_size=1, max_size=25),
       attempts=st.integers(min_value=0, max_value=6), cooldown=st.integers(min_value=0, max_value=90))
def test_no_sequence_of_requests_gets_more_than_the_limit_or_two_within_the_cool_down(gaps, attempts, cooldown):
    d = deadline(exercise(timedelta(days=60), 0.5, attempts, cooldown))
    now, charged = BASE - timedelta(days=30), []
    for gap in gaps:
        now += timedelta(seconds=gap)
        verdict = admit(now, charged, attempts, cooldown, d)
        if verdict.admitted:
            charged.append(now)
        else:
            assert verdict.retry_after >= 1
            retry = now + timedelta(seconds=verdict.retry_after)
            assert retry >= now and (len(charged) >= attempts > 0 or retry >= charged[-1] + timedelta(seconds=cooldown))
    if attempts:
        assert len(charged) <= attempts
    assert all(b - a >= timedelta(seconds=cooldown) for a, b in zip(charged, charged[1:]))
    # what was refused was refused for a reason: with no limit and no cool-down, everything is admitted
    if attempts == 0 and cooldown == 0:
        assert len(charged) == len(gaps)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(at=st.integers(min_value=-3 * 86400, max_value=5 * 86400), extended=st.booleans())
def test_the_service_decides_by_its_clock_at_receipt(served, at, extended):
    ex = served.svc.course.exercises["01-mul-backward"]
    new_due = ex.due + timedelta(days=2)
    if extended:
        served.svc.extend("alice", "01-mul-backward", new_due)
    d = deadline(ex, SimpleNamespace(due=new_due, late_until=None)) if extended else deadline(ex)
    moment = ex.due + timedelta(seconds=at)
    with time_machine.travel(moment, tick=False):
        answer = served.submit("alice", REFERENCE)
    expected = lateness(moment, d)[0]
    if expected == CLOSED:
        assert answer.status_code == 403
    else:
        assert answer.status_code == 202 and answer.json()["late"] == (expected == LATE)
    with served.svc.db.write() as session:  # the next example starts from a clean slate
        session.execute(text("DELETE FROM jobs"))
        session.execute(text("DELETE FROM submissions"))
        session.execute(text("DELETE FROM extensions"))
