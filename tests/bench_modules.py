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


# the names the blind classes' writers import beside them: another class's modules of those names are put aside first
WRITER_MODULES = ("copies", "copier", "fillers", "students", "course", "fill", "bodies", "extras")


def load_writer(module, monkeypatch):
    """A blind class's write.py (MODULE: its bench script, whose CLASS is the class's folder), loaded with that folder
    first on sys.path: it imports its specs beside it by name, so modules of those names are dropped from sys.modules
    for the test, and after it MONKEYPATCH puts back what was there before (another test's class's modules, or
    nothing): a later test loading another class's write.py does not get this class's `fillers`."""
    for name in WRITER_MODULES:
        monkeypatch.setitem(sys.modules, name, None)  # recorded as it was, restored after the test
        del sys.modules[name]
    monkeypatch.syspath_prepend(str(module.CLASS))
    spec = importlib.util.spec_from_file_location(f"{module.CLASS.name}_write", module.CLASS / "write.py")
    write = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(write)
    return write
