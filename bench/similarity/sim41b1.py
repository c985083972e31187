"""A labelled class written blind by hand (session 41, simw41), held out: python bench/similarity/sim41b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, on the whole engine handed in as a package: a seventh course's, a Chinese-speaking one
(sim41b1/starter/hw2/: 《深度学习实践》第二次作业), whose starter is a package `micrograd/` (engine.py: a Value with
`_inputs` and `_op` whose operators call ops.py; ops.py: every operation's forward pass and a `_backward` closure to
fill; nn.py: Module, Neuron, Layer, MLP to fill), a `train.py` (XOR) and a README; comments, docstrings and TODO prompts
in Chinese. Fifteen TODO bodies: seven rules, backward(), six in nn.py and the training loop. Students hand in through
Moodle's "Download all submissions" export: one folder per student (`Zhang Wei_100101_assignsubmission_file_/`)
holding either their files or one zip of them (with or without a top folder, some with `__MACOSX/`).

sim41b1/write.py writes main/submissions, materials/ and labels.json from sim41b1/fillers.py (each starter-filled
student's bodies), sim41b1/hand/ (whole packages typed by hand: students' own engines and the level-4 copies) and the
copy recipes; sim41b1/README.md says who wrote what. Every hand-in is checked by `check`: its package imported as
Python imports it, every operation's values and gradients against reference/engine.py (constants on both sides, reuse,
a long chain), sim40b1's random DAGs, and its MLP's gradients against central differences; a hand-in labelled with a
`bug` must fail it, every other one must pass it. Its public source is sim41b1/public/micrograd/: karpathy/micrograd's
engine.py and nn.py (MIT, public/LICENSE) with tanh, exp and log added in its style.

`build` copies the class into OUT_DIR (main/submissions, main/starter/hw2/, labels.json, materials/, public/), every
hand-in checked first. `run.py --sim41b1` measures it (alone, as a tuning class).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import math
import random
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim40b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim41b1"
STARTER = CLASS / "starter" / "hw2"
EXERCISE = "engine (a package: micrograd/engine.py + ops.py + nn.py, train.py; a seventh course's Chinese starter, Moodle folders and zips)"
TOLERANCE = 1e-9  # relative, against reference/engine.py: the same float operations, maybe in another order
NUMERIC_STEP = 1e-6  # central differences on the MLP: truncation ~1e-12, cancellation ~1e-10
NUMERIC_TOLERANCE = 1e-6  # absolute, on gradients of order 1
CHAIN = 3000  # a chain longer than Python's default recursion limit allows a recursive walk


def unpacked(entry: Path, into: Path) -> Path:
    """A Moodle entry's files in INTO: a folder's as they are, or its one zip's members (`__MACOSX/` left out)."""
    files = [p for p in entry.rglob("*") if p.is_file()]
    if len(files) == 1 and files[0].suffix == ".zip":
        with zipfile.ZipFile(io.BytesIO(files[0].read_bytes())) as archive:
            for name in archive.namelist():
                if not name.startswith("__MACOSX/") and not name.endswith("/"):
                    (into / name).parent.mkdir(parents=True, exist_ok=True)
                    (into / name).write_bytes(archive.read(name))
    else:
        shutil.copytree(entry, into, dirs_exist_ok=True)
    return into


def package_of(folder: Path) -> Path:
    """The hand-in's package: the one folder holding an __init__.py (a tests/ folder aside)."""
    found = [p.parent for p in folder.rglob("__init__.py") if "tests" not in p.relative_to(folder).parts]
    assert len(found) == 1, f"{folder.name}: {len(found)} packages"
    return found[0]


def _forget(name: str) -> None:
    for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[module]


@contextlib.contextmanager
def loaded(entry: Path):
    """(the hand-in's Value, the module of its package that defines MLP), while the package is imported from a copy
    under its own name, as `python train.py` beside it imports it (relative and absolute imports, and imports made
    when an operation runs, alike)."""
    with tempfile.TemporaryDirectory() as tmp:
        package = package_of(unpacked(entry, Path(tmp)))
        _forget(package.name)
        sys.path.insert(0, str(package.parent))
        limit = sys.getrecursionlimit()
        try:
            modules = [importlib.import_module(f"{package.name}.{p.stem}")
                       for p in sorted(package.glob("*.py")) if p.stem != "__init__"]
            nn = [m for m in modules if isinstance(getattr(m, "MLP", None), type)]
            assert nn, f"{entry.name}: no module defines MLP"
            yield nn[0].Value, nn[0]
        finally:
            sys.setrecursionlimit(limit)
            sys.path.remove(str(package.parent))
            _forget(package.name)


