"""A labelled class written blind by hand (session 43, simw43), held out: python bench/similarity/sim43b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, **level 4 in depth**: 47 hand-ins of the whole engine on 04-more-ops' starter
(exercises/04-more-ops/engine.py, sim43b1/starter/engine.py), handed in through **Gradescope** and exported with
"Export Submissions" (`submission_metadata.yml` beside `submission_<n>/` folders, two with the engine one folder
down; the grader's id is the submitter's email, the key of labels.json). Six sources are each copied once at level
4 by a different restructuring, typed by hand (a tape, a dispatch table, closures made one method, recursion made an
explicit stack, a class per operation, functions outside the class). sim43b1/write.py writes main/submissions and
labels.json from sim43b1/fills43b1.py (the starter-filled students' bodies), sim43b1/hand/ (whole engines and the level-4
copies), sim43b1/materials/ (the lecture's code, the TA's forum answer: the hard pairs) and sim43b1/recipes43.py (levels
2-3 and the four evasions); sim43b1/README.md says who wrote what.

Every hand-in is checked by `check`: its engine.py imported (no bytecode written), every operation's value and
gradients against reference/engine.py (constants on both sides, powers int, float and negative, exp, log, tanh, relu
on both sides, reuse, diamonds, random DAGs of every operation) and a chain of 300 steps; a hand-in labelled with a
`bug` must fail it, every other one must pass it. Its public source is sim43b1/public/engine.py: karpathy/micrograd's
engine.py (MIT, public/LICENSE), the grader's own copy.

`build` copies the class into OUT_DIR (main/submissions, main/starter/engine.py, labels.json, materials/, public/),
every hand-in checked first. `run.py --sim43b1` measures it (alone, held out)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import math
import random
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim43b1"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = "04-more-ops' whole engine handed in through Gradescope (Export Submissions; ids the submitters' emails)"
TOLERANCE = 1e-9  # relative, against reference/engine.py: the same float operations, maybe in another order
CHAIN = 300  # steps of x * 1.0001 + 0.0001: deep enough to need a real walk, under the default recursion limit
DAG_SEEDS = (1, 2, 3)


def load_module(path: Path, name: str):
    """PATH imported as module NAME (no bytecode written; sys.modules put back after; what it prints dropped)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    kept = sys.modules.get(name)
    sys.modules[name] = module
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = writes
        if kept is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = kept
    return module


def reference():
    return load_module(REPO / "reference" / "engine.py", "sim43b1_reference").Value


def _cases():
    """(what, f, inputs): every operation of the exercise, constants on both sides, reuse, diamonds."""
    return [
        ("add", lambda a, b: a + b, (1.5, -2.0)), ("radd", lambda a: 2 + a, (0.3,)),
        ("mul", lambda a, b: a * b, (1.5, -2.0)), ("rmul", lambda a: 3 * a, (0.3,)),
        ("relu +", lambda a: a.relu() * 2, (0.8,)), ("relu -", lambda a: a.relu() * 2, (-0.8,)),
        ("tanh", lambda a: a.tanh() * a, (0.7,)),
        ("pow 3", lambda a: a ** 3, (2.0,)), ("pow 2.5", lambda a: a ** 2.5, (1.7,)),
        ("pow -2", lambda a: a ** -2, (-1.3,)), ("pow 0.5", lambda a: (a * a + 1) ** 0.5, (0.4,)),
        ("exp", lambda a: a.exp(), (0.0,)), ("exp 2", lambda a: (a * 2).exp() * a, (-0.6,)),
        ("log 1", lambda a: a.log(), (1.0,)), ("log", lambda a: (a * a).log() + a.log(), (2.5,)),
        ("neg", lambda a: -a * 3, (1.25,)), ("sub", lambda a, b: a - b, (5.0, 2.0)),
        ("sub const", lambda a: a - 4, (1.0,)), ("rsub", lambda a: 2 - a, (0.5,)),
        ("div", lambda a, b: a / b, (3.0, -1.5)), ("div const", lambda a: a / 4, (1.0,)),
        ("rdiv", lambda a: 2 / a, (0.8,)),
        ("a*a", lambda a: a * a, (3.0,)), ("a*a+a", lambda a: a * a + a, (3.0,)), ("a-a", lambda a: a - a, (3.0,)),
        ("a/a", lambda a: a / a, (1.7,)),
        ("shared node", lambda a: (lambda m: m * m + m / 2 - m.exp())(a * 2), (0.3,)),
        ("diamond", lambda a, b: ((a * b).tanh() + (a - b) ** 2) / (1 + b.exp()), (0.4, -0.9)),
        ("softplus", lambda a: (1 + a.exp()).log(), (0.35,)),
        ("mixed", lambda a, b: (a * b + b * b).relu() * (a + 1.5) - (a * -2).relu() / b + (2 - a) ** 2, (0.9, -1.1)),
    ]


