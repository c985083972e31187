"""sim31b's fresh honest controls and copies (make.py) put into the cohorts of 04-more-ops, read as rescore.py reads
(kept in BUILD/rescore-cache/): the eighteenth and fifth 3, 6, 9 (the seeds whose starter is 04-more-ops), each with the twelve honest students (three a
group: t, g, a, d) and the three copies added, labelled (each copy in one cluster with its source; every two members
of one group not a copy pair a hard negative). For each cohort: its average precision with them (and its k), each
copy pair's score and rank, each group's honest pairs' scores and ranks (TOPK when the rank is at most k), and every
pair with a control in the top k that is not a copy pair (controls.style_measure).

    python bench/similarity/sim31ctl/measure.py [--parts] [--listed]   (--parts: the pieces of each control pair in a
        top k; --listed: with the course's texts, sources/handout.md, beside the starter as `grade similarity` reads)
"""
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import controls  # noqa: E402

_spec = importlib.util.spec_from_file_location("sim31ctl_make", HERE / "make.py")
_make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_make)
SOURCES = _make.SOURCES
COHORTS = ["eighteenth", "fifth/seed-3", "fifth/seed-6", "fifth/seed-9"]


def measure(parts: bool = False, listed: bool = False) -> int:
    """LISTED: the course's texts (sources/handout.md) listed beside the starter, as a course hands them to `grade
    similarity --starter FOLDER` (its README*.md: handouts.py), read in build/sim31ctl/listed/."""
    handout = {"README.course.md": (HERE / "sources" / "handout.md").read_text(encoding="utf-8")} if listed else None
    return controls.style_measure(HERE, SOURCES, COHORTS, "tgad", "listed" if listed else "more-ops", parts, handout)


if __name__ == "__main__":
    print(f"pairs with a control in a top k (not a copy pair): {measure('--parts' in sys.argv, '--listed' in sys.argv)}")
