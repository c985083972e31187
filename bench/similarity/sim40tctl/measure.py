"""sim40b's fresh controls (honest/, copies/) put into sim39b2 (09-write-tests' test_engine.py, session 39's blind
class), read as rescore.py reads (kept in BUILD/rescore-cache/): two pairs of honest students who write the canonical
cases (p, q), two more honest students (x1, y1) and a level-4 copy of each (x1copy: a hypothesis-style seeded loop
over a tuple of cases; y1copy: a class whose setup_method makes the leaves, one method per row of the source's
parametrize table), labelled (two members of one group a hard negative, a copy in its source's cluster). Its average
precision with them, each copy pair's score and rank, each group's honest pairs (TOPK when the rank is at most k), and
every pair with a control in the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim40tctl/measure.py [--parts]
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

SOURCES = {"x1copy": ("x1", 4), "y1copy": ("y1", 4)}
COHORTS = ["sim39b2"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "pq", "tests", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
