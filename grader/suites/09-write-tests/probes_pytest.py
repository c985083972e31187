"""A stand-in for the parts of pytest that engine tests use (09-write-tests' probes.py hands it to the student's tests
as the module `pytest`): `approx` (of a number, a sequence or a dict), `raises` (its ExceptionInfo's type, value and
match), `skip`, `fixture` (its functions found by probes.py, in the file and in a conftest.py beside it) and
`mark.parametrize`. There is no pytest in the sandbox. It travels into the sandbox beside probes.py
(the suite's RUNNER_FILES), which loads it from there: standard library only, nothing of the grader's.
"""

import math
import re
import types


class _Skipped(Exception):
    pass


class _Approx:
    def __init__(self, expected, rel=None, abs=None):
        self.expected = expected
        # pytest's tolerances: 1e-6 relative and 1e-12 absolute; an `abs` given alone is the only one used
        self.rel = (0.0 if abs is not None else 1e-6) if rel is None else rel
        self.abs = 1e-12 if abs is None else abs

    def _one(self, got, want):
        try:
            return math.isclose(got, want, rel_tol=self.rel, abs_tol=self.abs)
        except TypeError:
            return got == want

    def __eq__(self, other):
        if isinstance(self.expected, dict):  # pytest's approx of a mapping: the same keys, each value close
            return (isinstance(other, dict) and other.keys() == self.expected.keys()
                    and all(self._one(other[k], w) for k, w in self.expected.items()))
        if isinstance(self.expected, (list, tuple)):
            return (isinstance(other, (list, tuple)) and len(other) == len(self.expected)
                    and all(self._one(g, w) for g, w in zip(other, self.expected)))
        return self._one(other, self.expected)

    __hash__ = None

    def __repr__(self):
        return f"approx({self.expected!r})"


class _Raises:
    """pytest.raises as a context manager; what it yields is also pytest's ExceptionInfo: .type, .value, .tb."""

    def __init__(self, expected, match=None):
        self.expected, self.match_text = expected, match
        self.type = self.value = self.tb = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            raise AssertionError(f"DID NOT RAISE {self.expected}")
        if not issubclass(kind, self.expected):
            return False
        self.type, self.value, self.tb = kind, value, tb
        if self.match_text is not None:
            self.match(self.match_text)
        return True

    @property
    def typename(self):
        return self.type.__name__

    def match(self, regexp):
        if not re.search(regexp, str(self.value)):
            raise AssertionError(f"{self.typename}: {self.value} does not match {regexp!r}")
        return True


def _raises(expected, *args, match=None, **kwargs):
    if args:
        with _Raises(expected, match):
            args[0](*args[1:], **kwargs)
        return None
    return _Raises(expected, match)


def _parametrize(argnames, argvalues, **_):
    names = [n.strip() for n in argnames.split(",") if n.strip()] if isinstance(argnames, str) else list(argnames)

    def mark(test):
        sets = [dict(zip(names, v if len(names) > 1 else (v,))) for v in argvalues]
        test._param_sets = getattr(test, "_param_sets", []) + [sets]
        return test

    return mark


def _skip(reason=""):
    raise _Skipped(reason)


def _fixture(function=None, *, scope="function", autouse=False, name=None, **_):
    """pytest.fixture, bare or called: marks the function (Fixtures finds it in the test file and in
    a conftest.py beside it, and hands its value to each test that names it)."""

    def mark(f):
        f._fixture = {"scope": scope, "autouse": bool(autouse), "name": name or f.__name__}
        return f

    return mark(function) if callable(function) else mark


class _Pytest(types.ModuleType):
    def __getattr__(self, name):
        raise AttributeError(f"pytest.{name} is not available when 09-write-tests runs your tests: "
                             "use plain asserts (pytest.approx, raises, skip, fixture and mark.parametrize work)")


def _pytest_module():
    module = _Pytest("pytest")
    module.approx, module.raises, module.skip, module.fixture = _Approx, _raises, _skip, _fixture
    module.mark = types.SimpleNamespace(parametrize=_parametrize)
    return module


def arguments(function, bound=False):
    """The names `function` takes as arguments (after `self` or `cls` where it is `bound`)."""
    code = function.__code__
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    return names[1:] if bound else names


class Fixtures:
    """The student's fixtures (functions under `pytest.fixture`) of a conftest.py beside their tests and of the
    test file itself (the file's where both define a name), set up for each test as pytest does: those its arguments
    name, and each `autouse` one, each made once a test (or once a run where its scope is wider), the fixtures they
    take themselves first; a generator fixture's code after its `yield` run after the test (a wider one's never, as
    pytest's teardowns of a module are not). strangers40: a file whose tests took their leaves from a conftest.py
    fixture scored 0/38, each test "missing 1 required positional argument"."""

    def __init__(self, *namespaces):
        self.defined, self.kept = {}, {}
        for namespace in namespaces:
            for obj in list(namespace.values()):
                mark = getattr(obj, "_fixture", None) if isinstance(obj, types.FunctionType) else None
                if isinstance(mark, dict):
                    self.defined[mark["name"]] = obj

    def call(self, test, kwargs):
        made, finish = {}, []
        try:
            given = dict(kwargs)
            for name, fixture in self.defined.items():
                if fixture._fixture["autouse"]:
                    self._value(name, made, finish, ())
            for name in getattr(test, "_arguments", ()):
                if name not in given and name in self.defined:
                    given[name] = self._value(name, made, finish, ())
            return test(**given)
        finally:
            for generator in reversed(finish):
                try:
                    next(generator)
                except StopIteration:
                    pass

    def _value(self, name, made, finish, asking):
        if name in made:
            return made[name]
        fixture = self.defined[name]
        wide = fixture._fixture["scope"] != "function"
        if wide and name in self.kept:
            return self.kept[name]
        if name in asking:
            raise RecursionError(f"the fixture {name!r} takes itself")
        value = fixture(**{a: self._value(a, made, finish, asking + (name,)) for a in arguments(fixture)
                           if a in self.defined})
        if isinstance(value, types.GeneratorType):
            generator, value = value, next(value)
            if not wide:
                finish.append(generator)
        made[name] = value
        if wide:
            self.kept[name] = value
        return value

