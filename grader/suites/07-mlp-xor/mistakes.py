"""Mistakes of a network that cost one test, as named variants of reference/nn.py (as 11-fit-line's mistakes.py).

Each `Mistake` is the reference's nn.py with one mistake (textual patches) and the test that charges it. A later
test that fails is excused where its numbers, and the charging test's, are those of the mistaken network, run here
on the same probes (the reference engine, trusted code): however the student wrote the mistake, the network
computes what the variant computes, so it trains as the variant trains from the same weights. A test whose numbers
are not the variant's (a second mistake) is still charged.

This file stays in the grader: only probes.py and probes_training.py travel into the sandbox.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.engines import mistake_replayed, patched, same_observation
from grader.judge.named_mistakes import already_charged


@dataclass(frozen=True)
class Mistake:
    name: str
    title: str  # "a network that ...": completes the sentence
    charged_by: str  # the test about it
    patches: tuple[tuple[str, str], ...]

    def apply(self, text: str) -> str:
        """`text` (the reference's nn.py) with this mistake made."""
        return patched(text, self.patches, f"mistake {self.name!r}", "nn.py")


MISTAKES = (
    # the MLP's output squashed by tanh (its last layer's neurons tanh, or a tanh after the last layer): it can never
    # reach -1 or 1, so every forward pass, gradient and training of the network differs (session 26: 10/23, charged
    # by six tests); forward/mlp, "tanh in the hidden layers, a linear last layer", is the test about it
    Mistake(name="last-layer-tanh", title="applies tanh to its last layer too", charged_by="forward/mlp",
            patches=(("nonlin=(i != len(nouts) - 1)", "nonlin=True"),)),
    # every layer linear, the hidden ones too (no tanh anywhere): the network is one linear map, which XOR defeats,
    # so every forward pass, gradient and training differs (session 31's strangers: 11/24, charged by six tests);
    # forward/mlp, "tanh in the hidden layers, a linear last layer", is the test about it
    Mistake(name="hidden-layers-linear", title="leaves out tanh in its hidden layers too, so the whole network is "
            "linear", charged_by="forward/mlp", patches=(("nonlin=(i != len(nouts) - 1)", "nonlin=False"),)),
    # each neuron's bias left out of parameters(): parameters/counts charges it, and every test that sets the
    # weights through parameters() (forward/neuron, forward/mlp, the gradients, the training) saw it again, with a
    # bias the probe never set (session 30's strangers: 7/24, charged by eight tests)
    Mistake(name="bias-not-a-parameter", title="leaves each neuron's bias out of parameters()",
            charged_by="parameters/counts", patches=(("return self.w + [self.b]", "return self.w"),)),
    # the weighted sum made of each weight's number (`w.data * x`): the output is right, but no gradient reaches a
    # weight, so the network never learns; backward/mlp is the test about it (session 30: 14/24, four tests)
    Mistake(name="weight-data", title="multiplies each input by its weight's number (`w.data`), not the weight, so no "
            "gradient reaches the weights", charged_by="backward/mlp",
            patches=(("act = act + w_i * x_i", "act = act + w_i.data * x_i"),)),
    # the linear last layer squashed by relu (`act.relu()` where the neuron is not nonlin, or a relu after the last
    # layer): no output is ever below 0, so XOR's -1s are out of reach and, wherever an output is below 0, no gradient
    # passes. forward/mlp and backward/mlp read positive outputs only, where relu is the identity, and cannot see it
    # (their probes are stored runs'); the course's loops are the first test whose numbers are its (strangersx39:
    # 14/24, the three training tests and parameters/zero-grad, whose MLP(2, [3, 1]) has no gradient left to clear)
    Mistake(name="last-layer-relu", title="applies relu to its last layer, so no output is ever below 0 (XOR's "
            "targets -1 are out of reach)", charged_by="train/course-loop",
            patches=(("return act.tanh() if self.nonlin else act", "return act.tanh() if self.nonlin else act.relu()"),)),
)


def is_mistake(mistake: Mistake, probe, got, rel=1e-9, abs_=1e-12) -> bool:
    """Whether `got` (an observation, or the name of the exception the engine raised) is what `mistake`'s network
    observes on `probe`."""
    observed, raised = mistake_replayed("nn", mistake, probe)
    if isinstance(got, str):
        return raised == got
    return observed is not None and got is not None and same_observation(got, observed, rel, abs_)


def charged_here(test: str, seen: dict) -> Mistake | None:
    """The mistake `test` charges that explains every observation in `seen` (as charged_elsewhere's), so that its
    failure names it; None where none does."""
    for mistake in MISTAKES:
        if mistake.charged_by == test and all(is_mistake(mistake, probe, observed) for probe, observed in seen.items()):
            return mistake
    return None


def charged_elsewhere(test: str, seen: dict, charging: dict) -> Mistake | None:
    """The mistake another test charges that explains every observation in `seen` ({probe: observation, or the
    name of the exception raised}): the charging test's own observation (`charging`: {test name: (probe,
    observation)}) is that mistake's too. None where none does."""
    for mistake in MISTAKES:
        if already_charged(mistake, mistake.charged_by, test, charging, is_mistake) is None:
            continue
        if all(is_mistake(mistake, probe, observed) for probe, observed in seen.items()):
            return mistake
    return None
