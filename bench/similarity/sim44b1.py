"""A labelled class written blind by hand (session 44, simw44), held out: python bench/similarity/sim44b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, with **copies made with an AI assistant and honest students who used one**: 44
hand-ins of 05-backward's engine.py (the course's starter, exercises/05-backward/engine.py, sim44b1/starter/; the
TODO is backward()), handed in through **Blackboard** and downloaded with "Assignment File Download"
(`HW5_<username>_attempt_<time>_engine.py` beside each attempt's receipt `HW5_<username>_attempt_<time>.txt`; three
students handed in twice, the latest attempt graded; the grader's id is the username, the key of labels.json). Four
hard pairs are honest students who each asked an assistant for the engine from scratch (alike as an assistant's code
is, each conversation its own); six sources are each copied once at level 3-4 the way an assistant returns a friend's
file asked to make it look different (typed by hand, the friend's logic, quirks and bugs kept). sim44b1/write.py
writes main/submissions and labels.json from sim44b1/fills44b1.py (the starter-filled students' backward()),
sim44b1/hand/ (whole engines, the assistant's engines and rewrites) and ../sim43b1/recipes43.py (levels 1-2 and the
four evasions); sim44b1/README.md says who wrote what.

Every graded hand-in is checked by `check`: its engine.py imported (no bytecode written), the exercise's operations
(+, *, relu, both reflected forms) and every other one it defines that reference/engine.py has (pow, neg, sub, rsub,
div, rdiv, tanh, exp, log) against reference/engine.py's values and gradients: reuse, a node reached along a long and
a short path, diamonds, random DAGs and a chain of 300 steps; a hand-in labelled with a `bug` must fail it, every other
one must pass it. Its public source is sim44b1/public/engine.py: karpathy/micrograd's engine.py (MIT,
public/LICENSE), the grader's own copy.

`build` copies the class into OUT_DIR (main/submissions, main/starter/engine.py, labels.json, materials/, public/),
every hand-in checked first. `run.py --sim44b1` measures it (alone, held out)."""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim43b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim44b1"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = ("05-backward's engine in a Blackboard download (ids the usernames; copies made with an AI assistant and "
            "honest students who used one)")
CHAIN = sim43b1.CHAIN
DAG_SEEDS = (1, 2, 3)
# the operations beyond the exercise's that a hand-in may define, each checked where it is defined
EXTRAS = {
    "__pow__": [("pow 3", lambda a: a ** 3 * a, (1.5,)), ("pow -1", lambda a: (a * 2) ** -1, (0.7,))],
    "__neg__": [("neg", lambda a: -a * a, (1.25,))],
    "__sub__": [("sub", lambda a, b: (a - b) * a, (5.0, 2.0)), ("sub const", lambda a: a - 4, (1.0,))],
    "__rsub__": [("rsub", lambda a: (2 - a) * a, (0.5,))],
    "__truediv__": [("div", lambda a, b: a / b, (3.0, -1.5))],
    "__rtruediv__": [("rdiv", lambda a: 2 / a, (0.8,))],
    "tanh": [("tanh", lambda a: a.tanh() * a, (0.7,))],
    "exp": [("exp", lambda a: (a * 2).exp() * a, (-0.6,))],
    "log": [("log", lambda a: (a * a).log() + a, (2.5,))],
}
BLACKBOARD = re.compile(r"(?P<stem>.+_attempt_(?P<when>\d{4}(?:-\d\d){5}))\.txt")


def _cases():
    """(what, f, inputs): the exercise's operations, constants on both sides, reuse, two paths, diamonds."""
    return [
        ("add", lambda a, b: a + b, (1.5, -2.0)), ("radd", lambda a: 2 + a, (0.3,)),
        ("mul", lambda a, b: a * b, (1.5, -2.0)), ("rmul", lambda a: 3 * a, (0.3,)),
        ("relu +", lambda a: a.relu() * 2, (0.8,)), ("relu -", lambda a: a.relu() * 2, (-0.8,)),
        ("relu 0", lambda a: (a * 0).relu() + a, (0.8,)),
        ("a*a", lambda a: a * a, (3.0,)), ("a*a+a", lambda a: a * a + a, (3.0,)),
        ("long and short path", lambda a: (lambda m: ((m * 3 + 1) * 2) * m + m)(a * 2), (0.3,)),
        ("diamond", lambda a, b: (a * b + a).relu() * (b * b + a * 3), (0.4, -0.9)),
        ("mixed", lambda a, b: (a * b + b * b).relu() * (a + 1.5) + (a * -2).relu() * b + 2 * a * a, (0.9, -1.1)),
    ]


