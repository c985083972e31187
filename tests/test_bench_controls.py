"""bench/similarity/controls.py (the fresh controls' measure: sim25ctl, sim26bctl, sim27ctl) and sim27ctl's files."""

import importlib.util
import sys

from bench_modules import BENCH, load_bench


def test_a_class_is_found_where_the_benchmark_keeps_it():
    controls = load_bench("controls")
    assert controls.source("nineteenth") == BENCH / "nineteenth"  # by hand, committed
    assert controls.source("fourth/seed-1") == BENCH / "build" / "fourth/seed-1"  # generated into the build


def test_sim27ctl_holds_what_its_make_writes():
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location("bench_sim27ctl_make", BENCH / "sim27ctl" / "make.py")
        make = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make)
    finally:
        sys.path.remove(str(BENCH))
    written = {p.stem: p.read_text(encoding="utf-8") for p in (BENCH / "sim27ctl" / "honest").glob("*.py")}
    assert written == make.HONEST
    assert sorted(written) == ["r1_a", "r1_b", "r2_a", "r2_b", "r3_a", "r3_b", "r4_a", "r4_b"]
    # each pair writes its helper alike as read, with names of its own: r1's two helpers differ as written
    assert "def _as_value(x):" in written["r1_a"] and "def to_value(v):" in written["r1_b"]
