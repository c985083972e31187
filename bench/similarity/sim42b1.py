"""A labelled class of Jupyter notebooks written blind by hand (session 42, simw42), held out:
python bench/similarity/sim42b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe for its held-out class, on 05-backward handed in as the exercise's own notebook (exercises/05-backward/
05-backward.ipynb, sim42b1/starter/): 48 notebooks as Canvas's "Download submissions" names them
(`<lastfirst>_<user id>_<submission id>_05-backward.ipynb`), nbformat 4 with their outputs, from Jupyter, VS Code or
Colab (Colab's metadata and cell ids), cells run out of order, markdown answer cells, six students' own engines pasted
into the engine cell. sim42b1/write.py writes main/submissions and labels.json from sim42b1/bodies.py (each
starter-filled student's backward()), sim42b1/extras.py (the cells they added), sim42b1/hand/ (own engines and the
level-4 copies) and the copy recipes; sim42b1/README.md says who wrote what.

Every notebook is checked by `check`: its code cells run in order as one module, as the grader imports a notebook
(`!shell` and `%magic` lines left out, the grader's own check cell left out, `__name__` not "__main__"), then its
Value against reference/engine.py on every case (constants on both sides, reuse, diamonds, relu on both sides), a
chain of 10,000 nodes (the README's), and random DAGs of additions, products and relus; a notebook labelled with a
`bug` must fail it, every other one must pass it. Its public source is sim42b1/public/engine.py: karpathy/micrograd's
engine.py (MIT, public/LICENSE), the grader's own copy of it.

`build` copies the class into OUT_DIR (main/submissions, main/starter/engine.py, labels.json, materials/, public/),
every notebook checked first. `run.py --sim42b1` measures it (alone, held out)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import random
import shutil
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim42b1"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = "05-backward handed in as Jupyter notebooks (the exercise's own 05-backward.ipynb; Canvas file names)"
TOLERANCE = 1e-9  # relative, against reference/engine.py: the same float operations, maybe summed in another order
CHAIN = 10_000  # the README's chain: deeper than Python's default recursion limit
DAG_SEEDS = (1, 2, 3, 4)


def _reference():
    spec = importlib.util.spec_from_file_location("sim42b1_reference", REPO / "reference" / "engine.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Value


def code_of(notebook: dict) -> str:
    """The notebook's code cells joined as one module: `!shell` and `%magic` lines and the grader's check cell left
    out."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = "".join(cell["source"])
        if "from grader import check" in text:
            continue
        cells.append("\n".join(line for line in text.split("\n") if not line.lstrip().startswith(("!", "%"))))
    return "\n\n".join(cells) + "\n"


