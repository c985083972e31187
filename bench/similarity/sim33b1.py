"""A labelled class written blind by hand (session 33, sim33w), held out: python bench/similarity/sim33b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, to the issue's
description of its held-out class (issue 27), on exercises/04-more-ops' `engine.py` (the whole engine with eight TODO
regions): 69 files, kept as they were written in sim33b1/ (sim33b1/README.md says who wrote what and how;
sim33b1/labels.json, run.py's schema, says what each is). Checked against reference/engine.py as the eighteenth's
files are (eighteenth.check); a file labelled with a `bug` (a realistic mistake: four of them, one copied) must fail
that check, every other file must pass it. Its public source is karpathy/micrograd's engine.py, the grader's own copy
(MIT, grader/data/public/karpathy-micrograd/LICENSE, copied here as LICENSE.micrograd).

`build` copies the class into OUT_DIR with the exercise's starter, every file checked first. `run.py --sim33b1`
measures it (alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/ and exercises/

import eighteenth  # noqa: E402
import eighth  # noqa: E402
import sim32b1  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim33b1"
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "04-more-ops" / "engine.py"
EXERCISE = "04-more-ops (engine.py)"


def labels() -> dict:
    return eighth.labels(CLASS)


def checker(folder: Path = CLASS):
    """A check(text, what) for FOLDER's files: the reference's values and gradients (eighteenth.check), except that a
    file whose label names a `bug` must fail it (the bug is real, and the label says which)."""
    found = eighth.labels(folder)["main"]

    def check(text: str, what: str) -> None:
        bug = found[what].get("bug")
        if bug is None:
            eighteenth.check(text, what)
            return
        try:
            eighteenth.check(text, what)
        except AssertionError:
            return
        raise AssertionError(f"{what}: labelled with a bug ({bug}) but gives the reference's values and gradients")

    return check


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json), every file checked."""
    return sim32b1.build(out, folder=CLASS, starter=STARTER, checker=checker(CLASS))


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
