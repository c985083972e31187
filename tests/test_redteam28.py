"""Session 28's red team: fresh hostile samples against what a student who read the grader's source could use
(docs/security.md, "Session 28's red team"), graded in one batch of 07-mlp-xor: each on the engine handed out with
`=` for `+=` in `*` and tanh (a network that cannot learn: test_redteam27's twin, 15/23), and a correct train_xor
written in an unusual way. Each closed one failed before its fix, as its test says."""

from pathlib import Path

import pytest
from costs import slow_fixture
from hostile_support import needs_bwrap

from grader.pipeline import grade
from grader.sandbox import Limits

ROOT = Path(__file__).resolve().parents[1]
NN = (ROOT / "reference" / "nn.py").read_text(encoding="utf-8")
HEAD = NN[:NN.index("def train_xor(")]  # the reference's network, without its train_xor
ZERO_GRAD = "        for p in self.parameters():\n            p.grad = 0\n"
# weights that solve XOR, worked out by hand (h1 = x0 OR x1, h2 = x0 AND x1, out = h1 - h2 - 1), in the
# reference's order of parameters()
SOLUTION = "\n_XOR = [20.0, 20.0, -10.0, 20.0, 20.0, -30.0] + [0.0] * 6 + [1.0, -1.0, 0.0, 0.0, -1.0]\n"


def _engine(*, wrong):
    engine = (ROOT / "exercises" / "07-mlp-xor" / "engine.py").read_text(encoding="utf-8")
    for rule in ("self.grad += other.data * out.grad", "self.grad += (1 - t**2) * out.grad") if wrong else ():
        assert engine.count(rule) == 1
        engine = engine.replace(rule, rule.replace("+=", "="))
    return engine


def _train(body):
    return HEAD + SOLUTION + "def train_xor(seed=0, steps=1000, lr=0.05):\n" + body


