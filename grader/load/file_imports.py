"""What a file of a submission imports, read from its syntax tree for the loader (levels.py): nothing is run.

The package a folder's top-level files form (`package_imports`), the helpers that could not be read but are imported
(`imported_unread`), and the modules a file imports (`file_imports`; with the calls of a literal name,
`imports_and_calls`: what makes a student's `random.py` theirs, shadowing.py).
"""

from __future__ import annotations

from ..forbidden import imported, imports_anywhere, imports_that_run, in_package, module_name, module_parents, own_module
from ..i18n import Message
from ..parsing import tree_or_none
from .reading import Origin


def package_imports(content: bytes, name: str) -> tuple[frozenset[str], bool]:
    """The top-level file `name`'s absolute imports' first names (`micrograd` of `from micrograd.engine import
    Value`) and whether it imports relatively (`from .engine import Value`), where it runs (imports_that_run): read
    from its syntax tree (levels._as_package parses only a file whose text may hold either)."""
    if (tree := tree_or_none(content)) is None:
        return frozenset(), False
    names, relative = set(), False
    for node in imports_that_run(tree):
        relative = relative or getattr(node, "level", 0) > 0
        names.update(module.partition(".")[0] for module, absolute in imported(node, name, calls=False) if absolute)
    return frozenset(names), relative


def imported_unread(files: dict[str, tuple[bytes, Origin]], unread: dict[str, Message],
                     package: str | None = None) -> str | None:
    """The first (by name) of the helpers that could not be read (`unread`, name in the submission -> why) that one
    of `files` imports, the import read from its syntax tree (nothing is run): `import helper`, `from pkg.sub import
    x`, `from . import ops` in a package, a module's parents included. Not an import inside a `try` statement (the
    program may do without it) or under `if TYPE_CHECKING:` (it never runs), nor in a file that does not parse (the
    sandbox says so). In the `package` the files travel as (levels._as_package), `from . import helper` imports helper."""
    modules = {module_name(name): name for name in unread}
    found = set()
    for name, (content, _) in files.items():
        for imported in file_imports(name, content, package):
            found.update(modules[m] for m in module_parents(imported) if m in modules)
    return min(found, default=None)


def file_imports(name: str, content: bytes, package: str | None = None, calls: bool = False) -> set[str]:
    """The modules the file `name` (`content`) imports outside `try` statements and `if TYPE_CHECKING:` bodies,
    absolute, dotted (a relative import resolved against its package); for `from m import a`, `m` and `m.a` (`a` may
    be a submodule): read as the "from scratch" test reads them (forbidden.imported). With `calls`, every import
    statement wherever it is (a `try` statement's body or handlers, an `if`, a `with`) and the imports by a call with
    a literal name (`importlib.import_module("random")`, `__import__("random")`), wherever the call is: one rule for
    what makes their `random.py` theirs (shadowing.py), as `python engine.py` gives it to either (session 42: the
    loader left the file out, and the call or the guarded `import random` got Python's). One parse either way."""
    if (tree := tree_or_none(content)) is None:
        return set()
    within = in_package(name, package)  # `from . import helper` in the package's `engine.py`: `helper`
    nodes = imports_anywhere(tree, content) if calls else imports_that_run(tree)
    return {own_module(module, package) for node in nodes for module, _ in imported(node, within, calls=calls)}


def imports_and_calls(name: str, content: bytes, package: str | None = None) -> set[str]:
    """file_imports with the import calls of a literal name (shadowing.py's reading)."""
    return file_imports(name, content, package, calls=True)
