"""A forbidden import costs its own test; a forbidden module costs only where it is used.

The fixtures in tests/fixtures/forbidden/ are engines that import or use numpy
or torch; each one that uses it has a twin, made here by a one-line edit: the
same engine without the import, whose use site raises instead. "The tests
that reach exp()" is then not a list kept by hand: it is what the twin fails.
"""

import sys
from pathlib import Path

import pytest
from costs import slow_fixture

import grader.suites
from grader.pipeline import grade
from grader.forbidden import forbidden_imports
from grader.judge import from_scratch_test
from grader.sandbox import Limits

FORBIDDEN = Path(__file__).parent / "fixtures" / "forbidden"
LIMITS = Limits(probe_seconds=5, import_seconds=10, submission_seconds=60)


def _fixture(case, file="engine.py"):
    return (FORBIDDEN / case / file).read_text()


def _edit(text, *replacements):
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    return text


def _engine_cases():
    """Each case's engine.py: the fixtures, and the one-line edits that make their twins."""
    honest = _fixture("numpy-unused")
    exp_forward, torch_gradients = _fixture("numpy-exp-forward"), _fixture("torch-gradients")
    return {
        "numpy-unused": honest,
        "torch-star": _edit(honest, ("import numpy as np\n", "from torch import *  # noqa: F401,F403\n")),
        "dunder-import": _edit(honest, ("import numpy as np\n", '_backend = __import__("torch")\n')),
        "numpy-exp-forward": exp_forward,
        "exp-raises": _edit(exp_forward, ("import numpy as np\n", "\n"),
                            ("e = float(np.exp(self.data))", 'raise NotImplementedError("exp")')),
        "torch-gradients": torch_gradients,
        "backward-raises": _edit(torch_gradients, ("import torch\n", "\n"),
                                 ("        tensors = {}\n", '        raise NotImplementedError("backward")\n')),
        "standin-escape": _fixture("standin-escape", "attack.py") + "\n" + honest,
    }


def _mlp_cases():
    engine = _edit(_fixture("numpy-unused"), ("import numpy as np\n", "\n"))
    nn = _fixture("mlp-numpy-init", "nn.py")
    raises = _edit(nn, ("import numpy as np\n", "\n"), ("self.w = [Value(float(w)) for w in np.random.uniform(-1.0, 1.0, nin)]",
                                                        'raise NotImplementedError("Neuron")'))
    return {"mlp-numpy-init": {"engine.py": engine, "nn.py": nn},
            "mlp-init-raises": {"engine.py": engine, "nn.py": raises}}


def _batch(tmp_path_factory, cases, exercise):
    folder = tmp_path_factory.mktemp(f"forbidden-{exercise}")
    for case, files in cases.items():
        (folder / case).mkdir()
        for name, text in (files if isinstance(files, dict) else {"engine.py": files}).items():
            (folder / case / name).write_text(text)
    return grade(folder, exercise=exercise, limits=LIMITS, jobs=2)


@slow_fixture(scope="module")
def engine_batch(tmp_path_factory):
    return _batch(tmp_path_factory, _engine_cases(), "engine")


@pytest.fixture(scope="module")
def rows(engine_batch):
    return {row["id"]: row for row in engine_batch.scores["submissions"]}


def _failing(row):
    return {t["name"]: t for t in row["tests"] if t["status"] != "passed"}


@pytest.mark.parametrize("case,module", [("numpy-unused", "numpy"), ("torch-star", "torch"),
                                         ("dunder-import", "torch")])
def test_an_unused_import_costs_only_the_from_scratch_point(rows, case, module):
    row = rows[case]
    assert row["status"] == "graded" and row["score"] == row["max_score"] - 1
    failing = _failing(row)
    assert list(failing) == ["engine/from-scratch"]
    test = failing["engine/from-scratch"]
    assert (test["status"], test["score"], test["max_score"], test["file"], test["line"]) == (
        "failed", 0.0, 1.0, "engine.py", 4)
    assert test["output"] == (
        f"imports `{module}` (engine.py, line 4): the engine must be built from scratch with plain Python, "
        f"so {module} cannot be used in this exercise. Delete the import; any use of it also fails the tests "
        "that reach that line.")
    assert test["visibility"] == "visible"


