"""sim27b's fresh honest controls (make.py) put into 03-tanh cohorts (the nineteenth, fourth 1, 4 and 7), read as
rescore.py reads (kept in BUILD/rescore-cache/): each pair's score and rank, TOPK when its rank is at most the class's
k (its copy pairs), and any pair of a control with another control or a member of the class in the top k
(controls.py, as sim26bctl's measure.py reads its own).

    python bench/similarity/sim27bctl/measure.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

COHORTS = ["nineteenth", "fourth/seed-1", "fourth/seed-4", "fourth/seed-7"]


def honest() -> int:
    files = controls.honest_files(HERE)
    return controls.honest_pairs(files, COHORTS, "sim27bctl", "honest")


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
