"""sim27a's fresh honest controls (make.py) put into cohorts of their exercise, read as rescore.py reads (kept in
BUILD/rescore-cache/): 03-tanh's r1, r2 into the nineteenth and fourth 1, 4, 7; 04-more-ops' r3, r4 into the
eighteenth and fifth 3, 6, 9. Each pair's score and rank, TOPK when its rank is at most the class's k (its copy
pairs), and any pair of a control with another control or a member of the class in the top k (controls.py).

    python bench/similarity/sim27ctl/measure.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

COHORTS = {"tanh": (("r1", "r2"), ["nineteenth", "fourth/seed-1", "fourth/seed-4", "fourth/seed-7"]),
           "more-ops": (("r3", "r4"), ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"])}


def honest() -> int:
    in_top = 0
    for tag, (prefixes, cohorts) in COHORTS.items():
        files = controls.honest_files(HERE, prefixes)
        in_top += controls.honest_pairs(files, cohorts, "sim27ctl", tag)
    return in_top


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
