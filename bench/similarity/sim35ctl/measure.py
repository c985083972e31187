"""sim35a's fresh honest controls and copies (honest/, copies/) put into the cohort of 07-mlp-xor's nn.py, read as
rescore.py reads (kept in BUILD/rescore-cache/): the eleventh, with the five honest students (two groups: r, g) and
the two level-4 copies added, labelled (each copy in one cluster with its source; two members of one group that are not
a copy pair a hard negative). Its average precision with them, each copy pair's score and rank, each group's honest
pairs (TOPK when the rank is at most k), and every pair with a control in the top k that is not a copy pair
(controls.style_measure).

    python bench/similarity/sim35ctl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES = {"r1_copy": ("r1", 4), "g1_copy": ("g1", 4)}  # copy -> (its source, its level)
COHORTS = ["eleventh"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "rg", "mlp-xor", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
