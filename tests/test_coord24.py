"""The coordinator's checks of session 24: a namespace package beside the engine travels with it."""

import shutil
from pathlib import Path

from grader.load import load_entry
from grader.pipeline import grade
from grader.sandbox import Limits

PACKAGE = Path(__file__).parent / "fixtures" / "strangers23" / "engine" / "correct-package-folder"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
# the package's __init__.py made the engine: without it, engine.py imports the modules itself
NAMESPACE_ENGINE = "from autodiff.value import Value  # noqa: F401\nimport autodiff.ops  # noqa: F401\n"


def _namespace(folder: Path, engine: str = NAMESPACE_ENGINE) -> Path:
    shutil.copytree(PACKAGE, folder)
    (folder / "autodiff" / "__init__.py").unlink()
    (folder / "engine.py").write_text(engine, encoding="utf-8")
    return folder


def test_a_namespace_package_the_engine_imports_is_carried(tmp_path):
    sub = load_entry(_namespace(tmp_path / "alice"), frozenset({"engine.py"}))
    assert sub.problem is None
    assert sorted(sub.files) == ["autodiff/graph.py", "autodiff/ops.py", "autodiff/value.py", "engine.py"]


def test_held_a_folder_without_init_that_nothing_imports_is_not_read(tmp_path):
    folder = _namespace(tmp_path / "alice", engine="x = 1\n")
    (folder / "venv" / "lib").mkdir(parents=True)
    (folder / "venv" / "lib" / "site.py").write_text("y = 2\n", encoding="utf-8")
    sub = load_entry(folder, frozenset({"engine.py"}))
    assert sorted(sub.files) == ["engine.py"]


def test_a_namespace_package_engine_scores_full(tmp_path):
    """Session 24: an engine split into a folder without __init__.py (Python 3 imports it as a namespace package)
    scored 0/63: the folder was not carried, and the import failed with "No module named 'autodiff.value'"."""
    _namespace(tmp_path / "class" / "alice")
    result = grade(tmp_path / "class", exercise="engine", limits=LIMITS, jobs=1, cache_dir=tmp_path / "cache")
    [row] = result.scores["submissions"]
    assert (row["status"], row["score"], row["max_score"]) == ("graded", 63.0, 63.0)


EXITING_MUL = ('        if other.data == 3.0:\n            import sys\n            sys.exit("bye")\n'
               '        out = Value(self.data * other.data, (self, other), "*")\n')


def test_an_op_that_exits_is_said_as_what_it_raised_with_its_line(tmp_path):
    """Session 24: sys.exit() inside an op read "your engine raised the engine called sys.exit(bye)", with no place
    and no "why:" (the worker's own English words); it is now a SystemExit as any exception is: type, place, facts."""
    source = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text(encoding="utf-8")
    source = source.replace('        out = Value(self.data * other.data, (self, other), "*")\n', EXITING_MUL, 1)
    (tmp_path / "class" / "alice").mkdir(parents=True)
    (tmp_path / "class" / "alice" / "engine.py").write_text(source, encoding="utf-8")
    result = grade(tmp_path / "class", exercise="engine", limits=LIMITS, jobs=1, cache_dir=tmp_path / "cache")
    [row] = result.scores["submissions"]
    line = source.splitlines().index('            sys.exit("bye")') + 1
    shared = next(t for t in row["tests"] if t["name"] == "mul/shared-node")
    assert shared["output"] == (f"y = a * a at a = 3: your engine raised SystemExit: bye (engine.py, line {line}, "
                                "in __mul__)")
    assert [(d["kind"], d.get("op"), d.get("exception"), d.get("file"), d.get("line"))
            for d in row["diagnosis"]] == [("raises", "__mul__", "SystemExit", "engine.py", line)]


def test_a_rejected_submission_is_not_counted_as_from_the_cache(tmp_path):
    """Session 24: `grade run --no-cache` said "1 from the cache" of a class holding one rejected submission."""
    from click.testing import CliRunner

    from grader.cli import main

    (tmp_path / "class" / "alice").mkdir(parents=True)
    (tmp_path / "class" / "alice" / "engine.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "class" / "bob.txt").write_text("not code\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["run", str(tmp_path / "class"), "-e", "engine", "--no-cache", "--quiet",
                                       "--out", str(tmp_path / "scores.json")])
    assert result.exit_code == 0, result.output
    assert "; 0 from the cache;" in result.output


def _writing_notebook(path: Path, *cells: str) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(cell) for cell in cells]
    nbformat.write(notebook, path)


def test_a_module_run_again_and_again_is_refused_before_it_grows(tmp_path):
    """Session 24: a cell of 20,000 `%run engine` lines below a `%%writefile engine.py` cell (a 444 KB notebook) grew
    357 MiB of code in the grader (two minutes of its CPU) before the notebook's size was checked."""
    engine = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text(encoding="utf-8")
    (tmp_path / "alice").mkdir()
    _writing_notebook(tmp_path / "alice" / "hw.ipynb", "%%writefile engine.py\n" + engine * 3,
                      "\n".join(["%run engine"] * 20_000), "from engine import Value")
    sub = load_entry(tmp_path / "alice", frozenset({"engine.py"}))
    # refused once the code put in place passes four times the limit: the size said is how much was counted then
    assert str(sub.problem) == ("the code of alice/hw.ipynb is too large (4.0 MiB; the limit is 1.0 MiB); remove "
                                "outputs and data and submit again")


def test_a_module_that_reloads_itself_is_put_in_place_once(tmp_path):
    """Session 24: `importlib.reload(engine)` inside the written engine.py itself recursed to Python's recursion limit
    (5.9 MiB of code, rejected as too large); a module is not put in place inside its own code."""
    engine = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text(encoding="utf-8")
    (tmp_path / "class" / "alice").mkdir(parents=True)
    _writing_notebook(tmp_path / "class" / "alice" / "hw.ipynb",
                      "%%writefile engine.py\n" + engine + "\nimport importlib, engine\nimportlib.reload(engine)\n",
                      "from engine import Value")
    result = grade(tmp_path / "class", exercise="engine", limits=LIMITS, jobs=1, cache_dir=tmp_path / "cache")
    [row] = result.scores["submissions"]
    assert (row["status"], row["score"], row["max_score"]) == ("graded", 63.0, 63.0)


def test_the_loader_and_the_absent_modules_read_the_same_imports_that_run():
    """One walk (forbidden.imports_that_run) for the loader's imports and the sandbox's absent modules: an import in
    a `try` or under `if TYPE_CHECKING:` does not run, anywhere in the file."""
    from grader.forbidden import absent_imports
    from grader.load.file_imports import file_imports as _imports

    source = ("import graphviz\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import mypy_extensions\n"
              "else:\n    import attr\ntry:\n    import rich\nexcept ImportError:\n    rich = None\n"
              "class V:\n    def draw(self):\n        with open('x') as f:\n            from matplotlib import pyplot\n")
    assert absent_imports({"engine.py": source.encode()}) == ["attr", "graphviz", "matplotlib"]
    assert _imports("engine.py", source.encode()) == {"graphviz", "typing", "typing.TYPE_CHECKING", "attr",
                                                      "matplotlib", "matplotlib.pyplot"}
