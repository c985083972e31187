"""The probe runner: the only grader code that runs inside the sandbox.

It imports the student's modules, runs the probes it is asked for, and writes one JSON line per event to the
observation pipe. It holds no expected values and decides nothing: the grader judges what it reports. Standard library
only, and only its cheapest parts: start-up time is paid once per submission, so the request comes as `key=value`
arguments instead of JSON, events are encoded by its own small writer (json_text) instead of the json module (which
pulls in `re`); no `traceback` either (_describe walks the traceback itself).

    python -I -S -B -u worker.py obs_fd=0 submission=DIR runner=DIR module=engine forbid=a,b run=p1,p2 later=1 ...

`run` names the published probes; with `later=1` (`later=piped`: the portable worker) the drawn ones are named only
after them (later.py)."""

import gc
import sys

# The collector's thresholds (Python's are 700, 10, 10; why these, and what they keep: docs/determinism.md): a
# collection walks the Values a probe holds alive, 29% of a worker's instructions at Python's.
gc.set_threshold(20000, 3, 3)

try:  # os's system calls without importing os, a seventh of a fresh worker's own start (docs/architecture.md)
    import posix as _os

    _SEP = "/"
except ImportError:  # Windows (sandbox/portable.py): os itself
    import os as _os

    _SEP = _os.sep

from mmap import mmap as _mmap  # noqa: E402 (bound before student code runs, like these)

# Bound before student code runs, so monkeypatching these later has no effect here.
_write, _exit, _getpid, _type, _str, _int = _os.write, _os._exit, _os.getpid, type, str, int
_BaseException, _SystemExit, _RecursionError, _isinstance = BaseException, SystemExit, RecursionError, isinstance
_float, _repr, _bool, _dict, _list, _tuple = float, repr, bool, dict, list, tuple


def _load_source(name, path):
    """A grader module from the runner folder: its precompiled code if it loads, else its source."""
    module = _type(sys)(name)
    module.__file__ = path
    sys.modules[name] = module
    code = None
    try:
        import marshal

        with open(path + ".code", "rb") as f:
            code = marshal.loads(f.read())
    except (OSError, ValueError, EOFError, TypeError):
        pass
    if code is None:
        with open(path, "rb") as f:
            code = compile(f.read(), path, "exec")
    exec(code, module.__dict__)
    return module


# JSON for the events and for what probekit's plain() returns, written without the json module (which imports `re`:
# every worker would pay for it at its start).
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def json_str(s):
    """`s` as a JSON string."""
    if _type(s) is _str and s.isascii() and s.isprintable() and '"' not in s and "\\" not in s:
        return '"' + s + '"'  # printable ASCII, nothing to escape: every key and probe name (no loop per character)
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            code = ord(ch)
            if code > 0xFFFF:  # a surrogate pair, as JSON spells characters outside the BMP
                code -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (code >> 10), 0xDC00 | (code & 0x3FF)))
            else:
                out.append("\\u%04x" % code)
    return '"' + "".join(out) + '"'


def json_text(value):
    """JSON for the plain values plain() produces (finite floats, str, dict, list, None); the commonest first."""
    t = _type(value)
    if t is _float:
        return _repr(value)  # finite: plain() refused NaN and infinities
    if t is _dict:
        return "{" + ",".join([json_str(k) + ":" + json_text(v) for k, v in value.items()]) + "}"
    if t is _str:
        return json_str(value)
    if value is None:
        return "null"
    if t is _bool or t is _int:  # a run record's fields (an observation holds neither)
        return ("true" if value else "false") if t is _bool else _repr(value)
    if t is _list or t is _tuple:
        return "[" + ",".join([json_text(v) for v in value]) + "]"
    raise TypeError(f"cannot report a {t.__name__}")


# Room to report in: address space held while the student's code runs and given back first thing once it raises, so
# that a worker whose student code filled memory to --memory (a list kept across calls, a thread storm's stacks) can
# still write what it raised (docs/security.md). An anonymous mapping: no page touched, and its munmap gives the
# address space back to the kernel (a malloc'ed block of 8 MiB may stay in malloc's heap once freed, and is zeroed).
_SPARE_BYTES = 8 << 20


def _spare(spare):
    """The reserve: `spare`, or mapped again when it was given back (None when not even that is left)."""
    if spare is not None:
        return spare
    try:
        return _mmap(-1, _SPARE_BYTES)
    except (OSError, MemoryError, ValueError):
        return None


