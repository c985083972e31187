"""sim28b's fresh honest controls (make.py) put into cohorts of 05-backward, read as rescore.py reads (kept in
BUILD/rescore-cache/): w1, w2, w3 into fourth 2, 5, 8 and sixth 2, 5, 8. Each pair's score and rank, TOPK when its
rank is at most the class's k (its copy pairs), and any pair of a control with another control or a member of the
class in the top k (controls.py).

    python bench/similarity/sim28ctl/measure.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

COHORTS = ["fourth/seed-2", "fourth/seed-5", "fourth/seed-8", "sixth/seed-2", "sixth/seed-5", "sixth/seed-8"]


def honest() -> int:
    return controls.honest_pairs(controls.honest_files(HERE), COHORTS, "sim28ctl", "backward")


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
