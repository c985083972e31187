"""sim41h's fresh controls (honest/, copies/) put into sim39b2 (09-write-tests' test_engine.py, session 39's blind
class), read as rescore.py reads (kept in BUILD/rescore-cache/): three honest students who each test the course
lecture's two worked expressions with its numbers (n), two honest students who paste one TA's forum post and use it
in tests of their own (t), a level-3 copy of n1 and a level-2 copy of t1 (who pasted the TA's post), labelled (two
members of one group a hard negative, a copy in its source's cluster). Its average precision with them, each copy
pair's score and rank, each group's honest pairs (TOPK when the rank is at most k), and every pair with a control in
the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim41hctl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES = {"n1copy": ("n1", 3), "t1copy": ("t1", 2)}
COHORTS = ["sim39b2"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "nt", "tests", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
