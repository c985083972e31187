"""Hidden tests of 07-mlp-xor: XOR learned with the student's nn.py (parameters and forward passes: test_mlp_xor.py).

Training is judged in the grader: the course's loops against the reference's course, and train_xor's network against
gradient descent replayed from the weights it started with (course.py). A
mistake another test charges (mistakes.py: a network squashed by tanh at its output, forward/mlp's) is not charged
again where the numbers are the mistaken reference's (grader/judge/named_mistakes.py).
"""

from pathlib import Path

from grader.distribution import instructor_part_installed
from grader.i18n import items, msg, nmsg
from grader.judge import (
    expression_of, fmt, Mismatch, observed_or_none, points, StudentError, suite_config, suite_probes,
)
from grader.judge.charging import Excused
from grader.judge.named_mistakes import charged_once
from grader.suites import suite_module

p = suite_probes(__file__)
_settings = suite_config(__file__)  # what both test files read: the suite's __init__.py
NET, COUNTS, THRESHOLD, XOR_TARGETS, STEPS = (_settings.NET, _settings.COUNTS, _settings.THRESHOLD,
                                              _settings.XOR_TARGETS, _settings.STEPS)
REPEATED, USED_UP = _settings.REPEATED, _settings.USED_UP
mistakes = suite_module(Path(__file__).parent, "mistakes") if instructor_part_installed() else None  # as test_mlp_xor
CHARGING = {"forward/mlp": p.mlp_forward_uniform, "parameters/counts": p.parameter_counts,
            "backward/mlp": p.mlp_backward, "train/course-loop": p.course_loop_seed_0}
# the course's replay stays out of the sandbox (course.py); the student's install holds it too
course = suite_module(Path(__file__).parent, "course")


# -- training -----------------------------------------------------------------------------------------


def _left_out(observe):
    """What MLP(2, [4, 1])'s parameters() gets wrong of its 17 weights and biases, None if nothing (parameters/counts'
    probe, read on every run by the training tests): ("left out", how many it leaves out), or ("repeated", how many
    distinct Values its 17 entries hold). The update moves only what parameters() lists, and zero_grad() clears only
    those, so a training test that fails for it is told that, not to call zero_grad() (session 26: a parameters()
    without the biases left their gradients in `.grad`, and train/train-xor said "call zero_grad()"); session 27: a
    Layer of one neuron repeated was told that parameters() leaves out 9 of 17."""
    counts = observed_or_none(observe, p.parameter_counts) or {}
    got, entries, again = counts.get(f"{NET} distinct"), counts.get(NET), counts.get(f"{NET} again")
    if entries == COUNTS[NET] == got and isinstance(again, (int, float)) and int(again) < COUNTS[NET]:
        return ("used up", int(again))  # session 29: right on its first call only
    if not isinstance(got, (int, float)) or int(got) >= COUNTS[NET]:
        return None
    if entries == COUNTS[NET]:
        return ("repeated", int(got))
    return ("left out", COUNTS[NET] - int(got))