def _dag(value, seed: int):
    """A random DAG of 60 operations of every kind over 4 leaves (the same for every Value class)."""
    rng = random.Random(seed)
    leaves = [value(rng.uniform(0.5, 1.5)) for _ in range(4)]
    nodes = list(leaves)
    for _ in range(60):
        a, b = nodes[rng.randrange(len(nodes))], nodes[max(0, len(nodes) - 1 - rng.randrange(5))]
        kind = rng.randrange(8)
        if kind == 0:
            made = a * b * 0.5
        elif kind == 1:
            made = (a - b).relu() + 0.5
        elif kind == 2:
            made = a + b * rng.uniform(-1, 1)
        elif kind == 3:
            made = (a * 0.3).tanh() + 1
        elif kind == 4:
            made = (a * a + 0.5).log() + 1
        elif kind == 5:
            made = a / (b * b + 1)
        elif kind == 6:
            made = (a * 0.2).exp() - 0.5 * b
        else:
            made = 1 / (1 + a * a) ** 0.5 + 0.25
        nodes.append(made)
    root = nodes[-1]
    for node in nodes[-8:-1]:
        root = root + node
    return leaves, root


def _close(mine, theirs) -> bool:
    return math.isclose(float(mine), float(theirs), rel_tol=TOLERANCE, abs_tol=TOLERANCE)


def engine_check(value, what: str) -> None:
    """VALUE gives reference/engine.py's values and gradients on every case, the DAGs and the chain."""
    ref = reference()
    made = []
    for name, f, xs in _cases():
        mine, theirs = [value(x) for x in xs], [ref(x) for x in xs]
        made.append((name, (mine, f(*mine)), (theirs, f(*theirs))))
    made += [(f"DAG {seed}", _dag(value, seed), _dag(ref, seed)) for seed in DAG_SEEDS]
    for name, (mine, root), (theirs, ref_root) in made:
        assert _close(root.data, ref_root.data), f"{what}: {name}: value {root.data} != {ref_root.data}"
        root.backward()
        ref_root.backward()
        for i, (m, r) in enumerate(zip(mine, theirs)):
            assert _close(m.grad, r.grad), f"{what}: {name}: grad of input {i}: {m.grad} != {r.grad}"
    grads = []
    for cls in (value, ref):
        x0 = cls(0.5)
        x = x0
        for _ in range(CHAIN):
            x = x * 1.0001 + 0.0001
        x.backward()
        grads.append(x0.grad)
    assert _close(*grads), f"{what}: chain of {CHAIN}: grad {grads[0]} != {grads[1]}"


def engine_file(folder: Path) -> Path:
    """The submission folder's engine.py (at its top, or one folder down as two students zipped theirs)."""
    found = sorted(folder.rglob("engine.py"))
    assert len(found) == 1, f"{folder.name}: {len(found)} engine.py files"
    return found[0]


def check(folder: Path) -> None:
    """The hand-in in FOLDER is right (AssertionError saying where; an error its code raises is reported as one)."""
    limit = sys.getrecursionlimit()
    try:
        engine_check(load_module(engine_file(folder), f"sim43b1_{folder.name}").Value, folder.name)
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 -- the student's code raised: the check fails, saying how
        raise AssertionError(f"{folder.name}: {type(error).__name__}: {error}") from error
    finally:
        sys.setrecursionlimit(limit)  # Diego raises it at import


def submitters(folder: Path) -> dict[str, str]:
    """{submission folder name: the grader's id (the submitter's email)} from submission_metadata.yml (one
    submitter each in this class; the grader's own reader is grader/load, not used here so that the check stands
    apart from it)."""
    found, current = {}, None
    for line in (folder / "submission_metadata.yml").read_text(encoding="utf-8").split("\n"):
        if line.startswith("submission_"):
            current = line.rstrip(":")
        elif line.strip().startswith(":email:"):
            found[current] = line.split(":email:", 1)[1].strip()
    return found


def verdicts(hand_ins: dict, labels: dict, check_one) -> None:
    """CHECK_ONE passes on every hand-in ({id: path}) but those labelled with a `bug`, which must fail it."""
    assert sorted(hand_ins) == sorted(labels), "labels.json and the hand-ins differ"
    for sid, path in sorted(hand_ins.items()):
        label = labels[sid]
        try:
            check_one(path)
        except AssertionError as error:
            if "bug" not in label:
                raise AssertionError(f"{sid} fails the check, and its label names no bug: {error}") from error
        else:
            assert "bug" not in label, f"{sid} passes the check, and its label names a bug: {label['bug']}"


def checked(folder: Path, labels: dict) -> None:
    """Every hand-in of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    ids = submitters(folder)
    assert sorted(ids) == sorted(p.name for p in folder.iterdir() if p.is_dir()), "metadata and folders differ"
    verdicts({sid: folder / sub for sub, sid in ids.items()}, labels, check)


def copy_class(class_dir: Path, starter: Path, out: Path, checked_one) -> dict:
    """CLASS_DIR's class in OUT (main/submissions, main/starter/<STARTER's name>, labels.json, materials/, public/),
    every hand-in checked first by CHECKED_ONE(submissions, labels); returns its labels."""
    labels = json.loads((class_dir / "labels.json").read_text(encoding="utf-8"))
    submissions = class_dir / "main" / "submissions"
    checked_one(submissions, labels["main"])
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(submissions, out / "main" / "submissions")
    (out / "main" / "starter").mkdir(parents=True)
    shutil.copy2(starter, out / "main" / "starter" / starter.name)
    shutil.copytree(class_dir / "materials", out / "materials")
    shutil.copytree(class_dir / "public", out / "public")
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


def build(out: Path) -> dict:
    """The class in OUT, every hand-in checked first; returns its labels."""
    return copy_class(CLASS, STARTER, out, checked)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
