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

from .parsing import parse

_IMPORT_CALLS = ("__import__", "import_module")


def _imported_names(node):
    """The module names an import statement or import call brings in (dotted, as written)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        return [node.module] if node.module and not node.level else []
    if isinstance(node, ast.Call) and node.args:
        func = node.func
        called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        first = node.args[0]
        if called in _IMPORT_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
            return [first.value]
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
    except (SyntaxError, ValueError, RecursionError, MemoryError, SystemError):  # SystemError: CPython 3.11's
        return None  # "AST constructor recursion depth mismatch" on deep nesting; a file that does not parse fails its import test; nothing to read here


def forbidden_imports(files, forbid, start=None):
    """[{"module", "file", "line"}] for each import of a forbidden top-level package, in file order.

    `files` maps file names to bytes; the walk starts from `start` (the exercise's
    files, default: every .py file) and follows the submission's own modules
    that those import, so a helper module that imports numpy is found too.
    """
    forbid = frozenset(forbid)
    sources = {name[:-3]: data for name, data in files.items() if name.endswith(".py") and "/" not in name}
    todo = [name[:-3] for name in (start or files) if name[:-3] in sources]
    seen, found = set(todo), []
    while todo:
        module = todo.pop(0)
        module_tree = tree(sources[module])
        if module_tree is None:
            continue
        for node in _nodes(module_tree, sources[module]):
            for name in _imported_names(node):
                top = name.partition(".")[0]
                if top in forbid:
                    found.append({"module": top, "file": f"{module}.py", "line": node.lineno})
                elif top in sources and top not in seen:
                    seen.add(top)
                    todo.append(top)
    found.sort(key=lambda f: (f["file"], f["line"], f["module"]))
    return found