def test_a_numpy_exp_costs_the_tests_that_reach_exp_each_naming_the_line(rows):
    used, twin = rows["numpy-exp-forward"], rows["exp-raises"]
    reaching_exp = set(_failing(twin))
    assert {"exp/values", "exp/negative"} <= reaching_exp
    assert "gradcheck/exp-log" not in reaching_exp  # exp's own tests charge it, once (judge/charging.py)
    assert "engine/from-scratch" not in reaching_exp
    failing = _failing(used)
    assert set(failing) == reaching_exp | {"engine/from-scratch"}
    assert used["score"] == twin["score"] - 1
    for name in reaching_exp:
        test = failing[name]
        assert test["status"] == "error" and (test["file"], test["line"]) == ("engine.py", 52), name
        assert ("ForbiddenModuleError: `numpy` is not allowed in this exercise: `np.exp(...)` (engine.py, line 52, "
                "in exp)") in test["output"], name
    assert failing["engine/from-scratch"]["line"] == 6


def test_gradients_from_torch_fail_every_test_that_reads_a_gradient(rows):
    used, twin = rows["torch-gradients"], rows["backward-raises"]
    assert set(_failing(used)) == set(_failing(twin)) | {"engine/from-scratch"}
    assert used["score"] == twin["score"] - 1
    outputs = [t["output"] for name, t in _failing(used).items() if name != "engine/from-scratch"]
    assert len(outputs) > 40
    assert sum("`torch` is not allowed in this exercise: `torch.tensor(...)`" in o for o in outputs) >= len(outputs) - 1


def test_the_stand_in_reaches_no_real_module(engine_batch, rows):
    out = engine_batch.runs["standin-escape"]["output"]
    assert "REAL" not in out, out
    # a name read from it is a name (a type hint may read it as its def runs), and refused when used (session 26)
    assert "empty: np.ndarray: _Name None" in out
    assert "refused: np.ndarray(3): ForbiddenModuleError: `numpy` is not allowed in this exercise: `np.ndarray(...)`" \
        in out
    assert "empty: np.__dict__: NoneType None" in out  # nothing but the import system's own dunders
    for what in ("np.__spec__.loader.create_module", "importlib.reload(np)",
                 "importlib.import_module('numpy.linalg')", "import torch.nn.functional"):
        assert f"empty: {what}: _StandIn None" in out, what
    for name in ("numpy", "torch"):
        assert f"refused: {name} without the grader's finder: ModuleNotFoundError" in out
    assert rows["standin-escape"]["score"] == rows["standin-escape"]["max_score"] - 1


@slow_fixture(scope="module")
def mlp_rows(tmp_path_factory):
    result = _batch(tmp_path_factory, _mlp_cases(), "07-mlp-xor")
    return {row["id"]: row for row in result.scores["submissions"]}


def test_numpy_for_initial_weights_costs_the_tests_that_build_a_network(mlp_rows):
    used, twin = mlp_rows["mlp-numpy-init"], mlp_rows["mlp-init-raises"]
    # every test of 07 with points builds a network, so the twin earns nothing, and its "from
    # scratch" point, given only beside another point, is skipped (parameters/rng, session 29, among them: a Layer
    # that takes no rng passes it only where it builds without one)
    assert _failing(twin).pop("engine/from-scratch")["status"] == "skipped"
    builds_a_network = set(_failing(twin)) - {"engine/from-scratch"}
    assert len(builds_a_network) == 12
    failing = _failing(used)
    assert set(failing) == builds_a_network | {"engine/from-scratch"}
    assert failing["engine/from-scratch"]["status"] == "failed"
    assert used["score"] == twin["score"] == 0.0
    for name in builds_a_network:
        assert (failing[name]["file"], failing[name]["line"]) == ("nn.py", 20), name
        assert "`numpy` is not allowed in this exercise: `np.random.uniform(...)`" in failing[name]["output"], name
    assert (failing["engine/from-scratch"]["file"], failing["engine/from-scratch"]["line"]) == ("nn.py", 4)


def test_a_fatal_setting_restores_the_old_rule(tmp_path, monkeypatch):
    monkeypatch.setattr(grader.suites, "FORBIDDEN_IMPORT_FATAL", True)
    (tmp_path / "subs" / "numpy-unused").mkdir(parents=True)
    (tmp_path / "subs" / "numpy-unused" / "engine.py").write_bytes((FORBIDDEN / "numpy-unused" / "engine.py").read_bytes())
    row = grade(tmp_path / "subs", limits=LIMITS, jobs=1).scores["submissions"][0]
    assert (row["status"], row["score"]) == ("graded", 0.0)
    assert row["message"].startswith("ImportError: importing 'numpy' is not allowed in this exercise")


