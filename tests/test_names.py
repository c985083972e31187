"""Every name the grader's code reads is bound somewhere in its file, or is a builtin.

A name read but bound nowhere is a NameError waiting for the path that reads it: `grade worker --jobs N` lost
`die_with_parent` when an import line was trimmed (5773865), and every worker process it started died at once
for a day, because the tests only started workers of one process. The check is coarser than pyflakes (a name
bound anywhere in the file counts as bound everywhere in it) and needs nothing installed: it catches a dropped
import or a renamed helper, which is how such names go missing. Annotations are left out (with `from __future__
import annotations` they are never evaluated; without it, an unbound one fails the module's import)."""

import ast
import builtins
from pathlib import Path

GRADER = Path(__file__).resolve().parents[1] / "grader"
BUILTINS = set(dir(builtins)) | {"__file__", "__name__", "__doc__", "__spec__", "__path__", "__loader__", "__package__",
                                 "__builtins__", "__annotations__", "__dict__", "__qualname__", "__module__",
                                 "__class__"}


def unbound(source):
    """[(name, line)] of the names `source` reads that it binds nowhere and that are not builtins."""
    bound, read, notes = set(), [], []
    for node in ast.walk(ast.parse(source)):
        kind = type(node)
        if kind is ast.Name:
            (read.append(node) if type(node.ctx) is ast.Load else bound.add(node.id))
        elif kind is ast.arg:
            bound.add(node.arg)
            notes.append(node.annotation)
        elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            bound.add(node.name)
            notes.append(getattr(node, "returns", None))
        elif kind is ast.AnnAssign:
            notes.append(node.annotation)
        elif kind is ast.alias:
            if node.name == "*":
                return []  # `from m import *` binds names no reading of this file can list
            bound.add((node.asname or node.name).split(".")[0])
        elif kind in (ast.Global, ast.Nonlocal):
            bound.update(node.names)
        elif kind in (ast.ExceptHandler, ast.MatchAs, ast.MatchStar) and node.name:
            bound.add(node.name)
        elif kind is ast.MatchMapping and node.rest:
            bound.add(node.rest)
    in_notes = {id(part) for note in notes if note is not None for part in ast.walk(note)}
    known = bound | BUILTINS
    return sorted({(node.id, node.lineno) for node in read if node.id not in known and id(node) not in in_notes})


def test_the_check_finds_a_dropped_import_and_nothing_in_a_sound_file():
    sound = ("import os\nfrom .auth import die_with_parent\n\ndef serve(pid: Unknown) -> Unknown:\n"
             "    die_with_parent(pid)\n    return [os.sep for _ in range(len(str(pid)))]\n")
    assert unbound(sound) == []
    assert unbound(sound.replace("from .auth import die_with_parent\n", "")) == [("die_with_parent", 4)]
    assert unbound("def f():\n    try:\n        pass\n    except OSError as err:\n        return err, missing\n") \
        == [("missing", 5)]


def test_every_name_the_grader_reads_is_bound_in_its_file_or_a_builtin():
    # grader/data/ holds texts the similarity report compares against (the public engines, the lecture's cells,
    # which read a Value defined in an earlier cell): read as text, never imported
    found = {str(path.relative_to(GRADER)): unbound(path.read_text(encoding="utf-8"))
             for path in sorted(GRADER.rglob("*.py")) if path.relative_to(GRADER).parts[0] != "data"}
    assert {path: names for path, names in found.items() if names} == {}
