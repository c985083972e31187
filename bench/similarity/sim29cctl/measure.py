"""sim29c's fresh hard negatives and copies (make.py) put into the cohorts of 04-more-ops, read as rescore.py reads
(kept in BUILD/rescore-cache/): the eighteenth and fifth 3, 6, 9, each with the twelve honest students (three a
style: l, e, c, s) and the four copies added, labelled (each copy in one cluster with its source; every two members
of one style not a copy pair a hard negative). For each cohort: its average precision with them (and its k), each
copy pair's score and rank, each style's honest pairs' scores and ranks (TOPK when the rank is at most k), and every
pair with a control in the top k that is not a copy pair.

    python bench/similarity/sim29cctl/measure.py [--parts]   (--parts: the pieces of each control pair in a top k)
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402
from make import SOURCES  # noqa: E402

COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def files() -> dict[str, str]:
    return controls.style_files(HERE)


def labels(name: str, added: dict[str, str]) -> dict:
    """The cohort NAME's labels with ADDED's: a copy in its source's cluster, every control its style's hard pair."""
    return controls.style_labels(name, added, SOURCES, "sim29cctl")


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "lecs", "more-ops", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
