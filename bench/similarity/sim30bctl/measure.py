"""sim30b's fresh hard negatives and copies (make.py) put into the cohorts of 04-more-ops, read as rescore.py reads
(kept in BUILD/rescore-cache/): the eighteenth and fifth 2, 5, 8, each with the twelve honest students (three a
style: r, h, z, p) and the three copies added, labelled (each copy in one cluster with its source; every two members
of one style not a copy pair a hard negative). For each cohort: its average precision with them (and its k), each
copy pair's score and rank, each style's honest pairs' scores and ranks (TOPK when the rank is at most k), and every
pair with a control in the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim30bctl/measure.py [--parts]   (--parts: the pieces of each control pair in a top k)
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

_spec = importlib.util.spec_from_file_location("sim30bctl_make", HERE / "make.py")
_make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_make)
SOURCES = _make.SOURCES
COHORTS = ["eighteenth", "fifth/seed-2", "fifth/seed-5", "fifth/seed-8"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "rhzp", "more-ops", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
