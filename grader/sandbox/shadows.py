"""A student's module named as a standard one (`random.py`, `copy.py` beside engine.py), in the worker: theirs for
their own imports, as `python engine.py` finds it before Python's (the script's folder is first on sys.path), and
Python's for everyone else's: the probes', the worker's, the standard library's own (`tempfile`'s `import random`,
`dataclasses`' `import copy`). Loaded for such a submission only (`shadows=random,copy` in the request: grader/observe,
from what the loader carried, grader/load/shadowing.py): a module more in every worker would move the heap that a
set-ordered engine's score reads (docs/determinism.md).

Which import is the student's is told by the importing module's `__file__`: a file of their folder (engine.py, a
helper, a package's module, their `random.py` itself). Their module is loaded once, under its own name, and kept out
of sys.modules, so that nothing of the grader's that imports the name later gets it.

What Python never lets a script's folder shadow stays Python's here too (the student's file is never imported): a
module built into the interpreter (`sys`, `time`, `math` where it is built in: sys.builtin_module_names), a frozen one
(`os`, `codecs`, `io`, ... since Python 3.11) and one the interpreter imported before the script ran (`encodings`):
read on the running Python, not from a list.

A `random.py` that imports `random` imports itself, as under `python engine.py`: a circular import, whose error
(`cannot import name 'shuffle' from partially initialized module 'random' (most likely due to a circular import)`)
is Python's own, the module's spec marked as initializing while it runs."""

import sys

_frozen_importlib = sys.modules["_frozen_importlib"]  # the import system, loaded at every interpreter's start
_external = sys.modules["_frozen_importlib_external"]


def started():
    """The modules the interpreter imported before the script (the worker) ran: sys.modules' names before
    `__main__`, which the interpreter adds just before it runs the script."""
    names = []
    for name in sys.modules:
        if name == "__main__":
            break
        names.append(name)
    return names


def shadowable(names):
    """Of `names`, those a script's folder takes from the standard library on this Python."""
    import _imp

    early = started()
    return frozenset(name for name in names if name in sys.stdlib_module_names and name not in sys.builtin_module_names
                     and not _imp.is_frozen(name) and name not in early)


def _callers_file(globals=None):
    """The file whose import the wrapper calling this does: GLOBALS' `__file__`, else that of the code that called
    the wrapper, or of the nearest code below it that has one: a text run by exec or eval with globals of no file
    (`exec("import random", {})`) imports for the file that ran it, as under `python engine.py`, where the script's
    folder is first for every import (redteam44: Python's module, the one import of theirs the worker did not give
    them). None where no Python code called it: a wrapper called from C with no Python frame below it
    (`_thread.start_new_thread(__import__, ("random",))`, where sys._getframe raises ValueError); no file of the
    student's called it then: Python's module (mend42a)."""
    file = dict.get(globals, "__file__") if isinstance(globals, dict) else None
    try:
        frame = sys._getframe(2)
    except ValueError:
        return None
    while type(file) is not str and frame is not None:
        if frame.f_code.co_filename.startswith("<frozen"):
            return None  # the import system's, or a standard module frozen without a `__file__` (Python 3.10)
        file, frame = frame.f_globals.get("__file__"), frame.f_back
    return file if type(file) is str else None


def install(request, folder):
    """The student's modules the request names (`shadows=random,copy`) imported for their files' imports from here
    on: builtins.__import__ wrapped, and importlib.import_module once `importlib` is imported. Returns the names
    that are theirs on this Python."""
    theirs = shadowable(m for m in request.get("shadows", "").split(",") if m)
    if not theirs:
        return theirs
    import builtins

    loaded = {}
    standard = builtins.__import__

    def load(name):
        module = loaded.get(name)
        if module is not None:
            return module
        spec = _external.spec_from_file_location(name, folder + name + ".py")
        module = _frozen_importlib.module_from_spec(spec)
        loaded[name] = module  # before it runs: its own `import random` finds it, partially initialized
        spec._initializing = True
        try:
            spec.loader.exec_module(module)
        except BaseException:
            loaded.pop(name, None)  # as Python takes a module whose import failed out of sys.modules
            raise
        finally:
            spec._initializing = False
        return module

    def __import__(name, globals=None, locals=None, fromlist=(), level=0, file=None):
        if level == 0 and type(file) is str and name.partition(".")[0] in theirs:
            if file.startswith(folder):
                head, dot, _ = name.partition(".")
                module = load(head)
                if dot:  # `import random.x`: their random.py is a module, not a package
                    raise ModuleNotFoundError(f"No module named {name!r}; {head!r} is not a package", name=name)
                return module
        return standard(name, globals, locals, fromlist, level)

    def import_module(name, package=None):
        """`importlib.import_module("random")` called from a file of theirs: their module, as their `import random`
        statement gets (and as `python engine.py` gives it); Python's for everyone else (session 42: it was Python's
        there, where the statement beside it was theirs)."""
        if type(name) is str and name.partition(".")[0] in theirs:
            file = _callers_file()
            if type(file) is str and file.startswith(folder):
                return __import__(name, None, None, ("_",), 0, file)
        return standard_import_module[0](name, package)

    # `importlib` (never theirs: frozen in part, and not shadowable) is not imported here: a worker's start imports
    # no `importlib` nor its `warnings`, and two modules more would move the heap of every such submission (review42a).
    # Its import_module is replaced once the module is in sys.modules with one: now, or at the first import after
    # (theirs or the standard library's, each through __import__ above), before that import's `from importlib import
    # import_module` reads it
    standard_import_module = []

    def replace_import_module():
        module = sys.modules.get("importlib")
        found = getattr(module, "import_module", None) if module is not None else None
        if found is not None:
            standard_import_module.append(found)
            module.import_module = import_module
            module.__import__ = importing  # `importlib.__import__("random")`: as builtins' (session 43: Python's)

    def importing(name, globals=None, locals=None, fromlist=(), level=0):
        """builtins.__import__: __import__ above, and import_module replaced once `importlib` is there."""
        # the importing file decides: the globals' (an import statement's), or the caller's (`__import__("random")`
        # called), or the file below a text exec'd with globals of its own
        file = _callers_file(globals) if type(name) is str and name.partition(".")[0] in theirs else None
        module = __import__(name, globals, locals, fromlist, level, file)
        if not standard_import_module:
            replace_import_module()
        return module

    builtins.__import__ = importing
    replace_import_module()
    return theirs
