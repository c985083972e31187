"""The hidden suites: one folder per exercise, holding probes (which travel into the
sandbox) and tests (which never leave the grader)."""

import ast
import dataclasses
import functools
import hashlib
import importlib.util
import inspect
import sys
from pathlib import Path

from .. import probekit
from ..parsing import parse
from ..course import COURSE
from ..sandbox import WORKER

SUITES = Path(__file__).parent

# An engine built from scratch: these import as stand-ins that refuse any use (see
# docs/security.md), and importing one costs the suite's "from scratch" test.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow")
# The grader's own packages never import in the sandbox, whatever the suite says.
GRADER_PACKAGES = ("reference", "grader")
# The "from scratch" test's weight, and whether a forbidden import is fatal (the
# import fails, so the engine cannot be used at all: every test is lost).
FROM_SCRATCH_POINTS = 1
FORBIDDEN_IMPORT_FATAL = False


class SuiteError(ValueError):
    """A suite that cannot be used: the grader cannot do its job. `message`: its words as a Message where a student
    may read them (`grade check` on a student's install), else None; str() is the English."""

    def __init__(self, text, message=None):
        super().__init__(text)
        self.message = message


class ProbeCase:
    """A probe that runs in a worker of its own: the sandbox-side function `function` of probes.py,
    with `files` travelling beside it (only for this run). Its name and description stay in the
    grader; what the sandbox sees is the function's name and the files' neutral names."""

    takes_modules = True

    def __init__(self, name, doc, function, files):
        self.__name__, self.__doc__, self.function, self.files = name, doc, function, dict(files)

    def __repr__(self):
        return f"ProbeCase({self.__name__!r})"


# a pure function of the text, kept: 09-write-tests' probe_cases() makes its 40 engines so on every load of the
# suite and every judge session that imports its tests (three a batch, `grade check` too), 0.09 s of CPU each time
@functools.lru_cache(maxsize=256)
def anonymous_source(source):
    """Python source with its docstrings and comments gone (and its layout normalised): code that
    travels into the sandbox as an engine under test says what it does, not what it is called."""
    tree = parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def _never_stop(observations):
    return None


@dataclasses.dataclass
class Suite:
    name: str
    folder: Path
    title: str
    module: str  # the student module probes receive `Value` from
    files: tuple  # the student files the exercise uses
    forbid: tuple  # top-level packages a submission may not use (they import as stand-ins)
    refuse: tuple  # top-level packages that do not import at all
    from_scratch_points: float  # the weight of the static "from scratch" test
    probes: object  # the probes module, imported in the grader (trusted)
    probe_names: list
    runner_files: dict  # what travels into the sandbox
    digest: str
    diagnose: bool = True  # whether the engine's bug variants can explain this suite's failures
    # {name: ProbeCase} when every probe runs in a fresh worker of its own, in a secret order
    cases: dict | None = None
    # given the observations so far, why the remaining cases need not run (or None): see grader/observe/
    stop_early: object = _never_stop
    draw_inputs: bool = False  # the grade of record observes the probes its tests read at drawn inputs too
    fixed_inputs: frozenset = frozenset()  # ... but these (the suite's FIXED_INPUTS: judge/drawn.py)
    draws: object = None  # those drawn observations' judge/drawn.Draws, on the grade of record's copy (with_draws)
    # {probe: the fixed probe it makes one expression with} (the suite's PAIRED): not run once that one crashed its
    # worker or timed out (grader/observe/paired.py)
    paired: dict = dataclasses.field(default_factory=dict)
    # the student's own test files (the suite's STUDENT_TESTS), read for asserts that cannot fail
    # (grader/diagnose/student_asserts.py) where the bug variants explain nothing
    student_tests: tuple = ()
    # the probes whose tests charge a gradient that holds a Value, the first that shows one (the suite's
    # VALUE_GRADS_CHARGED_BY; its probes.py calls probekit.read_value_grads()): grader/judge/value_grads.py
    value_grads: tuple = ()

    def probe(self, name):
        """The grader-side object of probe `name` (a probes.py function, or a ProbeCase)."""
        return self.cases[name] if self.cases else getattr(self.probes, name)


def available():
    """Every suite's name: the exercises in course order (grader/course.py), then the others by name."""
    names = {p.name for p in SUITES.iterdir() if (p / "probes.py").exists()}
    return [e for e in COURSE if e in names] + sorted(names - set(COURSE))


def probe_names(probes):
    """The probes of a probes.py module, in the order it names them: the public functions it defines or
    takes from shared_probes, each where the file first binds it (its own `def`, or the import line)."""
    own = (probes.__name__, SHARED_PROBES_MODULE)
    return [n for n, f in vars(probes).items()
            if not n.startswith("_") and inspect.isfunction(f) and f.__module__ in own]


