"""Where a submission imports a module its exercise forbids: read from the syntax tree.

This is the evidence of the "from scratch" test. It reads the source in the
grader (nothing runs), so an import inside a function that no probe calls
counts as much as one at the top. Every form of import counts: `import numpy
as np`, `from torch import *`, `from numpy.random import seed`, and the
calls `__import__("torch")` and `importlib.import_module("torch")` with a
literal name. One walk of each file's tree: linear in its size.
"""

import ast
import collections
import threading

from .parsing import UNPARSABLE, called_name, parse

_IMPORT_CALLS = ("__import__", "import_module")


def module_name(file: str) -> str:
    """The module a file of the submission is: `autodiff/ops.py` -> `autodiff.ops`, `autodiff/__init__.py` ->
    `autodiff`, `engine.py` -> `engine`."""
    parts = file[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def own_module(module: str, package: str | None) -> str:
    """`module` as the submission's own module it is: `micrograd.engine` -> `engine` in the package the exercise
    files were handed in as (`Submission.package`, the loader's decision: grader/load/levels.py `_as_package`),
    `micrograd` -> its `__init__.py`'s module; else as it is."""
    if package is not None and module.partition(".")[0] == package:
        return module[len(package) + 1:] or package
    return module


def in_package(file: str, package: str | None) -> str:
    """The submission's file `file` where Python finds it when the submission is the package `package`
    (`Submission.package`): `engine.py` -> `micrograd/engine.py`, so that `from .engine import Value` resolves (read
    with `imported`, then `own_module`); as it is without a package."""
    return file if package is None or file.partition("/")[0] == package else f"{package}/{file}"


def _package(file: str) -> list[str]:
    """The package a relative import in `file` starts from: its own module for a package's `__init__.py`, else
    its module's parent."""
    parts = module_name(file).split(".")
    return parts if file == "__init__.py" or file.endswith("/__init__.py") else parts[:-1]


def imported(node, file: str, calls: bool = True) -> list[tuple[str, bool]]:
    """What an import statement (or, with `calls`, an import call with a literal name) in the submission's file
    `file` brings in: (module, absolute) pairs, dotted. A relative import is resolved against the file's package
    (not absolute: it is the submission's own module); one beyond the top package, which Python refuses, gives
    nothing. For `from m import a`, `m` and `m.a` (`a` may be a submodule)."""
    if isinstance(node, ast.Import):
        return [(alias.name, True) for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            package = _package(file)
            if node.level > len(package):
                return []
            base = package[:len(package) - node.level + 1]
        else:
            base = []
        module = ".".join(base + ([node.module] if node.module else []))
        found = [(module, not node.level)] if module else []
        return found + [(f"{module}.{alias.name}".lstrip("."), False) for alias in node.names if alias.name != "*"]
    if calls and isinstance(node, ast.Call) and node.args:
        called = called_name(node.func)
        first = node.args[0]
        if called in _IMPORT_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
            return [(first.value, True)]
    return []


# Where an import call can be named: a file of ASCII text that holds neither name has no such call (an
# identifier is then written as it is read: no NFKC form of it), so its import statements are all there is.
_CALL_NAMES = tuple(name.encode() for name in _IMPORT_CALLS)
# The fields of a statement that hold statements (bodies, branches, handlers, cases): where an import
# statement can be. Expressions hold none, so the walk of a file without import calls skips them.
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(tree):
    """Every statement of the tree (and except handler, match case), without the expressions inside them."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for field in _BODIES:
            children = getattr(node, field, None)
            if isinstance(children, list):
                stack.extend(children)


def _nodes(tree, source):
    """What may import: every node, or only the statements where no import call can be written."""
    if isinstance(source, bytes) and source.isascii() and not any(name in source for name in _CALL_NAMES):
        return _statements(tree)
    return ast.walk(tree)


def imports_anywhere(tree, source):
    """The import statements of a file's tree and its calls that may import by a literal name
    (`importlib.import_module("random")`, `__import__("m")`), wherever they are: in a `try` statement's body or
    handlers, an `if`, a `with`, a function's body (calls only in a text that names one: _nodes). Unlike
    imports_that_run, nothing is skipped: what a file of theirs may import, however it guards it (shadowing.py)."""
    return (node for node in _nodes(tree, source) if isinstance(node, (ast.Import, ast.ImportFrom, ast.Call)))


_PARSED: collections.OrderedDict = collections.OrderedDict()
_PARSED_LOCK = threading.Lock()
_KEPT = 4  # a submission's file is read by this walk, then by the diagnosis's hints, in the same thread


def parsed(text: str):
    """ast.parse(text), one tree for one text: this walk and the diagnosis's reading of the same source
    (grader/diagnose/source_tree.py) parse it once. The tree is shared, so neither changes it. Raises what
    ast.parse raises (parsed without another thread's parse inside it: grader/parsing.py)."""
    with _PARSED_LOCK:
        if text in _PARSED:
            _PARSED.move_to_end(text)
            return _PARSED[text]
    tree = parse(text)
    with _PARSED_LOCK:
        _PARSED[text] = tree
        if len(_PARSED) > _KEPT:
            _PARSED.popitem(last=False)
    return tree


def _as_text(source):
    """The text a file's bytes parse as, where parsing that text gives the same tree (UTF-8, no BOM, no
    coding cookie: nothing that parsing bytes reads differently), else None."""
    if not isinstance(source, bytes) or source.startswith(b"\xef\xbb\xbf") or b"coding" in source:
        return None
    try:
        return source.decode("utf-8")
    except UnicodeDecodeError:
        return None


def tree(source):
    """The syntax tree of a file's source (bytes or text), from `parsed`'s cache where its text parses alike; None
    where it does not parse. Shared: read it, never change it."""
    text = _as_text(source)
    try:
        return parse(source) if text is None else parsed(text)
    except UNPARSABLE:
        return None  # a file that does not parse fails its import test; nothing to read here


def module_parents(name: str):
    """`a.b.c` -> `a`, `a.b`, `a.b.c`: the modules importing `a.b.c` runs."""
    parts = name.split(".")
    return (".".join(parts[:i]) for i in range(1, len(parts) + 1))


def forbidden_imports(files, forbid, start=None, package=None):
    """[{"module", "file", "line"}] for each import of a forbidden top-level package, in file order.

    `files` maps file names to bytes; the walk starts from `start` (the exercise's
    files, default: every .py file) and follows the submission's own modules
    that those import, so a helper module that imports numpy is found too, and a
    module of a helper package (`autodiff/ops.py`, by `from autodiff import ops`,
    `import autodiff.ops` or a relative import inside the package), with the
    package's `__init__.py` that importing it runs. `package`: the package the files were handed in as
    (`Submission.package`), the student's own whatever its name; a helper package named as a forbidden library
    (`micrograd/__init__.py` beside engine.py) is not that, and its import is found.
    """
    forbid = frozenset(forbid)
    sources = {module_name(name): name for name in files if name.endswith(".py")}
    todo = [module_name(name) for name in (start or files) if name.endswith(".py") and module_name(name) in sources]
    seen, found = set(todo), []
    while todo:
        module = todo.pop(0)
        file = sources[module]
        module_tree = tree(files[file])
        if module_tree is None:
            continue
        for node in _nodes(module_tree, files[file]):
            for name, absolute in imported(node, in_package(file, package)):  # `from .engine import`
                top = name.partition(".")[0]
                if absolute and top in forbid and top != package:
                    found.append({"module": top, "file": file, "line": node.lineno})
                    continue
                for reached in module_parents(own_module(name, package)):
                    if reached in sources and reached not in seen:
                        seen.add(reached)
                        todo.append(reached)
    found.sort(key=lambda f: (f["file"], f["line"], f["module"]))
    return found


def _type_checking(test: ast.expr) -> bool:
    """Whether an `if` tests `TYPE_CHECKING` or `typing.TYPE_CHECKING` (false when the program runs)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
            or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_that_run(module_tree):
    """The import statements of a file's tree that run when it runs: not inside a `try` statement (the program may
    do without the module) nor in an `if TYPE_CHECKING:` body (only a type checker reads it). Statements only: an
    import is never inside an expression."""
    stack = [module_tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
        else:
            for field in _BODIES:
                children = getattr(node, field, None)
                if isinstance(children, list):
                    stack.extend(children)


# At most this many names, each at most this long, travel to the worker (one argument of its command line): a
# real engine imports a few; a file of thousands of made-up imports gets stand-ins for the first, by name.
MAX_ABSENT, MAX_ABSENT_NAME = 64, 64


def absent_imports(files, known=()):
    """The top-level modules the submission's files import where they run (`imports_that_run`) that are neither the
    standard library's, nor the submission's own (a file or package of it), nor in `known` (the suite's forbidden and
    refused ones, which have stand-ins of their own): sorted. The worker lets each import as a stand-in where the
    sandbox has no such module (grader/sandbox/standins.py, the last `Forbidden` the worker installs), so that `from graphviz import
    Digraph` above a draw_dot() that no probe calls does not stop the engine from importing; an import inside a
    `try` keeps its ImportError, which the student's code expects there."""
    import sys

    own = {name.partition("/")[0].removesuffix(".py") for name in files}
    skip = frozenset(known) | own | sys.stdlib_module_names | {"__future__"}
    found = set()
    for name, data in files.items():
        if not name.endswith(".py"):
            continue
        module_tree = tree(data)
        if module_tree is None:
            continue
        for node in imports_that_run(module_tree):
            for module, absolute in imported(node, name, calls=False):
                top = module.partition(".")[0]
                if absolute and top.isidentifier() and len(top) <= MAX_ABSENT_NAME and top not in skip:
                    found.add(top)
    return sorted(found)[:MAX_ABSENT]
