"""07-mlp-xor's training course, replayed in the grader: gradient descent on XOR's loss for the reference's
MLP(2, [4, 1]), by hand in plain floats, from the weights a student's network started with (probes_training's
_Course reads them in the sandbox). This file stays out of the sandbox: it is not one of the suite's RUNNER_FILES,
so the sandbox never holds it (session 28's red team: with the gradient in the sandbox, a train_xor whose network
cannot learn took its course from it, 18/23 beside its twin's 15). The student's wheel holds it
(grader/distribution.py's STUDENT_SUITE_FILES: it holds no solution), so that a student's `grade check` judges
train/train-xor as grading does (review 28: without it, a train_xor updating after each example passed there and
lost train/train-xor in grading).
"""

import math
from pathlib import Path

from grader.suites import suite_module

training = suite_module(Path(__file__).parent, "probes").training


HIDDEN, ROLES = training.HIDDEN, training.ROLES


def _gradient(w):
    """The gradient of the reference's loss on XOR (probes_training._reference_loss) at `w`, in its order of roles,
    by hand, in plain floats."""
    g = [0.0] * ROLES
    for x, y in zip(training.XOR_INPUTS, training.XOR_TARGETS):
        hidden = [math.tanh(w[3 * k] * x[0] + w[3 * k + 1] * x[1] + w[3 * k + 2]) for k in range(HIDDEN)]
        d = 2 * (sum(v * h for v, h in zip(w[3 * HIDDEN:], hidden)) + w[4 * HIDDEN] - y)
        g[4 * HIDDEN] += d
        for k, h in enumerate(hidden):
            g[3 * HIDDEN + k] += d * h
            dz = d * w[3 * HIDDEN + k] * (1 - h * h)
            g[3 * k], g[3 * k + 1], g[3 * k + 2] = g[3 * k] + dz * x[0], g[3 * k + 1] + dz * x[1], g[3 * k + 2] + dz
    return g


def on_course(course, threshold, tolerance=1e-6):
    """Whether `course` (probes_training's _Course.weights: the weights a network started with, after one move and
    after MOVES) is gradient descent on XOR's loss from weights drawn in [-1, 1] (07's README) whose loss is not
    below `threshold`: the learning rate read off the first move, and the weights after MOVES within `tolerance` of
    the distance they moved (a learning rate of the student's and the mean in place of the sum give the same
    course). Weights in [-1, 1] keep every tanh's slope above 0.0098, so no hidden unit is saturated: a course of
    the output layer alone, worked out by hand beside the network, is not the course."""
    if len(course) != 3 or any(len(w) != ROLES for w in course):  # a forged report's
        return False
    if any(abs(w) > 1 for w in course[0]) or not training._reference_loss(course[0]) >= threshold:
        return False
    start, g = course[0], _gradient(course[0])
    norm = sum(x * x for x in g)
    lr = -sum((b - a) * x for a, b, x in zip(start, course[1], g)) / norm if norm > 0 else 0.0
    if not lr > 0:
        return False
    w = start
    for _ in range(training.MOVES):
        w = [a - lr * x for a, x in zip(w, _gradient(w))]
    moved = max(abs(a - b) for a, b in zip(w, start))
    return all(abs(a - b) <= tolerance * moved for a, b in zip(course[2], w))