def _give_back(spare):
    """None, the reserve unmapped."""
    if spare is not None:
        spare.close()


def _type_name(exc):
    """The exception's type name, or `exception` when the student's metaclass will not give a str one."""
    try:
        name = _type.__dict__["__name__"].__get__(_type(exc))  # type's own slot: a metaclass property cannot lie
    except _BaseException:
        return "exception"
    return name if _type(name) is _str else "exception"


def _text(value, limit):
    """str(value), at most `limit` characters; a placeholder when the student's __str__ raises or returns a non-str."""
    try:
        text = _str(value)
    except _BaseException:
        return "(its text could not be read: its __str__ raised)"
    return text[:limit] if _type(text) is _str else "(its __str__ did not return a string)"


def _words(exc):
    """A probekit ObservationError's message as data: its template and fields (strings, each cut as the error is
    cut), which the grader says in the student's language (grader/observe/probe_words.py). None of it when the
    exception holds no such thing: the student's code can raise an ObservationError too, with anything in it, and
    the grader takes only a template it knows with the fields it names."""
    try:
        template, fields = exc.template, exc.fields
        if _type(template) is not _str or _type(fields) is not _dict or len(fields) > 8:
            return {}
        return {"template": template[:2000],
                "fields": {key: _text(value, 2000) for key, value in fields.items() if _type(key) is _str}}
    except _BaseException:  # whatever a student's subclass does when read
        return {}


def _describe(exc, submission_dir):
    """`Type: message` (`Type` where the message is empty), the exception's type name, and the deepest frame in
    the student's files: (file, line, function). Never raises, whatever the student's exception does then."""
    name = _type_name(exc)[:200]
    message = _text(exc, 2000)
    if submission_dir != "/sandbox" and _type(message) is _str:
        # the portable worker's folder is a temporary one, named anew each run: said as the sandbox names it, so that a
        # message is the same on every surface and every run (session 27: "partially initialized module 'engine'
        # (/tmp/grade-sandbox-.../work/engine.py)" in the portable check, "(/sandbox/engine.py)" graded)
        message = message.replace(submission_dir, "/sandbox")
    text = f"{name}: {message}" if message else name  # `raise NotImplementedError` is said as Python says it
    where = None
    try:
        import os  # loaded already (raised.py reads its folder)

        tb = exc.__traceback__  # walked here, not by `traceback` (whose import, with `re`, needs memory a worker at
        while tb is not None:  # the memory limit may not have: docs/security.md)
            code = tb.tb_frame.f_code
            if code.co_filename.startswith(submission_dir):
                where = [os.path.relpath(code.co_filename, submission_dir), tb.tb_lineno, code.co_name]
            tb = tb.tb_next
        if isinstance(exc, SyntaxError) and exc.filename and str(exc.filename).startswith(submission_dir):
            where = [os.path.relpath(exc.filename, submission_dir), exc.lineno, "<module>"]
    except _BaseException:
        where = None
    return text[:2000], name, where


class _Modules:
    """The student's modules, for probes that need more than `Value`."""

    def __init__(self, names):
        self._names = names

    def __getattr__(self, name):
        if name not in self._names:
            raise AttributeError(name)
        if name in sys.modules:
            return sys.modules[name]
        try:
            _os.stat(name + ".py")
        except OSError:
            raise ImportError(f"the submission has no {name}.py") from None
        return __import__(name)


def _join(folder, name):
    """os.path.join(folder, name) for a relative `name`."""
    return folder + name if folder.endswith(_SEP) or folder.endswith("/") else folder + _SEP + name


def _parse(argv):
    request = {}
    for arg in argv:
        key, _, value = arg.partition("=")
        request[key] = value
    for key in ("forbid", "refuse", "run", "modules", "absent"):
        request[key] = [v for v in request.get(key, "").split(",") if v]
    request["obs_fd"] = int(request["obs_fd"])
    request["recursion_limit"] = int(request.get("recursion_limit", "1000"))
    return request


_SELF_LIMITS = {"memory_bytes": "RLIMIT_AS", "cpu_seconds": "RLIMIT_CPU", "file_bytes": "RLIMIT_FSIZE",
                "open_files": "RLIMIT_NOFILE"}