def _parameters_left_out(expression, got, short):
    """The failure of a training test whose losses never got below the threshold while parameters() gets the
    network's values wrong (`short`, _left_out's: the network trained is the student's, the count read on
    MLP(2, [4, 1]))."""
    kind, left_out = short
    if kind == "used up":
        return Mismatch(msg("{expression}: after {steps} steps the loss is {last}, not below {threshold}. "
                            "{net}.parameters() gives {count} entries on its first call and {again} on the next. "
                            "{used_up}", expression=expression, steps=STEPS, last=fmt(got["last loss"]),
                            threshold=f"{THRESHOLD:g}", net=NET, count=COUNTS[NET], again=left_out, used_up=USED_UP))
    if kind == "repeated":
        return Mismatch(msg("{expression}: after {steps} steps the loss is {last}, not below {threshold}. "
                            "{net}.parameters() lists {count} entries, but they hold only {distinct} distinct "
                            "Values. {repeated}", expression=expression, steps=STEPS, last=fmt(got["last loss"]),
                            threshold=f"{THRESHOLD:g}", net=NET, count=COUNTS[NET], distinct=left_out,
                            repeated=REPEATED))
    return Mismatch(nmsg("{expression}: after {steps} steps the loss is {last}, not below {threshold}. "
                         "{net}.parameters() leaves out {n} of its {count} weights and biases: the update "
                         "`p.data -= lr * p.grad` moves only the parameters it lists, so the one it leaves out keeps "
                         "its first value (and zero_grad() never clears its gradient). List every neuron's weights "
                         "and its bias",
                         "{expression}: after {steps} steps the loss is {last}, not below {threshold}. "
                         "{net}.parameters() leaves out {n} of its {count} weights and biases: the update "
                         "`p.data -= lr * p.grad` moves only the parameters it lists, so the ones it leaves out keep "
                         "their first values (and zero_grad() never clears their gradients). List every neuron's "
                         "weights and its bias", "n",
                         expression=expression, steps=STEPS, last=fmt(got["last loss"]), threshold=f"{THRESHOLD:g}",
                         net=NET, n=left_out, count=COUNTS[NET]))


def _learned(got, probe, left_out=None):
    if got["last loss"] >= THRESHOLD and left_out:
        raise _parameters_left_out(expression_of(probe), got, left_out)
    if got["last loss"] >= THRESHOLD:
        raise Mismatch(nmsg("{expression}: the loss went from {first} to {last} in {n} step; a working MLP gets "
                            "below {threshold} well within that",
                            "{expression}: the loss went from {first} to {last} in {n} steps; a working MLP gets "
                            "below {threshold} well within that", "n", expression=expression_of(probe),
                            first=fmt(got["first loss"]), last=fmt(got["last loss"]), n=STEPS,
                            threshold=f"{THRESHOLD:g}"))
    signs = [1.0 if x > 0 else -1.0 for x in got["predictions"]]
    if signs != XOR_TARGETS:
        raise Mismatch(msg("{expression}: after training the outputs for (0,0), (0,1), (1,0), (1,1) are {outputs}; "
                           "expected signs -, +, +, -", expression=expression_of(probe),
                           outputs=", ".join(fmt(x) for x in got["predictions"])))


@points(3, concept="training", name="train/course-loop")
def test_course_loop(observe, expect):
    """the course's training loop, run on your MLP from fixed weights, learns XOR"""
    # the loops restore the weights after the student's zero_grad() (probes_training._course_zero_grad): its
    # mistakes are parameters/zero-grad's alone, and nothing here is excused for them
    left_out = _left_out(observe)
    loops = (p.course_loop_seed_0, p.course_loop_seed_1)
    with charged_once(observe, "train/course-loop", loops, mistakes, CHARGING):
        for probe in loops:
            got = observe(probe)
            _learned(got, probe, left_out)
            _on_course(got, expect(probe), probe, "predictions", 1e-9)


@points(2, concept="training", name="train/course-seed")
def test_course_seed(observe, expect, observation):
    """from the course's seed, 1,000 steps at 0.1 bring the XOR predictions, rounded to four places, to -1, 1, 1, -1"""
    left_out = _left_out(observe)
    try:
        with charged_once(observe, "train/course-seed", [p.course_seed_xor], mistakes, CHARGING):
            got = observe(p.course_seed_xor)
            _course_seed(got)
            _on_course(got, expect(p.course_seed_xor), p.course_seed_xor, "predictions", 1e-4)
    except StudentError:
        # the course's 17 weights cannot be set on a network whose parameters() lists fewer (the probe reports it
        # unreadable): parameters/counts' mistake (session 30: each bias left out, charged here too)
        if left_out is not None and left_out[0] == "left out" and observation(p.course_seed_xor).get("unreadable"):
            raise Excused(msg("Not charged again: {net}.parameters() does not list all of its {count} weights and "
                              "biases, which parameters/counts already charges.", net=NET, count=COUNTS[NET])) from None
        raise


