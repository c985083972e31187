"""A submission handed in as a package, in the worker (grader/sandbox/worker.py loads it, for such a one only: a
module more in every worker would move the heap that a set-ordered engine's score reads, docs/determinism.md).

grader/load/levels.py carries the folder the exercise files were found in as the package their imports name
(`micrograd/engine.py` and `micrograd/nn.py`, whose nn.py says `from micrograd.engine import Value`, as micrograd's
own repository does, or `from .engine import Value`), holding only its `__init__.py` (the loader's decision,
`Submission.package`, made by grader/load/levels.py's `_as_package`). Here that package is the submission's folder, with the `__init__.py` it was handed in with, and
each of the submission's own top-level modules is that package's module under both names, one module object:
`import engine` (the probes') and `from micrograd.engine import Value` reach the same `Value`. Whatever the package
is named, it is the student's, not the library of a forbidden name: this finder comes before the worker's others.
"""

import sys

_ModuleSpec = type(sys.__spec__)  # importlib's ModuleSpec, without importing importlib.machinery


class _Package:
    """The meta-path finder of the package `package` whose modules are the submission's top-level `own` ones."""

    def __init__(self, package, own, folder):
        self.package, self.own, self.folder = package, frozenset(own), folder
        self.path_finder = next(f for f in sys.meta_path if getattr(f, "__name__", "") == "PathFinder")

    def find_spec(self, fullname, path=None, target=None):
        if fullname == self.package:  # its __init__.py, in the folder named so; its modules, the submission's
            spec = self.path_finder.find_spec(fullname, [self.folder])
            if spec is not None:
                spec.submodule_search_locations = [self.folder]
            return spec
        head, _, rest = fullname.partition(".")
        if head == self.package and rest:  # found where its parent's __path__ says: the folder, or a subpackage's
            return self.path_finder.find_spec(fullname, path or [self.folder])
        if fullname in self.own:
            return _ModuleSpec(fullname, _Alias, loader_state=self.package + "." + fullname)
        return None


class _Alias:
    """`engine` as the package's `micrograd.engine`: imports that and gives it, as it is."""

    @staticmethod
    def create_module(spec):
        __import__(spec.loader_state)
        module = sys.modules[spec.loader_state]
        spec.loader_state = module.__spec__  # the import system sets the alias's spec on the module: undone below
        return module

    @staticmethod
    def exec_module(module):
        module.__spec__ = module.__spec__.loader_state


def install(request, folder):
    """The package the worker's request names (`package=micrograd`, `own=engine,nn`: grader/observe) made the
    submission's: its finder first in sys.meta_path, before the forbidden modules' stand-ins."""
    own = [m for m in request.get("own", "").split(",") if m]
    sys.meta_path.insert(0, _Package(request["package"], own, folder))