def load(path: Path):
    """The notebook's Value, its code run as an imported module (sys.modules put back after)."""
    module = types.ModuleType(f"sim42b1_{abs(hash(path.name))}")
    sys.modules[module.__name__] = module
    try:
        code = compile(code_of(json.loads(path.read_text(encoding="utf-8"))), path.name, "exec")
        with contextlib.redirect_stdout(io.StringIO()):  # what its cells print at import
            exec(code, module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module.Value


def _cases():
    """(what, function of a Value class -> (leaves, root)): every operation of the starter, constants on both sides,
    reuse, diamonds."""
    def case(f, *xs):
        def make(value):
            leaves = [value(x) for x in xs]
            return leaves, f(*leaves)
        return make

    return [
        ("add", case(lambda a, b: a + b, 1.5, -2.0)), ("radd", case(lambda a: 2 + a, 0.3)),
        ("mul", case(lambda a, b: a * b, 1.5, -2.0)), ("rmul", case(lambda a: 3 * a, 0.3)),
        ("relu +", case(lambda a: a.relu() * 2, 0.8)), ("relu -", case(lambda a: a.relu() * 2, -0.8)),
        ("a*a", case(lambda a: a * a, 3.0)), ("a*a+a", case(lambda a: a * a + a, 3.0)),
        ("a+a", case(lambda a: a + a, 3.0)),
        ("README 1", case(lambda a, b: a * b + b, 2.0, 3.0)),
        ("README diamond", case(lambda a: (2 * a) * (a + 3), -1.5)),
        ("shared node", case(lambda a: (lambda m: m * m + m)(a * 2), 1.5)),
        ("three paths", case(lambda a, b: a * a + a * b + a, 2.0, -0.5)),
        ("nested diamonds", case(lambda a: ((a * a + a) * (a + 1) + a * 3).relu() * (a * a), 1.25)),
        ("mixed", case(lambda a, b: (a * b + b * b).relu() * (a + 1.5) + (a * -2).relu() * b, 0.9, -1.1)),
    ]


def _dag(value, seed: int):
    """A random DAG of 80 additions, products and relus over 5 leaves (the same for every Value class)."""
    rng = random.Random(seed)
    leaves = [value(rng.uniform(-1.5, 1.5)) for _ in range(5)]
    nodes = list(leaves)
    for _ in range(80):
        a, b = nodes[rng.randrange(len(nodes))], nodes[max(0, len(nodes) - 1 - rng.randrange(6))]
        kind = rng.randrange(5)
        if kind == 0:
            nodes.append(a * b * 0.5)
        elif kind == 1:
            nodes.append((a + b).relu())
        elif kind == 2:
            nodes.append(a + b * rng.uniform(-1, 1))
        else:
            nodes.append(a * 0.7 + b * 0.3)
    root = nodes[-1]
    for node in nodes[-10:-1]:
        root = root + node
    return leaves, root


def _close(mine: float, theirs: float) -> bool:
    return abs(mine - theirs) <= TOLERANCE * max(1.0, abs(theirs))


def engine_check(value, what: str) -> None:
    """VALUE gives reference/engine.py's values and gradients on every case, the chain and the DAGs."""
    reference = _reference()
    made = [(name, make(value), make(reference)) for name, make in _cases()]
    made += [(f"DAG {seed}", _dag(value, seed), _dag(reference, seed)) for seed in DAG_SEEDS]
    for name, (mine, root), (theirs, ref_root) in made:
        assert _close(root.data, ref_root.data), f"{what}: {name}: value {root.data} != {ref_root.data}"
        root.backward()
        ref_root.backward()
        for i, (m, r) in enumerate(zip(mine, theirs)):
            assert _close(m.grad, r.grad), f"{what}: {name}: grad of input {i}: {m.grad} != {r.grad}"
    grads = []
    for cls in (value, reference):
        x0 = cls(0.5)
        x = x0
        for _ in range(CHAIN):
            x = x * 1.0001 + 0.0001
        x.backward()
        grads.append(x0.grad)
    assert _close(*grads), f"{what}: chain of {CHAIN}: grad {grads[0]} != {grads[1]}"


def check(path: Path) -> None:
    """The notebook at PATH loads and its engine is right (AssertionError saying where; any error the notebook's
    code raises is reported as one)."""
    limit = sys.getrecursionlimit()  # each notebook in a fresh kernel: a limit one raised is not another's
    try:
        value = load(path)
        engine_check(value, path.name)
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 -- the student's code raised: the check fails, saying how
        raise AssertionError(f"{path.name}: {type(error).__name__}: {error}") from error
    finally:
        sys.setrecursionlimit(limit)


def grader_id(path: Path) -> str:
    """The grader's id of a Canvas file name: <lastfirst>_<user id>."""
    return "_".join(path.name.split("_")[:2])


def checked(folder: Path, labels: dict) -> None:
    """Every notebook of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    ids = {grader_id(p): p for p in folder.iterdir()}
    assert set(ids) == set(labels), "labels.json and the notebooks differ"
    for sid, path in sorted(ids.items()):
        label = labels[sid]
        try:
            check(path)
        except AssertionError as error:
            if "bug" not in label:
                raise AssertionError(f"{path.name} fails the check, and its label names no bug: {error}") from error
        else:
            assert "bug" not in label, f"{path.name} passes the check, and its label names a bug: {label['bug']}"


def build(out: Path) -> dict:
    """The class in OUT, every notebook checked first; returns its labels."""
    labels = json.loads((CLASS / "labels.json").read_text(encoding="utf-8"))
    submissions = CLASS / "main" / "submissions"
    checked(submissions, labels["main"])
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(submissions, out / "main" / "submissions")
    (out / "main" / "starter").mkdir(parents=True)
    shutil.copy2(STARTER, out / "main" / "starter" / "engine.py")
    shutil.copytree(CLASS / "materials", out / "materials")
    shutil.copytree(CLASS / "public", out / "public")
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
