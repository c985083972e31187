"""A session of plain hidden tests judged without pytest's session: the same items, the same outcomes.

When every item of a session runs directly (judge/direct.py: the plugin's fixtures only, no mark, a plain
function), what pytest still did around them was its start-up (parsing the arguments, registering forty
plugins and parsing their fixtures) and its collection (a Module node, a Metafunc, a FunctionDefinition and a
Function with its fixture closure for every item): about two thirds of a lone check's judging and a third of a
batch's part (bench/judge_sessions.py). Here the judge makes those items itself, from the same modules (imported
as pytest imports them: _pytest.pathlib.import_path in importlib mode, below the suite's folder), in pytest's
order (each test file's functions in definition order), parametrised by the plugin's own pytest_generate_tests,
with pytest's node ids, and hands them to the plugin's collection hooks and its run of each item.

Anything this does not mirror goes to pytest, before any item is run: a conftest.py pytest would load, a test
class, a fixture or a mark in a test file, a test that asks for anything but the plugin's fixtures or that is not
a plain function, a module's `pytest_plugins`, its own `pytest_generate_tests` (pytest calls it beside the plugin's:
it may parametrise one of the plugin's fixture names), xunit setup functions or `__test__`, a test
file that fails to import or an error while parametrising (pytest then reports it as before). tests/test_judge.py holds the outcomes alike all three
ways (this, pytest with the judge's run of each item, pytest's protocol).
"""

import contextlib
import inspect
import os
import sys
import traceback
from pathlib import Path

import pytest
from _pytest.compat import ascii_escaped
from _pytest.fixtures import getfixturemarker
from _pytest.outcomes import Exit
from _pytest.pathlib import (CouldNotResolvePathError, ImportMode, import_path, module_name_from_path,
                             resolve_pkg_root_and_module_name)

from .direct import FIXTURES

ENABLED = True  # tests turn it off to hold the outcomes alike with pytest's session
_XUNIT = ("setup_module", "setUpModule", "teardown_module", "tearDownModule", "setup_function", "teardown_function")
_KINDS = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
_JUDGE_FOLDER = Path(__file__).resolve().parent  # pytest's confcutdir: the -c pytest.ini's folder


class _CallSpec:
    def __init__(self, submission):
        self.params = {"submission": submission}


class _FixtureInfo:
    def __init__(self, argnames):
        self.argnames = argnames


class Item:
    """What the plugin reads of a pytest Function item."""

    def __init__(self, nodeid, name, id_, function, argnames, submission):
        self.nodeid, self.name, self.originalname = nodeid, f"{name}[{id_}]", name
        self.function = self.obj = function
        self._fixtureinfo = _FixtureInfo(argnames)
        self.fixturenames = [*argnames, "submission"] if "submission" not in argnames else list(argnames)
        self.callspec = _CallSpec(submission)

    def iter_markers(self, name=None):
        return iter(())


class _Metafunc:
    """What the plugin's pytest_generate_tests reads of pytest's Metafunc, and its one call of parametrize."""

    def __init__(self, function, argnames):
        self.function = function
        self.fixturenames = [*argnames, "submission"] if "submission" not in argnames else list(argnames)
        self.values = self.ids = None

    def parametrize(self, argname, values, ids=None):
        assert argname == "submission"
        self.values = list(values)
        self.ids = list(self.values if ids is None else ids)


def _loads_a_conftest(folder):
    """Whether pytest would load a conftest.py for tests in `folder`: one there or in a folder above it that is
    not above the judge's folder (pytest's confcutdir, the -c pytest.ini's folder)."""
    folder = Path(os.path.abspath(folder))
    for where in (folder, *folder.parents):
        if where not in _JUDGE_FOLDER.parents and (where / "conftest.py").exists():
            return True
    return False


def _plain_tests(module):
    """[(name, function, argnames)] of a test module in pytest's order, or None when pytest would do more with it
    than collect plain functions (see the module's text)."""
    if not getattr(module, "__test__", True) or any(
            hasattr(module, name) for name in ("pytest_plugins", "pytestmark", "pytest_generate_tests", *_XUNIT)):
        return None
    found = []
    for name, obj in list(vars(module).items()):
        if getfixturemarker(obj) is not None:
            return None  # a fixture of the test file's own (it may stand in for one of the plugin's)
        marked = getattr(obj, "__test__", False) is True
        if inspect.isclass(obj):
            if name.startswith("Test") or marked:
                return None  # a test class
            continue
        named = name.startswith("test") or marked
        if not named or not callable(obj):
            continue
        if not inspect.isfunction(obj) or hasattr(obj, "__wrapped__") or hasattr(obj, "pytestmark") \
                or not getattr(obj, "__test__", True) or inspect.iscoroutinefunction(obj) \
                or inspect.isasyncgenfunction(obj) or inspect.isgeneratorfunction(obj):
            return None
        parameters = inspect.signature(obj).parameters.values()
        argnames = [p.name for p in parameters]
        if not argnames or not set(argnames) <= FIXTURES or any(
                p.kind not in _KINDS or p.default is not p.empty for p in parameters):
            return None
        found.append((name, obj, argnames))
    return found


