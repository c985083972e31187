"""sim40a's fresh honest controls (honest/) put into the cohorts of whole engines, read as rescore.py reads (kept in
BUILD/rescore-cache/): sim35b1 to sim39b1 (the whole engine, sessions 35 to 39's blind classes), each with the four
honest students (groups d, e, f) added, labelled (two members of one group a hard negative). Its average precision
with them, each group's honest pairs (TOPK when the rank is at most k), and every pair with a control in the top k
(controls.style_measure).

    python bench/similarity/sim40actl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES: dict[str, tuple[str, int]] = {}  # no copies: honest students only
COHORTS = ["sim35b1", "sim36b1", "sim37b1", "sim38b1", "sim39b1"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "def", "engines", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
