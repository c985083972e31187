"""The course order: which exercise comes after which, declared once.

Each exercise builds on every exercise before it in `COURSE`. Its starter
holds the reference's solutions of those, its own part as stubs, and nothing
of the exercises after it; its hidden suite tests its own skill with what
came before it (an exercise before `05-backward` drives the graph by calling
the `_backward` closures itself, as the lesson does). `grade handout OUT
--upto ID` hands out the course up to ID, notebooks and docs follow the same
order, and a test checks that no handout up to ID holds any part of the
solution of ID or of a later exercise.

The ids are not in course order, on purpose: instructors, scripts and
students already refer to them (`grade run -e 03-tanh`), so an exercise keeps
its id when the order changes, and a new exercise takes the next free number
wherever it goes. The lessons teach backward() (05) before tanh (03) and the
other operations (04): the walk through the graph comes first, then more
operations to walk through. One neuron checked against PyTorch (10) and the
first training loop (11) came after the others were numbered; they sit where
the lessons teach them, after checking gradients (06) and before the MLP (07).

Adding an exercise to the course is one line here, where it belongs in the
order (see docs/exercise-authors.md).
"""

from __future__ import annotations

COURSE = (
    "01-mul-backward",  # the _backward closures of + and *: add given, mul written
    "02-accumulate",  # a node used twice: `=` becomes `+=` in every backward rule
    "05-backward",  # the topological sort and backward() itself
    "03-tanh",  # tanh and its backward rule
    "04-more-ops",  # exp, log, ** and the operations built on them
    "06-gradcheck",  # central differences against backward()
    "10-neuron",  # one neuron's five gradients, compared with PyTorch's
    "11-fit-line",  # the first training loop: a line through four points
    "07-mlp-xor",  # Neuron, Layer, MLP and a training loop on XOR
    "08-dual-numbers",  # forward mode
    "09-write-tests",  # tests that catch buggy engines
)


class CourseError(ValueError):
    """An exercise id that is not in the course."""


def position(exercise: str) -> int:
    """Where `exercise` comes in the course, from 0; CourseError for an unknown id."""
    try:
        return COURSE.index(exercise)
    except ValueError:
        raise CourseError(f"no exercise named {exercise!r}; the exercises, in course order, are "
                          f"{', '.join(COURSE)}") from None


def upto(exercise: str) -> tuple[str, ...]:
    """The course from its start up to and including `exercise`."""
    return COURSE[: position(exercise) + 1]


def comes_before(first: str, second: str) -> bool:
    """True when exercise `first` is taught before exercise `second`."""
    return position(first) < position(second)
