"""bench/similarity/sim18ctl/ (session 24, sim18): the fresh controls by hand on 04-more-ops (design: ines, its renamed
copy ines_copy, piet, sven; held: wen, its level-1 copy wen_copy, lola, bram) are what make.py writes, and each
computes what the course's reference computes, checked as the eighteenth class checks its files (`eighteenth.check`)."""

import importlib
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench" / "similarity"
CONTROLS = BENCH / "sim18ctl"
FILES = {"design": ["ines", "ines_copy", "piet", "sven"], "held": ["bram", "lola", "wen", "wen_copy"]}


def _bench(name: str):
    sys.path.insert(0, str(BENCH))
    sys.path.insert(0, str(CONTROLS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(CONTROLS))
        sys.path.remove(str(BENCH))


def test_the_controls_are_what_make_py_writes():
    make = _bench("make")
    assert sorted(make.FILES) == sorted(f"{half}/{name}.py" for half, names in FILES.items() for name in names)
    for path, answers in make.FILES.items():
        assert (CONTROLS / path).read_text(encoding="utf-8") == make.fill(answers), path
    copies = json.loads((CONTROLS / "copies.json").read_text(encoding="utf-8"))
    assert copies == {"design": [["ines", "ines_copy"]], "held": [["wen", "wen_copy"]]}


@pytest.mark.parametrize("path", [f"{half}/{name}" for half, names in FILES.items() for name in names])
def test_each_control_passes_the_eighteenth_class_check(path):
    _bench("eighteenth").check((CONTROLS / f"{path}.py").read_text(encoding="utf-8"), path)  # raises if it differs