def _import(paths, root):
    """The test files' modules, imported as pytest's importlib mode imports them, or None (with whatever a failed
    import left in sys.modules taken out, so that pytest imports the file again and reports its error)."""
    before = set(sys.modules)
    try:
        return [import_path(path, mode=ImportMode.importlib, root=root, consider_namespace_packages=False)
                for path in paths]
    except BaseException as exc:  # noqa: BLE001 - pytest's collection says what was wrong with the file
        for name in _made_by_the_import(set(sys.modules) - before, paths, root):
            sys.modules.pop(name, None)
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        return None


def _made_by_the_import(new, paths, root):
    """Of the modules that appeared in sys.modules during a failed import, those the import itself made: the test
    files' own (pytest's names for them and the packages it put in above them) and any module whose file lies under
    the suite's folder. What another thread imported meanwhile stays (a library caller may judge from threads)."""
    names = set()
    for path in paths:
        names.add(module_name_from_path(path, root))
        with contextlib.suppress(CouldNotResolvePathError):
            names.add(resolve_pkg_root_and_module_name(path, consider_namespace_packages=False)[1])
    above = {name.rsplit(".", i)[0] for name in names for i in range(1, name.count(".") + 1)}
    made = []
    for name in new:
        file = getattr(sys.modules.get(name), "__file__", None)
        if name in names or name in above or (isinstance(file, str) and _under(file, root)):
            made.append(name)
    return made


def _under(file, root):
    try:
        return Path(os.path.abspath(file)).is_relative_to(root)
    except (TypeError, ValueError):
        return False


def run(suite, plugin, tests):
    """pytest's exit code of the session (0, or 5 when no item is left), or None: pytest runs it."""
    if not ENABLED or _loads_a_conftest(suite.folder):  # PYTEST_ADDOPTS: pytest's session runs without it too
        return None
    root = Path(os.path.abspath(suite.folder))
    paths = [Path(os.path.abspath(test)) for test in tests]
    modules = _import(paths, root)
    if modules is None:
        return None
    collected = []
    for path, module in zip(paths, modules):
        functions = _plain_tests(module)
        if functions is None:
            return None
        collected.append((os.path.relpath(path, root).replace(os.sep, "/"), functions))
    items = []
    for file, functions in collected:
        for name, function, argnames in functions:
            metafunc = _Metafunc(function, argnames)
            try:
                plugin.pytest_generate_tests(metafunc)
            except KeyboardInterrupt:
                raise
            except BaseException:  # noqa: BLE001 - pytest's collection reports it (the same calls again, same answers:
                return None  # a SystemExit from the suite's dry run is pytest's INTERNALERROR, a SuiteError that says so)
            ids = [ascii_escaped(i) for i in metafunc.ids]
            if len(set(ids)) != len(ids):
                return None  # pytest would tell the same ids apart with suffixes
            items += [Item(f"{file}::{name}[{i}]", name, i, function, argnames, value)
                      for i, value in zip(ids, metafunc.values)]
    try:
        plugin.pytest_collection_modifyitems(items)
    except pytest.UsageError:
        return int(pytest.ExitCode.USAGE_ERROR)  # the plugin's suite_errors say why
    plugin.collected(items)
    plugin.direct = True
    try:
        where = os.getcwd()  # pytest goes back to the folder its session started in, whatever a test did
    except FileNotFoundError:
        where = None  # run from a folder since deleted: there is none to go back to, and the items need none
    try:
        for i, item in enumerate(items):
            plugin.pytest_runtest_protocol(item, items[i + 1] if i + 1 < len(items) else None)
    except Exit as exc:
        return int(pytest.ExitCode.INTERRUPTED if exc.returncode is None else exc.returncode)
    except KeyboardInterrupt:
        return int(pytest.ExitCode.INTERRUPTED)
    except BaseException:  # noqa: BLE001 - pytest's INTERNALERROR: its traceback in the session's output
        traceback.print_exc()
        return int(pytest.ExitCode.INTERNAL_ERROR)
    finally:
        if where is not None:
            os.chdir(where)
    return int(pytest.ExitCode.OK if items else pytest.ExitCode.NO_TESTS_COLLECTED)
