"""A labelled class of level-4 copies written by hand (session 31, sim31a), a tuning class:
python bench/similarity/sim31l4.py OUT_DIR

Like sim29l4 and sim30l4, no program of ours makes it: its files are kept as they were written, in sim31l4/
(sim31l4/README.md says who wrote what and how; sim31l4/labels.json, run.py's schema, says what each is). On
exercises/04-more-ops' `engine.py`, checked as the eighteenth's files are (eighteenth.check against
reference/engine.py). Six whole engines of their own (sources), each copied once at level 4 by a third hand, in
restructurings neither sim29l4 nor sim30l4 used (a visitor class, op classes registered by `__init_subclass__`, a
tape of (node, rule) records, helpers inlined and backward split, an iterative walk over (node, iterator), every
name turned into another language), twelve honest engines in those same six designs (two each: hard negatives by
design, independents in the labels), and the eighteenth's twenty independents, unchanged, as the cohort's
background. Written by a helper that had read the method.

`build` copies the class into OUT_DIR, every file checked first (the background, the starter and the public source
from eighteenth/, where they are kept once). `run.py --sim31l4` and `rescore.py --sim31l4`
measure it (its own line: in neither of rescore.py's seed sets).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for reference/

import eighteenth  # noqa: E402
import eighth  # noqa: E402
import sixteenth  # noqa: E402

CLASS = Path(__file__).resolve().parent / "sim31l4"
EXERCISE = eighteenth.EXERCISE
check = eighteenth.check


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path, plain: bool = False) -> dict:
    """The class in OUT (main/submissions, main/starter, public/, labels.json), every file checked (`check`): this
    class's own files, and from the eighteenth's folder its starter, its public source and the independents this
    class's labels name (its background, kept there once)."""
    found = labels()
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(CLASS / "main", out / "main")
    shutil.copytree(eighteenth.CLASS / "main" / "starter", out / "main" / "starter")
    shutil.copytree(eighteenth.CLASS / "public", out / "public")
    for sid in found["main"]:
        if not (CLASS / "main" / "submissions" / f"{sid}.py").exists():
            shutil.copyfile(eighteenth.CLASS / "main" / "submissions" / f"{sid}.py",
                            out / "main" / "submissions" / f"{sid}.py")
    for path in sorted((out / "main" / "submissions").glob("*.py")):
        check(path.read_text(encoding="utf-8"), path.stem)
    (out / "labels.json").write_text(json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    return found


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
