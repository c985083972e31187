"""A labelled class written blind by hand (session 32, sim32w), held out: python bench/similarity/sim32b1.py OUT_DIR

Written by a helper that did not read grader/similarity, docs/similarity.md or any other class's files, to the issue's
description of its held-out class (issue 27), on exercises/04-more-ops' `engine.py` (the whole engine with eight TODO
regions): 59 files, kept as they were written in sim32b1/ (sim32b1/README.md says who wrote what and how;
sim32b1/labels.json, run.py's schema, says what each is). Checked as the eighteenth's files are (eighteenth.check
against reference/engine.py). Its public source is karpathy/micrograd's engine.py, the grader's own copy (MIT,
grader/data/public/karpathy-micrograd/LICENSE).

`build` copies the class into OUT_DIR with the exercise's starter, every file checked first. `run.py --sim32b1`
measures it (alone: the held-out default seeds are left out, as for a tuning class).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/ and exercises/

import eighteenth  # noqa: E402
import eighth  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim32b1"
STARTER = Path(__file__).resolve().parents[2] / "exercises" / "04-more-ops" / "engine.py"
EXERCISE = "04-more-ops (engine.py)"
check = eighteenth.check


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False, folder: Path = CLASS, starter: Path = STARTER, checker=check) -> dict:
    """The class in OUT (main/submissions, main/starter/engine.py, labels.json), every file checked (CHECKER); its
    public source is the grader's micrograd (run.public_source's default). FOLDER, STARTER: sim32b2.py passes its own."""
    found = eighth.labels(folder)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(folder / "main", out / "main")
    (out / "main" / "starter").mkdir()
    shutil.copyfile(starter, out / "main" / "starter" / "engine.py")
    for path in sorted((out / "main" / "submissions").glob("*.py")):
        checker(path.read_text(encoding="utf-8"), path.stem)
    (out / "labels.json").write_text(json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    return found


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
