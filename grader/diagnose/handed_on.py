"""Which calls of backward() hand its work to another module: one rule for every reading of the source that must
know (session 35; before, two rules decided it differently).

The seed reading (seed_source.py) claims nothing about a backward() whose seed may be set in code this file does
not hold, and the walk's place (walk_places.py) reads the loop of a walk backward() hands to a module of the
student's own. Session 34 wrote each its own rule: the seed's counted a call through a module imported whole
(`graph.backpropagate(self)`) and any module outside the standard library, at any depth of relative import; the
walk's only a name imported by `from graph import backpropagate`, of a module in the submission beside the engine.
So a backward() calling `graph.backpropagate(self)` (after `import graph`) was a hand-over to one and not to the
other: its walk in the wrong order there had no line.

Here: a call in one of the functions read to a name the file imports from a module outside the standard library
(`from graph import f` ... `f(...)`, `from . import graph` or `import graph` ... `graph.f(...)`, `import a.b as g` ...
`g.f(...)`) hands work on to that module. Each is given with the submission's file for it where the submission
holds one (a relative import of one level, or an absolute one, resolved beside the engine), else None: code the
grader cannot read (an installed package), which may still do the work.
"""

from __future__ import annotations

import ast
import posixpath
import sys


def _imports(tree, files: dict, engine: str) -> dict[str, tuple[str | None, str | None]]:
    """name bound by an import of a module outside the standard library -> (the submission's file of that module, or
    None; the name imported from it, or None for a module bound whole)."""
    folder = posixpath.dirname(engine)

    def held(module: str, level: int) -> str | None:
        if level > 1 or not module:
            return None
        path = posixpath.join(folder, module.replace(".", "/") + ".py")
        return path if path in files and path != engine else None

    bound: dict[str, tuple[str | None, str | None]] = {}
    for node in tree.nodes(ast.Import, ast.ImportFrom):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if not node.level and module.split(".")[0] in sys.stdlib_module_names:
                continue
            for alias in node.names:
                # `from . import graph` binds a module; `from graph import f`, a name of one
                whole = held(f"{module}.{alias.name}" if module else alias.name, node.level)
                if not module or whole is not None:
                    bound[alias.asname or alias.name] = (whole, None)
                else:
                    bound[alias.asname or alias.name] = (held(module, node.level), alias.name)
        else:
            for alias in node.names:
                if alias.name.split(".")[0] in sys.stdlib_module_names:
                    continue
                name = alias.asname or alias.name.split(".")[0]
                bound[name] = (held(alias.name if alias.asname else alias.name.split(".")[0], 0), None)
    return bound


def handed_on(functions, tree, files: dict | None = None,
              engine: str = "engine.py") -> list[tuple[str | None, set[str]]]:
    """[(the submission's file of a module, or None where it holds none; the names of that module FUNCTIONS call)],
    for each module outside the standard library one of FUNCTIONS calls into (the module docstring)."""
    bound = _imports(tree, files or {}, engine)
    if not bound:
        return []
    called: dict[str | None, set[str]] = {}
    for function in functions:
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            func, attrs = node.func, []
            while isinstance(func, ast.Attribute):
                attrs.append(func.attr)
                func = func.value
            if not isinstance(func, ast.Name) or func.id not in bound:
                continue
            module, name = bound[func.id]
            called.setdefault(module, set()).add(name if name is not None else (attrs[-1] if attrs else func.id))
    return sorted(called.items(), key=lambda item: (item[0] is None, item[0] or ""))
