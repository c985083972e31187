"""A second labelled class written blind by hand (session 44, simw44), held out: python bench/similarity/sim44b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, with **partial copies in long engines**: 40 hand-ins of 04-more-ops' engine.py (exercises/04-more-ops/engine.py,
sim44b2/starter/) in which students wrote long files (about 150 to 320 lines: operations of their own, helpers, a
__repr__, tests at the bottom, debugging prints left in), handed in through **Canvas** and downloaded with "Download
Submissions" (`<lastfirst>_<user id>_<file id>_engine.py`, one `_LATE_`, one resubmission's `engine-1.py`; the
grader's id is `<lastfirst>_<user id>`, the key of labels.json). Five copiers took **only one region** of a friend's
file (backward() and its sort, the operations, the helpers) into their own otherwise honest file, at levels 1-3
(labels.json names the region: the copier's `region`); three copied a whole file and restructured it by hand (level
4); three hard pairs typed the README's bodies and nothing else alike; two pasted karpathy/micrograd's engine.py.
sim44b2/write.py writes main/submissions and labels.json from sim44b2/fills44b2.py and copiers44b2.py (each student's
bodies and additions), sim44b2/hand/ (the level-4 copies) and public/engine.py (micrograd, MIT, public/LICENSE, the
grader's own copy); sim44b2/README.md says who wrote what.

Every hand-in is checked by `check`: sim43b1's check of 04-more-ops' whole engine (every operation's value and
gradients against reference/engine.py, constants on both sides, reuse, diamonds, random DAGs of every operation, a
chain of 300 steps), its engine.py imported with no bytecode written and what it prints dropped; a hand-in labelled
with a `bug` must fail it, every other one must pass it.

`build` copies the class into OUT (main/submissions, main/starter/engine.py, labels.json, materials/, public/), every
hand-in checked first. `run.py --sim44b2` measures it (alone, held out)."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim43b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim44b2"
STARTER = CLASS / "starter" / "engine.py"
EXERCISE = ("04-more-ops' engine, long files in a Canvas download (ids lastfirst_userid; partial copies of one "
            "region)")
CANVAS = re.compile(r"(?P<name>[a-z]+)(?:_LATE)?_(?P<user>[1-9]\d*)_(?P<file>\d+)_(?P<file_name>engine(?:-\d+)?\.py)")


def check(path: Path) -> None:
    """The engine.py at PATH is right (AssertionError saying where; an error its code raises is reported as one)."""
    limit = sys.getrecursionlimit()
    try:
        module = sim43b1.load_module(path, "sim44b2_" + re.sub(r"\W", "_", path.stem))
        with contextlib.redirect_stdout(io.StringIO()):
            sim43b1.engine_check(module.Value, path.name)
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 -- the student's code raised: the check fails, saying how
        raise AssertionError(f"{path.name}: {type(error).__name__}: {error}") from error
    finally:
        sys.setrecursionlimit(limit)


def hand_ins(folder: Path) -> dict[str, Path]:
    """{lastfirst_userid: the file} from Canvas's file names (the grader's own reader is grader/load, not used here so
    that the check stands apart from it)."""
    found = {}
    for path in sorted(folder.iterdir()):
        named = CANVAS.fullmatch(path.name)
        assert named, f"{path.name}: not a Canvas download's name"
        sid = f"{named.group('name')}_{named.group('user')}"
        assert sid not in found, f"{sid}: two files"
        found[sid] = path
    return found


def checked(folder: Path, labels: dict) -> None:
    """Every hand-in of FOLDER passes `check`, but one labelled with a `bug`, which must fail it."""
    sim43b1.verdicts(hand_ins(folder), labels, check)


def build(out: Path) -> dict:
    """The class in OUT, every hand-in checked first; returns its labels."""
    return sim43b1.copy_class(CLASS, STARTER, out, checked)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
