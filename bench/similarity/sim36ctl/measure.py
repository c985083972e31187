"""sim36a's fresh honest controls and copies (honest/, copies/) put into the cohorts of whole engines, read as
rescore.py reads (kept in BUILD/rescore-cache/): sim35b1 (the whole engine, session 35's blind class) and the
eighteenth (04-more-ops, by hand), each with the five honest students (two groups: d, r) and the two level-4 copies
added, labelled (each copy in one cluster with its source; two members of one group that are not a copy pair a hard
negative). Its average precision with them, each copy pair's score and rank, each group's honest pairs (TOPK when the
rank is at most k), and every pair with a control in the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim36ctl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES = {"d1_copy": ("d1", 4), "r1_copy": ("r1", 4)}  # copy -> (its source, its level)
COHORTS = ["sim35b1", "eighteenth"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "dr", "engines", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