def _on_course(got, want, probe, outputs, rounding):
    """A course's loop that learned XOR: the network computed its outputs from its weights, and took the
    reference's course (judged here: session 27, an MLP that found the loops on the stack answered XOR itself)."""
    _computed(got.get("roles found"), got.get("weights"), got[outputs], probe, rounding)
    if got["steps"] != want["steps"] or not all(abs(a - b) <= 1e-6 * max(1.0, abs(b))
                                                for a, b in zip(got["weights"], want["weights"])):
        raise Mismatch(msg("{expression}: the loop stopped after {steps} steps, with weights that are not the ones "
                           "the course's loop gives from these weights (the reference's network stops after "
                           "{expected} steps): the gradients backward() gives your network are not the course's",
                           expression=expression_of(probe), steps=int(got["steps"]), expected=int(want["steps"])))


def _computed(found, weights, outputs, probe, rounding=1e-9):
    """That a network's `outputs` for the four XOR inputs are those of MLP(2, [4, 1]) with `weights` (in the
    reference's order of roles, as the probe read them through the student's forward pass), computed here."""
    if not found or len(weights) != p.training.ROLES or len(outputs) != len(p.XOR_INPUTS):  # (a forged report's)
        raise Mismatch(msg("{expression}: the network's outputs are not those of an MLP(2, [4, 1]) of its "
                           "parameters (set one at a time, each weight and bias changes the output as no tanh "
                           "neuron's does)", expression=expression_of(probe)))
    want = [p.training._reference_output(weights, x) for x in p.XOR_INPUTS]
    if not all(abs(a - b) <= rounding * max(1.0, abs(b)) for a, b in zip(outputs, want)):
        raise Mismatch(msg("{expression}: after training the network answers {outputs} for (0,0), (0,1), (1,0), "
                           "(1,1), but its weights give {computed}", expression=expression_of(probe),
                           outputs=items([fmt(x) for x in outputs], join="comma"),
                           computed=items([fmt(x) for x in want], join="comma")))


def _course_seed(got):
    if got["predictions"] != XOR_TARGETS:
        raise Mismatch(nmsg("{expression}: after {n} step the predictions for (0,0), (0,1), (1,0), (1,1) are "
                            "{predictions}; the reference's are -1, 1, 1, -1 after 204 steps and stay there",
                            "{expression}: after {n} steps the predictions for (0,0), (0,1), (1,0), (1,1) are "
                            "{predictions}; the reference's are -1, 1, 1, -1 after 204 steps and stay there", "n",
                            expression=expression_of(p.course_seed_xor), n=int(got["steps"]),
                            predictions=items([fmt(x) for x in got["predictions"]], join="comma")))  # 、 in Chinese


@points(3, concept="training", name="train/train-xor")
def test_train_xor(observe):
    """train_xor(seed) gets the loss below 1e-3 within 300 steps for seeds 0, 1 and 2"""
    # read on every run, so that the test reads the same probes on every engine: train_xor with a zero_grad()
    # given, and the student's own zero_grad() (parameters/zero-grad's probe)
    given, zeroing = observed_or_none(observe, p.train_xor_zero_grad_given), observed_or_none(observe, p.zero_grad)
    left_out = _left_out(observe)
    seeds = (p.train_xor_seed_0, p.train_xor_seed_1, p.train_xor_seed_2)
    try:
        with charged_once(observe, "train/train-xor", seeds, mistakes, CHARGING):
            _train_xor(observe, left_out)
    except (Mismatch, StudentError):
        if (stuck := _stuck_on_used_up(observe, seeds, left_out)) is not None:
            raise Excused(msg("Not charged again: parameters() gives nothing to move after its first call, so "
                              "train_xor's loss stays at {loss} in every step, which parameters/counts already "
                              "charges.", loss=fmt(stuck))) from None
        # a zero_grad() that does not zero (or raises) fails train_xor too: charged once, by its own tests
        # (not where the losses are noted after each update: the given zero_grad() does not make that right)
        if (given is not None and given["length"] == STEPS and given["step below 1e-3"] >= 0
                and not given.get("noted after update") and _network_trained(given, p.train_xor_zero_grad_given)
                and (zeroing is None or any(g != 0 for g in zeroing["grads after"])
                     or zeroing.get("weights changed"))):
            raise Excused(msg("Not charged again: train_xor(seed=0) gets the loss below {threshold} once "
                              "zero_grad() sets every gradient to 0, which parameters/zero-grad already charges.",
                              threshold=f"{THRESHOLD:g}")) from None
        raise