def test_the_weight_is_the_suites_setting(monkeypatch):
    test_file = Path(grader.suites.__file__).parent / "engine" / "test_engine.py"
    assert from_scratch_test(test_file).grading["points"] == 1.0
    monkeypatch.setattr(grader.suites, "FROM_SCRATCH_POINTS", 5)
    assert from_scratch_test(test_file).grading["points"] == 5.0
    assert from_scratch_test(test_file).grading["concept"] == "from-scratch"


def _scan(start=None, **files):
    return [(f["module"], f["file"], f["line"]) for f in
            forbidden_imports({name.replace("_py", ".py"): src.encode() for name, src in files.items()},
                              grader.suites.FORBID, start)]


def test_every_form_of_import_is_found_by_reading_the_source():
    source = "\n".join([
        "import math, numpy as np",          # 1
        "from torch import *",               # 2
        "from numpy.random import seed",     # 3
        "import jax.numpy",                  # 4
        "t = __import__('tensorflow')",      # 5
        "import importlib",                  # 6
        "m = importlib.import_module('micrograd.engine')",  # 7
        "def never_called():",               # 8
        "    import torch",                  # 9
        "from . import numpy",               # 10: relative, the submission's own: not numpy
        "import numpyish, torchvision",      # 11: other packages
        "name = 'torch'; __import__(name)",  # 12: not a literal: the stand-in still refuses its use
    ])
    assert _scan(engine_py=source) == [("numpy", "engine.py", 1), ("torch", "engine.py", 2),
                                       ("numpy", "engine.py", 3), ("jax", "engine.py", 4),
                                       ("tensorflow", "engine.py", 5), ("micrograd", "engine.py", 7),
                                       ("torch", "engine.py", 9)]


def test_a_helper_module_of_the_submission_is_followed_and_a_broken_file_is_skipped():
    assert _scan(engine_py="from ops import add\n", ops_py="import numpy\n") == [("numpy", "ops.py", 1)]
    assert _scan(engine_py="import numpy\ndef broken(:\n") == []
    assert _scan(engine_py="x = 1\n", notes_txt="import numpy\n") == []


def test_wide_and_deep_files_are_read_in_one_walk():
    # a deep, wide file: one walk of its tree, whatever its shape
    wide = "import math\n" * 50_000 + "import torch\n"
    assert _scan(engine_py=wide) == [("torch", "engine.py", 50_001)]
    deep = "x = " + "(" * 90 + "1" + ")" * 90 + "\nimport numpy\n"
    assert _scan(engine_py=deep) == [("numpy", "engine.py", 2)]
    too_deep = "x = " + "(" * 100_000 + "1" + ")" * 100_000 + "\nimport numpy\n"
    assert _scan(engine_py=too_deep) == []  # the parser gives up: the import test reports that file
    assert sys.getrecursionlimit() >= 1000


def test_a_helper_package_is_followed_however_it_is_imported():
    # the "from scratch" test reads a carried package's modules too (levels.py carries packages since session 23)
    package = {"autodiff/__init___py": "from .ops import add\n", "autodiff/ops_py": "import numpy as np\n",
               "autodiff/deep/__init___py": "", "autodiff/deep/more_py": "x = 1\nfrom torch import tensor\n"}
    assert _scan(["engine.py"], engine_py="from autodiff import add\n", **package) == [("numpy", "autodiff/ops.py", 1)]
    both = [("torch", "autodiff/deep/more.py", 2), ("numpy", "autodiff/ops.py", 1)]  # in file order
    assert _scan(["engine.py"], engine_py="import autodiff.deep.more\n", **package) == both
    assert _scan(["engine.py"], engine_py="from autodiff.deep import more\n", **package) == both
    # a relative import inside the package: from its own package; `from .. import x` beyond the top: nothing
    relative = {"pkg/__init___py": "", "pkg/a_py": "from . import b\nfrom .. import numpy\n",
                "pkg/b_py": "import jax\n"}
    assert _scan(["engine.py"], engine_py="import pkg.a\n", **relative) == [("jax", "pkg/b.py", 1)]
    # from the exercise's files, a package nothing imports is not read; from every file (the default), it is
    assert _scan(["engine.py"], engine_py="import math\n", **package) == []
    assert _scan(engine_py="import math\n", **package) == both
