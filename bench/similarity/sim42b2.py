"""A second labelled class written blind by hand (session 42, simw42), held out: python bench/similarity/sim42b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe: every exercise already has a blind class, so this one is the other shape the brief offered, a Russian-speaking
course on **GitHub Classroom**: one repository folder per student (`hw04-<login>/`: engine.py, tests/, the course's
Russian README, .github/workflows/classroom.yml, .gitignore), on 04-more-ops' engine.py (eight TODO bodies: pow, exp,
log and the five derived operations), comments in Russian. sim42b2/write.py writes main/submissions and labels.json
from sim42b2/fillers.py (each starter-filled student's eight bodies), sim42b2/hand/ (an own engine and a level-4
copy) and the copy recipes (sim41b1/recipes.py); sim42b2/README.md says who wrote what.

Every repository is checked by `check`: its engine.py imported as `engine`, sim41b1's engine check (every operation's
values and gradients against reference/engine.py, constants on both sides, reuse, a chain of 3,000, sim40b1's random
DAGs), then every test function of its tests/ (the template's and the student's own) run against it; a repository
labelled with a `bug` must fail it, every other one must pass it. Its public source is sim42b2/public/engine.py:
karpathy/micrograd's engine.py (MIT, public/LICENSE), the grader's own copy.

`build` copies the class into OUT (main/submissions, main/starter/engine.py, labels.json, materials/, public/), every
repository checked first. `run.py --sim42b2` measures it (alone, held out)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim41b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim42b2"
STARTER = CLASS / "template" / "engine.py"
EXERCISE = "04-more-ops (engine.py) on GitHub Classroom, a Russian-speaking course (hw04-<login>/ repositories)"
PREFIX = "hw04-"


def _module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__/ in the class's folders
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = writes
    return module


@contextlib.contextmanager
def imported(repo: Path):
    """The repository's engine.py imported as `engine` (as its tests import it), sys.modules and the recursion limit
    put back after."""
    kept = sys.modules.get("engine")
    limit = sys.getrecursionlimit()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            yield _module(repo / "engine.py", "engine")
    finally:
        sys.setrecursionlimit(limit)
        if kept is None:
            sys.modules.pop("engine", None)
        else:
            sys.modules["engine"] = kept


def check(repo: Path) -> None:
    """REPO's engine is right and its own tests pass (AssertionError saying where)."""
    what = repo.name
    try:
        with imported(repo) as engine:
            sim41b1.engine_check(engine.Value, what)
            for path in sorted((repo / "tests").glob("test_*.py")):
                tests = _module(path, f"sim42b2_{path.stem}")
                for name in sorted(n for n in dir(tests) if n.startswith("test_")):
                    try:
                        getattr(tests, name)()
                    except Exception as error:  # noqa: BLE001 -- a failing test of the repository
                        raise AssertionError(f"{what}: {path.name}::{name}: {type(error).__name__}: {error}") \
                            from error
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 -- the engine raised
        raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error


def checked(folder: Path, labels: dict) -> None:
    """Every repository of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    repos = {p.name: p for p in folder.iterdir()}  # ids: the repositories' names (sim42b2/write.py)
    assert set(repos) == set(labels), "labels.json and the repositories differ"
    for sid, repo in sorted(repos.items()):
        label = labels[sid]
        try:
            check(repo)
        except AssertionError as error:
            if "bug" not in label:
                raise AssertionError(f"{repo.name} fails the check, and its label names no bug: {error}") from error
        else:
            assert "bug" not in label, f"{repo.name} passes the check, and its label names a bug: {label['bug']}"


def build(out: Path) -> dict:
    """The class in OUT, every repository checked first; returns its labels."""
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
