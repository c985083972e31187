"""Hidden tests of 11-fit-line: the loss, the first steps, convergence, and the loss history.

Numbers are compared with the reference's loop (the same arithmetic in
another order differs by a few ulps, far below the tolerance). A failing
test whose numbers are those of a classic mistake (mistakes.py) names it.
"""

from pathlib import Path

from grader.i18n import items, Message, msg
from grader.judge import (
    ABS_TOL, REL_TOL, assert_values, expression_of, fmt, from_scratch_test, import_test, Mismatch, observed_or_none,
    points, StudentError, suite_probes,
)
from grader.judge.named_mistakes import already_charged, not_charged_again
from grader.distribution import instructor_part_installed
from grader.suites import suite_module

p = suite_probes(__file__)


# The one loader (tests/exercises use it too). The catalogue patches the reference's loop, so it is the
# instructor's: a student's install (docs/distribution.md) checks the same numbers without naming mistakes.
mistakes = suite_module(Path(__file__).parent, "mistakes") if instructor_part_installed() else None

# w and b after 1,000 steps at 0.05: the slow direction of the loss shrinks the error by a factor of
# 1 - 0.05 * 0.595 = 0.970 per step, so 1,000 steps leave about 1e-13 of the starting error of 3: the
# reference ends within 3e-14 of 2 and 1. 1e-6 leaves room for any order of arithmetic and still refuses a
# loop that stops early (500 steps leave about 1e-6) or that settles anywhere else.
CONVERGED = 1e-6

# Each named mistake of the loop is charged once, by the first test that shows it in the lesson's order (the
# loss, the first step, the second step, the history), each with its probe; a later test whose numbers are those
# of the same loop is excused, where the charging test's numbers are that loop's too (a second mistake would show
# there).
CHARGED_BY = {"sum-not-mean": "loss/mean", "mean-over-n-minus-1": "loss/mean", "errors-not-squared": "loss/mean",
              "update-mid-backward": "step/first", "update-sign": "step/first",
              "final-loss-before-update": "step/first", "cleared-before-update": "step/first",
              "no-learning-rate": "step/first", "b-moved-by-w-grad": "step/first", "w-moved-by-b-grad": "step/first",
              "grads-swapped": "step/first", "never-cleared": "step/second",
              "only-w-cleared": "step/second", "only-b-cleared": "step/second",
              "cleared-every-other-step": "step/second", "loss-after-update": "history/shape"}
CHARGING_PROBES = {"loss/mean": p.loss_at_start, "step/first": p.first_step, "step/second": p.second_step,
                   "history/shape": p.history_20}


class _Charging:
    """What a test needs to charge a named mistake once: the observations of the charging tests' probes, read
    on every run (so that a test reads the same probes on every engine), and the test's own name."""

    def __init__(self, observe, test):
        self.test = test
        self.seen = {name: observed_or_none(observe, probe) for name, probe in CHARGING_PROBES.items()}

    def charged_elsewhere(self, mistake):
        """The test that already charges `mistake` (a Mistake), or None (this test charges it, or that test's
        numbers are not that loop's): named_mistakes.already_charged's decision, as 07's."""
        charging = {test: (CHARGING_PROBES[test], seen) for test, seen in self.seen.items()}
        return already_charged(mistake, CHARGED_BY.get(mistake.name), self.test, charging, _is_mistake)


def _is_mistake(mistake, probe, got):
    """Whether `got` is what `mistake`'s loop observes on `probe`, though an earlier mistake's loop may observe it
    too: a loop that clears every other step shows on step/second as one that never clears, and is charged there."""
    return mistakes.observes(mistake, probe, got, REL_TOL, ABS_TOL)


def _observe(observe, probe, charging):
    """`observe(probe)`; where the engine raised as a named mistake's loop raises there (an overflow) and another
    test charges that mistake, Excused; else the error as it came."""
    try:
        return observe(probe)
    except StudentError as error:
        mistake = mistakes.raising(probe, error.exception) if mistakes else None
        elsewhere = charging.charged_elsewhere(mistake) if mistake is not None else None
        if elsewhere is None:
            raise
        raise not_charged_again("loop", mistake.title, elsewhere) from None


def _check(got, probe, want, observed=None, charging=None):
    """Every value of the reference's observation; on a mismatch, name the mistake these numbers are, if any.

    `observed`: the probe's observation as it came, when `got` is a rearrangement of it for the comparison.
    """
    try:
        assert_values(got, want, probe=probe)
    except Mismatch as mismatch:
        raise Mismatch(_with_mistake(mismatch.message or str(mismatch), observed or got, probe, charging)) from None


def _with_mistake(message, got, probe, charging=None):
    """`message`, naming the mistake these numbers are, if any; Excused where another test charges it."""
    named = mistakes.all_named(probe, got, REL_TOL, ABS_TOL) if mistakes else []
    if not named:
        return message
    mistake, others = named[0], named[1:]
    elsewhere = charging.charged_elsewhere(mistake) if charging is not None else None
    if elsewhere is not None:
        raise not_charged_again("loop", mistake.title, elsewhere)
    said = msg("{message}. Your numbers are those of a loop that {mistake}. {explanation}", message=message,
               mistake=Message(mistake.title), explanation=Message(mistake.explanation))
    if not others:
        return said
    # a probe too short to tell two loops apart names both (session 39: cleared on every other step, on two steps)
    return msg("{said} Here they are also those of a loop that {others}.", said=said,
               others=items([Message(m.title) for m in others], join="or"))


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- the loss ---------------------------------------------------------------------------------------


