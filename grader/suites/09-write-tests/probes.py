"""Probes of 09-write-tests: the student's test_engine.py, run against the reference and buggy engines.

There is no pytest in the sandbox, so a small runner of our own executes the student's file once per engine: the
engine's source becomes the module `engine` (so `from engine import Value` picks it up), the file is executed fresh,
and every `test*` function (and `test*` method, static and class methods too, of a `Test*` class that pytest collects
(no `__init__` or `__new__` of its own, not abstract) or a unittest.TestCase under any name, on a fresh instance,
with its setup and teardown) is called as pytest calls it. A stand-in `pytest` module (probes_pytest.py, beside this
file) offers `approx` (of a number, a sequence or a dict), `raises` (its ExceptionInfo's type, value and match), `skip`,
`fixture` and `mark.parametrize`; the fixtures of the file and of a conftest.py beside it are handed to the tests that
name them (probes_pytest.Fixtures), pytest's own (`tmp_path`, `request`) are not. Each test gets a time budget, so a test that never ends on a buggy engine (a walk without a
visited set can take exponential time) counts as failing there instead of costing the whole probe.

Each run is a worker of its own, carrying one engine as engine_under_test.py beside this file: the reference or one
variant of grader/variants/, without its name or comments, in an order drawn per run (the suite's __init__.py). So
this file holds no list of engines and cannot tell which one it runs.
"""

import importlib.util
import itertools
import os
import random
import signal
import sys
import threading
import time
import types

import probekit

ENGINE_FILE = "engine_under_test.py"

# Budgets in CPU seconds of the worker's process, not wall time: a machine that keeps the worker
# waiting for a CPU (a loaded grader, a busy neighbour) must not turn an honest test into one that
# "did not finish" (on the reference that costs every point; on a buggy engine it is a catch the
# tests did not make). The reference solution's 32 tests take about 0.16 s of CPU per engine
# (bench/cpu_margins.py): 15 times less than TOTAL_SECONDS, 5 times on a CPU 3 times slower.
TEST_SECONDS = 1.0  # one test (one parameter set) on one engine
TOTAL_SECONDS = 2.4  # all of them on one engine: under the grader's 3-second probe limit, CPU time too
MAX_FAILURES_SHOWN = 5


