"""What a student's exception shows, as data (grader/records.ExceptionFacts): charging and diagnosis decide from these
facts, never from the message's text. Loaded by the worker (worker.py) before the submission is imported, so the names
bound here are Python's own whatever the submission replaces later; called only on the unhappy path."""

_type, _str, _int, _tuple, _BaseException, _RuntimeError = type, str, int, tuple, BaseException, RuntimeError
_MemoryError, _isinstance, _dict = MemoryError, isinstance, dict
_STOPS_A_CELL = (Exception, SystemExit, KeyboardInterrupt)  # what a Jupyter cell shows as its error, Run All stopped
_modules = __import__("sys").modules

# The operators a probe's line may apply to a Value, by the bytecode's name: the methods looked up, left's first.
_OPERATOR_METHODS = {"+": ("__add__", "__radd__"), "-": ("__sub__", "__rsub__"), "*": ("__mul__", "__rmul__"),
                     "/": ("__truediv__", "__rtruediv__"), "**": ("__pow__", "__rpow__"),
                     "unary -": ("__neg__",), "unary +": ("__pos__",)}
_OLD_OPCODES = {"BINARY_ADD": "+", "BINARY_SUBTRACT": "-", "BINARY_MULTIPLY": "*", "BINARY_TRUE_DIVIDE": "/",
                "BINARY_POWER": "**", "UNARY_NEGATIVE": "unary -", "UNARY_POSITIVE": "unary +"}


# Python's own exception at a limit the code meets as one (facts' `ran_out`), by its exact type (never a submission's
# subclass) and number: a fork or clone past RLIMIT_NPROC or pids.max, a write past RLIMIT_FSIZE (whose SIGXFSZ Python
# ignores), a full /tmp (ENOSPC: its bytes or its files, the sandbox's tmpfs), a file or pipe past RLIMIT_NOFILE; a
# MemoryError (RLIMIT_AS); CPython's refused thread (3.13: "create")
_E = __import__("errno")  # a built-in module
_AT_LIMIT = {(BlockingIOError, _E.EAGAIN): "processes", (OSError, _E.EFBIG): "file-size",
             (OSError, _E.ENOSPC): "disk-space", (OSError, _E.EMFILE): "open-files", (MemoryError, None): "memory",
             (RuntimeError, "can't start new thread"): "threads", (RuntimeError, "can't create new thread"): "threads"}
# EAGAIN is also a non-blocking read or write that would wait (a pipe or socket set non-blocking): a refused fork only
# when the innermost frame is the standard library's code that forks or spawns, or the student's line that raised
# names a call that forks (`os.fork()`, `pty.fork()` is pty.py's). The standard library's folder: os.py's, the worker's
_STDLIB = __import__("os").path.dirname(__import__("os").__file__) + "/"
_FORKING_FILES = tuple(_STDLIB + name for name in ("subprocess.py", "os.py", "pty.py", "threading.py"))
_FORKING_FOLDERS = tuple(_STDLIB + name + "/" for name in ("multiprocessing",))
_FORKING_NAMES = frozenset({"fork", "forkpty", "posix_spawn", "posix_spawnp", "fork_exec"})
# `raise X` is RAISE_VARARGS 1, `raise X from Y` 2, a bare `raise` 0; bound at load: at the open-files limit an import
# cannot open its file
_RAISE_VARARGS = __import__("opcode").opmap["RAISE_VARARGS"]


def _innermost(exc):
    """The traceback entry where `exc` was raised (its frame's code and instruction), or None."""
    tb, last = getattr(exc, "__traceback__", None), None
    while tb is not None:
        last, tb = tb, tb.tb_next
    return last


def _by_student_raise(last, submission_dir):
    """Whether a `raise X` statement in the student's own files raised it (`raise MemoryError("too big")`): the
    student's word, not Python's that a limit was met. A bare `raise` adds no entry, so it keeps the original's. Read
    from the instruction's two bytes, no more: at the memory limit a MemoryError's facts must allocate next to nothing."""
    if last is None or not last.tb_frame.f_code.co_filename.startswith(submission_dir):
        return False
    code, at = last.tb_frame.f_code.co_code, last.tb_lasti
    return 0 <= at < len(code) - 1 and code[at] == _RAISE_VARARGS and code[at + 1] >= 1


def _by_fork(last):
    """Whether an EAGAIN came from a fork or spawn: raised in the standard library's code that forks, or on a line of
    the student's (or any) code that names a call that forks; a read or write that would block is neither."""
    if last is None:
        return False
    filename = last.tb_frame.f_code.co_filename
    if filename in _FORKING_FILES or filename.startswith(_FORKING_FOLDERS):
        return True
    import dis  # only on the unhappy path, and never at the memory limit (an EAGAIN)

    line, at = None, last.tb_lineno
    for ins in dis.get_instructions(last.tb_frame.f_code):  # each instruction's line: 3.11's positions, 3.10's starts
        positions = getattr(ins, "positions", None)
        line = positions.lineno if positions is not None and positions.lineno else ins.starts_line or line
        if line == at and _type(ins.argval) is _str and ins.argval in _FORKING_NAMES:
            return True
    return False