def _cases():
    """(what, function of a Value class -> (leaves, root)) for every operation, constants on both sides, reuse."""
    def case(f, *xs):
        def make(value):
            leaves = [value(x) for x in xs]
            return leaves, f(*leaves)
        return make

    return [
        ("add", case(lambda a, b: a + b, 1.5, -2.0)), ("radd", case(lambda a: 2 + a, 0.3)),
        ("mul", case(lambda a, b: a * b, 1.5, -2.0)), ("rmul", case(lambda a: 3 * a, 0.3)),
        ("sub", case(lambda a, b: a - b, 1.5, -2.0)), ("rsub", case(lambda a: 2 - a, 0.3)),
        ("div", case(lambda a, b: a / b, 1.5, -2.0)), ("rdiv", case(lambda a: 2 / a, 0.7)),
        ("neg", case(lambda a: -a, 0.3)), ("pow", case(lambda a: a ** 3, 2.0)),
        ("pow -2", case(lambda a: a ** -2, 1.3)), ("pow 0.5", case(lambda a: a ** 0.5, 2.2)),
        ("relu +", case(lambda a: a.relu() * 2, 0.8)), ("relu -", case(lambda a: a.relu() * 2, -0.8)),
        ("tanh", case(lambda a: a.tanh(), 0.6)), ("exp", case(lambda a: a.exp(), 0.6)),
        ("log", case(lambda a: a.log(), 1.7)),
        ("a*a", case(lambda a: a * a, 3.0)), ("a*a+a", case(lambda a: a * a + a, 3.0)),
        ("a+a", case(lambda a: a + a, 3.0)),
        ("three paths", case(lambda a, b: a * a + a * b + a, 2.0, -0.5)),
        ("mixed", case(lambda a, b: (a * b + b.exp()).tanh() * (a - b).relu() + (a * a + 1).log() / b, 0.9, -1.1)),
    ]


def engine_check(value, what: str) -> None:
    """VALUE gives reference/engine.py's values and gradients on every case, a long chain and sim40b1's DAGs."""
    reference = sim40b1._reference().Value
    for name, make in _cases():
        mine, root = make(value)
        theirs, ref_root = make(reference)
        assert abs(root.data - ref_root.data) <= TOLERANCE * max(1.0, abs(ref_root.data)), (
            f"{what}: {name}: value {root.data} != {ref_root.data}")
        root.backward()
        ref_root.backward()
        for i, (m, r) in enumerate(zip(mine, theirs)):
            assert abs(m.grad - r.grad) <= TOLERANCE * max(1.0, abs(r.grad)), (
                f"{what}: {name}: grad of input {i}: {m.grad} != {r.grad}")
    x = value(0.5)
    y = x
    for _ in range(CHAIN):
        y = y + x
    y.backward()
    assert x.grad == CHAIN + 1, f"{what}: chain of {CHAIN}: grad {x.grad} != {CHAIN + 1}"
    for seed in sim40b1.DAG_SEEDS:
        mine, root = sim40b1._dag(value, seed)
        theirs, ref_root = sim40b1._dag(reference, seed)
        root.backward()
        ref_root.backward()
        for i, (m, r) in enumerate(zip(mine, theirs)):
            assert abs(m.grad - r.grad) <= TOLERANCE * max(1.0, abs(r.grad)), (
                f"{what}: DAG {seed}: leaf {i}: grad {m.grad} != {r.grad}")


def nn_check(nn, what: str) -> None:
    """The hand-in's MLP(3, [4, 4, 1]): 41 parameters, one Value out, and backward()'s gradients of a squared loss
    within NUMERIC_TOLERANCE of central differences."""
    random.seed(41)
    model = nn.MLP(3, [4, 4, 1])
    params = list(model.parameters())
    assert len(params) == 41, f"{what}: MLP(3, [4, 4, 1]) has {len(params)} parameters, not 41"
    xs = [[0.5, -1.0, 2.0], [-0.3, 0.8, 0.1]]

    def loss():
        total = 0
        for x, target in zip(xs, (1.0, -1.0)):
            out = model(x)
            total = total + (out - target) ** 2
        return total

    for p in params:
        p.grad = 0.0
    loss().backward()
    for i, p in enumerate(params):
        keep = p.data
        p.data = keep + NUMERIC_STEP
        up = loss().data
        p.data = keep - NUMERIC_STEP
        down = loss().data
        p.data = keep
        numeric = (up - down) / (2 * NUMERIC_STEP)
        assert abs(p.grad - numeric) <= NUMERIC_TOLERANCE, f"{what}: MLP parameter {i}: grad {p.grad} != {numeric}"
    assert math.isfinite(loss().data)


def check(entry: Path) -> None:
    """ENTRY (a Moodle folder) imports, and its engine and MLP are right (AssertionError saying where)."""
    with loaded(entry) as (value, nn):
        engine_check(value, entry.name)
        nn_check(nn, entry.name)


def checked(folder: Path, labels: dict) -> None:
    """Every hand-in of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    ids = {f"{sid}_assignsubmission_file_": sid for sid in labels}
    assert set(ids) == {p.name for p in folder.iterdir()}, "labels.json and the folders differ"
    for path in sorted(folder.iterdir()):
        label = labels[ids[path.name]]
        try:
            check(path)
        except AssertionError as error:
            if "bug" not in label:
                raise AssertionError(f"{path.name} fails the check, and its label names no bug: {error}") from error
        else:
            assert "bug" not in label, f"{path.name} passes the check, and its label names a bug: {label['bug']}"


def build(out: Path) -> dict:
    """The class in OUT, every hand-in checked first; returns its labels."""
    labels = json.loads((CLASS / "labels.json").read_text(encoding="utf-8"))
    submissions = CLASS / "main" / "submissions"
    checked(submissions, labels["main"])
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(submissions, out / "main" / "submissions")
    shutil.copytree(STARTER, out / "main" / "starter" / STARTER.name)
    shutil.copytree(CLASS / "materials", out / "materials")
    shutil.copytree(CLASS / "public", out / "public")
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
