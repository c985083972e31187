"""A labelled class written blind by hand (session 33, sim33w), held out: python bench/similarity/sim33b2.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, on a starter
no earlier class uses as the student's file: exercises/06-gradcheck's `gradcheck.py` (two TODO regions,
`numerical_grad` and `gradcheck`, 10-20 own lines in a 60-line file whose docstrings dictate the steps): 43 files,
kept as they were written in sim33b2/ (sim33b2/README.md says who wrote what and how; sim33b2/labels.json, run.py's
schema, says what each is). Each file is run with the reference engine as its `engine` and compared with
reference/gradcheck.py (`check`); a file labelled with a `bug` must fail that check, every other must pass it. No
public source: no public gradcheck of this shape was copied (run.py compares with the grader's micrograd, which
nothing here copies).

`build` copies the class into OUT_DIR with the exercise's starter (as starter/gradcheck.py), every file checked first.
`run.py --sim33b2` measures it (alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import json
import math
import shutil
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/ and exercises/

import eighth  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim33b2"
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "06-gradcheck" / "gradcheck.py"
EXERCISE = "06-gradcheck (gradcheck.py)"


def labels() -> dict:
    return eighth.labels(CLASS)


def _load(text: str, what: str) -> types.ModuleType:
    """TEXT run as a student's gradcheck.py, with the course's reference engine importable as `engine`."""
    import reference.engine as engine

    saved = sys.modules.get("engine")
    sys.modules["engine"] = engine
    try:
        module = types.ModuleType(f"sim33b2_check_{what}")
        exec(compile(text, what, "exec"), module.__dict__)
    finally:
        if saved is None:
            del sys.modules["engine"]
        else:
            sys.modules["engine"] = saved
    return module


def _cases():
    """(numerical_grad's cases, gradcheck's cases): (function, x, keyword arguments) each."""
    from reference.engine import Value

    plain = [(lambda x: 3 * x ** 2, 2.0, {}), (math.sin, 0.5, {}), (math.exp, 1.0, {"h": 1e-3}),
             (lambda x: x ** 3, -1.0, {"h": 0.5})]
    lost = lambda v: v * Value(v.data)  # noqa: E731  (the README's example of a lost path)
    checked = [(lambda v: v.tanh(), 2.0, {}), (lost, 1.5, {}), (lambda v: v ** 3, 2.0, {}),
               (lambda v: (v * 2).exp() + v.log(), 0.7, {}), (lambda v: v * 0, 1.0, {}), (lambda v: v.relu(), -1.0, {}),
               (lambda v: v ** 2, 1.0, {"h": 1e-4}), (lambda v: 1e6 + v ** 2, 0.0, {"atol": 1e-3}),
               (lost, 1.5, {"rtol": 0.9}), (lost, 1.5, {"atol": 1.4, "rtol": 0.0}),
               (lost, 1.5, {"atol": 0.8, "rtol": 0.3})]
    return plain, checked


def _check(text: str, what: str) -> None:
    """numerical_grad and gradcheck of TEXT against the reference's on fixed cases: numbers to relative 1e-8 (absolute
    1e-9: a central difference written another way differs in its last bits), `ok` exactly, five fields."""
    import reference.gradcheck as reference

    mine = _load(text, what)
    plain, checked = _cases()
    for f, x, options in plain:
        got, want = mine.numerical_grad(f, x, **options), reference.numerical_grad(f, x, **options)
        assert math.isclose(got, want, rel_tol=1e-8, abs_tol=1e-9), \
            f"{what}: numerical_grad at {x} {options} is {got}, the reference's {want}"
    for f, x, options in checked:
        got, want = mine.gradcheck(f, x, **options), reference.gradcheck(f, x, **options)
        assert tuple(getattr(got, "_fields", ())) == reference.GradcheckResult._fields, f"{what}: gives {got!r}"
        for name, a, b in zip(reference.GradcheckResult._fields, got, want):
            same = bool(a) == bool(b) if name == "ok" else math.isclose(a, b, rel_tol=1e-8, abs_tol=1e-9)
            assert same, f"{what}: gradcheck at {x} {options}: {name} is {a}, the reference's {b}"


def check(text: str, what: str, bug: str | None = None) -> None:
    """TEXT (a student's gradcheck.py) gives the reference's answers, or, with BUG (its label's), does not."""
    try:
        _check(text, what)
    except Exception as error:  # a file that raises fails the check, named
        if bug is None:
            raise AssertionError(f"{what}: {type(error).__name__}: {error}") from error
        return
    if bug is not None:
        raise AssertionError(f"{what}: labelled with a bug ({bug}) but gives the reference's answers")


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/gradcheck.py, labels.json), every file checked."""
    found = labels()
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(CLASS / "main", out / "main")
    (out / "main" / "starter").mkdir()
    shutil.copyfile(STARTER, out / "main" / "starter" / "gradcheck.py")
    for path in sorted((out / "main" / "submissions").glob("*.py")):
        check(path.read_text(encoding="utf-8"), path.stem, found["main"][path.stem].get("bug"))
    (out / "labels.json").write_text(json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    return found


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
