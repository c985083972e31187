"""sim41a's fresh honest controls (honest/, copies/) put into the cohorts of whole engines, read as rescore.py reads
(kept in BUILD/rescore-cache/): sim36b1 to sim40b1 (the whole engine, sessions 36 to 40's blind classes), each with the
six honest students (groups g, h, i) and i1copy, a copy of i1 (level 1: the two are a ring of one file), added,
labelled (two members of one group that are not a copy pair a hard negative). Its average precision with them, each
group's honest pairs and the copy pair (TOPK when the rank is at most k), and every pair with a control in the top k
that is not a copy pair (controls.style_measure).

    python bench/similarity/sim41actl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES: dict[str, tuple[str, int]] = {"i1copy": ("i1", 1)}  # i1copy is i1 handed in by another student
COHORTS = ["sim36b1", "sim37b1", "sim38b1", "sim39b1", "sim40b1"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "ghi", "engines", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
