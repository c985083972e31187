"""The probe runner: the only grader code that runs inside the sandbox.

It imports the student's modules, runs the probes it is asked for, and writes
one JSON line per event to the observation pipe. It holds no expected values
and decides nothing: the grader judges what it reports. Standard library only.

    python -I -S worker.py REQUEST_JSON
"""

import importlib.abc
import importlib.util
import json
import os
import sys
import traceback

# Bound before student code runs, so monkeypatching these later has no effect here.
_write, _dumps, _exit = os.write, json.dumps, os._exit
_BaseException, _SystemExit, _RecursionError = BaseException, SystemExit, RecursionError


class _Forbidden(importlib.abc.MetaPathFinder):
    """Refuses imports the exercise forbids, with a message that says why."""

    def __init__(self, names):
        self.names = frozenset(names)

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] in self.names:
            raise ImportError(
                f"importing {fullname!r} is not allowed in this exercise: "
                "the engine must be built from scratch with plain Python"
            )
        return None


def _load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _describe(exc, submission_dir):
    """`Type: message (engine.py, line N)` naming the deepest frame in the student's files."""
    try:
        text = f"{type(exc).__name__}: {exc}"
    except _BaseException:
        text = type(exc).__name__
    where = None
    try:
        for frame in traceback.extract_tb(exc.__traceback__):
            if frame.filename.startswith(submission_dir):
                where = (os.path.relpath(frame.filename, submission_dir), frame.lineno, frame.name)
    except _BaseException:
        pass
    if isinstance(exc, SyntaxError) and exc.filename and exc.filename.startswith(submission_dir):
        where = (os.path.relpath(exc.filename, submission_dir), exc.lineno, "<module>")
    return text[:2000], where


class _Modules:
    """The student's modules, for probes that need more than `Value`."""

    def __init__(self, submission_dir, names):
        self._dir, self._names = submission_dir, names

    def __getattr__(self, name):
        if name not in self._names:
            raise AttributeError(name)
        path = os.path.join(self._dir, name + ".py")
        if name in sys.modules:
            return sys.modules[name]
        if not os.path.exists(path):
            raise ImportError(f"the submission has no {name}.py")
        return _load_module(name, path)


def main():
    request = json.loads(sys.argv[1])
    obs_fd = request["obs_fd"]
    submission_dir = request["submission"]

    def emit(**event):
        line = (_dumps(event, allow_nan=False) + "\n").encode()
        view = memoryview(line)
        while view:
            view = view[_write(obs_fd, view):]

    sys.path[:] = [submission_dir] + [p for p in sys.path if p.startswith(sys.base_prefix) or p.startswith("/usr")]
    sys.meta_path.insert(0, _Forbidden(request["forbid"]))
    sys.setrecursionlimit(request.get("recursion_limit", 1000))
    sys.dont_write_bytecode = True

    kit = _load_module("_grader_probekit", os.path.join(request["runner"], "probekit.py"))
    sys.modules["probekit"] = kit  # probes say `import probekit`
    probes = _load_module("_grader_probes", os.path.join(request["runner"], "probes.py"))
    plain, ObservationError = kit.plain, kit.ObservationError
    emit(event="hello", pid=os.getpid())

    os.chdir(submission_dir)
    module_name = request["module"]
    try:
        module = _load_module(module_name, os.path.join(submission_dir, module_name + ".py"))
    except _SystemExit as exc:
        emit(event="exited", code=str(exc.code)[:200])
        _exit(0)
    except _BaseException as exc:
        text, where = _describe(exc, submission_dir)
        emit(event="imported", ok=False, error=text, where=where)
        _exit(0)
    Value = getattr(module, "Value", None)
    if not isinstance(Value, type):
        emit(event="imported", ok=False, error=f"{module_name}.py defines no class named `Value`", where=None)
        _exit(0)
    emit(event="imported", ok=True)

    modules = _Modules(submission_dir, request.get("modules", ["engine", "nn", "dual", "gradcheck"]))
    for name in request["run"]:
        probe = getattr(probes, name)
        emit(event="start", probe=name)
        try:
            raw = probe(modules if getattr(probe, "takes_modules", False) else Value)
            values = plain(raw)
        except ObservationError as exc:
            emit(event="result", probe=name, status="error", error=str(exc)[:2000], where=None)
            continue
        except _SystemExit as exc:
            emit(event="result", probe=name, status="error",
                 error=f"the engine called sys.exit({str(exc.code)[:100]})", where=None)
            continue
        except _RecursionError as exc:
            text, where = _describe(exc, submission_dir)
            emit(event="result", probe=name, status="error", error=text, where=where, recursion=True)
            continue
        except _BaseException as exc:
            text, where = _describe(exc, submission_dir)
            emit(event="result", probe=name, status="error", error=text, where=where)
            continue
        emit(event="result", probe=name, status="ok", values=values)
    emit(event="done")
    # Skip interpreter shutdown: no student atexit handler or __del__ runs after the probes.
    _exit(0)


if __name__ == "__main__":
    main()
