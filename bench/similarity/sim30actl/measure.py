"""sim30a's fresh honest controls (make.py) put into the cohorts of 04-more-ops (the eighteenth and fifth 3, 6, 9),
read as rescore.py reads (kept in BUILD/rescore-cache/): each pair's score and rank, TOPK when its rank is at most the
class's k (its copy pairs), and any pair of a control with another control or a member of the class in the top k
(controls.py).

    python bench/similarity/sim30actl/measure.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def honest() -> int:
    return controls.honest_pairs(controls.honest_files(HERE), COHORTS, "sim30actl", "more-ops")


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