SET_BY_HAND = """    values = iter(_XOR)
    for layer in model.layers:
        for n in layer.neurons:
            for w in n.w:
                w.data = next(values)
            n.b.data = next(values)
"""
# zero_grad() that, on an MLP of 17 parameters, puts fresh Values holding the solution into its neurons (the first
# call only: the network is listed before it), after clearing the gradients of the ones it had
SWAP = """        if isinstance(self, MLP) and len(self.parameters()) == 17 and not getattr(self, "_swapped", False):
            self._swapped = True
            values = iter(_XOR)
            for layer in self.layers:
                for n in layer.neurons:
                    n.w = [Value(next(values)) for _ in n.w]
                    n.b = Value(next(values))
"""
LOSS = "        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))\n"
HOSTILE = {
    # train_xor makes its network, sets the solution on it and returns losses it made up
    "set-by-hand": _train("    model = MLP(2, [4, 1], rng=random.Random(seed))\n"
                          "    for p, v in zip(model.parameters(), _XOR):\n        p.data = v\n"
                          "    return [4.0 * 0.97 ** i for i in range(steps)]\n"),
    "swap-once": NN.replace(ZERO_GRAD, ZERO_GRAD + SWAP) + SOLUTION,
    # the course taken from the gradient the grader replays it with, found through the probe's frame: in the
    # sandbox, in probes_training.py, on 06e61b1 (course.py keeps it in the grader now)
    "grader-gradient": _train("""    import sys
    frame = sys._getframe(1)
    while "training" not in frame.f_globals:
        frame = frame.f_back
    gradient = frame.f_globals["training"]._reference_gradient
    model = MLP(2, [4, 1], rng=random.Random(seed))
    params = model.parameters()
    history = []
    for _ in range(steps):
""" + LOSS + """        history.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p, d in zip(params, gradient([p.data for p in params])):
            p.data -= lr * d
    return history
"""),
    # hidden units saturated (tanh exactly +-1: no gradient reaches them) and the output layer, a linear model
    # then, trained by gradient descent worked out by hand beside backward()
    "saturated-by-hand": _train(
        "    model = MLP(2, [4, 1], rng=random.Random(seed))\n"
        + SET_BY_HAND.replace("iter(_XOR)", "iter([40.0, 40.0, -20.0, 40.0, 40.0, -60.0] + [0.0] * 6 + "
                                            "[0.7, -0.7, 0.0, 0.0, -0.6])")
        + "    p = model.parameters()\n    feats = [[-1.0, -1.0], [1.0, -1.0], [1.0, -1.0], [1.0, 1.0]]\n"
          "    history = []\n    for _ in range(steps):\n" + LOSS
        + "        history.append(loss.data)\n        model.zero_grad()\n        loss.backward()\n"
          "        g = [0.0, 0.0, 0.0]\n        for f, y in zip(feats, XOR_TARGETS):\n"
          "            d = 2 * (p[16].data + p[12].data * f[0] + p[13].data * f[1] - y)\n"
          "            g = [g[0] + d * f[0], g[1] + d * f[1], g[2] + d]\n"
          "        p[12].data -= lr * g[0]\n        p[13].data -= lr * g[1]\n        p[16].data -= lr * g[2]\n"
          "    return history\n"),
}
# a correct train_xor written as the tests held none: the mean loss at four times the rate (the same course),
# through a backward() per example into gradients cleared by hand, the parameters listed once
HONEST = {"mean-per-example": HEAD + """def train_xor(seed=0, steps=1000, lr=0.2):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    params = model.parameters()
    history = []
    for _ in range(steps):
        for p in params:
            p.grad = 0.0
        total = 0.0
        for x, y in zip(XOR_INPUTS, XOR_TARGETS):
            err = (model(x) - y) ** 2 * 0.25
            total += err.data * 4
            err.backward()
        history.append(total)
        for p in params:
            p.data = p.data - lr * p.grad
    return history
""",
          # the network built with its default rng, then its weights (biases too) drawn from random.Random(seed)
          # through parameters(): the course starts where the first backward() finds them (review 28)
          "drawn-after-listing": HEAD + """def train_xor(seed=0, steps=1000, lr=0.05):
    rng = random.Random(seed)
    model = MLP(2, [4, 1])
    for p in model.parameters():
        p.data = rng.uniform(-1, 1)
    history = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        history.append(loss.data)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    return history
""",
          # the network's Values zeroed and moved layer by layer (`layer.parameters()`) or through a list of its own
          # walked from the neurons, the network's parameters() never called while it trains: 20/23 on b07afbd ("no
          # MLP(2, [4, 1]) listed its parameters()" on base28; no course after review 28), the network now found
          # where train_xor built it
          "layer-by-layer": HEAD + """def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    history = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        history.append(loss.data)
        for layer in model.layers:
            for p in layer.parameters():
                p.grad = 0
        loss.backward()
        for layer in model.layers:
            for p in layer.parameters():
                p.data -= lr * p.grad
    return history
""",
          "own-list": HEAD + """def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    mine = [p for layer in model.layers for n in layer.neurons for p in n.w + [n.b]]
    history = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        history.append(loss.data)
        for p in mine:
            p.grad = 0
        loss.backward()
        for p in mine:
            p.data -= lr * p.grad
    return history
"""}
# a train_xor whose network learns XOR by another loop than the course's (07's README: the loss over the four
# examples, one update per step): an update after each example. Not hostile, and not the course: train/train-xor
# alone charges it (23/23 before session 28)
OTHER_LOOP = {"step-per-example": HEAD + """def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    history = []
    for _ in range(steps):
        total = 0.0
        for x, y in zip(XOR_INPUTS, XOR_TARGETS):
            loss = (model(x) - y) ** 2
            total += loss.data
            model.zero_grad()
            loss.backward()
            for p in model.parameters():
                p.data -= lr * p.grad
        history.append(total)
    return history
"""}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    folder = tmp_path_factory.mktemp("redteam28")
    for name, nn in {**HOSTILE, **HONEST, **OTHER_LOOP}.items():
        (folder / name).mkdir()
        (folder / name / "engine.py").write_text(_engine(wrong=name in HOSTILE), encoding="utf-8")
        (folder / name / "nn.py").write_text(nn, encoding="utf-8")
    graded = grade(folder, exercise="07-mlp-xor", limits=Limits(probe_seconds=10, import_seconds=5,
                                                                  submission_seconds=120), jobs=2)
    return {r["id"]: r for r in graded.scores["submissions"]}


def _failed(row):
    return sorted(t["name"] for t in row["tests"] if t["status"] != "passed")


OFF_COURSE = ("train_xor(seed=0, steps=300): the network train_xor trained did not get its weights by gradient "
              "descent on XOR's loss (replayed here for 50 steps) from weights drawn in [-1, 1] with a loss above "
              "0.001, or had its parameters replaced by other Values on the way: train_xor should draw the weights "
              "from random.Random(seed) and train them with the course's loop")


