"""bench/similarity/l4stress/ (session 24, siml424): the fresh level-4 copies of by-hand classes' sources and the fresh
honest controls compute what the course's reference computes, checked as their class checks each of its files
(`sixteenth.check`, `seventeenth.check`, `eighteenth.check`), and l4stress.py's --check does so for a copy whose cohort is such a class."""

import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench" / "similarity"
COPIES = BENCH / "l4stress"
FRESH = {"dual_table_rw": ("design", "seventeenth", "s984"), "noeud_inlined_rw": ("design", "eighteenth", "s955"),
         "neuron_helpers_rw": ("held", "sixteenth", "s624")}
CONTROLS = {"dualform": (["dual_a", "dual_b"], ["seventeenth"]), "readme_check": (["neuron_a", "neuron_b"], ["sixteenth"])}


def _bench(name: str):
    sys.path.insert(0, str(BENCH))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))


def test_the_fresh_copies_and_controls_are_listed():
    copies = json.loads((COPIES / "copies.json").read_text(encoding="utf-8"))
    for name, (half, cohort, source) in FRESH.items():
        assert copies[name] == {"class": cohort, "source": source, "half": half}
        labels = json.loads((BENCH / cohort / "labels.json").read_text(encoding="utf-8"))["main"]
        assert labels[source]["cluster"] is None and "hard_pair" not in labels[source]  # an independent's file
    controls = json.loads((COPIES / "controls.json").read_text(encoding="utf-8"))
    for name, (files, classes) in CONTROLS.items():
        assert controls[name] == {"files": files, "classes": classes}


@pytest.mark.parametrize("name", sorted(FRESH))
def test_each_fresh_copy_passes_its_class_check(name):
    half, cohort, _ = FRESH[name]
    _bench(cohort).check((COPIES / half / f"{name}.py").read_text(encoding="utf-8"), name)  # raises if it differs


@pytest.mark.parametrize("name", sorted(CONTROLS))
def test_each_fresh_control_passes_its_class_check(name):
    files, (cohort,) = CONTROLS[name]
    for file in files:
        _bench(cohort).check((COPIES / "controls" / f"{file}.py").read_text(encoding="utf-8"), file)


def test_l4stress_check_reads_a_by_hand_class_through_its_own_check(tmp_path, monkeypatch):
    l4stress = _bench("l4stress")
    entry = {"class": "seventeenth", "source": "s984", "half": "design"}
    assert l4stress.check("dual_table_rw", entry, BENCH / "build") == []
    # the same copy with tanh's derivative wrong: the class's check names it
    wrong = (COPIES / "design" / "dual_table_rw.py").read_text(encoding="utf-8").replace(
        "(1 - math.tanh(self.value) ** 2)", "(1 - math.tanh(self.value))")
    (tmp_path / "design").mkdir()
    (tmp_path / "design" / "dual_table_rw.py").write_text(wrong, encoding="utf-8")
    monkeypatch.setattr(l4stress, "COPIES", tmp_path)
    problems = l4stress.check("dual_table_rw", entry, BENCH / "build")
    assert len(problems) == 1 and problems[0].startswith("dual_table_rw: (0.7, 1.0).tanh() gives ")