def _stuck_on_used_up(observe, seeds, left_out):
    """The loss train_xor stayed at, where parameters() is used up after its first call (parameters/counts' mistake,
    `left_out` from its probe) and every seed's losses, one per step, never moved: no weight was moved, as a used-up
    parameters() moves none (session 30: charged by parameters/counts and again here, 19/24). None where anything
    moved (a second mistake's numbers, or a loop that lists its parameters once and trains past it)."""
    if left_out is None or left_out[0] != "used up":
        return None
    losses = [observed_or_none(observe, probe) for probe in seeds]
    if not all(got is not None and got["length"] == STEPS and not got["overflowed after"]
               and got["first loss"] == got["last loss"] == got["lowest loss"] for got in losses):
        return None
    return losses[0]["first loss"]


def _network_trained(got, probe):
    """True where the network train_xor trained (the last one whose parameters() it called, read by the probe)
    computes its outputs from its weights and they get the loss below the threshold, computed here (session 27: a
    train_xor that returned a list of losses it made up, and trained nothing, passed); else the Mismatch that says
    why."""
    if not got.get("network found"):
        return Mismatch(msg("{expression}: no MLP(2, [4, 1]) listed its parameters() while train_xor ran; train_xor "
                            "should train one, moving every parameter, and return its losses",
                            expression=expression_of(probe)))
    try:
        _computed(got.get("roles found"), got["trained weights"], got["trained outputs"], probe)
    except Mismatch as mismatch:
        return mismatch
    if not (loss := p.training._reference_loss(got["trained weights"])) < THRESHOLD:
        return Mismatch(msg("{expression}: train_xor returned losses down to {lowest}, but the network it trained "
                            "has a loss of {loss} on XOR after its last step; the losses should be its network's",
                            expression=expression_of(probe), lowest=fmt(got["lowest loss"]), loss=fmt(loss)))
    if not course.on_course(got["course weights"], THRESHOLD):  # session 28: set, swapped
        return Mismatch(msg("{expression}: the network train_xor trained did not get its weights by gradient descent "
                            "on XOR's loss (replayed here for {moves} steps) from weights drawn in [-1, 1] with a "
                            "loss above {threshold}, or had its parameters replaced by other Values on the way: "
                            "train_xor should draw the weights from random.Random(seed) and train them with the "
                            "course's loop", expression=expression_of(probe),
                            moves=p.training.MOVES, threshold=f"{THRESHOLD:g}"))
    return True


def _train_xor(observe, left_out):
    for probe in (p.train_xor_seed_0, p.train_xor_seed_1, p.train_xor_seed_2):
        got = observe(probe)
        _train_xor_losses(got, probe, left_out)
        if (trained := _network_trained(got, probe)) is not True:
            raise trained


