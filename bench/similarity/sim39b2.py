"""A second labelled class written blind by hand (session 39, simw39), held out: python bench/similarity/sim39b2.py OUT

Written by a helper that did not read grader/similarity, docs/similarity.md or any class's students, to issue 27's
recipe, on exercises/09-write-tests' `test_engine.py` (the student writes pytest-style tests of an engine in place of
the starter's TODO line; the grader runs them on the correct engine and on buggy ones), the one exercise no class had as
its subject. The files are kept as they were written in sim39b2/main/submissions (sim39b2/README.md says who wrote what
and how; sim39b2/labels.json, run.py's schema, says what each is). Every file is checked by `check`: every test it holds
(top-level `test*` functions with their parameter sets, `Test*` classes' methods with setup_method, unittest.TestCase
classes) passes on the exercise's engine (exercises/09-write-tests/engine.py) and on reference/engine.py (the correct
engine written another way, as the grader also runs them), with the sandbox's stand-in `pytest` (grader/suites/09-write-
tests/probes_pytest.py); a file labelled with a `bug` (a test that fails on a correct engine) must fail it, every other
file pass it. Its public source is sim39b2/public/test_engine.py (a blog post's companion code a student finds, "Testing
your autograd engine with finite differences", written for this class under CC0: public/LICENSE); sim39b2/materials/
holds the course texts an instructor has (the lecture's example tests, a TA's forum post of test ideas): run.py measures
the class without them and with them.

`build` copies the class into OUT with the exercise's starter, every file checked first. `run.py --sim39b2` measures it
(alone: the held-out default seeds are left out, as for a tuning class)."""

from __future__ import annotations

import functools
import importlib.util
import inspect
import itertools
import sys
import types
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sim34b1  # noqa: E402
import sixteenth  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CLASS = Path(__file__).resolve().parent / "sim39b2"
STARTER = REPO / "exercises" / "09-write-tests" / "test_engine.py"
EXERCISE = "09-write-tests (test_engine.py)"
ENGINES = (REPO / "exercises" / "09-write-tests" / "engine.py", REPO / "reference" / "engine.py")
STAND_IN = REPO / "grader" / "suites" / "09-write-tests" / "probes_pytest.py"


def _load(path: Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _calls(test):
    """Every parameter set of TEST (the stand-in's `_param_sets`), as keyword arguments."""
    sets = getattr(test, "_param_sets", None) or [[{}]]
    for combo in itertools.product(*sets):
        kwargs = {}
        for part in combo:
            kwargs.update(part)
        yield kwargs


def _tests(namespace: dict):
    """(label, call) for every test in a module's NAMESPACE, as the grader's runner collects them."""
    for name, obj in list(namespace.items()):
        if inspect.isfunction(obj) and name.startswith("test"):
            for kwargs in _calls(obj):
                yield name, (lambda f=obj, k=kwargs: f(**k))
        elif inspect.isclass(obj) and issubclass(obj, unittest.TestCase):
            for method in unittest.TestLoader().getTestCaseNames(obj):
                def run(cls=obj, m=method):
                    result = unittest.TestResult()
                    cls(m).run(result)
                    problems = result.failures + result.errors
                    assert not problems, problems[0][1].strip().splitlines()[-1]
                yield f"{name}.{method}", run
        elif inspect.isclass(obj) and name.startswith("Test"):
            for attr in dir(obj):
                if attr.startswith("test") and callable(getattr(obj, attr)):
                    for kwargs in _calls(getattr(obj, attr)):
                        def run(cls=obj, a=attr, k=kwargs):
                            instance = cls()
                            setup = getattr(instance, "setup_method", None)
                            if setup is not None:  # pytest passes the method when setup_method takes it
                                params = inspect.signature(setup).parameters
                                setup(getattr(instance, a)) if params else setup()
                            getattr(instance, a)(**k)
                        yield f"{name}.{attr}", run


TODO = "# TODO(09-write-tests): your code here\n"  # where a student's tests go in STARTER


def write_controls(here: Path, honest: dict[str, str], copies: dict[str, str]) -> None:
    """A controls folder of 09-write-tests (sim40tctl, sim41hctl, sim42hctl): each student's tests (`stem` -> body) in
    STARTER where its TODO line is, checked first (every test passes on each correct engine), written to
    HERE/honest/<stem>.py and HERE/copies/<stem>.py."""
    starter = STARTER.read_text(encoding="utf-8")
    assert TODO in starter
    for folder, students in (("honest", honest), ("copies", copies)):
        (here / folder).mkdir(exist_ok=True)
        for stem, body in students.items():
            text = starter.replace(TODO, body.lstrip("\n"))
            check(text, stem)
            (here / folder / f"{stem}.py").write_text(text, encoding="utf-8")


def check(text: str, what: str) -> None:
    """TEXT, a student's test_engine.py, has at least one test and every one passes on each correct engine (ENGINES);
    raises AssertionError naming the engine and the first test that fails, and why."""
    stand_in = _load(STAND_IN, "sim39b2_pytest")._pytest_module()
    for engine_path in ENGINES:
        saved = {name: sys.modules.get(name) for name in ("engine", "pytest")}
        sys.modules["engine"] = _load(engine_path, "engine")
        sys.modules["pytest"] = stand_in
        try:
            namespace = {"__name__": f"sim39b2_{what}"}
            exec(compile(text, f"{what}.py", "exec"), namespace)
            tests = list(_tests(namespace))
            assert tests, f"{what}: no tests"
            for label, call in tests:
                try:
                    call()
                except Exception as exc:  # an assert that does not hold, or the engine raising
                    raise AssertionError(f"{what}: {label} fails on {engine_path.parent.name}/{engine_path.name}: "
                                         f"{type(exc).__name__}: {exc}") from exc
        finally:
            for name, module in saved.items():
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module


# `check`, except that a file whose label names a `bug` must fail it: checker(folder) as sim34b1.build calls it
checker = functools.partial(sim34b1.labelled_checker, check=check, gives="every test passing on a correct engine")
# build(OUT): the class in OUT (main/submissions, main/starter/, labels.json, materials/), every file checked first
build = functools.partial(sim34b1.build, folder=CLASS, starter=STARTER, checker_of=checker)


if __name__ == "__main__":
    sixteenth.main(sys.modules[__name__])  # OUT, as sixteenth.py's
