"""A script of bench/similarity/ loaded as a module, for the tests of the benchmark's own code."""

import collections
import importlib.util
import json
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


def holds_its_recipe(tmp_path, name, *, members, independent, levels, public, bugs, starter, evasions, hard=3):
    """Builds the blind class NAME into TMP_PATH (its build raises where a hand-in fails its check, or a labelled bug
    passes it) and asserts issue 27's recipe on its labels: MEMBERS hand-ins, INDEPENDENT independents, HARD hard
    pairs (three unless given), copy pairs at LEVELS ({level: pairs}), PUBLIC public copies, the labelled BUGS (their
    ids), the EVASIONS, and the STARTER file in the starter and public folders (sim42's to sim44's classes: one
    recipe, written once)."""
    run = load_bench("run")
    labels = load_bench(name).build(tmp_path / name)
    found = labels["main"]
    rows = list(run.labelled_pairs(labels))
    assert len(found) == members
    assert collections.Counter(level for _, _, copy, level, _ in rows if copy) == levels
    assert sum(is_hard for *_, is_hard in rows) == hard
    assert sum(m["cluster"] == "public" for m in found.values()) == public
    assert sorted(sid for sid, m in found.items() if "bug" in m) == bugs
    assert {m["evasion"] for m in found.values() if "evasion" in m} == evasions
    assert sum(m["kind"].startswith("independent") for m in found.values()) == independent
    assert (tmp_path / name / "main" / "starter" / starter).is_file()
    assert (tmp_path / name / "public" / starter).is_file()


def files_of(folder):
    """Every file under FOLDER by its relative path, as bytes: a class written again is compared byte for byte."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def writes_what_is_committed(module, monkeypatch, tmp_path, parts=("main/submissions",)):
    """A blind class's write.py (MODULE: its bench script) writes into TMP_PATH each of PARTS (and its materials when
    `materials` is among them) and labels.json exactly as committed; returns the labels it wrote."""
    write = load_writer(module, monkeypatch)
    labels = write.write_class(tmp_path)
    if "materials" in parts:
        write.write_materials(tmp_path)
    for part in parts:
        assert files_of(tmp_path / part) == files_of(module.CLASS / part), part
    assert json.loads((module.CLASS / "labels.json").read_text(encoding="utf-8")) == labels
    return labels
