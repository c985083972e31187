"""sim42a's fresh honest controls (honest/, copies/) put into the cohorts of whole engines, read as rescore.py reads
(kept in BUILD/rescore-cache/): sim37b1 to sim40b2 (the whole engine, sessions 37 to 40's blind classes), each with the
four honest students (groups j, k) and j1copy, a copy of j1 (level 1: the two are a ring of one file), added,
labelled (two members of one group that are not a copy pair a hard negative). Its average precision with them, each
group's honest pairs and the copy pair (TOPK when the rank is at most k), and every pair with a control in the top k
that is not a copy pair (controls.style_measure).

    python bench/similarity/sim42actl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES: dict[str, tuple[str, int]] = {"j1copy": ("j1", 1)}  # j1copy is j1 handed in by another student
COHORTS = ["sim37b1", "sim38b1", "sim39b1", "sim40b1", "sim40b2"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "jk", "engines", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
