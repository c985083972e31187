"""The eleventh labelled class, written by hand, a tuning class: python bench/similarity/eleventh.py OUT_DIR

Network code like the tenth (exercises/07-mlp-xor's `nn.py`: `Module.zero_grad`, `Neuron`, `Layer`, `MLP` and
`train_xor`, eleven regions), written in session 14 so that changes for network code can be chosen on a class of its
kind while the tenth stays held out: unlike the eighth, ninth and tenth, it **may be tuned on** (its README says so,
and who wrote it). 43 files kept as they were written, in eleventh/ (eleventh/labels.json, run.py's schema, says what
each is): 16 independent fillers in distinct styles, 3 pairs whose own code is the same canonical lines
(`hard_pair`), 8 sources copied at levels 1-4 (two a level, one level-3 source twice: 9 copies; level 4 rewritten by
hand), and 4 copies of karpathy/micrograd's nn.py adapted to 07 (levels 1, 2, 2, 3). Its public source is the
grader's own copy of micrograd's nn.py (grader/data/public/karpathy-micrograd/nn.py, which run.public_source finds for
a class with no public/ folder of its own). No evasions: every file is plain Python.

`build` copies the class into OUT_DIR, running every file through the tenth's check first (tenth.check: the same
weights, outputs, gradients and train_xor losses as reference/nn.py). `python bench/similarity/run.py --eleventh`
and `rescore.py --eleventh` measure it (its own line: in neither of rescore.py's seed sets).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import eighth  # noqa: E402
import tenth  # noqa: E402

CLASS = HERE / "eleventh"
EXERCISE = tenth.EXERCISE


def labels() -> dict:
    return eighth.labels(CLASS)


def build(out: Path) -> dict:
    """The class in OUT (main/submissions, main/starter, labels.json), every file checked (tenth.check)."""
    return eighth.build(out, False, CLASS, tenth.check)


def main():
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    print(f"{len(build(args.out)['main'])} files in {args.out} ({EXERCISE})")


if __name__ == "__main__":
    main()
