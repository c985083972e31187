"""The classic mistakes of the first training loop, as named variants of reference/fit_line.py.

Each `Mistake` is the reference's loop with one mistake (textual patches, as
grader/variants/ makes buggy engines) and the words a student reads when
their numbers are that loop's. The suite's tests run a failing probe on each
mistake here, in the grader (the reference engine, trusted code), and a test
whose observation one of them reproduces names it in its feedback. The
project's tests hand the same variants in as submissions
(tests/exercises/conftest.py) and assert which tests each one fails.

This file stays in the grader: only probes.py travels into the sandbox.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.engines import mistake_replayed, patched, same_observation


@dataclass(frozen=True)
class Mistake:
    name: str
    title: str  # "a loop that ...": completes the sentence
    explanation: str
    patches: tuple[tuple[str, str], ...]

    def apply(self, text: str) -> str:
        """`text` (the reference's fit_line.py, or a solved starter's) with this mistake made."""
        return patched(text, self.patches, f"mistake {self.name!r}", "fit_line.py")


_STEP = """\
        loss = mse(w, b)
        losses.append(loss.data)
        # clear first: backward() adds into grad, so the last step's gradient would linger
        w.grad = 0
        b.grad = 0
        loss.backward()
        # both gradients come from this one forward pass; only now does anything move
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
"""

_CLEARED = "        w.grad = 0\n        b.grad = 0\n"  # the two gradients cleared, in the reference's loop

MISTAKES = (
    Mistake(
        name="sum-not-mean",
        title="sums the squared errors instead of taking their mean",
        explanation=(
            "The sum of the four squared errors is 4 times their mean, so the loss, both gradients and every "
            "step are 4 times the mean's. Divide the sum by the number of points."
        ),
        patches=(("    return sum(squared_errors) / len(squared_errors)\n", "    return sum(squared_errors)\n"),),
    ),
    # the mean taken otherwise (session 24: each was charged by every test that trains, 3/13 and 0/13)
    Mistake(
        name="mean-over-n-minus-1",
        title="divides the sum of the squared errors by one less than the number of points",
        explanation=(
            "The mean of the four squared errors is their sum divided by 4, len(squared_errors). Divided by 3, the "
            "loss, both gradients and every step are 4/3 of the mean's. Divide the sum by the number of points."
        ),
        patches=(("    return sum(squared_errors) / len(squared_errors)\n",
                  "    return sum(squared_errors) / (len(squared_errors) - 1)\n"),),
    ),
    Mistake(
        name="errors-not-squared",
        title="takes the mean of the errors themselves instead of their squares",
        explanation=(
            "The loss is the mean of the squared errors, (w*x + b - y) ** 2: squared, every error counts as a "
            "cost, whichever side of the line its point lies on, and the loss has a lowest point to walk down to. "
            "The errors themselves cancel out across the points, and their mean keeps falling as w and b fall: "
            "it has no lowest point, and gradient descent runs off. Square each error."
        ),
        patches=(("    squared_errors = [(w * x + b - y) ** 2 for x, y in zip(XS, YS)]\n",
                  "    squared_errors = [(w * x + b - y) for x, y in zip(XS, YS)]\n"),),
    ),
    Mistake(
        name="never-cleared",
        title="never clears the gradients between steps",
        explanation=(
            "backward() adds into .grad, so without setting w.grad and b.grad back to 0 before each backward "
            "pass, the second step moves by the sum of the first two gradients, the third by the sum of three, "
            "and the line overshoots and wanders instead of settling."
        ),
        patches=((
            "        # clear first: backward() adds into grad, so the last step's gradient would linger\n"
            "        w.grad = 0\n        b.grad = 0\n", ""),),
    ),
    # one of the two gradients cleared, the other left to add up (session 22)
    Mistake(name="only-w-cleared", title="clears w's gradient between steps but never b's", explanation=(
        "backward() adds into .grad, so both gradients must be set back to 0 before each backward pass. b.grad is "
        "never cleared: from the second step on, b moves by the sum of all its gradients so far, while w moves by its "
        "own."), patches=((_CLEARED, "        w.grad = 0\n"),)),
    Mistake(name="only-b-cleared", title="clears b's gradient between steps but never w's", explanation=(
        "backward() adds into .grad, so both gradients must be set back to 0 before each backward pass. w.grad is "
        "never cleared: from the second step on, w moves by the sum of all its gradients so far, while b moves by its "
        "own."), patches=((_CLEARED, "        b.grad = 0\n"),)),
    # the clearing kept on every other step only (session 39): the same numbers as never-cleared for two steps, so
    # step/second charges it (where it reads as never clearing), and the tests that train longer are excused
    Mistake(name="cleared-every-other-step", title="clears the gradients on every other step only", explanation=(
        "backward() adds into .grad, so both gradients must be set back to 0 before every backward pass. Cleared on "
        "every other step, each step that skips it moves by the sum of its own gradient and the last one's: the line "
        "overshoots and wanders instead of settling as gradient descent does."),
        patches=(("    for _ in range(steps):\n", "    for step in range(steps):\n"),
                 (_CLEARED, "        if step % 2 == 0:\n            w.grad = 0\n            b.grad = 0\n"))),
    Mistake(
        name="update-mid-backward",
        title="moves w and b in the middle of the backward pass, after each point's share of the gradient",
        explanation=(
            "Every gradient of a step must come from one forward pass and one backward pass, before any "
            "parameter moves. A backward pass per point with an update after each computes the later points' "
            "shares at parameters that have already moved: a different algorithm, with other steps."
        ),
        patches=((_STEP, """\
        losses.append(mse(w, b).data)
        for x, y in zip(XS, YS):
            w.grad = 0
            b.grad = 0
            ((w * x + b - y) ** 2 / len(XS)).backward()
            w.data -= learning_rate * w.grad
            b.data -= learning_rate * b.grad
