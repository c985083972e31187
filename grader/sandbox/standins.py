"""The stand-ins of the modules a submission may import but not have: the forbidden ones (numpy, torch, micrograd,
...) and those the sandbox lacks (graphviz, matplotlib, ...), as the worker makes them (grader/sandbox/worker.py
loads this module at its start, with `_load_source`, and installs `Forbidden` as its meta-path finders).

Standard library only, and only `sys`: this runs in the sandbox, in every worker, before the student's code.
"""

import sys

_type = type

class ForbiddenModuleError(ImportError):
    """A forbidden module was used (not merely imported): the student reads this name and message."""


class _StandIn(_type(sys)):
    """What `import numpy` gives in an exercise that forbids numpy: a module with nothing in it.

    Importing costs nothing; any use raises ForbiddenModuleError naming the expression and the student's line:
    reading an attribute, calling a name taken with `from numpy import exp`, indexing, iterating, isinstance. It is
    a package with an empty path, so every submodule (`numpy.random`) is another stand-in; no real module is ever
    found, loaded or reachable through it."""

    def __getattr__(self, attr):
        if attr[:2] == "__" and attr[-2:] == "__":
            raise AttributeError(attr)  # the import machinery's and `import *`'s questions
        caller = sys._getframe(1)
        if caller.f_code.co_name == "_handle_fromlist" and caller.f_code.co_filename.startswith("<frozen"):
            # `from numpy import exp`: missing, so the import system imports the stand-in submodule `numpy.exp`
            raise AttributeError(attr)
        raise _refusal(self, "." + attr)

    def __call__(self, *args, **kwargs):
        raise _refusal(self, "(...)")

    def __getitem__(self, key):
        raise _refusal(self, "[...]")

    def __iter__(self):
        raise _refusal(self, "")

    def __instancecheck__(self, obj):
        raise _refusal(self, "")

    def __subclasscheck__(self, cls):
        raise _refusal(self, "")


SUBMISSION = [""]  # the student's folder, for the name a stand-in goes by where it was used


def _refusal(stand_in, rest):
    """`numpy` is not allowed in this exercise: `np.exp` (the judge adds the student's line)."""
    name = _type(sys).__getattribute__(stand_in, "__name__")
    top = name.partition(".")[0]
    shown = name
    frame = sys._getframe(2)
    while frame is not None:  # the student's frame that used it: the name it goes by there
        if SUBMISSION[0] and frame.f_code.co_filename.startswith(SUBMISSION[0]):
            for scope in (frame.f_locals, frame.f_globals):
                alias = next((k for k, v in scope.items() if v is stand_in), None)
                if alias is not None:
                    shown = alias
                    break
            break
        frame = frame.f_back
    taken = f" ({name})" if name != top and shown != name else ""  # `exp(...)` (numpy.exp)
    if isinstance(stand_in, _AbsentStandIn):
        return AbsentModuleError(f"`{top}` is not installed where the grader runs your code: `{shown}{rest}`{taken}")
    return ForbiddenModuleError(f"`{top}` is not allowed in this exercise: `{shown}{rest}`{taken}")


class AbsentModuleError(ModuleNotFoundError):
    """A module the sandbox lacks was used (grader/forbidden.absent_imports: graphviz above a draw_dot())."""


class _AbsentStandIn(_StandIn):
    """The stand-in of a module the sandbox lacks: refused when used, as not installed, not as forbidden."""


class _StandInLoader:
    @staticmethod
    def create_module(spec):
        return (_AbsentStandIn if spec.loader_state else _StandIn)(spec.name)

    @staticmethod
    def exec_module(module):
        pass  # a stand-in holds nothing: there is no code to run


class Forbidden:
    """A meta-path finder for the modules an exercise forbids: `stand_in` names import as stand-ins (refused when
    used); `refuse` names (the grader's own packages, or everything when the suite makes a forbidden import fatal)
    fail to import at all."""

    def __init__(self, stand_in, refuse, absent=False):  # absent: the last finder, for modules the sandbox lacks
        self.stand_in, self.refuse, self.absent = frozenset(stand_in), frozenset(refuse), absent or None

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.partition(".")[0]
        if top in self.refuse:
            raise ImportError(f"importing {fullname!r} is not allowed in this exercise: "
                              "the engine must be built from scratch with plain Python")
        if top in self.stand_in:
            return _ModuleSpec(fullname, _StandInLoader, is_package=True, loader_state=self.absent)
        return None


_ModuleSpec = _type(sys.__spec__)  # importlib's ModuleSpec, without importing importlib.machinery