def _dag(value, seed: int):
    """A random DAG of 60 additions, products and relus over 4 leaves (the same for every Value class)."""
    rng = random.Random(seed)
    leaves = [value(rng.uniform(0.5, 1.5)) for _ in range(4)]
    nodes = list(leaves)
    for _ in range(60):
        a, b = nodes[rng.randrange(len(nodes))], nodes[max(0, len(nodes) - 1 - rng.randrange(5))]
        kind = rng.randrange(4)
        if kind == 0:
            made = a * b * 0.5
        elif kind == 1:
            made = (a + b * -1).relu() + 0.5
        elif kind == 2:
            made = a + b * rng.uniform(-1, 1)
        else:
            made = (a * 0.3 + 0.1) * (b * 0.2 + 1)
        nodes.append(made)
    root = nodes[-1]
    for node in nodes[-8:-1]:
        root = root + node
    return leaves, root


def engine_check(value, what: str) -> None:
    """VALUE gives reference/engine.py's values and gradients on every case, the extras it defines, the DAGs and the
    chain."""
    ref = sim43b1.reference()
    cases = _cases() + [case for name, more in EXTRAS.items() if hasattr(value, name) for case in more]
    made = []
    for name, f, xs in cases:
        mine, theirs = [value(x) for x in xs], [ref(x) for x in xs]
        made.append((name, (mine, f(*mine)), (theirs, f(*theirs))))
    made += [(f"DAG {seed}", _dag(value, seed), _dag(ref, seed)) for seed in DAG_SEEDS]
    for name, (mine, root), (theirs, ref_root) in made:
        assert sim43b1._close(root.data, ref_root.data), f"{what}: {name}: value {root.data} != {ref_root.data}"
        root.backward()
        ref_root.backward()
        for i, (m, r) in enumerate(zip(mine, theirs)):
            assert sim43b1._close(m.grad, r.grad), f"{what}: {name}: grad of input {i}: {m.grad} != {r.grad}"
    grads = []
    for cls in (value, ref):
        x0 = cls(0.5)
        x = x0
        for _ in range(CHAIN):
            x = x * 1.0001 + 0.0001
        x.backward()
        grads.append(x0.grad)
    assert sim43b1._close(*grads), f"{what}: chain of {CHAIN}: grad {grads[0]} != {grads[1]}"


def check(path: Path) -> None:
    """The engine.py at PATH is right (AssertionError saying where; an error its code raises is reported as one)."""
    limit = sys.getrecursionlimit()
    try:
        module = sim43b1.load_module(path, "sim44b1_" + re.sub(r"\W", "_", path.stem))
        with contextlib.redirect_stdout(io.StringIO()):
            engine_check(module.Value, path.name)
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 -- the student's code raised: the check fails, saying how
        raise AssertionError(f"{path.name}: {type(error).__name__}: {error}") from error
    finally:
        sys.setrecursionlimit(limit)  # Dawid raises it


def graded(folder: Path) -> dict[str, Path]:
    """{username: the file of their latest attempt} from the receipts (`Name: ... (username)`, `Filename: ...`), as
    Blackboard's download is read by its receipts (the grader's own reader is grader/load, not used here so that the
    check stands apart from it)."""
    latest = {}
    for receipt in sorted(folder.glob("*.txt")):
        found = BLACKBOARD.fullmatch(receipt.name)
        assert found, f"{receipt.name}: not a Blackboard receipt"
        text = receipt.read_text(encoding="utf-8")
        user = re.search(r"^Name: .* \((\S+)\)$", text, re.M).group(1)
        files = re.findall(r"^\tFilename: (.+)$", text, re.M)
        assert len(files) == 1 and (folder / files[0]).is_file(), f"{receipt.name}: {files}"
        when = found.group("when")
        if user not in latest or latest[user][0] < when:
            latest[user] = (when, folder / files[0])
    return {user: path for user, (_, path) in latest.items()}


def checked(folder: Path, labels: dict) -> None:
    """Every graded hand-in of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    sim43b1.verdicts(graded(folder), labels, check)


def build(out: Path) -> dict:
    """The class in OUT, every hand-in checked first; returns its labels."""
    return sim43b1.copy_class(CLASS, STARTER, out, checked)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
