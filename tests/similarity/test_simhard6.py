"""bench/similarity/hardstress/ (session 23, simhard6): each fresh hand fills its exercise's starter into a file Python
parses, every region it names filled, and each fresh group is two students (a design or a held half's pair)."""

import ast
import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "bench" / "similarity"
STARTERS = {"more_ops": "04-more-ops/engine.py", "neuron": "10-neuron/neuron.py", "nn": "07-mlp-xor/nn.py",
            "dual": "08-dual-numbers/dual.py", "fit_line": "11-fit-line/fit_line.py"}
FRESH = {"more_ops": ["s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10"], "neuron": ["s5", "s6"], "nn": ["s5", "s6"],
         "dual": ["s5", "s6"], "fit_line": ["s5", "s6"]}


def _hardstress():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_hardstress_simhard6", BENCH / "hardstress.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))


@pytest.mark.parametrize("kind", sorted(FRESH))
def test_each_fresh_hand_fills_its_starter(kind):
    hardstress = _hardstress()
    starter = (REPO / "exercises" / STARTERS[kind]).read_text(encoding="utf-8")
    groups = hardstress.groups(kind)
    for group in FRESH[kind]:
        assert [p.name for p in groups[group]] == [f"{group}a.txt", f"{group}b.txt"]
        for path in groups[group]:
            hand = hardstress.sections(path.read_text(encoding="utf-8"))
            text = hardstress.filled(starter, hand)
            ast.parse(text)
            for name in hand:
                if name.startswith("region "):
                    assert f'write {name[len("region "):]}")' not in text, (path.name, name)