def _import(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses (mistakes.py) look their module up while a class is made
    spec.loader.exec_module(module)
    return module


# The probes more than one suite asks (one expression per name): probes.py takes them with
# `from shared_probes import ...`, here as in the sandbox, where this file travels with every suite.
SHARED_PROBES = SUITES / "shared_probes.py"
SHARED_PROBES_MODULE = "shared_probes"
# `from local_probes import ...`: each op alone, for diagnosis (the engine suite's and 01-04's), travels likewise.
LOCAL_PROBES = SUITES / "local_probes.py"
LOCAL_PROBES_MODULE = "local_probes"

_MODULES = {}


def _probe_imports_ready():
    """`probekit`, `shared_probes` and `local_probes` importable by those names, as the worker makes them in the
    sandbox."""
    sys.modules.setdefault("probekit", probekit)
    for name, path in ((LOCAL_PROBES_MODULE, LOCAL_PROBES), (SHARED_PROBES_MODULE, SHARED_PROBES)):
        if name not in sys.modules:
            _import(name, path)


def suite_module(folder, stem):
    """`<stem>.py` of the suite in `folder` (probes, __init__, mistakes, ...), imported once: trusted grader code,
    one module object however many tests, suites and tools ask for it."""
    path = (Path(folder) / f"{stem}.py").resolve()
    if path not in _MODULES:
        if stem == "probes":
            _probe_imports_ready()
        _MODULES[path] = _import(f"grader_suite_{path.parent.name.replace('-', '_')}_{stem.strip('_')}", path)
    return _MODULES[path]


@dataclasses.dataclass(frozen=True)
class Settings:
    """How a suite treats forbidden imports (its __init__.py, with the defaults above)."""

    forbid: tuple  # top-level packages that import as stand-ins refusing any use
    refuse: tuple  # top-level packages that do not import at all
    from_scratch_points: float
    import_hint: str  # what the import test adds when the module could not be used ("" for none)


def _import_hint(config):
    """Where the other files of a multi-file exercise belong: said when engine.py could not be used."""
    if hasattr(config, "IMPORT_HINT"):
        return config.IMPORT_HINT
    others = [f for f in getattr(config, "FILES", ("engine.py",)) if f != "engine.py"]
    if not others:
        return ""
    return f"Hand in the exercise folder (engine.py beside {' and '.join(others)}) or the exercise notebook."


def _settings(config):
    forbid = tuple(getattr(config, "FORBID", FORBID))
    fatal = bool(getattr(config, "FORBIDDEN_IMPORT_FATAL", FORBIDDEN_IMPORT_FATAL))
    return Settings(forbid=() if fatal else forbid, refuse=GRADER_PACKAGES + (forbid if fatal else ()),
                    from_scratch_points=float(getattr(config, "FROM_SCRATCH_POINTS", FROM_SCRATCH_POINTS)),
                    import_hint=_import_hint(config))


def settings(folder):
    """The forbidden-import settings of the suite in `folder` (its __init__.py, read once)."""
    return _settings(suite_module(folder, "__init__"))


def load_suite(name):
    folder = SUITES / name
    if not (folder / "probes.py").exists():
        raise SuiteError(f"no suite named {name!r}; available: {', '.join(available())}")
    config = suite_module(folder, "__init__")
    missing = [f for f in (*getattr(config, "RUNNER_FILES", ()), *getattr(config, "CASE_FILES", ()))
               if not (folder / f).is_file()]
    if missing and not list(folder.glob("test_*.py")):  # a student's install (grader/distribution.py)
        from ..i18n import items, msg

        said = msg("{exercise} cannot be checked from a student's install: its probes need {files}, which holds the "
                   "reference and the buggy engines and ships only to instructors. Hand it in; the grader runs its "
                   "tests", exercise=name, files=items(missing, join="comma"))
        raise SuiteError(str(said), said)  # said in the student's language by grade check (student_check.suite_of)
    probes = suite_module(folder, "probes")
    cases = config.probe_cases() if hasattr(config, "probe_cases") else None
    if cases:
        names = list(cases)
        for case in cases.values():
            if not callable(getattr(probes, case.function, None)):
                raise SuiteError(f"suite {name!r}: probe case {case.__name__!r} runs {case.function!r}, "
                                 "which probes.py does not define")
    else:
        names = probe_names(probes)
    runner_files = {
        "worker.py": WORKER.read_bytes(),
        "probekit.py": Path(probekit.__file__).read_bytes(),
        "drawn_inputs.py": Path(probekit.__file__).with_name("drawn_inputs.py").read_bytes(),  # the worker's Drawn
        f"{SHARED_PROBES_MODULE}.py": SHARED_PROBES.read_bytes(),  # in every suite's digest: a change reruns all
        f"{LOCAL_PROBES_MODULE}.py": LOCAL_PROBES.read_bytes(),
        "probes.py": (folder / "probes.py").read_bytes(),
        "read_only.py": WORKER.with_name("read_only.py").read_bytes(),  # the folder read-only wherever it runs
        "as_package.py": WORKER.with_name("as_package.py").read_bytes(),  # a submission handed in as a package
        "standins.py": WORKER.with_name("standins.py").read_bytes(),  # the modules imported but not had
        "hash_order.py": WORKER.with_name("hash_order.py").read_bytes(),  # a set's order the program's, not the heap's
        "raised.py": WORKER.with_name("raised.py").read_bytes(),  # what a student's exception shows, as data
        "later.py": WORKER.with_name("later.py").read_bytes(),  # the drawn probes named after the published ones
        "shadows.py": WORKER.with_name("shadows.py").read_bytes(),  # their modules named as standard ones, theirs
    }
    # Data files the probes read beside themselves in the sandbox (e.g. 09-write-tests' engines.json).
    for fname in getattr(config, "RUNNER_FILES", ()):
        path = folder / fname
        if fname in runner_files or "/" in fname or "\\" in fname or not path.is_file():
            raise SuiteError(f"suite {name!r}: RUNNER_FILES entry {fname!r} is not a file of the suite folder "
                             "(or clashes with a runner file)")
        runner_files[fname] = path.read_bytes()
    digest = hashlib.sha256()
    for fname in sorted(runner_files):
        digest.update(fname.encode() + b"\0" + runner_files[fname] + b"\0")
    for case_name in names if cases else ():
        case = cases[case_name]
        digest.update(f"case {case_name} {case.function}".encode() + b"\0")
        for fname in sorted(case.files):
            digest.update(fname.encode() + b"\0" + case.files[fname] + b"\0")
    # Observations depend on what travels and on what the worker is told, not on the tests.
    rules = _settings(config)
    paired = _paired(name, config, names)
    digest.update(repr((getattr(config, "MODULE", "engine"), rules.forbid, rules.refuse)).encode())
    if paired:  # which probes run after a crash
        digest.update(repr(sorted(paired.items())).encode())
    return Suite(
        name=name, folder=folder, title=getattr(config, "TITLE", name),
        module=getattr(config, "MODULE", "engine"),
        files=tuple(getattr(config, "FILES", ("engine.py",))),
        forbid=rules.forbid, refuse=rules.refuse, from_scratch_points=rules.from_scratch_points,
        probes=probes, probe_names=names, runner_files=runner_files, digest=digest.hexdigest(),
        diagnose=bool(getattr(config, "DIAGNOSE", True)), cases=cases,
        stop_early=getattr(config, "stop_early", _never_stop), draw_inputs=bool(getattr(config, "DRAW_INPUTS", False)),
        fixed_inputs=frozenset(getattr(config, "FIXED_INPUTS", ())), paired=paired,
        student_tests=tuple(getattr(config, "STUDENT_TESTS", ())),
        value_grads=tuple(getattr(config, "VALUE_GRADS_CHARGED_BY", ())),
    )


def _paired(name, config, names):
    """The suite's PAIRED ({probe: the fixed probe it is one expression with}), each a probe the suite runs after
    the one it is paired with (or the observer could not skip it)."""
    paired = dict(getattr(config, "PAIRED", {}))
    for probe, fixed in paired.items():
        if probe not in names or fixed not in names or names.index(fixed) > names.index(probe):
            raise SuiteError(f"suite {name!r}: PAIRED entry {probe!r}: {fixed!r} must both be probes of probes.py, "
                             f"{fixed!r} the first of them (the observer skips {probe!r} once {fixed!r} crashed)")
    return paired


def test_files(suite):
    """The suite's test files: all of its tests (a checkout, the instructor's install), else the copies
    holding the visible tests only (a student's install; see grader/distribution.py)."""
    folder = Path(suite.folder)
    return sorted(folder.glob("test_*.py")) or sorted(folder.glob("visible_test_*.py"))


def test_functions(suite):
    """The suite's hidden tests (functions carrying @points), in file order: imported here, trusted code."""
    tests = []
    for path in test_files(suite):
        module = _import(f"grader_tests_{suite.name.replace('-', '_')}_{path.stem}", path)
        tests += [obj for name, obj in vars(module).items()
                  if name.startswith("test") and callable(obj) and hasattr(obj, "grading")]
    return tests
