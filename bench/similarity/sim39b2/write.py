"""Writes sim39b2 (python bench/similarity/sim39b2/write.py): every student's test_engine.py (the starter with their
tests in place of its TODO line), the course texts, the public text, the hard negatives, the copies and labels.json.
The tests themselves are typed by hand in students.py and course.py (the level-4 copies too)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import copies  # noqa: E402
import course  # noqa: E402
import students  # noqa: E402

STARTER = HERE.parents[2] / "exercises" / "09-write-tests" / "test_engine.py"
TODO = "# TODO(09-write-tests): your code here\n"


def filled(starter, tests, keep_todo=False):
    """STARTER with TESTS in place of its TODO line (kept above them with KEEP_TODO)."""
    return starter.replace(TODO, (TODO if keep_todo else "") + tests.lstrip("\n"), 1)


def main():
    starter = STARTER.read_text(encoding="utf-8")
    out = HERE / "main" / "submissions"
    out.mkdir(parents=True, exist_ok=True)
    for name, (_, tests) in {**students.FILES, **students.SOURCES}.items():
        (out / f"{name}.py").write_text(filled(starter, tests), encoding="utf-8")
    for name, (_, _, tests) in students.L4.items():
        (out / f"{name}.py").write_text(filled(starter, tests), encoding="utf-8")
    for folder, tests in (("lecture", course.LECTURE), ("ta-post", course.TA)):
        (HERE / "materials" / folder).mkdir(parents=True, exist_ok=True)
        (HERE / "materials" / folder / "test_engine.py").write_text(filled(starter, tests), encoding="utf-8")
    (HERE / "public" / "test_engine.py").write_text(filled(starter, course.PUBLIC), encoding="utf-8")
    for name, (tests, keep, header) in copies.HARD.items():
        (out / f"{name}.py").write_text(header + filled(starter, tests, keep), encoding="utf-8")
    for name, make in copies.COPIES.items():
        (out / f"{name}.py").write_text(make(out), encoding="utf-8")
    for name, make in copies.PUBLIC_COPIES.items():
        (out / f"{name}.py").write_text(filled(starter, make()), encoding="utf-8")
    (HERE / "labels.json").write_text(json.dumps({"main": copies.labels()}, indent=1, sort_keys=True,
                                                 ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
