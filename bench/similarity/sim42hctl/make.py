"""Writes sim42hctl's honest/*.py and copies/*.py: each student's tests (bodies.py) in 09-write-tests' starter where
its TODO line is, each checked first by sim39b2.check (every test passes on the course's correct engines).

    python bench/similarity/sim42hctl/make.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import sim39b2  # noqa: E402
from bodies import COPIES, HONEST  # noqa: E402

TODO = "# TODO(09-write-tests): your code here\n"


def main() -> None:
    starter = sim39b2.STARTER.read_text(encoding="utf-8")
    assert TODO in starter
    for folder, students in (("honest", HONEST), ("copies", COPIES)):
        (HERE / folder).mkdir(exist_ok=True)
        for stem, body in students.items():
            text = starter.replace(TODO, body.lstrip("\n"))
            sim39b2.check(text, stem)
            (HERE / folder / f"{stem}.py").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