def _beside(name):
    """A module of this suite's folder, loaded from beside this file (in the sandbox, the runner folder): the suite's
    RUNNER_FILES, as 07-mlp-xor's probes load theirs."""
    spec = importlib.util.spec_from_file_location(f"_grader_09_{name}", os.path.join(os.path.dirname(__file__),
                                                                                     f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


standin = _beside("probes_pytest")  # the `pytest` the student's tests import: approx, raises, skip, parametrize


# -- the runner ---------------------------------------------------------------------------------------


class _OutOfTime(BaseException):
    """Raised by the alarm inside a student's test past its budget (not an Exception: `except Exception` lets it by)."""


def _alarm(signum, frame):
    raise _OutOfTime()


def _describe(exc):
    try:
        said = str(exc)
        text = f"{type(exc).__name__}: {said}" if said.strip() else type(exc).__name__  # a bare `assert`: its type
    except BaseException:
        text = type(exc).__name__
    return text.strip()[:300]


def _place(error, filename, folder=None):
    """Where in the student's files `error` (what running their tests raised) was: {"file", "line"} as the sandbox names
    the file (grader/places.py makes it the student's own, a notebook's cell among it), or None. A SyntaxError's own
    line; else the innermost line of theirs in its traceback (a NameError at the top of the file, or inside a test).
    Theirs: the tests file, and a module of their own that it imports from FOLDER, the submission's (`import helpers`:
    a SyntaxError in helpers.py, a NameError raised there; session 35: no place before), but the engine under test."""
    def theirs(name):
        if name == filename:
            return filename
        if not folder or not isinstance(name, str) or not name.endswith(".py"):
            return None
        full = name if os.path.isabs(name) else os.path.join(os.getcwd(), name)
        if os.path.dirname(full) == folder and os.path.basename(full) != "engine.py":
            return os.path.basename(full)
        return None

    where = None
    if isinstance(error, SyntaxError):
        where = (theirs(error.filename), error.lineno)
    else:
        trace = getattr(error, "__traceback__", None)
        while trace is not None:
            name = theirs(trace.tb_frame.f_code.co_filename)
            if name is not None:
                where = (name, trace.tb_lineno)
            trace = trace.tb_next
    if where is None or where[0] is None or type(where[1]) is not int or where[1] <= 0:
        return None
    return {"file": where[0], "line": where[1]}


def _student_tests(m):
    """(source, file name, from a notebook, the submission's folder) of the student's tests."""
    folder = os.path.dirname(os.path.abspath(m.engine.__file__))
    path = os.path.join(folder, "test_engine.py")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return f.read(), "test_engine.py", False, folder
    with open(os.path.join(folder, "engine.py"), encoding="utf-8") as f:  # a notebook: tests beside the engine
        return f.read(), "engine.py", True, folder


def _collect(namespace):
    """[(name, test)] of test functions and test methods, in the order the file defines them, each run as pytest
    runs it: the file's setup_module once, before its first test; a function between the file's
    setup_function(f) and teardown_function(f), where it has them; a method (of a `Test*` class, inherited ones
    too, or of a unittest.TestCase) after its class's setup_class (or setUpClass) once, on a fresh instance of its
    class, between setup_method(m) and teardown_method(m), or else setUp() and tearDown(). pytest's teardowns of a
    module or a class, which run after its last test, are not called."""
    found, module_setup = [], _once(namespace.get("setup_module"), _Namespace(namespace))
    unit = sys.modules.get("unittest")
    for name, obj in list(namespace.items()):
        if not _collected(obj):
            continue  # `__test__ = False`: pytest collects neither it nor, for a class, a subclass that keeps it
        if name.startswith("test") and isinstance(obj, types.FunctionType):
            found.append((name, _function_call(namespace, obj, module_setup)))
        elif isinstance(obj, type) and (unit is not None and issubclass(obj, unit.TestCase)
                                        or name.startswith("Test") and _collected(obj, plain_class=True)):
            # a unittest.TestCase under any name, as pytest and unittest.main() both collect it
            seen, setup = set(), _once(getattr(obj, "setup_class", None) or getattr(obj, "setUpClass", None), obj)
            for klass in obj.__mro__:
                for attr, method in list(vars(klass).items()):
                    function = _test_function(method)
                    if attr.startswith("test") and function is not None and attr not in seen and _collected(function):
                        seen.add(attr)
                        found.append((f"{name}.{attr}", _method_call(obj, attr, function, (module_setup, setup))))
    return found


def _collected(obj, plain_class=False):
    """Whether pytest collects `obj` as far as its `__test__` goes: not where it is false (a base class of cases
    that only its subclasses run; session 23's review: such a base, a unittest.TestCase not named Test*, was run
    once those were, its test failed on the reference engine and the file scored 0/38), nor under unittest's skip
    decorators (`__unittest_skip__`, inherited as unittest reads it: a class's setUpClass and tests never run); a
    `plain_class` (Test*, no unittest.TestCase) not with an `__init__` or `__new__` of its own, nor abstract
    ("cannot collect test class"; session 24: a class of helpers named Test* was run, and a file scored 0/38)."""
    try:
        return bool(getattr(obj, "__test__", True)) and not getattr(obj, "__unittest_skip__", False) and not (
            plain_class and (obj.__init__ is not object.__init__ or obj.__new__ is not object.__new__
                             or getattr(obj, "__abstractmethods__", None)))
    except Exception:  # noqa: BLE001 - the student's class: an attribute that raises is no `False`
        return True


def _skipped(error):
    """Whether a test's exception is a skip: pytest.skip() (the stand-in's), or unittest's SkipTest
    (self.skipTest(), @unittest.skip), which pytest takes as a skip too."""
    unit = sys.modules.get("unittest")
    return isinstance(error, standin._Skipped) or unit is not None and isinstance(error, unit.SkipTest)


def _test_function(method):
    """The function of a class's test method: a plain one, or one under @staticmethod or @classmethod, which pytest
    collects too; None for anything else."""
    if isinstance(method, (staticmethod, classmethod)):
        method = method.__func__
    return method if isinstance(method, types.FunctionType) else None


class _Namespace:
    """The student's module as setup_module(module) sees it: its names as attributes."""

    def __init__(self, namespace):
        self.__dict__ = namespace


def _optional(hook, argument):
    """hook(argument), or hook() where it takes no argument: pytest's setup and teardown hooks may take either."""
    if not callable(hook):
        return
    code = getattr(getattr(hook, "__func__", hook), "__code__", None)
    if code is not None and code.co_argcount - isinstance(hook, types.MethodType) > 0:
        hook(argument)
    else:
        hook()


def _once(hook, argument):
    """A call of hook(argument) made the first time only; what it raised, raised again each time after."""
    state = {}

    def call():
        if "error" not in state:
            state["error"] = None
            try:
                _optional(hook, argument)
            except BaseException as error:  # the student's code: anything at all can come out
                state["error"] = error
        if state["error"] is not None:
            raise state["error"]

    return call


def _between(setup, teardown, argument, test, kwargs):
    _optional(setup, argument)
    try:
        return test(**kwargs)
    finally:
        _optional(teardown, argument)


def _function_call(namespace, test, module_setup):
    def call(**kwargs):
        module_setup()
        return _between(namespace.get("setup_function"), namespace.get("teardown_function"), test, test, kwargs)

    call._param_sets = getattr(test, "_param_sets", None)
    call._arguments = standin.arguments(test)
    return call


def _method_call(cls, attr, method, setups):
    def call(**kwargs):
        for setup in setups:
            setup()
        unit = sys.modules.get("unittest")
        instance = cls(attr) if unit is not None and issubclass(cls, unit.TestCase) else cls()
        test = getattr(instance, attr)
        if hasattr(instance, "setup_method") or hasattr(instance, "teardown_method"):
            return _between(getattr(instance, "setup_method", None), getattr(instance, "teardown_method", None),
                            test, test, kwargs)
        return _between(getattr(instance, "setUp", None), getattr(instance, "tearDown", None), None, test, kwargs)

    call._param_sets = getattr(method, "_param_sets", None)
    call._arguments = standin.arguments(method, bound=not isinstance(vars(cls).get(attr), staticmethod))
    return call


def _calls(name, test):
    """(label, test, kwargs) for every parameter set of a test."""
    sets = getattr(test, "_param_sets", None)
    if not sets:
        return [(name, test, {})]
    calls = []
    for combo in itertools.product(*sets):
        kwargs = {}
        for part in combo:
            kwargs.update(part)
        label = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        calls.append((f"{name}[{label[:60]}]", test, kwargs))
    return calls


def _timed(budget, call):
    """call() with an alarm after `budget` seconds of this process's CPU time (ITIMER_PROF, which time.process_time()
    counts too); returns None or the exception it raised. In the sandbox the probes run in the main thread; should a
    caller run them in another thread (where signals cannot be set), or where there are no interval timers
    (Windows), the tests run without a time budget."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        try:
            call()
            return None
        except Exception as exc:
            return exc
    try:
        previous = signal.signal(signal.SIGPROF, _alarm)
        signal.setitimer(signal.ITIMER_PROF, max(budget, 0.01))
        try:
            call()
            return None
        except BaseException as exc:  # the student's code: anything at all can come out
            return exc
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    except _OutOfTime as exc:  # the alarm went off just as the call returned
        return exc


def _run_tests(m, engine_source):
    """Run the student's tests with `engine` made from engine_source; a summary of what happened."""
    source, filename, from_notebook, folder = _student_tests(m)
    engine = types.ModuleType("engine")
    engine.__file__ = "engine.py"
    exec(compile(engine_source, "engine.py", "exec"), engine.__dict__)
    saved = {name: sys.modules.get(name) for name in ("engine", "pytest")}
    sys.modules["engine"], sys.modules["pytest"] = engine, standin._pytest_module()
    left = TOTAL_SECONDS
    try:
        module = types.ModuleType("test_engine")
        module.__file__ = filename
        started = time.process_time()
        random.seed(0)  # `random`'s numbers the same on every engine, here and in each test (what stays random: README)
        # compiled inside the timed call: a file that does not compile (a SyntaxError, a NUL byte's ValueError) is a
        # file that could not be run, as one that raises when it runs (session 33: the SyntaxError left the probe and
        # every test said "your engine raised SyntaxError" of the student's test_engine.py)
        conftest = {"__name__": "conftest", "__file__": "conftest.py"}
        error = _timed(left, lambda: (_conftest(folder, from_notebook, conftest),
                                      exec(compile(source, filename, "exec"), module.__dict__)))
        left -= time.process_time() - started
        if error is not None:
            why = "took too long" if isinstance(error, _OutOfTime) else _describe(error)
            return {"loaded": False, "error": why, "tests": 0, "ran": 0, "failed": 0, "failures": [],
                    "out of time": isinstance(error, _OutOfTime), "where": _place(error, filename, folder)}
        if from_notebook and "Value" in module.__dict__:
            module.Value = engine.Value  # the notebook's tests use the engine cell's Value: swap it
        calls = [call for name, test in _collect(module.__dict__) for call in _calls(name, test)]
        fixtures = standin.Fixtures(conftest, module.__dict__)
        failures, ran, out_of_time = [], 0, False
        for label, test, kwargs in calls:
            if left <= 0:
                out_of_time = True
                break
            budget, started = min(TEST_SECONDS, left), time.process_time()
            random.seed(0)
            error = _timed(budget, lambda: fixtures.call(test, kwargs))
            left -= time.process_time() - started
            ran += 1
            if error is None or _skipped(error):
                continue
            # as data: the grader says it in the student's language (test_write_tests.py's _failure)
            timed_out = isinstance(error, _OutOfTime)
            failures.append({"test": label, "error": None if timed_out else _describe(error),
                             "seconds": budget if timed_out else None,
                             "fixture": not timed_out and isinstance(error, TypeError) and not kwargs
                             and "required positional argument" in str(error),
                             "where": None if timed_out else _place(error, filename, folder)})
        return {"loaded": True, "error": None, "tests": len(calls), "ran": ran, "failed": len(failures),
                "failures": failures[:MAX_FAILURES_SHOWN], "out of time": out_of_time}
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def _conftest(folder, from_notebook, namespace):
    """Run the conftest.py beside the student's test file, if any, into `namespace` (as pytest does first)."""
    path = os.path.join(folder, "conftest.py")
    if from_notebook or not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        exec(compile(f.read(), "conftest.py", "exec"), namespace)


# -- the probe ----------------------------------------------------------------------------------------


@probekit.modules
def run_tests(m):
    """your tests on the engine under test"""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), ENGINE_FILE), encoding="utf-8") as f:
        source = f.read()
    return _run_tests(m, source)
