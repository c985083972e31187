"""The stand-ins of the modules a submission may import but not have: the forbidden ones (numpy, torch, micrograd,
...) and those the sandbox lacks (graphviz, matplotlib, ...), as the worker makes them (grader/sandbox/worker.py
loads this module at its start, with `_load_source`, and installs `Forbidden` as its meta-path finders).

Standard library only, and only `sys` (and `opcode`, imported where a display-only no-op is first iterated): this
runs in the sandbox, in every worker, before the student's code.
"""

import sys

_type = type

class ForbiddenModuleError(ImportError):
    """A forbidden module was used (not merely imported): the student reads this name and message."""


class _StandIn(_type(sys)):
    """What `import numpy` gives in an exercise that forbids numpy: a module with nothing in it.

    Importing costs nothing, and so does naming what is in it (`np.ndarray`: a `_Name`); any use raises
    ForbiddenModuleError naming the expression and the student's line: calling (`np.exp(...)`, a name taken with
    `from numpy import exp`), indexing, iterating, isinstance, arithmetic. It is a package with an empty path, so
    every submodule (`numpy.random`) is another stand-in; no real module is ever found, loaded or reachable through
    it."""

    def __getattr__(self, attr):
        if attr[:2] == "__" and attr[-2:] == "__":
            raise AttributeError(attr)  # the import machinery's and `import *`'s questions
        caller = sys._getframe(1)
        if caller.f_code.co_name == "_handle_fromlist" and caller.f_code.co_filename.startswith("<frozen"):
            # `from numpy import exp`: missing, so the import system imports the stand-in submodule `numpy.exp`
            raise AttributeError(attr)
        return _Name(self, "." + attr)

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


class _Name:
    """A name read from a stand-in (`np.ndarray`, `graphviz.Digraph`, `plt.Figure`, and on: `np.random.seed`).

    Naming it costs nothing: Python evaluates a type hint where its `def` runs (`def draw_dot(root) ->
    graphviz.Digraph:`), and a student keeps a name for later (`Digraph = graphviz.Digraph`, `DTYPE = np.float64`);
    session 26: such an engine did not import, 0/63, where the module itself would have cost nothing. Any use of it
    is refused as the module's is, naming the whole expression (`np.exp(...)`): a call, an index, iterating, a
    number or truth made of it, arithmetic and order, isinstance, a base class. Shown or printed, it says what it
    stands for."""

    __slots__ = ("_module", "_path")

    def __init__(self, module, path):
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_path", path)

    def __getattr__(self, attr):
        if attr[:2] == "__" and attr[-2:] == "__":
            raise AttributeError(attr)  # typing's and copy's questions (`Optional[np.ndarray]`)
        return _Name(self._module, self._path + "." + attr)

    def __repr__(self):
        return f"<{_type(sys).__getattribute__(self._module, '__name__')}{self._path}: not in the sandbox>"


def _refuses(rest):
    def refused(self, *args, **kwargs):
        raise _refusal(self._module, self._path + rest, self)
    return refused


for _rest, _dunders in {"(...)": "call", "[...]": "getitem setitem delitem", "": (
        "iter len contains bool float int index complex abs neg pos invert round trunc floor ceil lt le gt ge "
        "add radd sub rsub mul rmul truediv rtruediv floordiv rfloordiv mod rmod pow rpow matmul rmatmul "
        "instancecheck subclasscheck mro_entries enter exit setattr delattr")}.items():
    for _dunder in _dunders.split():
        setattr(_Name, f"__{_dunder}__", _refuses(_rest))


SUBMISSION = [""]  # the student's folder, for the name a stand-in goes by where it was used


def _refusal(stand_in, rest, used=None):
    """`numpy` is not allowed in this exercise: `np.exp(...)` (the judge adds the student's line). USED is the
    `_Name` used (`np.exp`, whose REST holds `.exp`), where it was not the module itself."""
    name = _type(sys).__getattribute__(stand_in, "__name__")
    top = name.partition(".")[0]
    shown = name
    frame = sys._getframe(2)
    while frame is not None:  # the student's frame that used it: the name it goes by there
        if SUBMISSION[0] and frame.f_code.co_filename.startswith(SUBMISSION[0]):
            for scope in (frame.f_locals, frame.f_globals):
                kept = next((k for k, v in scope.items() if v is used), None) if used is not None else None
                if kept is not None:  # `DTYPE(...)` (numpy.float64)
                    name, shown, rest = name + used._path, kept, rest[len(used._path):]
                    break
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