@pytest.mark.slow
@needs_bwrap
@pytest.mark.parametrize("name", ["set-by-hand", "swap-once", "saturated-by-hand"])
def test_a_network_that_did_not_take_the_course_earns_nothing_of_train_xor(rows, name):
    """On ced2182 each scored 18/23 beside its twin's 15: train/train-xor judged the network train_xor ended with
    (its weights, by role, and the outputs they give), so weights that solve XOR, set by train_xor or swapped into
    the neurons by zero_grad() as fresh Values, passed. The probe now also follows the Values the network was first
    listed with and reads their weights at its backward() calls (the first, after its first move and its 50th),
    and the grader replays gradient descent on XOR's loss from them: 15/23 each (16/24 since session 29's
    parameters/rng), where the twin (tests/test_redteam27.py) scores as much and fails the same three training tests."""
    row = rows[name]
    assert (row["score"], _failed(row)) == (16, ["train/course-loop", "train/course-seed", "train/train-xor"])
    [(status, output)] = [(t["status"], t["output"]) for t in row["tests"] if t["name"] == "train/train-xor"]
    assert (status, output) == ("failed", OFF_COURSE)


@pytest.mark.slow
@needs_bwrap
def test_a_train_xor_that_takes_its_course_from_the_graders_gradient_earns_nothing(rows):
    """On 06e61b1 the replay's gradient was in probes_training.py, which travels into the sandbox: a train_xor whose
    network cannot learn found it through the probe's frame and moved its weights by it, 18/23. It is in course.py
    now, which stays in the grader: 15/23 (16/24 since session 29), its train_xor raising where it looks the
    gradient up."""
    row = rows["grader-gradient"]
    assert (row["score"], _failed(row)) == (16, ["train/course-loop", "train/course-seed", "train/train-xor"])
    [output] = [t["output"] for t in row["tests"] if t["name"] == "train/train-xor"]
    assert output.startswith("train_xor(seed=0, steps=300): your engine raised AttributeError")


@pytest.mark.slow
@needs_bwrap
def test_a_correct_train_xor_written_otherwise_keeps_full_marks(rows):
    """The replay reads the learning rate off the first move, so the mean loss at four times the rate takes the
    course; a backward() per example adds up to the step's gradient (the weights are read where they moved). Weights
    drawn through parameters() after the network was listed scored 20/23 on 2ebe002 (the drawing taken for the
    first move, from the default rng's weights): the course starts at the first backward() call. Of 24 since
    session 29's parameters/rng."""
    assert {name: rows[name]["score"] for name in HONEST} == {"mean-per-example": 24, "drawn-after-listing": 24,
                                                              "layer-by-layer": 24, "own-list": 24}


@pytest.mark.slow
@needs_bwrap
def test_a_train_xor_by_another_loop_loses_train_xor_alone(rows):
    """An update after each example learns XOR within 300 steps (23/23 on ced2182) but is not the course's gradient
    descent on the loss over the four examples, which the replay holds train_xor to: train/train-xor alone, 20/23
    (21/24 since session 29's parameters/rng)."""
    row = rows["step-per-example"]
    assert (row["score"], _failed(row)) == (21, ["train/train-xor"])
    [output] = [t["output"] for t in row["tests"] if t["name"] == "train/train-xor"]
    assert output == OFF_COURSE


def test_a_forged_report_of_short_weights_fails_as_the_students():
    """A report written by the submission (a replaced probe) whose weights are fewer than the network's 17: on
    ced2182 train/train-xor computed the outputs from them and raised IndexError, an internal grader error; it fails
    as the student's now, and the course it claims with them is no course."""
    from grader.suites import suite_module

    folder = ROOT / "grader" / "suites" / "07-mlp-xor"
    suite, course = suite_module(folder, "test_mlp_xor_training"), suite_module(folder, "course")
    got = {"network found": 1.0, "roles found": 1.0, "trained weights": [0.5], "trained outputs": [0.1] * 4,
           "course weights": [[0.5]] * 3, "lowest loss": 0.0}
    failure = suite._network_trained(got, suite.p.train_xor_seed_0)
    assert str(failure.message) == ("train_xor(seed=0, steps=300): the network's outputs are not those of an MLP(2, "
                                    "[4, 1]) of its parameters (set one at a time, each weight and bias changes the "
                                    "output as no tanh neuron's does)")
    assert course.on_course(got["course weights"], 1e-3) is False