def _ran_out(exc, submission_dir):
    """_AT_LIMIT's name of `exc` or of one it was raised while handling (`__cause__`, `__context__`; 8 deep), when
    Python raised it at the limit (not the student's own `raise`; an EAGAIN only from a fork: _by_fork); None."""
    for _ in range(8):
        kind, args, number = _type(exc), getattr(exc, "args", ()), getattr(exc, "errno", None)
        said = args[0] if kind is _RuntimeError and _type(args) is _tuple and len(args) == 1 else None
        key = (kind, said if _type(said) is _str else number if _type(number) is _int else None)
        if key == (MemoryError, None) and args == ():
            return "memory"  # the interpreter's has no words (PyErr_NoMemory): nothing more is read at the limit
        if key in _AT_LIMIT:
            last = _innermost(exc)
            if not _by_student_raise(last, submission_dir) and (_AT_LIMIT[key] != "processes" or _by_fork(last)):
                return _AT_LIMIT[key]
        exc = getattr(exc, "__cause__", None) or getattr(exc, "__context__", None)
    return None


def facts(exc, submission_dir, Value, text, type_name):
    """What the grader decides from, as data rather than message text: `raised_in`, the qualified name
    of the student's function that raised (`Value.__radd__`, `Value.exp.<locals>._backward`; None
    when none did); `name` and `owner`, the attribute or name that was missing and the type it was
    missing on (AttributeError, NameError); `module` and `module_theirs`, the module an ImportError names and
    whether its file is in the submission's folder (a `random.py` of theirs); `operator`, the operator the innermost line applied when
    Python itself refused it (a TypeError raised by the operator, not inside a method), and `missing`,
    the methods for it that the student's `Value` class does not define; `errno`, an OSError's error number,
    only when it has one (a file written in the read-only submission folder: EROFS); `ran_out`, only where Python
    said the code reached a limit (`_ran_out`). `text` and `type_name`: the worker's own readings of a student's
    object (str() cut to a length; a type's name), which no __str__ or metaclass of the submission breaks. Never
    raises."""
    said = {"raised_in": None, "entered": None, "name": None, "owner": None, "operator": None, "missing": []}
    try:
        tb, last, student, entered = exc.__traceback__, None, None, None
        while tb is not None:
            last = tb
            if tb.tb_frame.f_code.co_filename.startswith(submission_dir):
                student = tb.tb_frame.f_code
                entered = entered or student
            tb = tb.tb_next
        if student is not None:
            said["raised_in"] = text(getattr(student, "co_qualname", student.co_name), 200)
            said["entered"] = text(getattr(entered, "co_qualname", entered.co_name), 200)
        number = getattr(exc, "errno", None) if isinstance(exc, OSError) else None
        if _type(number) is _int:
            said["errno"] = number
        ran_out = _ran_out(exc, submission_dir)
        if ran_out is not None:
            said["ran_out"] = ran_out
        name = getattr(exc, "name", None) if isinstance(exc, (AttributeError, NameError)) else None
        if _type(name) is _str:
            said["name"] = name[:200]
            if isinstance(exc, AttributeError):
                said["owner"] = type_name(getattr(exc, "obj", None))
        module = getattr(exc, "name", None) if isinstance(exc, ImportError) else None
        if _type(module) is _str:  # `from random import x`: the module, and whether it was a file of the student's
            said["module"], path = module[:200], getattr(exc, "path", None)
            said["module_theirs"] = _type(path) is _str and path.startswith(submission_dir)
        if isinstance(exc, TypeError) and last is not None:
            import dis  # only on the unhappy path

            for ins in dis.get_instructions(last.tb_frame.f_code):
                symbol = ins.argrepr.rstrip("=") if ins.opname == "BINARY_OP" else _OLD_OPCODES.get(ins.opname)
                if ins.offset == last.tb_lasti and symbol in _OPERATOR_METHODS:
                    said["operator"] = symbol
                    said["missing"] = [m for m in _OPERATOR_METHODS[symbol] if not hasattr(Value, m)]
    except _BaseException:
        pass
    return said


def ran_cells(exc, module_name, path):
    """A notebook's module as Jupyter's Run All leaves it when one of its cells raises: what the cells before ran (and
    the raising cell up to its error), the rest not run. The grader imports a notebook's code cells joined as one
    module at PATH (grader/load/notebooks.py), whose import EXC ended: its namespace is read from the module's frame
    in the traceback and made the module, in sys.modules. None where nothing is to be graded so: an exception that
    a cell would not show as its error (a limit's: MemoryError; GeneratorExit), or no class `Value` defined by then.
    An Exception, SystemExit (`sys.exit()`: IPython shows it as the cell's error) and KeyboardInterrupt (what the
    kernel shows for an interrupted cell) each stop Run All at their cell; the sandbox's limits kill the worker by
    SIGKILL, never by one of these. Session 41: a correct engine followed by a demo cell whose `assert` failed was
    graded 0/63, where Jupyter had the engine working (review 41: and one whose last cell called sys.exit())."""
    if not _isinstance(exc, _STOPS_A_CELL) or _isinstance(exc, _MemoryError):
        return None
    try:  # the traceback as Python made it: an exception class of the student's cannot stand in its own
        namespace, tb = None, _BaseException.__traceback__.__get__(exc)
        while tb is not None:
            code = tb.tb_frame.f_code
            if code.co_name == "<module>" and code.co_filename == path:
                namespace = tb.tb_frame.f_globals
            tb = tb.tb_next
        if _type(namespace) is not _dict or not _isinstance(namespace.get("Value"), _type):
            return None
        module = _type(_modules["sys"])(module_name)
        module.__dict__.update(namespace)
    except _BaseException:  # whatever the student's code left behind: the import failed, as before
        return None
    _modules[module_name] = module
    return module
