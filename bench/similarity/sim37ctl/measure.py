"""sim37s's fresh honest controls (make.py) put into cohorts of their exercise, read as rescore.py reads (kept in
BUILD/rescore-cache/): 10-neuron's n1, n2, n3 into sim36b2 (session 36's blind class on 10-neuron, built by `run.py
--sim36b2`); 03-tanh's t1, t2 into the nineteenth and fourth 1, 4. Each pair's score and rank, TOPK when its rank is
at most the class's k (its copy pairs), and any pair of a control with another control or a member of the class in
the top k (controls.py).

    python bench/similarity/sim37ctl/measure.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

COHORTS = {"neuron": (("n1", "n2", "n3"), ["sim36b2"]),
           "tanh": (("t1", "t2"), ["nineteenth", "fourth/seed-1", "fourth/seed-4"])}


def honest() -> int:
    in_top = 0
    for tag, (prefixes, cohorts) in COHORTS.items():
        files = controls.honest_files(HERE, prefixes)
        in_top += controls.honest_pairs(files, cohorts, "sim37ctl", tag)
    return in_top


if __name__ == "__main__":
    print(f"pairs with a control in a top k: {honest()}")
