"""Session 40's red team on loading, after seams39 (tests/test_seams39.py): case twins seams39 did not look at, and a
notebook kernel's `%run` file that is a symbolic link (grader/classroom/notebook_check's check()).

- `engine.ipynb` beside `Engine.ipynb` (no .py), `ENGINE.py` beside `Engine.py` (no `engine.py`): refused as "no
  engine.py found ... (found: Engine.ipynb, engine.ipynb)", which says nothing of why; now seams39's rule and words:
  refused naming both where their contents differ, graded where they are the same bytes.
- a helper package's twins (`utils/Grad.py` beside `utils/grad.py`, `Utils/` beside `utils/`): both carried, and
  `import utils.grad` read the one Linux found (another on the student's macOS); now the same rule.
- a kernel's `%run -i ops.py` where ops.py is a link: read as a link and dropped without a word; now followed where
  the file it names is in the kernel's folder, refused naming the link and its target where it is outside.
"""

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest
from test_seams39 import REFUSED

from grader.load import load_entry

ENGINE = (Path(__file__).resolve().parents[1] / "reference" / "engine.py").read_text()
# a fresh twin: the engine with tanh's local derivative written as 1 - t (an older draft)
DRAFT = ENGINE.replace("(1 - t**2)", "(1 - t)")
assert DRAFT != ENGINE
USES = "from utils.grad import twice\n" + ENGINE
GRAD, GRAD_OLD = "def twice(x):\n    return 2 * x\n", "def twice(x):\n    return x + x\n"


def _nb(source: str) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": 1, "outputs": [], "source": source}]})


ENTRIES = {  # id -> (kind, files)
    "nb-differ": ("zip", {"engine.ipynb": _nb(ENGINE), "Engine.ipynb": _nb(DRAFT)}),
    "nb-same": ("folder", {"engine.ipynb": _nb(ENGINE), "Engine.ipynb": _nb(ENGINE)}),
    "py-no-exact-differ": ("folder", {"ENGINE.py": ENGINE, "Engine.py": DRAFT}),
    "py-no-exact-same": ("zip", {"ENGINE.py": ENGINE, "Engine.py": ENGINE}),
    "package-differ": ("zip", {"engine.py": USES, "utils/__init__.py": "", "utils/grad.py": GRAD,
                               "utils/Grad.py": GRAD_OLD}),
    "package-same": ("folder", {"engine.py": USES, "utils/__init__.py": "", "utils/grad.py": GRAD,
                                "utils/Grad.py": GRAD}),
    "package-folders-differ": ("folder", {"engine.py": USES, "utils/__init__.py": "", "utils/grad.py": GRAD,
                                          "Utils/__init__.py": "", "Utils/grad.py": GRAD_OLD}),
    "wrapped-package-differ": ("zip", {"hw/engine.py": USES, "hw/utils/__init__.py": "", "hw/utils/grad.py": GRAD,
                                       "hw/utils/Grad.py": GRAD_OLD}),
}
# id -> (where, the files said) of a refusal; None: loaded, its engine.py the student's engine
TABLE = {
    "nb-differ": ("nb-differ.zip", ["Engine.ipynb", "engine.ipynb"]),
    "nb-same": None,
    "py-no-exact-differ": ("py-no-exact-differ/", ["ENGINE.py", "Engine.py"]),
    "py-no-exact-same": None,
    "package-differ": ("package-differ.zip", ["utils/Grad.py", "utils/grad.py"]),
    "package-same": None,
    "package-folders-differ": ("package-folders-differ/", ["Utils/grad.py", "utils/grad.py"]),
    "wrapped-package-differ": ("wrapped-package-differ.zip/hw/", ["utils/Grad.py", "utils/grad.py"]),
}


def _plant(folder: Path, sub_id: str) -> Path:
    kind, files = ENTRIES[sub_id]
    if kind == "zip":
        with zipfile.ZipFile(folder / f"{sub_id}.zip", "w") as z:
            for name, content in files.items():
                z.writestr(name, content)
        return folder / f"{sub_id}.zip"
    for name, content in files.items():
        (folder / sub_id / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / sub_id / name).write_text(content)
    return folder / sub_id


@pytest.mark.parametrize("case", sorted(TABLE))
def test_case_twins_follow_seams39s_rule_and_words(tmp_path, case):
    sub = load_entry(_plant(tmp_path, case))
    if TABLE[case] is None:
        assert sub.problem is None
        assert b"(1 - t**2)" in sub.files["engine.py"]  # the engine, not a draft, nor a stranger's file
        if case.startswith("package"):
            assert sub.files["utils/grad.py"] == sub.files["utils/Grad.py"] == GRAD.encode()
        return
    where, files = TABLE[case]
    assert sub.problem == REFUSED.format(where=where, files=" and ".join(files))
    assert sub.problem_message["params"] == {"where": where, "files": {"items": files, "join": "and"}}
    assert sub.files == {}


BESIDE = Path(__file__).parent / "fixtures" / "strangers38" / "engine" / "correct-run-beside"
CELLS = ["%run ./engine_core.ipynb\n%run -i ops.py",
         "x = Value(0.5)\ny = (x * 2).tanh() + x.exp() / (1 + x)\ny.backward()"]


def _kernel(tmp_path, link_to):
    """The kernel's folder, engine_core.ipynb in it and ops.py a link to LINK_TO (a path, made by the caller)."""
    from test_strangers38 import _notebook

    from grader.classroom.notebook_check import suite_of
    from grader.load.kernel_cells import load_kernel_notebook

    folder = tmp_path / "kernel"
    folder.mkdir(exist_ok=True)
    shutil.copy(BESIDE / "engine_core.ipynb", folder)
    os.symlink(link_to, folder / "ops.py")
    (tmp_path / "engine.ipynb").write_bytes(_notebook(*CELLS))
    return folder, load_kernel_notebook(tmp_path / "engine.ipynb", suite_of("engine", "en"), folder)


def test_a_kernels_run_file_linked_inside_its_folder_is_followed(tmp_path):
    # ops.py -> ops_v2.py beside it: IPython ran ops_v2.py's code, and so does the check (before: 1,768 bytes of
    # engine.py without ops' code, dropped without a word; now ops' code joined in as the `%run -i` ran it)
    shutil.copy(BESIDE / "ops.py", tmp_path / "ops_v2.py")
    (tmp_path / "kernel").mkdir()
    shutil.move(tmp_path / "ops_v2.py", tmp_path / "kernel" / "ops_v2.py")
    folder, sub = _kernel(tmp_path, "ops_v2.py")
    assert sub.problem is None
    ops = (BESIDE / "ops.py").read_text()
    first = next(line for line in ops.splitlines() if line.startswith("def "))
    assert first.encode() in sub.files["engine.py"]


def test_a_kernels_run_file_linked_outside_its_folder_is_refused_naming_both(tmp_path):
    elsewhere = tmp_path / "old-course"
    elsewhere.mkdir()
    shutil.copy(BESIDE / "ops.py", elsewhere / "ops.py")
    folder, sub = _kernel(tmp_path, elsewhere / "ops.py")
    assert sub.problem == (f"ops.py in this notebook's folder ({folder}) is a symbolic link to a file outside it "
                           f"({elsewhere / 'ops.py'}): copy that file there in its place, run the notebook's cells "
                           "again, then the check")
    assert sub.files == {}
