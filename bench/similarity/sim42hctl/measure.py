"""sim42h's fresh controls (honest/, copies/) put into sim39b2 (09-write-tests' test_engine.py, session 39's blind
class), read as rescore.py reads (kept in BUILD/rescore-cache/): three honest students who paste one answer from a
question-and-answer site whole (q1, q3; q2 without its header comment) and write tests of their own through it, and a
level-2 copy of q1 (the answer kept), labelled (two of q a hard negative, the copy in its source's cluster). Its
average precision with them, the copy pair's score and rank, the q pairs (TOPK when the rank is at most k), and every
pair with a control in the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim42hctl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES = {"q1copy": ("q1", 2)}
COHORTS = ["sim39b2"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "q", "tests", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
