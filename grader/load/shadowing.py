"""A student's module named as a standard one (`random.py`, `copy.py` beside engine.py): theirs where a file of theirs
imports it, as `python engine.py` finds it before Python's own. The loader carries it (levels.collect) and the worker
imports it for the student's own imports only (grader/sandbox/shadows.py: the probes', the worker's and the standard
library's own imports keep Python's; a name Python never lets a script's folder take, `time.py`, `sys.py`, stays
Python's there too). One imported by no file of theirs is left out, as before (strangers40: a correct engine beside
its `random.py` scored 0/63, "cannot import name 'as_value' from 'random'"), unless a file of theirs may import by a
name the loader cannot read (`reaches_imports`): then each is carried, and the worker decides at run time, by the
importing file, which import gets it (session 43)."""

from __future__ import annotations

import ast
import sys

from ..parsing import tree_or_none

# the standard library's names a student's module may take; never Python's start-up hooks
SHADOWING = frozenset(sys.stdlib_module_names) - {"sitecustomize", "usercustomize"}


def worker_names(tops, package) -> dict:
    """What the worker's request says of a submission's top-level modules `tops` (grader/observe): handed in as a
    package (`package`), `own`, its modules that are not named as standard ones (as_package.py); else `shadows`,
    those that are (shadows.py), where any is. The one test of "named as a standard module" (SHADOWING), the
    loader's and the worker's alike: session 42 found the observer testing sys.stdlib_module_names, so that a
    `sitecustomize.py` the loader left ordinary was a shadow in the worker."""
    if package is not None:
        return {"package": package, "own": sorted(set(tops) - {package, "__init__"} - SHADOWING)}
    shadows = sorted(name for name in tops if name in SHADOWING)
    return {"shadows": shadows} if shadows else {}


def shadowing(level, files: dict, imports, most: int) -> dict:
    """The `.py` files of `level` named as standard modules that one of `files` (name -> (content, origin)) imports,
    read by `imports(name, content, package)`, that are not among them: name in the submission -> (level, its file
    there). Where one of `files` may import by a name the loader cannot read (`reaches_imports`), each such file:
    those imported first, then the others by name, `most` in all."""
    named = sorted(f for f in level.files if f.endswith(".py") and f[:-3] in SHADOWING and f not in files)
    if not named:
        return {}
    # read as in a package of no name (`\0`): `from . import random` too, which a package handed in needs
    imported = {m.partition(".")[0] for name, (content, _) in files.items() for m in imports(name, content, "\0")}
    carried = [f for f in named if f[:-3] in imported]
    if any(reaches_imports(content) for content, _ in files.values()):
        carried += [f for f in named if f[:-3] not in imported][:max(0, most - len(carried))]
    return {f: (level, f) for f in carried}


# What reaches the import system by a name the loader cannot read: the import functions and the modules that hold
# them under any alias (`im = importlib.import_module`, `getattr(importlib, "import_" + "module")`), the builtins'
# dict (`__builtins__["__import__"]`), code run from text (`exec("import random")`), a module's loader, a function's
# globals, the class tree (`object.__subclasses__()`), sys.modules and its finders
MACHINERY = frozenset({
    "__import__", "import_module", "importlib", "builtins", "__builtins__", "exec", "eval", "compile", "runpy",
    "__loader__", "__spec__", "__globals__", "__subclasses__", "globals", "vars", "modules", "meta_path",
    "path_hooks", "spec_from_file_location", "module_from_spec", "exec_module", "load_module", "reload", "_bootstrap",
    "_gcd_import", "imp", "pkgutil", "zipimport", "_imp", "_frozen_importlib", "_frozen_importlib_external"})


def reaches_imports(content: bytes) -> bool:
    """Whether a file's code may import a module by a name its syntax does not say: a name, an attribute, a string
    or an imported module of MACHINERY, or a `getattr` of a name made at run time. Read from its syntax tree; a file
    that does not parse reaches nothing (it never runs). Where it may, the worker decides (sandbox/shadows.py: an
    import by a file of theirs gets their module, whatever the name it was called by)."""
    if not any(word.encode() in content for word in (*MACHINERY, "getattr")) or (tree := tree_or_none(content)) is None:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in MACHINERY or isinstance(node, ast.Attribute) and (
                node.attr in MACHINERY) or isinstance(node, ast.Constant) and node.value in MACHINERY:
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                (m or "").partition(".")[0] in MACHINERY for m in _modules(node)):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and (
                len(node.args) > 1 and not (isinstance(node.args[1], ast.Constant))):
            return True
    return False


def _modules(node) -> list:
    return [node.module] if isinstance(node, ast.ImportFrom) else [alias.name for alias in node.names]


def read_from(files) -> list[str]:
    """The files a static reading of the submission's imports starts from (forbidden.forbidden_imports' `start`):
    all but a top-level file named as a standard module, which is reached only where a file of theirs imports it
    (carried for their run-time imports, it may be a `code.py` of scratch work that no file of theirs imports). So
    in a package handed in too (micrograd's layout), whose top-level files are its modules and whose imports of one
    (`from . import code`, `from micrograd import code`) the reading follows (review43a: it read them all there, and
    a scratch `code.py` importing torch beside an engine with a `getattr` cost the "from scratch" test)."""
    return [name for name in files if not ("/" not in name and name.endswith(".py") and name[:-3] in SHADOWING)]