def _limit_self(request):
    """The portable worker's limits (grader/sandbox/portable.py), set before any student code runs. In the Linux
    sandbox prlimit sets them from outside and the request holds none of these keys. Where the OS has no `resource`
    module (Windows) only the observer's wall-clock limits apply."""
    if not any(key in request for key in _SELF_LIMITS):
        return
    try:
        import resource
    except ImportError:
        return
    for key, name in _SELF_LIMITS.items():
        if key not in request or not hasattr(resource, name):
            continue
        which, value = getattr(resource, name), int(request[key])
        hard = resource.getrlimit(which)[1]
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):  # macOS refuses some limits it does not enforce anyway
            pass


def _released(keep):
    """The grader's go (sandbox/claim.py): a byte on the one pipe given beside the standard streams, sent once
    every process of this worker is in place; False when it closes unsaid. Closed before the submission runs, unless
    `keep`: then returned, the pipe of the drawn probes' names' channel (later.py)."""
    pipes = []
    for fd in map(_int, _os.listdir("/proc/self/fd")):
        try:
            if fd > 2 and _os.fstat(fd).st_mode & 0o170000 == 0o010000:  # a FIFO
                pipes.append(fd)
        except OSError:  # listdir's own descriptor, closed by now
            pass
    said = _os.read(pipes[0], 1) if len(pipes) == 1 else b""
    for fd in pipes[1 if keep and said == b"1" else 0:]:
        _os.close(fd)
    return (pipes[0] if keep else True) if said == b"1" else False