def _train_xor_losses(got, probe, left_out):
    """The losses train_xor returned: one per step, taken before the update, and below the threshold."""
    if got["overflowed after"]:
        # session 24: before, the engine's OverflowError with its line in engine.py, where nothing is wrong
        raise Mismatch(nmsg("{expression} raised OverflowError after {n} step: the loss had grown from {first} "
                            "to {last}, the weights moved uphill, further at each step, until a number "
                            "overflowed in the engine. The mistake is in train_xor, not in engine.py: check its "
                            "learning rate (the course's is 0.05) and the sign of the update, "
                            "`p.data -= lr * p.grad`",
                            "{expression} raised OverflowError after {n} steps: the loss had grown from {first} "
                            "to {last}, the weights moved uphill, further at each step, until a number "
                            "overflowed in the engine. The mistake is in train_xor, not in engine.py: check its "
                            "learning rate (the course's is 0.05) and the sign of the update, "
                            "`p.data -= lr * p.grad`", "n", expression=expression_of(probe),
                            n=int(got["overflowed after"]), first=fmt(got["first loss"]),
                            last=fmt(got["last loss"])))
    if got["length"] != STEPS:
        raise Mismatch(msg("{expression} returned {got} losses; expected one per step, {steps}",
                           expression=expression_of(probe), got=f"{got['length']:g}", steps=STEPS))
    if got.get("noted after update"):
        raise Mismatch(msg("{expression}: each loss in the list is the one the next step calls backward() on, "
                           "the loss after that step's update; the first is not the loss at the start. Note "
                           "loss.data before the update: one loss per step, taken before that step's update",
                           expression=expression_of(probe)))
    if got["lowest loss"] < 0:  # below the threshold, but not a sum of squares (a loss that is not squared)
        raise Mismatch(msg("{expression}: the loss went down to {lowest}, below 0; a sum of squared errors is "
                           "never negative", expression=expression_of(probe), lowest=fmt(got["lowest loss"])))
    if got["step below 1e-3"] < 0 and left_out:  # the gradients left are on what the update never moves
        raise _parameters_left_out(expression_of(probe), got, left_out)
    if got["step below 1e-3"] < 0 and got.get("steps with gradients left"):
        # session 24: before, "check the learning rate, zero_grad before backward, and the sign of the update"
        raise Mismatch(nmsg("{expression}: in {n} step of {steps}, backward() ran while the gradients of the "
                            "steps before were still in `.grad`, and the loss never got below {threshold} "
                            "(lowest: {lowest}). backward() adds into `.grad`, so each update moved the weights "
                            "by the sum of every gradient so far: call model.zero_grad() before loss.backward() "
                            "in every step",
                            "{expression}: in {n} steps of {steps}, backward() ran while the gradients of the "
                            "steps before were still in `.grad`, and the loss never got below {threshold} "
                            "(lowest: {lowest}). backward() adds into `.grad`, so each update moved the weights "
                            "by the sum of every gradient so far: call model.zero_grad() before loss.backward() "
                            "in every step", "n", expression=expression_of(probe),
                            n=int(got["steps with gradients left"]), steps=STEPS, threshold=f"{THRESHOLD:g}",
                            lowest=fmt(got["lowest loss"])))
    if (got["step below 1e-3"] < 0 and got["lowest loss"] >= got["first loss"]
            and got.get("last loss", got["first loss"]) > got["first loss"]):
        # never below its start, and higher at the end: the steps went uphill (session 24: before, "check the
        # learning rate, zero_grad before backward, and the sign of the update", as for a loop without zero_grad)
        raise Mismatch(msg("{expression}: the loss started at {first} and never went below it: it rose to "
                           "{last}, so the steps moved the weights uphill. Gradient descent moves each "
                           "parameter against its gradient, `p.data -= lr * p.grad`: check the sign of the "
                           "update, and that the learning rate is small (the course's is 0.05)",
                           expression=expression_of(probe), first=fmt(got["first loss"]),
                           last=fmt(got["last loss"])))
    if got["step below 1e-3"] < 0 and got.get("highest loss") == got["lowest loss"]:
        # the loss never changed: no step moved the weights
        raise Mismatch(msg("{expression}: the loss stayed at {first} from the first step to the last: no step "
                           "moved the weights. Each step calls backward() on the loss, then moves every "
                           "parameter by `p.data -= lr * p.grad` (gradients cleared between backward() and the "
                           "update move nothing)", expression=expression_of(probe), first=fmt(got["first loss"])))
    if got["step below 1e-3"] < 0:
        raise Mismatch(msg("{expression}: the loss started at {first} and never got below {threshold} (lowest: "
                           "{lowest}); check the learning rate, zero_grad before backward, and the sign of the "
                           "update", expression=expression_of(probe), first=fmt(got["first loss"]),
                           threshold=f"{THRESHOLD:g}", lowest=fmt(got["lowest loss"])))