class _Nothing(_Name):
    """What a display-only library gives (`plt.plot(losses)`, `plt.gca().get_xlim()`, `Digraph().node(...)`): a
    silent no-op that takes any further call, attribute, item, assignment and `with` and gives another `_Nothing`;
    iterated it is empty, or as many `_Nothing`s as an unpacking asks for (`fig, ax = plt.subplots()`), and its
    `len` is 0, as its iteration (session 27: `for i in range(len(axes))` stopped a correct engine, 0/63);
    `plt.subplots(...)` is a pair of them, as matplotlib's (`list(plt.subplots())`). It is never a number or a
    truth: using it as one (`float(...)`, arithmetic, order, `==`, `bool`, an index) is refused as a `_Name`'s use
    is, so nothing a plot would have answered reaches what is scored."""

    __slots__ = ()

    def __getattr__(self, attr):
        if attr[:2] == "__" and attr[-2:] == "__":
            raise AttributeError(attr)
        return _Nothing(self._module, self._path + "." + attr)

    def __call__(self, *args, **kwargs):
        last = (_type(sys).__getattribute__(self._module, "__name__") + self._path).rpartition(".")[2]
        if _type(sys).__getattribute__(self._module, "__name__").partition(".")[0] == "tqdm":
            if last == "trange" or last == "tnrange":
                return _Bar(self._module, self._path + "(...)", range(*args))
            if last.startswith("tqdm"):  # tqdm(iterable, desc=...), tqdm(total=n): a bar of nothing
                iterable = args[0] if args else kwargs.get("iterable")
                return _Bar(self._module, self._path + "(...)", () if iterable is None else iterable)
        if _type(sys).__getattribute__(self._module, "__name__") + self._path == "matplotlib.pyplot.subplots":
            # a figure and its axes, as matplotlib gives them: `list(plt.subplots())`, `plt.subplots()[1]`
            return (_Nothing(self._module, self._path + "(...)[0]"), _Nothing(self._module, self._path + "(...)[1]"))
        return _Nothing(self._module, self._path + "(...)")

    def __getitem__(self, key):
        return _Nothing(self._module, self._path + "[...]")

    def __setitem__(self, key, value):
        pass

    def __delitem__(self, key):
        pass

    def __setattr__(self, attr, value):
        pass

    def __delattr__(self, attr):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None  # an exception inside the `with` goes on

    def __iter__(self):
        return iter([_Nothing(self._module, self._path + "[...]") for _ in range(_unpacked(sys._getframe(1)))])

    def __len__(self):  # as long as iterating it is: `for i in range(len(axes))` draws nothing, as `for ax in axes`
        return 0

    def __repr__(self):
        return f"<{_type(sys).__getattribute__(self._module, '__name__')}{self._path}: display only, not shown>"

    __hash__ = object.__hash__


class _Bar(_Nothing):
    """A progress bar (`tqdm(range(n))`, `trange(n)`): iterated, the iterable it was given, unchanged."""

    __slots__ = ("_iterable",)

    def __init__(self, module, path, iterable):
        _Nothing.__init__(self, module, path)
        object.__setattr__(self, "_iterable", iterable)

    def __iter__(self):
        return iter(self._iterable)

    def __len__(self):  # the length of the student's own iterable (`list(tqdm(range(n)))`); TypeError without one
        return len(self._iterable)


def _unpacked(frame):
    """How many values the instruction FRAME runs takes from what it iterates: n for `a, b = ...` (UNPACK_SEQUENCE
    n), the named ones for `a, *rest = ...`; 0 for a `for` loop and everything else."""
    import opcode
    code, at = frame.f_code.co_code, frame.f_lasti
    if at < 0 or at + 1 >= len(code):
        return 0
    if code[at] == opcode.opmap["UNPACK_SEQUENCE"]:
        return code[at + 1]
    if code[at] == opcode.opmap["UNPACK_EX"]:  # before the starred name, and after it (an EXTENDED_ARG's)
        return code[at + 1] + (code[at - 1] if at >= 2 and code[at - 2] == opcode.opmap["EXTENDED_ARG"] else 0)
    return 0


for _dunder in ("eq", "ne"):
    setattr(_Nothing, f"__{_dunder}__", _refuses(""))


class AbsentModuleError(ModuleNotFoundError):
    """A module the sandbox lacks was used (grader/forbidden.absent_imports: graphviz above a draw_dot())."""


