"""sim34a's fresh honest controls and copies (make.py) put into the cohorts of 04-more-ops, read as rescore.py reads
(kept in BUILD/rescore-cache/): the eighteenth and fifth 3, 6, 9, each with the six honest students (three a group:
w, m) and the two copies added, labelled (each copy in one cluster with its source; two members of one group that
are not a copy pair a hard negative). For each cohort: its average precision with them, each copy pair's score and
rank, each group's honest pairs (TOPK when the rank is at most k), and every pair with a control in the top k that is
not a copy pair (controls.style_measure).

    python bench/similarity/sim34ctl/measure.py [--parts]
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

_spec = importlib.util.spec_from_file_location("sim34ctl_make", HERE / "make.py")
_make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_make)
SOURCES = _make.SOURCES
COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def measure(parts: bool = False) -> int:
    return controls.style_measure(HERE, SOURCES, COHORTS, "wm", "more-ops", parts)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv)}")