def main():
    request = _parse(sys.argv[1:])
    if request.get("later") == "piped":  # the portable worker's fd 1 is its names' pipe (later.Piped): moved above fd
        request["later"] = _os.dup(1)  # 2 (where its children do not inherit it) before anything of the submission
        _os.dup2(2, 1)  # runs, fd 1 made its output again
    _limit_self(request)
    obs_fd = request["obs_fd"]
    submission_dir = request["submission"]

    def send(line, worker=_getpid()):
        if _getpid() != worker:  # a child the submission forked, back in this loop: it leaves unsaid (security.md)
            _exit(0)
        view = memoryview((line + "\n").encode())
        while view:
            view = view[_write(obs_fd, view):]

    def emit(**event):
        send(json_text(event))

    # the submission after the standard library: a module named as a standard one is theirs to import (shadows.py)
    sys.path[:] = [p for p in sys.path if p.startswith(sys.base_prefix) or p.startswith("/usr")] + [submission_dir]
    standins = _load_source("_grader_standins", _join(request["runner"], "standins.py"))
    raised = _load_source("_grader_raised", _join(request["runner"], "raised.py"))

    def facts(exc, Value=None):  # an exception's facts (raised.py), read with this module's own str() and type name
        return raised.facts(exc, submission_dir, Value, _text, _type_name)

    standins.SUBMISSION[0] = _join(submission_dir, "")
    sys.meta_path.insert(0, standins.Forbidden(request["forbid"], request["refuse"]))
    sys.meta_path.append(standins.Forbidden(request["absent"], (), absent=True))
    sys.meta_path.insert(1, standins.SelfPipe())  # asyncio's loop without a socket pair, which the sandbox refuses
    sys.setrecursionlimit(request["recursion_limit"])
    sys.dont_write_bytecode = True

    # probes say `import probekit`, `from shared_probes import ...`; each is loaded after what it imports (shared_probes
    # takes local_probes' tracer), so that no import of theirs is looked for on sys.path (the submission's folder)
    for name in ("drawn_inputs", "probekit", "local_probes", "shared_probes"):
        sys.modules[name] = _load_source("_grader_" + name, _join(request["runner"], name + ".py"))
    kit, drawn = sys.modules["probekit"], sys.modules["drawn_inputs"]
    probes = _load_source("_grader_probes", _join(request["runner"], "probes.py"))
    _load_source("_grader_read_only", _join(request["runner"], "read_only.py")).keep(submission_dir)  # as the bind
    if request.get("package"):  # handed in as a package (micrograd/nn.py): grader/sandbox/as_package.py
        _load_source("_grader_as_package", _join(request["runner"], "as_package.py")).install(request, submission_dir)
    if request.get("shadows"):  # their modules named as standard ones, for their own imports (shadows.py)
        _load_source("_grader_shadows", _join(request["runner"], "shadows.py")).install(request, _join(submission_dir, ""))
    plain, ObservationError = kit.plain, kit.ObservationError
    later = request.get("later")  # drawn probes, named after the published ones (later.py)
    go = _released(later == "1") if request.get("hold") == "1" else None
    if go is False:
        _exit(71)  # the grader could not place this worker (sandbox/claim.py): nothing of the submission runs
    later = later and _load_source("_grader_later", _join(request["runner"], "later.py")).channel(go, later)
    emit(event="hello", pid=_os.getpid())

    # from here on a class the submission defines hashes by a sequence, not by its address: its sets iterate in an
    # order of the program's (grader/sandbox/hash_order.py, docs/determinism.md)
    order = _load_source("_grader_hash_order", _join(request["runner"], "hash_order.py"))
    order.install()
    _os.chdir(submission_dir)
    # nobody types while a submission is graded: input() finds the end of an empty stdin (EOFError), never the
    # observation pipe that fd 0 is here (which said "Bad file descriptor")
    import io  # loaded already: the interpreter's own streams are made of it

    sys.stdin = io.StringIO()
    module_name = request["module"]
    stopped = None  # a notebook's cell that raised: the cells before it are graded
    spare = _spare(None)
    try:
        module = __import__(module_name)
    except _BaseException as exc:
        spare = _give_back(spare)
        # a notebook's cells: one that raises stops the rest, as Jupyter's Run All does (raised.py's ran_cells), and
        # so does one that calls sys.exit() (IPython shows its SystemExit as the cell's error)
        module = raised.ran_cells(exc, module_name, _join(submission_dir, module_name + ".py")) if request.get(
            "cells") == "1" else None
        if module is None and _isinstance(exc, _SystemExit):  # a .py file's sys.exit() at import: it ends the run
            emit(event="exited", code=_text(exc.code, 200))
            _exit(0)
        text, exception, where = _describe(exc, submission_dir)
        if module is None:
            emit(event="imported", ok=False, error=text, exception=exception, where=where, facts=facts(exc))
            _exit(0)
        stopped = {"error": text, "exception": exception, "where": where, "facts": facts(exc)}  # errno: a write
    Value = getattr(module, "Value", None)
    if not isinstance(Value, type):
        emit(event="imported", ok=False, error=f"{module_name}.py defines no class named `Value`", where=None)
        _exit(0)
    # Each event after this one is written with the next probe's start (or `done`): one write a probe, before
    # the next probe's student code runs, so nothing is lost if that one kills the worker.
    held = '{"event":"imported","ok":true}\n' if stopped is None else json_text(
        {"event": "imported", "ok": True, "stopped": stopped}) + "\n"

    def event_line(**event):
        return json_text(event) + "\n"

    modules = _Modules(request["modules"])  # the suite's own files (grader/observe/), never a list of its own
    for name in later.probes(request["run"]) if later else request["run"]:
        if name is None:  # the last published result goes out, and only then are the drawn probes named (later.py)
            send(held + '{"event":"more"}')
            held = ""
            continue
        # `probe@token`: the probe at inputs drawn for the grade of record (drawn_inputs.Drawn, grader/judge/drawn.py)
        base, _, token = name.partition("@")
        probe = getattr(probes, base, None)  # a name the grader did not send fails its start line (attempt.py)
        send(held + '{"event":"start","probe":' + json_str(name) + "}")
        order.restart(name)
        spare = _spare(spare)  # mapped again only when the last probe's error gave it back
        kit.HELD.clear()  # grads read off a Value's `.data` (probekit.grad); encoded in the try: its failure
        try:
            raw = probe(modules if getattr(probe, "takes_modules", False) else drawn.Drawn(Value, token) if token
                        else Value)
            values = plain(raw)
            line = json_text(values) + (',"value_grads":' + json_text(dict(kit.HELD[:100])) if kit.HELD else "")
        except ObservationError as exc:
            spare = _give_back(spare)
            held = event_line(event="result", probe=name, status="error", error=_text(exc, 2000), where=None,
                              **_words(exc))
            continue
        except _RecursionError as exc:
            spare = _give_back(spare)
            text, exception, where = _describe(exc, submission_dir)
            held = event_line(event="result", probe=name, status="error", error=text, exception=exception,
                              where=where, recursion=True, facts=facts(exc, Value))
            continue
        except _BaseException as exc:
            spare = _give_back(spare)
            text, exception, where = _describe(exc, submission_dir)
            held = event_line(event="result", probe=name, status="error", error=text, exception=exception,
                              where=where, facts=facts(exc, Value))
            continue
        held = '{"event":"result","probe":' + json_str(name) + ',"status":"ok","values":' + line + "}\n"
    send(held + '{"event":"done"}')
    # Skip interpreter shutdown: no student atexit handler or __del__ runs after the probes.
    _exit(0)


if __name__ == "__main__":
    main()