@points(2, concept="loss", name="loss/mean")
def test_loss_mean(observe, expect):
    """mse(w, b) is the mean of the squared errors: 41.5 at the start, with gradients -24 and -11"""
    charging = _Charging(observe, "loss/mean")
    _check(_observe(observe, p.loss_at_start, charging), p.loss_at_start, expect(p.loss_at_start), charging=charging)


@points(1, concept="loss", name="loss/other-points", visibility="hidden")
def test_loss_elsewhere(observe, expect):
    """mse(w, b) is 0 on the line y = 2x + 1, and the mean elsewhere"""
    charging = _Charging(observe, "loss/other-points")
    _check(_observe(observe, p.loss_elsewhere, charging), p.loss_elsewhere, expect(p.loss_elsewhere), charging=charging)


# -- the steps ----------------------------------------------------------------------------------------


@points(2, concept="training-loop", name="step/first")
def test_first_step(observe, expect):
    """one step at 0.05 takes w to 0.2, b to 0.55 and the loss after it to 13.9725"""
    charging = _Charging(observe, "step/first")
    _check(_observe(observe, p.first_step, charging), p.first_step, expect(p.first_step), charging=charging)


@points(2, concept="training-loop", name="step/second", visibility="hidden")
def test_second_step(observe, expect):
    """the second step uses only its own gradients: the gradients are cleared in between"""
    charging = _Charging(observe, "step/second")
    _check(_observe(observe, p.second_step, charging), p.second_step, expect(p.second_step), charging=charging)


@points(2, concept="training-loop", name="train/converges")
def test_converges(observe, expect):
    """after 1,000 steps at 0.05, w and b are 2 and 1 within 1e-6"""
    charging = _Charging(observe, "train/converges")
    got = _observe(observe, p.thousand_steps, charging)
    wrong = [(name, target) for name, target in (("w", 2.0), ("b", 1.0)) if not abs(got[name] - target) <= CONVERGED]
    if wrong:
        name, target = wrong[0]
        message = msg("{expression}: {name} is {got}, expected {expected} within {tolerance} (the line through the "
                      "four points is y = 2x + 1)", expression=expression_of(p.thousand_steps), name=name,
                      got=fmt(got[name]), expected=fmt(target), tolerance=f"{CONVERGED:g}")
        raise Mismatch(_with_mistake(message, got, p.thousand_steps, charging))
    # w and b within 1e-6 put every error below 4e-6, so the loss below 2e-11
    if not got["final_loss"] <= 2e-11:
        raise Mismatch(_with_mistake(msg("{expression}: w and b are right, but the final loss is {loss}; on the "
                                         "line it is 0", expression=expression_of(p.thousand_steps),
                                         loss=fmt(got["final_loss"])), got, p.thousand_steps, charging))
    # halfway, the course's own w and b (session 27: a train_line that returned the exercise's line passed)
    _check(_observe(observe, p.mid_course, charging), p.mid_course, expect(p.mid_course), charging=charging)


# -- the loss history ---------------------------------------------------------------------------------


def _history(got, probe, want, charging):
    if len(got["losses"]) != len(want["losses"]):
        steps = len(want["losses"]) - 1
        raise Mismatch(_with_mistake(
            msg("{expression} has {got} losses, expected {expected}: the loss at the start, then one after each "
                "update", expression=expression_of(probe), got=len(got["losses"]), expected=steps + 1), got, probe,
            charging))
    # the losses first, one by one: the message names the first step that differs
    losses = {f"losses[{i}]": x for i, x in enumerate(got["losses"])}
    expected = {f"losses[{i}]": x for i, x in enumerate(want["losses"])}
    _check({**losses, "w": got["w"], "b": got["b"]}, probe, {**expected, "w": want["w"], "b": want["b"]},
           observed=got, charging=charging)


@points(1, concept="training-loop", name="history/shape")
def test_history_shape(observe, expect):
    """train_line_history(20, 0.05): 21 losses, from 41.5 at the start down at every step"""
    charging = _Charging(observe, "history/shape")
    got, want = _observe(observe, p.history_20, charging), expect(p.history_20)
    losses = got["losses"]
    rising = next((i for i in range(1, len(losses)) if losses[i] > losses[i - 1]), None)
    if rising is not None:
        raise Mismatch(_with_mistake(
            msg("{expression}: the loss rose from {before} to {after} at update {update}; at a learning rate of 0.05 "
                "every step goes downhill", expression=expression_of(p.history_20), before=fmt(losses[rising - 1]),
                after=fmt(losses[rising]), update=rising), got, p.history_20, charging))
    _history(got, p.history_20, want, charging)


@points(2, concept="learning-rate", name="history/diverges")
def test_history_diverges(observe, expect):
    """train_line_history(30, 0.3): the loss grows at every step, although every gradient is right"""
    charging = _Charging(observe, "history/diverges")
    got, want = _observe(observe, p.history_diverging, charging), expect(p.history_diverging)
    losses = got["losses"]
    falling = next((i for i in range(1, len(losses)) if not losses[i] > losses[i - 1]), None)
    if falling is not None:
        raise Mismatch(_with_mistake(
            msg("{expression}: the loss went from {before} to {after} at update {update}; at 0.3 the steps overshoot "
                "and the loss grows at every one of them", expression=expression_of(p.history_diverging),
                before=fmt(losses[falling - 1]), after=fmt(losses[falling]), update=falling), got,
            p.history_diverging, charging))
    _history(got, p.history_diverging, want, charging)
