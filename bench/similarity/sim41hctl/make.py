"""Writes sim41hctl's honest/*.py and copies/*.py: each student's tests (bodies.py) in 09-write-tests' starter where
its TODO line is, each checked first by sim39b2.check (every test passes on the course's correct engines).

    python bench/similarity/sim41hctl/make.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import sim39b2  # noqa: E402
from bodies import COPIES, HONEST  # noqa: E402

TODO = sim39b2.TODO


def main() -> None:
    sim39b2.write_controls(HERE, HONEST, COPIES)


if __name__ == "__main__":
    main()
