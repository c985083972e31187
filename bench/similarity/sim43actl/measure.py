"""sim43a's fresh honest controls (honest/) put into the cohorts of whole engines, read as rescore.py reads (kept in
BUILD/rescore-cache/): sim37b1, sim38b1, sim39b1, sim40b1 and sim40b2 (sessions 37 to 40's blind classes), each with
the four honest students (groups m, n) added, labelled (two members of one group a hard negative). Its average
precision with them, each group's honest pairs (TOPK when the rank is at most k), and every pair with a control in the
top k (controls.style_measure).

    python bench/similarity/sim43actl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES: dict[str, tuple[str, int]] = {}  # no copies: every pair of theirs is honest
COHORTS = ["sim37b1", "sim38b1", "sim39b1", "sim40b1", "sim40b2"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "mn", "engines", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
