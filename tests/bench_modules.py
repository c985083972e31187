"""A script of bench/similarity/ loaded as a module, for the tests of the benchmark's own code."""

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "similarity"


def load_bench(name):
    """bench/similarity/NAME.py as the module bench_NAME (its folder on sys.path while it loads: it imports its
    neighbours by name)."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))
