"""sim31a's fresh honest controls (honest/, typed by hand) put into cohorts of 04-more-ops, read as rescore.py reads
(kept in BUILD/rescore-cache/): each pair's score and rank, TOPK when its rank is at most the class's k (its copy
pairs), and any pair of a control with another control or a member of the class in the top k (controls.py). e1 and
e2 go into the eighteenth and fifth 3; e3 and e4 (typed by editing e1's and e2's files) into fifth 6 and 9, never
beside the files they were typed from.

    python bench/similarity/sim31actl/measure.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

PLACES = {("e1", "e2"): ["eighteenth", "fifth/seed-3"], ("e3", "e4"): ["fifth/seed-6", "fifth/seed-9"]}


def honest() -> int:
    return sum(controls.honest_pairs(controls.honest_files(HERE, pairs), cohorts, "sim31actl", "-".join(pairs))
               for pairs, cohorts in PLACES.items())


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