class _AbsentStandIn(_StandIn):
    """The stand-in of a module the sandbox lacks: refused when used, as not installed, not as forbidden."""


# The display-only libraries: what they do is show (a progress bar, a plot, a rendered graph), and nothing they do
# changes what an engine computes. Where the sandbox lacks one, its stand-in does nothing, silently (`_Nothing`).
# Colab's own module (`google.colab`: `drive.mount(...)`, `files.download(...)`, `output.clear()`) reaches only the
# notebook's place in Colab, so it is one of them (session 27: a correct Colab notebook whose first cell mounts
# Drive scored 0/63, "`google` is not installed where the grader runs your code: `drive.mount(...)`"). Jupyter's
# widgets (`ipywidgets`: `@interact(x=FloatSlider(...))` over a function that prints tanh's slope) show controls
# whose callbacks run when the student moves them, in the browser; here the decorated name is a no-op, and a
# widget's `.value` is never a number (session 30: a correct notebook with such a slider 0/63, "`ipywidgets` is not
# installed where the grader runs your code: `FloatSlider(...)`").
DISPLAY_ONLY = ("tqdm", "matplotlib", "seaborn", "graphviz", "IPython.display", "google.colab", "ipywidgets")


def _display_only(name):
    return any(name == shown or name.startswith(shown + ".") for shown in DISPLAY_ONLY)


class _DisplayStandIn(_AbsentStandIn):
    """The stand-in of a display-only library the sandbox lacks (`DISPLAY_ONLY`): every call, attribute, item and
    `with` of it is a `_Nothing`, a silent no-op. `tqdm(iterable)` and `trange(n)` pass the iterable through."""

    def __getattr__(self, attr):
        if attr[:2] == "__" and attr[-2:] == "__":
            raise AttributeError(attr)
        caller = sys._getframe(1)
        if caller.f_code.co_name == "_handle_fromlist" and caller.f_code.co_filename.startswith("<frozen"):
            raise AttributeError(attr)  # `from tqdm import tqdm`: the stand-in submodule `tqdm.tqdm`, as above
        return _Nothing(self, "." + attr)

    def __call__(self, *args, **kwargs):
        return _Nothing(self, "")(*args, **kwargs)

    def __getitem__(self, key):
        return _Nothing(self, "[...]")

    def __iter__(self):
        return iter(())


class _StandInLoader:
    @staticmethod
    def create_module(spec):
        if spec.loader_state and _display_only(spec.name):
            return _DisplayStandIn(spec.name)
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


class SelfPipe:
    """A meta-path finder that loads asyncio's selector event loop with a pipe for its wake-ups instead of a socket
    pair: the sandbox's seccomp filter refuses `socketpair` (docs/security.md), so `asyncio.run(...)` raised
    "PermissionError: [Errno 1] Operation not permitted" where it makes its loop, and a correct engine whose
    backward() is a coroutine scored 2/63 (tests/test_strangers31.py). A pipe carries the same wake-up bytes (the loop
    only writes to one end and reads from the other), with the same results everywhere the worker runs."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "asyncio.selector_events":
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _PipedLoader(spec.loader)
        return spec


class _PipedLoader:
    """The standard library's loader of asyncio.selector_events, which gives its loops a pipe (_make_self_pipe)."""

    def __init__(self, loader):
        self.loader = loader

    def __getattr__(self, name):  # get_source, get_code, ...: the module's own (tracebacks quote its lines)
        return getattr(self.loader, name)

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        module.BaseSelectorEventLoop._make_self_pipe = _make_self_pipe


def _make_self_pipe(loop):
    import os

    read, write = os.pipe()
    os.set_blocking(read, False)
    os.set_blocking(write, False)
    loop._ssock, loop._csock = _PipeEnd(read), _PipeEnd(write)
    loop._internal_fds += 1
    loop._add_reader(read, loop._read_from_self)


class _PipeEnd:
    """One end of a pipe with the calls asyncio makes on its self-pipe's sockets (recv, send, fileno, close)."""

    def __init__(self, fd):
        self.fd = fd

    def fileno(self):
        return self.fd

    def recv(self, size):
        import os

        return os.read(self.fd, size)

    def send(self, data):
        import os

        return os.write(self.fd, data)

    def setblocking(self, flag):
        import os

        os.set_blocking(self.fd, flag)

    def close(self):
        import os

        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            os.close(fd)