"""),),
    ),
    Mistake(
        name="update-sign",
        title="adds the gradient in the update instead of subtracting it",
        explanation=(
            "The gradient points uphill, the way the loss grows fastest; gradient descent steps the other way, "
            "w minus learning_rate times dL/dw. With a plus sign the loss grows at every step, whatever the "
            "learning rate."
        ),
        patches=((
            "        w.data -= learning_rate * w.grad\n        b.data -= learning_rate * b.grad\n",
            "        w.data += learning_rate * w.grad\n        b.data += learning_rate * b.grad\n"),),
    ),
    Mistake(
        name="cleared-before-update",
        title="clears the gradients after backward() and before the update, so w and b never move",
        explanation=(
            "Setting w.grad and b.grad to 0 between backward() and the update throws this step's gradients away: "
            "each update then subtracts learning_rate times 0. Clear them before backward(), or after the update."
        ),
        patches=((
            "        # clear first: backward() adds into grad, so the last step's gradient would linger\n"
            "        w.grad = 0\n        b.grad = 0\n        loss.backward()\n",
            "        loss.backward()\n        w.grad = 0\n        b.grad = 0\n"),),
    ),
    Mistake(
        name="no-learning-rate",
        title="moves w and b by their whole gradient, without the learning rate",
        explanation=(
            "Each update is w minus learning_rate times dL/dw: the learning rate sets how far one step goes. "
            "Subtracting the whole gradient is a step with learning rate 1, far too long for this loss (at the "
            "start dL/dw is -24): the loss grows at every step."
        ),
        patches=((
            "        w.data -= learning_rate * w.grad\n        b.data -= learning_rate * b.grad\n",
            "        w.data -= w.grad\n        b.data -= b.grad\n"),),
    ),
    # a parameter moved by the other's gradient (session 23: b by w's was charged by every test that trains, 4/13)
    Mistake(name="b-moved-by-w-grad", title="moves b by w's gradient instead of its own", explanation=(
        "Each parameter moves by its own gradient: b minus learning_rate times dL/db, which is b.grad. Moving b by "
        "w.grad steps it by how the loss changes with w, so b never heads to where the loss is smallest."),
        patches=(("        b.data -= learning_rate * b.grad\n", "        b.data -= learning_rate * w.grad\n"),)),
    Mistake(name="w-moved-by-b-grad", title="moves w by b's gradient instead of its own", explanation=(
        "Each parameter moves by its own gradient: w minus learning_rate times dL/dw, which is w.grad. Moving w by "
        "b.grad steps it by how the loss changes with b, so w never heads to where the loss is smallest."),
        patches=(("        w.data -= learning_rate * w.grad\n", "        w.data -= learning_rate * b.grad\n"),)),
    Mistake(name="grads-swapped", title="moves w by b's gradient and b by w's", explanation=(
        "Each parameter moves by its own gradient: w by w.grad (dL/dw) and b by b.grad (dL/db). With the two "
        "swapped, each steps by how the loss changes with the other, and the line does not settle where the loss is "
        "smallest."),
        patches=(("        w.data -= learning_rate * w.grad\n        b.data -= learning_rate * b.grad\n",
                  "        w.data -= learning_rate * b.grad\n        b.data -= learning_rate * w.grad\n"),)),
    # each loss noted once its step's update is made (session 23): the history is one step ahead, its last two equal
    Mistake(
        name="loss-after-update",
        title="notes each step's loss after its update instead of before it",
        explanation=(
            "losses[0] is the loss at the start, w = -1 and b = 0, before any update: note loss.data when the "
            "forward pass computes it, before backward() and the update, and once more after the loop. Noted "
            "after the update, the history starts one step down and its last loss is noted twice."
        ),
        patches=((_STEP, _STEP.replace("        losses.append(loss.data)\n", "")
                  + "        losses.append(mse(w, b).data)\n"),),
    ),
    Mistake(
        name="final-loss-before-update",
        title="reports the loss from before the last update as the final loss",
        explanation=(
            "The final loss is the loss after the last update: one more forward pass, mse(w, b), once the loop "
            "is done. The last loss computed inside the loop is from before that step's update, so the history "
            "is one entry short and the final loss one step behind."
        ),
        patches=(("    losses.append(mse(w, b).data)  # the loss after the last update\n", ""),),
    ),
)


def named(probe, got: dict, rel: float, abs_: float) -> Mistake | None:
    """The mistake whose loop observes exactly `got` on `probe` (within the tolerance), if one does."""
    return next(iter(all_named(probe, got, rel, abs_)), None)


def all_named(probe, got: dict, rel: float, abs_: float) -> list[Mistake]:
    """Every mistake whose loop observes exactly `got` on `probe`, in the list's order: more than one where the
    probe is too short to tell them apart (never-cleared and cleared-every-other-step on two steps)."""
    return [mistake for mistake in MISTAKES if observes(mistake, probe, got, rel, abs_)]


def observes(mistake: Mistake, probe, got: dict, rel: float, abs_: float) -> bool:
    """Whether `mistake`'s loop observes exactly `got` on `probe` (within the tolerance), whether or not an earlier
    mistake of the list does too (two loops can agree on a short probe: never-cleared and cleared-every-other-step
    on two steps)."""
    observed, _ = mistake_replayed("fit_line", mistake, probe)
    return observed is not None and same_observation(got, observed, rel, abs_)


def raising(probe, exception: str | None) -> Mistake | None:
    """The mistake whose loop raises `exception` (the name of its type) on `probe`, if one does: a loop that steps
    too far overflows, in the student's engine as in the reference's."""
    for mistake in MISTAKES:
        if exception is not None and mistake_replayed("fit_line", mistake, probe)[1] == exception:
            return mistake
    return None
