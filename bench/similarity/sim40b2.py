"""A second labelled class written blind by hand (session 40, simw40), held out: python bench/similarity/sim40b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, on the whole engine handed in as a Jupyter notebook: a course ("Autodiff Bootcamp", notebook 1) whose starter
is sim40b2/starter/engine.ipynb (markdown lesson cells; code cells with TODOs in micrograd-style `_backward` closures;
tanh/exp/log attached to the class in a later cell, backward() in another; a Try it cell; questions to answer in
markdown). Students hand in their notebook with their answers, scratch cells and outputs; a few hand in a .py exported
with `# %%` markers. sim40b2/write.py builds every notebook with nbformat from course.py, students.py and hand/ (kept
readable); sim40b2/README.md says who wrote what. Every file's code (a notebook's code cells joined, magics dropped, as
the grader reads it) is checked by sim40b1's check (sim36b1's check and the random DAGs against reference/engine.py);
a file labelled with a `bug` must fail it, every other file must pass it. Its public source is sim40b2/public/ (a
blog's "micrograd in one notebook", written for this class under CC0: public/LICENSE; public/engine.py is its code,
which run.py passes as the class's public source); sim40b2/materials/ holds the lecture's cell and the TA's post.

`build` copies the class into OUT (main/submissions, main/starter/, labels.json, materials/, public/), every file checked
first. `run.py --sim40b2` measures it (alone, as a tuning class)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim40b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim40b2"
STARTER = CLASS / "starter" / "engine.ipynb"
EXERCISE = "engine (engine.ipynb, the whole engine as a notebook; a seventh course's starter with _backward closures)"


def code_of(path: Path) -> str:
    """A hand-in's code: a notebook's code cells joined, `%magic` and `!shell` lines dropped; a .py as it is."""
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            code.append("\n".join(line for line in source.split("\n") if not line.lstrip().startswith(("%", "!"))))
    return "\n\n\n".join(code) + "\n"


def check(path: Path) -> None:
    """PATH's code gives reference/engine.py's values and gradients (sim40b1's check)."""
    sim40b1.check(code_of(path), path.stem)


def checked(folder: Path, labels: dict) -> None:
    """Every hand-in of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    for path in sorted(folder.iterdir()):
        label = labels[path.stem]
        try:
            check(path)
        except AssertionError as error:
            if "bug" not in label:
                raise AssertionError(f"{path.name} fails the check, and its label names no bug: {error}") from error
        else:
            assert "bug" not in label, f"{path.name} passes the check, and its label names a bug: {label['bug']}"


def build(out: Path) -> dict:
    """The class in OUT, every file checked first; returns its labels."""
    labels = json.loads((CLASS / "labels.json").read_text(encoding="utf-8"))
    submissions = CLASS / "main" / "submissions"
    assert {p.stem for p in submissions.iterdir()} == set(labels["main"]), "labels.json and the files differ"
    checked(submissions, labels["main"])
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(submissions, out / "main" / "submissions")
    (out / "main" / "starter").mkdir(parents=True)
    shutil.copy(CLASS / "starter" / "engine.py", out / "main" / "starter" / "engine.py")
    shutil.copytree(CLASS / "materials", out / "materials")
    shutil.copytree(CLASS / "public", out / "public")
    (out / "labels.json").write_text(json.dumps(labels, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return labels


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
